// Menu labels: each option in words, a play saying how it matches the pile.
#include <fmt/format.h>

#include "games/go_wacky/presenter.h"

namespace rt::go_wacky {

std::string GoWackyPresenter::action_label(const State& state, PlayerId player, Action a) const {
  const GoWackyState& s = game_state(state);
  const Deck& d = s.deck();
  if (player < 0) return s.action_text(player, a);
  if (a == kPass) return "Pass (no card matches)";
  if (a == kRoll) return "Roll your die!";
  if (a == kThrow) return "Throw! (stop the needle at the centre)";
  if (a >= kTakeBase) return "Take " + d.types[a - kTakeBase].name;
  const int t = a - kPlayBase;
  const CardType& card = d.types[t];
  const int top = s.top_card();
  const bool exact = top >= 0 && d.types[top].colours == card.colours;
  return fmt::format("Play {} ({} match)", card.name, exact ? "exact" : "split");
}

}  // namespace rt::go_wacky
