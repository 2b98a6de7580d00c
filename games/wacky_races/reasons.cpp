// Why the Wacky Races heuristic does what it does (Agent::reason), in the
// words of its own rules of thumb (bots.cpp): the longest run of Movement
// cards, a power used where it pays, the cheapest way out of the Swamp.
#include <fmt/format.h>

#include "games/wacky_races/bots.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

namespace {

std::string power_reason(PowerCode code) {
  switch (code) {
    case PowerCode::Move: return "a free move ahead before its turn ends";
    case PowerCode::Draw: return "more cards in hand before it plays";
    case PowerCode::Steal: return "takes a card from a rival";
    case PowerCode::SwapRacer: return "trades places with a racer ahead";
    case PowerCode::PushBack: return "pushes back a racer ahead of it";
    case PowerCode::WildTile: return "no card matches the next tile: makes it wild";
    case PowerCode::ForceDiscard: return "makes a rival throw away cards";
    case PowerCode::ExhaustOther: return "uses up a rival's power";
    case PowerCode::PeekTrap: return "a Trap lies just ahead: a look at it first";
    case PowerCode::DastardlyBack: return "Dastardly is ahead of it: sends him back";
    case PowerCode::HandPlus: return "a bigger hand for the turns to come";
    case PowerCode::SwapTileAhead: return "brings ahead a tile it holds cards for";
    case PowerCode::Redraw: return "one card or none left: draws afresh";
    case PowerCode::Discard:
    case PowerCode::Cancel: break;
  }
  return "the power pays off now";
}

std::string turn_reason(const WackyState& s, PlayerId me, Action action) {
  const Catalog& c = s.catalog();
  if (action >= kPower && action < kRacer) {
    const Team& team = c.teams[static_cast<std::size_t>(s.team_of(s.slot_of(me)))];
    return power_reason(team.powers[static_cast<std::size_t>(action - kPower)].effects.front().code);
  }
  if (action == kEnd) return "no card left that moves it on safely";
  if (action >= kThree) return "three cards: its way out of the Swamp";
  if (action >= kPair) return "two of a kind: the cheapest way out of the Swamp";
  if (action >= kStay) return "stuck in the Swamp: gives up the card it holds most";
  const int p = s.pos(s.slot_of(me));
  if (s.next_free(p, +1) == c.finish_pos) return "the next free space is the Finish";
  if (s.cards_played() == 0) return "the first card moves it whatever the terrain";
  return "it matches the terrain: one more space ahead";
}

std::string racer_reason(const WackyState& s) {
  switch (s.top()->purpose) {
    case Purpose::Order: return "moving second lands further on a crowded tile";
    case Purpose::Rear: return "the racer it can best afford to move";
    case Purpose::Trigger:
    case Purpose::Switch: return "better a rival than its own racer";
    default: return "the racer furthest ahead";
  }
}

}  // namespace

std::string WackyBot::reason(const State& base, PlayerId me, Action action) const {
  const auto& s = static_cast<const WackyState&>(base);
  const Task* t = s.top();
  if (t == nullptr) return {};
  switch (t->kind) {
    case TaskKind::TurnMain: return turn_reason(s, me, action);
    case TaskKind::ChooseRacer: return racer_reason(s);
    case TaskKind::ChooseTile:
      if (action == kNoSwap) return "no swap that helps it";
      if (t->purpose == Purpose::Peek) return "the first hidden Trap ahead of it";
      return "a tile of the terrain it holds most cards for";
    case TaskKind::Redraw:
      if (action == kDone) return "keeps the cards that match the next tiles";
      return "matches none of the next 3 tiles: back it goes";
    case TaskKind::ChooseCard: return "gives up a card of the terrain it holds most";
    case TaskKind::ChoosePower:
      if (t->purpose == Purpose::Unexhaust) return "gets back its most useful power";
      return "gives up its least useful power";
    default: return {};
  }
}

}  // namespace rt::wacky_races
