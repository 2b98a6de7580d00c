// Go Wacky!'s questions and words: the prompt, the legend of the board's
// codes and what a throw at a given moment would aim at.
#include <cstdlib>

#include <fmt/format.h>

#include "games/go_wacky/game.h"
#include "games/go_wacky/presenter.h"

namespace rt::go_wacky {

std::string GoWackyPresenter::prompt(const State& state, PlayerId player) const {
  const GoWackyState& s = game_state(state);
  const Deck& d = s.deck();
  switch (s.phase()) {
    case Phase::Turn: {
      const std::string top = d.colour_names(d.types[s.top_card()].colours, " or ");
      std::vector<Action> acts;
      s.legal_actions(player, acts);
      if (acts.size() == 1 && acts[0] == kPass)
        return fmt::format("No card in your hand matches {}: pass.", top);
      return fmt::format("Play a card that matches {}.", top);
    }
    case Phase::EgwRace:
      return fmt::format("Everybody Go Wacky! Roll until your die shows {}!",
                         d.colour_names(s.target(), " or "));
    case Phase::GwRace:
      // The count itself moves on the board: a question is not redrawn as time passes.
      return fmt::format("Go Wacky! Roll for {} before the count reaches {}.",
                         d.colour_names(s.target(), " or "), d.timing.count_to);
    case Phase::BeThrow: return "Bull's-eye! Throw when the needle is at the centre.";
    case Phase::RnrTake:
      return fmt::format("You rolled {}: take one matching card from the row.",
                         d.colour_ids[s.last_roll(player)]);
    default: return "";
  }
}

std::string GoWackyPresenter::legend(const State& state) const {
  const Deck& d = game_state(state).deck();
  std::string colours;
  for (int k = 0; k < d.colour_ids.size() && k < d.colour_letters.size(); ++k)
    colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", d.colour_letters[k], d.colour_ids[k]);
  return fmt::format(
      "Cards: [R/B] is a card of the colours its letters name ({}).\n"
      "  EGW: Everybody Go Wacky!  GW: Go Wacky!  RnR: Round 'n Round  BE: Bull's-eye (a contest card, with "
      "its colours after the code).\n"
      "  In your hand, the cards drawn bold match the top of the Play Pile.\n"
      "Players: > marks who acts; die: the symbol on their die; hand: cards held; won: cards won, with a "
      "bar.\n"
      "Bull's-eye: | is the centre, = the card, v the needle; each throw's distance from the centre (miss: "
      "off the card).",
      colours);
}

std::string GoWackyPresenter::timing_hint(const State& state, PlayerId /*player*/, Tick at) const {
  const GoWackyState& s = game_state(state);
  if (s.phase() != Phase::BeThrow) return {};
  const ContestTiming& tm = s.deck().timing;
  const int needle = s.needle_at(at);
  return fmt::format("needle {:+d}{}", needle,
                     std::abs(needle) <= tm.card_radius ? " (on the card)" : " (off the card)");
}

}  // namespace rt::go_wacky
