#include "games/setup.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "core/agent.h"
#include "core/input_limits.h"
#include "core/seat.h"
#include "games/registry.h"

namespace rt::setup {

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t v = 0;
  bool ok = !text.empty() && text.size() <= 20;
  for (char c : text) {
    if (!ok) break;
    if (c < '0' || c > '9') {
      ok = false;
      break;
    }
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (~0ull - d) / 10) {
      ok = false;
      break;
    }
    v = v * 10 + d;
  }
  if (!ok)
    throw UserError(
        fmt::format("bad seed '{}': give a whole number from 0 to 18446744073709551615", excerpt(text)));
  return v;
}

DataSource data_source(const std::string& data_dir) {
  return data_dir.empty() ? DataSource::embedded() : DataSource::directory(data_dir);
}

namespace {

bool is_human(std::string_view word) {
  const std::optional<SeatChoice> choice = parse_seat_choice(word);
  return choice && choice->controller == SeatController::Human;
}

}  // namespace

int human_seats(const TableRequest& req) {
  if (req.seats.empty()) return is_human(req.default_seat) ? 1 : 0;
  return static_cast<int>(std::count_if(req.seats.begin(), req.seats.end(), is_human));
}

std::vector<std::string> with_seat_defaults(const GameInfo& info, std::vector<std::string> chosen,
                                            int humans) {
  if (humans != 1) return chosen;
  auto picked = [&](const std::string& name) {
    return std::find(chosen.begin(), chosen.end(), name) != chosen.end();
  };
  std::vector<std::string> add;
  for (const VariantInfo& v : info.variants) {
    if (!v.one_human_default || picked(v.name)) continue;
    bool group_chosen = false;
    for (const VariantInfo& other : info.variants)
      group_chosen = group_chosen || (!v.group.empty() && other.group == v.group && picked(other.name));
    if (!group_chosen) add.push_back(v.name);
  }
  chosen.insert(chosen.end(), add.begin(), add.end());
  return chosen;
}

ContestPace contest_pace_of(const TableRequest& req) {
  if (req.contest_pace.empty()) return ContestPace::Normal;
  if (const std::optional<ContestPace> pace = parse_contest_pace(req.contest_pace)) return *pace;
  throw OptionError(
      fmt::format("--contest-pace {}: give {}", excerpt(req.contest_pace), contest_pace_words()));
}

unsigned think_percent_of(const TableRequest& req) {
  if (req.think.empty()) return 100;
  const std::optional<unsigned> percent = parse_think_percent(req.think);
  if (!percent)
    throw OptionError(fmt::format("--think {}: give a percent from {} to {} (100: the level's own time)",
                                  excerpt(req.think), kMinThinkPercent, kMaxThinkPercent));
  return *percent;
}

std::string contest_pace_words() {
  std::string out;
  const auto paces = contest_paces();
  for (std::size_t i = 0; i < paces.size(); ++i)
    out += (i == 0 ? "" : i + 1 == paces.size() ? " or " : ", ") + std::string(paces[i].name);
  return out;
}

const std::vector<std::string>& default_seat_names() {
  static const std::vector<std::string> names = {"Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"};
  return names;
}

std::unique_ptr<Table> make_table(const TableRequest& req, std::uint64_t default_seed) {
  const Registry& registry = builtin_registry();
  const GameEntry* entry = &registry.get(req.game);
  Options opt;
  const std::uint64_t seed = req.seed_text.empty() ? default_seed : parse_seed(req.seed_text);
  int players = req.players;
  if (players == 0)
    players = req.seats.empty() ? std::min(4, entry->info.max_players) : static_cast<int>(req.seats.size());
  opt.players = players;
  // The count first: with --players out of range, the seats do not matter yet.
  if (players < entry->info.min_players || players > entry->info.max_players)
    throw OptionError(fmt::format("{} is for {} to {} players, not {}", entry->info.name,
                                  entry->info.min_players, entry->info.max_players, players));
  if (!req.seats.empty() && static_cast<int>(req.seats.size()) != players)
    throw OptionError(
        fmt::format("--seats lists {} seat{} but --players is {}: give one seat per player, or "
                    "leave --players out",
                    req.seats.size(), req.seats.size() == 1 ? "" : "s", players));
  std::vector<Seat> seats;
  for (int p = 0; p < players; ++p) {
    const std::string kind = req.seats.empty() ? (p == 0 ? req.default_seat : std::string(kDefaultComputer))
                                               : req.seats[static_cast<std::size_t>(p)];
    // A table made here has people at this terminal and computers; people
    // elsewhere ("remote") sit at hosted tables, which name them "human".
    const std::optional<SeatChoice> choice = parse_seat_choice(kind);
    if (!choice || choice->controller == SeatController::Remote)
      throw OptionError(
          fmt::format("seat {}: unknown seat '{}' (use human, random, easy, normal, hard or expert)", p + 1,
                      excerpt(kind)));
    Seat s;
    s.kind = choice->controller == SeatController::Human ? SeatKind::Human : SeatKind::Bot;
    s.level = choice->level;  // read for computers only
    s.name = p < static_cast<int>(req.names.size()) ? req.names[static_cast<std::size_t>(p)] : std::string();
    seats.push_back(s);
  }
  if (req.names.size() > static_cast<std::size_t>(players))
    throw OptionError(fmt::format("{} names given for {} players", req.names.size(), players));
  const std::vector<std::string>& defaults = default_seat_names();
  for (int p = 0; p < players; ++p) {
    auto& s = seats[static_cast<std::size_t>(p)];
    if (s.name.empty())
      s.name = static_cast<std::size_t>(p) < defaults.size() ? defaults[static_cast<std::size_t>(p)]
                                                             : fmt::format("P{}", p + 1);
    if (s.name.find('\n') != std::string::npos || s.name.size() > 40)
      throw OptionError(fmt::format("seat {}: a name is one line of at most 40 characters", p + 1));
    opt.names.push_back(s.name);
  }
  for (const auto& v : req.variants) opt.variants.insert(v);
  for (const auto& kv : req.options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw OptionError(fmt::format("bad option '{}': use key=value", excerpt(kv)));
    opt.params[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  std::shared_ptr<const Game> game = registry.create(req.game, opt, data_source(req.data_dir));
  auto table = std::make_unique<Table>(game, seats, seed);
  table->set_contest_pace(contest_pace_of(req));
  table->set_think_percent(think_percent_of(req));
  return table;
}

std::string state_dir() {
  const char* xdg = std::getenv("XDG_STATE_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/racetable";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/state/racetable";
}

void ensure_dir(const std::string& dir) {
  std::string partial;
  for (std::size_t i = 0; i <= dir.size(); ++i) {
    if (i == dir.size() || dir[i] == '/') {
      if (!partial.empty() && ::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
        throw UserError(fmt::format("{}: cannot create directory: {}", partial, std::strerror(errno)));
    }
    if (i < dir.size()) partial.push_back(dir[i]);
  }
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw UserError(fmt::format("{}: not a directory", dir));
}

}  // namespace rt::setup
