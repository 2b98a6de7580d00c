// The record of every finished game: one JSON line per game appended to
// $XDG_STATE_HOME/racetable/history.jsonl (the game, when, the seats with
// their names, levels and places, its length and the save file, which holds
// the whole game for the replay viewer), and the numbers `racetable stats`
// and the shell's Stats page show from it. Names no game.
#pragma once

#include <cstdint>
#include <ctime>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/seat.h"
#include "core/table.h"

namespace rt {

// history.jsonl stays far below this; a bigger file is read from its last
// kMaxHistoryBytes and no longer appended to (the player is told).
inline constexpr std::size_t kMaxHistoryBytes = 16u << 20;
// A real line is a few hundred bytes; longer ones are counted as corrupt.
inline constexpr std::size_t kMaxHistoryLineBytes = 4096;
// Names are cut to this many characters in the record.
inline constexpr std::size_t kMaxHistoryName = 40;
inline constexpr const char* kHistoryFile = "history.jsonl";

struct HistorySeat {
  std::string name;
  bool human = false;
  std::string level;  // a computer's level ("" for humans)
  int place = 0;      // 1 = first
  // Played by the person whose history this is (a human seat at this
  // keyboard; at a shared table, a seat of the host's own user).
  bool you = false;
  int hints = 0;  // hints this seat asked for (core/hint.h); "hints" in the line when not 0
};

struct HistoryRecord {
  std::string game;       // the game's id
  std::string game_name;  // as printed on the box
  std::string date;       // when it ended, UTC: 2026-11-23T22:41:07Z
  std::vector<HistorySeat> seats;
  std::string non_seat_winner;  // first place went to no seat ("" when a seat won)
  std::uint64_t decisions = 0;  // players' decisions: the game's length
  std::uint64_t steps = 0;      // every recorded step, chance included
  std::string save;             // the save file: the whole game, for the replay viewer
  std::string table;            // the shared table it was played at ("" local)
  // How a shared table's seed came to be (core/deal.h), revealed: its seed,
  // and for a drawn one the salt and commitment ("deal" in the line).
  Deal deal;
  std::uint64_t seed = 0;  // read only when deal.kind is not Unstated
  // Some seat asked for a hint ("hinted": true in the line).
  bool hinted() const;
  // A seat of yours asked for one: the stats count the game apart.
  bool hinted_by_you() const;
};

// The record of a finished table. `you`: the seats played by the person whose
// history this is. `controllers` (empty: the seats' kinds say it) says who
// plays each seat for the whole game: a person's seat that a stand-in computer
// was playing when the game ended is still the person's.
HistoryRecord finished_game_record(const Table& table, std::time_t ended, const std::string& save,
                                   const std::string& table_name, const std::vector<PlayerId>& you,
                                   const SeatVector<SeatController>& controllers = {});

// One line of history.jsonl, with its newline.
std::string history_line(const HistoryRecord& record);
// nullopt (and `why`) for a line that is not a record.
std::optional<HistoryRecord> parse_history_line(std::string_view line, std::string& why);

std::string history_path(const std::string& state_dir);

// Appends one line to <state_dir>/history.jsonl: the directory must be the
// user's own and not writable by others, the file is opened with
// O_APPEND|O_NOFOLLOW, created 0600, and must be a private regular file of
// the user's. Returns "" or why it failed (one line, for the player).
std::string append_history(const std::string& state_dir, const HistoryRecord& record);

struct HistoryRead {
  std::vector<HistoryRecord> records;  // oldest first
  int skipped = 0;                     // corrupt or over-long lines
  bool cut = false;                    // the file was over kMaxHistoryBytes: only its end was read
  std::string error;                   // the file exists but cannot be read
};
// A missing file is an empty history.
HistoryRead read_history(const std::string& state_dir);

// Games, wins and the sum of places of "you".
struct Tally {
  int games = 0;
  int wins = 0;
  int place_sum = 0;
  double average_place() const { return games ? static_cast<double>(place_sum) / games : 0.0; }
};

struct HistoryStats {
  Tally all;                               // every game of yours played without hints
  Tally hinted;                            // games where a seat of yours asked for a hint: in no other tally
  std::map<std::string, Tally> per_game;   // by game name
  std::map<std::string, Tally> per_level;  // games against a computer of this level
  std::map<std::string, Tally> per_opponent;  // games against a named human not "you"
  std::vector<HistoryRecord> last;            // newest first (at most `last_count`)
  int without_you = 0;                        // records with no seat of yours (not counted above)
};

// Counts the records (of `game`, an id or a name, or all when empty). A game
// with several of your seats (hot-seat) counts once: a win when one of them
// came first, its place the best of them.
HistoryStats history_stats(const std::vector<HistoryRecord>& records, const std::string& game = {},
                           std::size_t last_count = 10);

// "2026-11-23T22:41:07Z" for a time.
std::string utc_date(std::time_t when);

}  // namespace rt
