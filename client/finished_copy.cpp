#include "client/finished_copy.h"

#include <fmt/format.h>

#include "core/history.h"
#include "core/printable.h"
#include "core/private_files.h"
#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"

namespace rt::client {
namespace {

constexpr const char* kWhere = "the table's copy of this game";

// The message's save as one text, or why it is no save: its lines are
// strings, none with a line break, and all of them at most kMaxFinishedSave.
std::string save_of(const net::json& message, std::string& why) {
  const auto it = message.find("save");
  if (it == message.end() || !it->is_array()) {
    why = "it has no save";
    return {};
  }
  std::string text;
  for (const net::json& line : *it) {
    if (!line.is_string()) {
      why = "a line of its save is not text";
      return {};
    }
    const std::string& s = line.get_ref<const std::string&>();
    if (s.find('\n') != std::string::npos) {
      why = "a line of its save holds a line break";
      return {};
    }
    if (text.size() + s.size() + 1 > net::kMaxFinishedSave) {
      why = fmt::format("its save is over {} bytes", net::kMaxFinishedSave);
      return {};
    }
    text += s;
    text += '\n';
  }
  return text;
}

}  // namespace

std::string KeptGame::line() const {
  if (!problem.empty()) return printable("NOT SAVED: " + problem, 300);
  return path.empty() ? std::string() : "This game is in your Finished games and Stats.";
}

KeptGame keep_finished_game(const net::json& message, const KeepWhere& where, std::time_t now) {
  KeptGame kept;
  const auto refused = [&](const std::string& why) {
    kept.problem = fmt::format("{} was refused: {}", kWhere, why);
    return kept;
  };
  std::string why;
  const std::string text = save_of(message, why);
  if (!why.empty()) return refused(why);
  std::unique_ptr<Table> table;
  SaveFile save;
  try {
    save = parse_save(text, kWhere);
    if (save.table != where.table || save.game != where.game)
      return refused("it is the save of another table's game");
    table = restore_save(save, builtin_registry(), where.data);
  } catch (const std::exception& e) {
    return refused(printable(e.what(), 200));
  }
  if (!table->over()) return refused("its game is not over");
  std::vector<PlayerId> yours;
  if (const auto seats = message.find("seats"); seats != message.end() && seats->is_array())
    for (const net::json& seat : *seats) {
      if (!seat.is_number_integer() || seat.get<std::int64_t>() < 1 ||
          seat.get<std::int64_t>() > static_cast<std::int64_t>(table->seats().size()))
        return refused("it names a seat the game does not have");
      yours.push_back(static_cast<PlayerId>(seat.get<std::int64_t>() - 1));
    }
  if (where.state_dir.empty()) return kept;
  try {
    setup::ensure_dir(where.state_dir);
    kept.path =
        write_new_file(where.state_dir, fmt::format("{}-table-{}", save.game, save.table), "save", text);
  } catch (const std::exception& e) {
    kept.problem = fmt::format("your copy of this game could not be written: {}", e.what());
    return kept;
  }
  if (const std::string problem =
          append_history(where.state_dir, finished_game_record(*table, now, kept.path, save.table, yours));
      !problem.empty())
    kept.problem = fmt::format("this game was not added to your Stats: {}", problem);
  return kept;
}

}  // namespace rt::client
