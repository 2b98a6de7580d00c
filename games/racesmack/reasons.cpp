// Why the Racesmack heuristic does what it does (Agent::reason), in the
// words of its own scoring (bots.cpp): a card that brings its Finish
// closer, a correct card tapped, a Race kept close to its Finish.
#include <fmt/format.h>

#include "games/racesmack/bots.h"

namespace rt::racesmack {

namespace {

std::string tap_reason(const RacesmackState& s, PlayerId me, int target) {
  const std::uint8_t mask = s.correct_mask();
  const int own = s.own_slot(me);
  if (mask == 0 && target == own) return "no card is correct: tapping its own card is right";
  if (!s.tap_correct(me, target)) return "a slip in the rush: that card is not correct";
  if (target == own) return "its own card is correct: the safest tap";
  return fmt::format("card #{} is correct for this round's rule", target + 1);
}

std::string place_reason(const RacesmackState& s, PlayerId me, Action action) {
  const bool right = action >= kRightBase;
  const int c = action - (right ? kRightBase : kLeftBase);
  const Row& race = s.race(me);
  Row here = race;
  Row there = race;
  if (right) {
    here.push_back(c);
    there.push_front(c);
  } else {
    here.push_front(c);
    there.push_back(c);
  }
  const double at_here = finish_fraction(s, here);
  if (at_here > finish_fraction(s, there))
    return fmt::format("at that end its Race is {:.0f}% of its Finish", at_here * 100);
  if (s.finish_of(me) < 0) return "no Finish Card yet: either end is as good";
  return "either end brings its Finish as close";
}

}  // namespace

std::string RacesmackBot::reason(const State& base, PlayerId me, Action action) const {
  const auto& s = static_cast<const RacesmackState&>(base);
  switch (s.phase()) {
    case Phase::Pick: {
      Row with = s.race(me);
      with.push_back(action - kPlayBase);
      if (finish_fraction(s, with) > finish_fraction(s, s.race(me)))
        return "won back, it would bring its Finish closer";
      return "the card it needs least for its own Finish";
    }
    case Phase::Tap: return tap_reason(s, me, action - kTapBase);
    case Phase::Settle:
      if (action == kPenaltyRace) return "its Race is empty: that penalty costs nothing";
      if (action == kPenaltyHand) return "two hand cards cost less than its Race";
      if (action == kPenaltyTie) return "keeps its cards and risks the next tie instead";
      if (action >= kDiscardBase) return "the hand card worth least to its Race";
      if (action >= kLoseBase) return "the Race card its Finish needs least";
      return place_reason(s, me, action);
    default: return {};  // After You's reveal: nothing to choose
  }
}

}  // namespace rt::racesmack
