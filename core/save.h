// Save files: a version header, the game, its options, seats, seed, the
// random streams' states, and the history as text forms of the actions.
// A saved game is resumed by re-applying that history.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/data.h"
#include "core/game.h"
#include "core/per_player.h"
#include "core/seat_owner.h"
#include "core/table.h"

namespace rt {

inline constexpr int kSaveVersion = 1;
// The longest line a save file may have: far above any real one (a seat
// name, a step), low enough that an error never quotes megabytes.
inline constexpr std::size_t kMaxSaveLineBytes = 4096;
// The most hints a save records for one seat (far above a real game's).
inline constexpr std::uint64_t kMaxSavedHints = 1000000;

// The text of a save file for the table as it stands.
std::string save_text(const Table& table);

// A save file read but not yet replayed.
struct SaveFile {
  std::string where;  // the file, for error messages
  std::string game;
  std::string table;  // the shared table the game was played at ("" none): its name survives a resume
  std::uint64_t seed = 0;
  // How the seed came to be (core/deal.h): its `deal` line, "deal drawn
  // COMMITMENT SALT" or "deal chosen"; none: Unstated. `deal_line`: its line.
  Deal deal;
  int deal_line = 0;
  Options options;
  // The computers' pace in timed contests: a `pace` line, written only when
  // it is not "normal" (so a save from before paces reads as it did).
  ContestPace pace = ContestPace::Normal;
  // The expert computers' thinking factor in percent: a `think` line, written
  // only when it is not 100.
  unsigned think_percent = 100;
  std::vector<Seat> seats;
  // Hints each seat asked for (`hints SEAT COUNT` lines, core/hint.h): 0 for
  // a seat without one, and for every seat of a save from before hints.
  SeatVector<int> hints;
  std::vector<std::pair<std::string, std::string>> rng_states;
  // Who each person's seat at a shared table belongs to, as its `owner` line
  // says (owner_line()). A save of a local game, or of a shared table from
  // before seats had owners, has none: its seats are not recorded.
  struct Owner {
    bool recorded = false;           // the save has an owner line for this seat
    std::optional<SeatOwner> owner;  // recorded: who sat there first (none: nobody yet)
  };
  SeatVector<Owner> owners;  // one per seat
  // A shared table's game clock (`host --game-time`), as its `clock` line
  // keeps it: how much time each seat had left when it was saved. None: the
  // table had no game clock.
  struct Clock {
    std::int64_t bank_ms = 0;          // each person's time for the whole game
    std::int64_t overtime_ms = 0;      // each move's time once a bank is used up
    SeatVector<std::int64_t> left_ms;  // per seat (a computer's: 0)
  };
  std::optional<Clock> clock;
  struct StepLine {
    int line;
    PlayerId player;
    Tick tick;
    std::string action;  // text form
  };
  std::vector<StepLine> steps;
};

// The `owner` line of a person's seat at a shared table (with its newline):
// "owner 2 uid 1000 ana", "owner 2 key SHA256:... ana@laptop", or
// "owner 2 none" for a seat nobody has sat at yet. Control characters in a
// name or key become '?'.
std::string owner_line(PlayerId seat, const std::optional<SeatOwner>& owner);

// The `clock` line of a shared table's game clock (with its newline):
// "clock BANK_MS OVERTIME_MS LEFT_MS..." with one LEFT_MS per seat.
std::string clock_line(const SaveFile::Clock& clock);

// What a replay of a save may show (`racetable replay`, the replay viewer).
// A shared table's save (its `table` line) of a game not yet over shows the
// one replaying it only what they saw at the table: their own seat, the one
// whose owner is their account, else what a watcher sees; the other seats'
// hidden cards wait for the end of the game. Any other save, and a finished
// game, may be seen as any seat.
struct ReplaySight {
  bool limited = false;      // an unfinished shared table's save
  PlayerId own = kEveryone;  // limited: the caller's own seat (kEveryone: none)
  // Whether the replay may show `seat`'s hidden cards (kEveryone: every seat's).
  bool may_see(PlayerId seat) const { return !limited || (seat >= 0 && seat == own); }
};
ReplaySight replay_sight(const SaveFile& save, bool over, std::uint32_t uid);

// Parses a save file's text; `where` names the file in errors.
// Throws SaveError (malformed, truncated, another version).
SaveFile parse_save(const std::string& text, const std::string& where);

// Called before each step is re-applied, with the table as it stands and the
// step's action (racetable verify checks each chance outcome against the seed).
using BeforeStep = std::function<void(const Table&, const SaveFile::StepLine&, Action)>;

// Rebuilds the table: creates the game, calls `before_replay` (to attach a
// transcript), re-applies every step, restores the random streams.
// Throws SaveError (illegal step, unknown game or options).
std::unique_ptr<Table> restore_save(const SaveFile& save, const Registry& registry, const DataSource& data,
                                    const std::function<void(Table&)>& before_replay = {},
                                    const BeforeStep& before_step = {});

// parse_save + restore_save.
std::unique_ptr<Table> load_save(const std::string& text, const std::string& where, const Registry& registry,
                                 const DataSource& data);

// Writes a file so that a crash or full disk never leaves a half-written one
// behind: temp file in the same directory, fsync, rename. Throws UserError.
void write_file_atomically(const std::string& path, const std::string& content);

// Reads a whole file of at most kMaxInputFileBytes; throws UserError
// "<path>: cannot read file" or "<path>: N bytes is too large (at most M)".
std::string read_file(const std::string& path);

}  // namespace rt
