// The state's narrator: the race engine's events become the state's events,
// each naming the rulebook rule that fired.
#pragma once

#include "games/rc_racer/race.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

class StateNarrator final : public Narrator {
 public:
  explicit StateNarrator(const RcRacerState& s) : s_(s) {}
  void say(std::string_view rule, std::string text) override { s_.emit(rule, "{}", text); }
  EventFields event(std::string_view rule, std::string text) override { return s_.emit(rule, "{}", text); }
  std::string who(PlayerId p) const override { return s_.name(p); }

 private:
  const RcRacerState& s_;
};

}  // namespace rt::rc_racer
