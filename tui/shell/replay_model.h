// A finished (or saved) game's whole history, ready to be looked at from any
// point: the board before each decision, the log up to there, who decided
// what next. Built once from the save file (the save is the history); the
// replay viewer and the asciicast writer draw from it. No terminal here.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/save.h"
#include "core/table.h"
#include "tui/shell/session.h"

namespace rt::shell {

// One stop of the viewer: the game as it stood before a decision (or, the
// last one, at the end).
struct ReplayPosition {
  std::size_t steps = 0;         // recorded steps applied
  std::unique_ptr<State> state;  // the game then
  Tick tick = 0;                 // the tick of the last step applied
  PlayerId next = kEveryone;     // the seat that decides next (kEveryone at the end)
  Action next_action = 0;        // and what it chose
  std::size_t log_end = 0;       // log entries up to here
  int turn = 0;                  // turns: a run of decisions by the same seat
};

class ReplayModel {
 public:
  // Reads and replays the save; throws SaveError/UserError naming the file.
  // `uid`: the account replaying it (what it may see).
  static std::unique_ptr<ReplayModel> load(const std::string& path, const DataSource& data,
                                           std::uint32_t uid = static_cast<std::uint32_t>(::getuid()));

  const std::string& path() const { return path_; }
  const Game& game() const { return table_->game(); }
  const GameInfo& info() const { return table_->game().info(); }
  const SeatVector<Seat>& seats() const { return table_->seats(); }
  std::uint64_t seed() const { return table_->seed(); }
  bool finished() const { return table_->over(); }
  const std::string& table_name() const { return table_name_; }
  // What this account may see (core/save.h): an unfinished shared table's
  // save shows only the caller's own seat until the game is over.
  const ReplaySight& sight() const { return sight_; }

  int size() const { return std::ssize(positions_); }
  const ReplayPosition& at(int i) const { return positions_[static_cast<std::size_t>(i)]; }
  int turns() const { return positions_.empty() ? 0 : positions_.back().turn + 1; }
  // Every log entry of the game, each with the step that made it (1-based).
  const std::vector<LogEntry>& log() const { return log_; }
  // What seat `next` chose at position i, in the words of the game.
  std::string next_text(int i) const;

  // Stepping: the first position of the next turn, or of this turn (or the one before).
  int next_turn(int i) const;
  int previous_turn(int i) const;

 private:
  std::string path_;
  std::string table_name_;
  ReplaySight sight_;
  std::unique_ptr<Table> table_;  // at the end of the history
  std::vector<ReplayPosition> positions_;
  std::vector<LogEntry> log_;
};

}  // namespace rt::shell
