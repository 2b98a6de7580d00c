// Menu labels: each option in words, with where a move ends and what waits
// there (a fight, a Boost marker, the finish line).
#include <fmt/format.h>

#include "games/scrap_racer/presenter.h"

namespace rt::scrap_racer {

std::string ScrapRacerPresenter::action_label(const State& state, PlayerId player, Action a) const {
  const ScrapRacerState& s = game_state(state);
  if (player < 0) return s.action_text(player, a);
  const Track& t = s.track();
  const int r = s.active();
  const int v = s.dice_rolled() > 0 ? s.die(s.dice_rolled() - 1) : 0;
  const auto name = [&](int racer) -> const std::string& { return s.info(racer).name; };
  // Where a move ends, and what waits there.
  // `lands`: the move ends there (a bonus card played before the dice stops
  // only on the way, so no fight or Boost marker waits for it there).
  auto to = [&](int distance, bool lands = true) {
    std::string w = fmt::format("{}", Where{distance, t.length});
    if (t.laps_of(distance) > t.laps_of(s.distance(r))) w += ", over the finish line";
    if (!lands) return w;
    const int space = t.space_of(distance);
    for (int o = 0; o < s.racers(); ++o)
      if (o != r && s.on_track(o) && t.space_of(s.distance(o)) == space) w += ", a fight with " + name(o);
    if (s.boost_on(space)) w += ", a Boost marker";
    return w;
  };
  switch (a) {
    case kRoll: return fmt::format("Roll again (risk: {} in 6 of a double)", s.dice_rolled());
    case kMove: return fmt::format("Move {} (to {})", s.dice_total(), to(s.distance(r) + s.dice_total()));
    case kCrash:
      return fmt::format("Take the crash card (double {}: pile {})", v, Data::pile_name((v - 1) / 2));
    case kAdvance:
      return fmt::format("Advance {} with the dice (to {})", s.move_total(),
                         to(s.distance(r) + s.move_total()));
    case kEndMove: return fmt::format("End the move on {}", to(s.distance(r)));
    case kBoostReroll: return fmt::format("Boost Re-roll: roll the {} again", v);
    case kBoostPlus: return fmt::format("Boost +1: the {} becomes {}", v, v + 1);
    case kBoostMinus: return fmt::format("Boost -1: the {} becomes {}", v, v - 1);
    case kBoostTurn: return fmt::format("Boost Turn: the {} becomes {}", v, 7 - v);
    default: break;
  }
  if (a >= kWinnerBase) return fmt::format("{} wins the fight (advances 1 space)", name(a - kWinnerBase));
  if (a >= kFirstBase) return fmt::format("{} takes the first turn", name(a - kFirstBase));
  const int k = a - kPlayBase;
  if (s.phase() == Phase::MoveBefore)
    return fmt::format("Play {} (to {}, then the dice move {})", s.data().bonus[k].name,
                       to(s.bonus_target(r, k), false), s.move_total());
  return fmt::format("Play {} (to {})", s.data().bonus[k].name, to(s.bonus_target(r, k)));
}

}  // namespace rt::scrap_racer
