// Who won a contest and why, in a few lines, for the screen that holds it
// after the contest ends: the last public lines of the contest (the roll or
// throw that decided it) and every seat whose score changed in it. The
// shell's session and the table server both feed it every step's events, so
// a contest reads the same at a terminal and at a shared table.
//
// Only public events and the standings' scores go in: both are shown to
// every seat and watcher anyway, so the lines are nobody's secret.
#pragma once

#include <string>
#include <vector>

#include "core/event.h"
#include "core/table.h"

namespace rt {

class ContestReport {
 public:
  // After each step the Table applied, with that step's events (before
  // they are moved to a log).
  void note_step(const Table& table, const std::vector<Event>& events);
  // A resumed game that stopped mid-contest: the contest began earlier.
  void resume_in_contest(const Table& table);
  // The last ended contest's lines: why (at most two), then what was won.
  // Empty before any contest ended.
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  void finish(const Table& table);

  bool running_ = false;
  std::vector<std::string> why_;  // the contest's last public lines so far
  SeatVector<int> scores_at_start_;
  std::vector<std::string> lines_;
};

}  // namespace rt
