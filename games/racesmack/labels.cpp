// Menu labels: each option in words, a card by its icons before its id.
#include <fmt/format.h>

#include "games/racesmack/presenter.h"

namespace rt::racesmack {

std::string RacesmackPresenter::action_label(const State& state, PlayerId player, Action a) const {
  const RacesmackState& s = game_state(state);
  if (player < 0) return s.action_text(player, a);
  const Data& d = s.data();
  // Icons first, the id last: "R11" must not read like Rule Card 11.
  auto describe = [&](int c) {
    const Card& k = s.card(c);
    if (!k.is_rule) return fmt::format("{} (card {})", d.icons_text(k), k.name());
    return fmt::format("Rule Card {} (correct if it {}; Finish: {})", k.number, d.rule_text(k.rule_text),
                       d.finish_text(k.finish_text));
  };
  if (a == kReveal) return "Reveal the top card of your blind pile";
  if (a == kPenaltyRace) return fmt::format("Lose 2 Race cards (you have {})", s.race(player).len);
  if (a == kPenaltyHand) return fmt::format("Lose 2 hand cards (you hold {})", s.hand(player).len);
  if (a == kPenaltyTie) return "Next round, any tie (several correct cards) makes you incorrect";
  if (a >= kDiscardBase) return "Discard " + describe(a - kDiscardBase) + " from your hand";
  if (a >= kLoseBase) {
    const int c = a - kLoseBase;
    return "Lose " + describe(c) + (c == s.finish_of(player) ? " — your Finish!" : "");
  }
  if (a >= kRightBase) return "Put " + describe(a - kRightBase) + " at the RIGHT end of your Race";
  if (a >= kLeftBase) {
    if (s.race(player).len == 0) return "Start your Race with " + describe(a - kLeftBase);
    return "Put " + describe(a - kLeftBase) + " at the LEFT end of your Race";
  }
  if (a >= kTapBase) {
    const int slot = a - kTapBase;
    const PlayerId owner = s.slot_owner(slot);
    return fmt::format("Tap #{}: {} — {}", slot + 1,
                       owner == player ? std::string("your own card") : s.name(owner) + "'s card",
                       describe(s.slot_card(slot)));
  }
  return "Play " + describe(a - kPlayBase);
}

}  // namespace rt::racesmack
