// What a person's own turn came to, for the screen that holds it a moment
// once the turn has passed on: the lines of their turn after their last
// decision (the dice rolled, the card drawn, what it cost them), as that
// person may read them, so a roll that ends a turn stays long enough to read
// before the next racer rolls.
//
// The turn ends at a step by another seat, or at an event of type "turn"
// naming another player (a game that says whose turn starts). Only turns
// where chance spoke after the person's last decision are held: what they
// chose themselves they have seen. Timed contests have their own report
// (core/contest_report.h).
#pragma once

#include <string>
#include <vector>

#include "core/event.h"
#include "core/table.h"

namespace rt {

class TurnReport {
 public:
  // After each step the Table applied, with that step's events (before
  // they are moved to a log).
  void note_step(const Table& table, const Step& step, const std::vector<Event>& events);
  // The person's turn has just ended with something chance decided: the
  // lines to hold (at most kLines, newest last). Taken once: it returns
  // empty until another turn ends so.
  std::vector<std::string> take_ended();
  // Whether a person's turn is being followed and chance spoke in it: the
  // next step by anyone else ends it (the caller holds before that step).
  bool pending() const { return owner_ != kEveryone && chance_spoke_ && !lines_.empty(); }
  // Ends the turn being followed now (the caller is about to let another
  // seat act), so take_ended() gives its lines.
  void end_turn();
  PlayerId owner() const { return owner_; }

  static constexpr std::size_t kLines = 4;

 private:
  void add(const Event& e);

  PlayerId owner_ = kEveryone;  // the person whose turn is followed, or none
  bool chance_spoke_ = false;   // a chance step since their last decision
  std::vector<std::string> lines_;
  std::vector<std::string> ended_;
};

}  // namespace rt
