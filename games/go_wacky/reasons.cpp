// Why the Go Wacky! heuristic plays what it plays (Agent::reason), in the
// words of its own scoring (bots.cpp: word cards win cards, splits are kept
// for later, a colour held twice is shed first).
#include <fmt/format.h>

#include <algorithm>

#include "games/go_wacky/bots.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {

namespace {

std::string word_card_reason(CardKind kind) {
  switch (kind) {
    case CardKind::GoWacky: return "a Go Wacky! card: only its player rolls to win cards";
    case CardKind::RoundNRound: return "Round 'n Round: it rolls first for the row of cards";
    case CardKind::BullsEye: return "Bull's-eye: a throw at the card that wins cards";
    case CardKind::EverybodyGoWacky: return "Everybody Go Wacky!: a race that wins cards";
    case CardKind::Plain:
    case CardKind::Split: break;
  }
  return {};
}

}  // namespace

std::string GoWackyBot::reason(const State& base, PlayerId me, Action action) const {
  const auto& s = static_cast<const GoWackyState&>(base);
  const Deck& d = s.deck();
  switch (s.phase()) {
    case Phase::Turn: {
      if (action == kPass) return "no card in its hand matches the top card";
      std::vector<Action> legal;
      s.legal_actions(me, legal);
      const auto plays = std::count_if(legal.begin(), legal.end(), [](Action a) { return a != kPass; });
      if (plays == 1) return "the only card in its hand that matches";
      const CardType& card = d.types[action - kPlayBase];
      if (card.is_word()) return word_card_reason(card.kind);
      if (card.kind == CardKind::Split)
        return "a split card: it matches more, so only when nothing else does";
      int same = 0;
      for (int i = 0; i < s.hand_size(me); ++i)
        if (d.types[s.hand_card(me, i)].colours & card.colours) ++same;
      if (same > 1)
        return fmt::format("sheds {}: it holds {} of that colour", d.colour_names(card.colours), same);
      return "no word card matches; keeps its split cards for later";
    }
    case Phase::RnrTake: return "any matching card of the row counts the same";
    case Phase::BeThrow: return "throws as the needle swings to the centre";
    default: return {};  // a roll in a race: one of many, nothing to explain
  }
}

}  // namespace rt::go_wacky
