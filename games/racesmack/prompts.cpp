// Racesmack's questions and words: the prompt of each decision and the
// legend of the board's card codes.
#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/presenter.h"

namespace rt::racesmack {

std::string RacesmackPresenter::prompt(const State& state, PlayerId player) const {
  const RacesmackState& s = game_state(state);
  const Data& d = s.data();
  switch (s.phase()) {
    case Phase::Pick: {
      std::string text = "Pick a card to play face down.";
      const int racing = s.racing_card();
      if (s.variants().racing && racing >= 0)
        text += fmt::format(" This round's default rule ({}): correct if it {}.", s.card(racing).name(),
                            d.rule_text(s.card(racing).rule_text));
      const int f = s.finish_of(player);
      if (f >= 0)
        text +=
            fmt::format(" Your Finish {}: {} ({}).", s.card(f).name(), d.finish_text(s.card(f).finish_text),
                        progress_text(d, s.card(f).finish, s.progress_of(player)));
      return text;
    }
    case Phase::Tap: {
      const int own = s.own_slot(player);
      std::string text = "TAP! " + s.ruling_text();
      if (own >= 0) text += fmt::format(" If no card is correct, tap your own (#{}).", own + 1);
      if (s.tie_flag(player)) text += " (Time Penalty: a tie makes you incorrect this round.)";
      return text;
    }
    case Phase::Settle: {
      if (s.penalty_pending(player)) return "Your tap was incorrect: pick a penalty.";
      if (s.lose_race_owed(player) > 0)
        return fmt::format("Pick a Race card to lose ({} to go).", s.lose_race_owed(player));
      if (s.lose_hand_owed(player) > 0)
        return fmt::format("Pick a hand card to discard ({} to go).", s.lose_hand_owed(player));
      const CardSet& to_place = s.to_place(player);
      if (!to_place.empty())
        return fmt::format("{} won card{} left to place: put {} at the left or right end of your Race.",
                           to_place.size(), to_place.size() == 1 ? "" : "s",
                           to_place.size() == 1 ? "it" : "each");
      return "";
    }
    case Phase::AyTurn: return "Your turn: reveal the top card of your blind pile.";
    default: return "";
  }
}

std::string RacesmackPresenter::legend(const State& state) const {
  const Data& d = game_state(state).data();
  std::string shapes;
  for (const Component& sh : d.shapes)
    // The full screen draws the glyph, a plain terminal the ASCII code: both named.
    shapes += fmt::format("{}{} {}{}", shapes.empty() ? "" : ", ", sh.ascii, sh.name,
                          sh.glyph.empty() || sh.glyph == sh.ascii ? std::string() : " (" + sh.glyph + ")");
  std::string colours;
  for (const Component& co : d.colours)
    colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", co.letter, co.name);
  return fmt::format(
      "Card codes: each icon is a shape then a colour letter; R34 #b^r is card R34 showing a blue square and "
      "a\n"
      "red triangle.\n"
      "  shapes: {}\n"
      "  colours: {}\n"
      "  #1, #12 ... alone: a Rule Card (its text is in the log and on the rules screen).\n"
      "Race 2:#b^g|^r^g is a Race of 2 cards, left to right, split by |. > marks who is asked; status:\n"
      "ready/... (picked or not), right/wrong/late (the last tap), #2 (the card tapped).",
      shapes, colours);
}

}  // namespace rt::racesmack
