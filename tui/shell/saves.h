// Saved games in the state directory: naming a new save, listing them for
// `racetable resume`, and loading one with the log of what already happened.
#pragma once

#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/event.h"
#include "core/table.h"

namespace rt::shell {

struct SavedGame {
  std::string path;
  std::string file;  // the name without the directory
  std::time_t modified = 0;
  bool readable = false;
  std::string error;  // why it cannot be resumed
  std::string game_id;
  std::string game_name;
  std::vector<std::string> seats;  // "Ana (you)", "Ben (normal)"
  std::uint64_t seed = 0;
  std::size_t steps = 0;  // every recorded step, chance included
  std::size_t moves = 0;  // players' decisions
  bool over = false;
  std::string status;  // "Ben leads with 4 cards."
};

// Every *.save file in `dir`, newest first. Unreadable files are listed
// with their error rather than hidden.
std::vector<SavedGame> list_saved_games(const std::string& dir);

// A save worth offering to continue: not over (a finished game is watched
// again, not continued) and with something decided in it (an empty save of
// an older racetable is no game). An unreadable one is listed to say why.
bool continuable(const SavedGame& g);

// A fresh path for a new game: <dir>/<game>-<yyyymmdd-hhmmss>.save.
std::string new_save_path(const std::string& dir, const std::string& game_id, std::time_t now);

struct LoadedGame {
  std::unique_ptr<Table> table;
  std::vector<Event> events;  // what happened before the save, for the log
};

// Reads and replays a save file; throws SaveError/UserError with a one-line
// message naming the file.
LoadedGame load_saved_game(const std::string& path, const DataSource& data);

// "today 14:03", "yesterday 09:12", "2025-03-01 18:40".
std::string describe_time(std::time_t when, std::time_t now);

}  // namespace rt::shell
