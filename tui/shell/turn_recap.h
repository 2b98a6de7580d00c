// Forced moves and what a turn did to the person at this keyboard.
//
// A decision is *forced* when it offers exactly one legal action and is not
// a timed contest's (a tap, a roll: those the person times) nor a grid
// moved with the arrows: Go Wacky!'s "Pass (no card matches)", Scrap
// Racer's only "Move". With "play forced moves for me" on (the default,
// settings.h) the play screen plays it without a key.
//
// Whenever a person's decision ends their part without a question (a
// forced move played, or a choice whose consequences follow at once:
// Wacky Races' Requisition drawing two cards), the recap holds what
// happened to them where they are looking, the prompt's pane, for a few
// seconds: the move played for them and the log lines that name them
// (their draws, privately), as the Result pane holds a contest's outcome.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/contest_clock.h"
#include "core/seat_question.h"
#include "core/types.h"
#include "tui/shell/play_phase.h"

namespace rt::shell {

class PlayTable;

// One legal action, untimed, no arrows: the shell may play it for the person.
bool is_forced(const SeatQuestion& q);

class TurnRecap {
 public:
  // How long the recap stays after its last new line (or after the choice).
  static constexpr Millis kHoldMs = 3000;
  static constexpr std::size_t kMaxLines = 4;

  // `seat` (called `name` in the log) decided at `now`; the log then held
  // `log_size` entries. `played`: the forced move played for them ("" when
  // they chose it themselves).
  void start(PlayerId seat, std::string name, std::size_t log_size, std::string played, Millis now);
  // Takes in the log's new lines that name the seat; true when the recap changed.
  bool update(const PlayTable& table, Millis now);
  // What to show now (empty: nothing, the recap is over).
  const std::vector<std::string>& lines(Millis now) const;
  Millis until() const { return active_ ? until_ : kNever; }
  void clear() { active_ = false; }

 private:
  bool active_ = false;
  PlayerId seat_ = kEveryone;
  std::string name_;
  std::size_t next_log_ = 0;
  Millis until_ = 0;
  std::vector<std::string> lines_;
};

}  // namespace rt::shell
