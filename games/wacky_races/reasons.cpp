// Why the Wacky Races heuristic does what it does (Agent::reason), in the
// words of its own rules of thumb (bots.cpp): the longest run of Movement
// cards, a power used where it pays, the cheapest way out of the Swamp.
#include <fmt/format.h>

#include <cmath>

#include "core/rng.h"
#include "games/wacky_races/bots.h"
#include "games/wacky_races/presenter.h"
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
    const Team& team = c.teams[s.team_of(s.slot_of(me))];
    return power_reason(team.powers[action - kPower].effects.front().code);
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

// Where a turn can end for `me`: the course position and the powers still
// ready, each an expectation over chance (cards drawn) with `me` choosing
// the best of 10 per space plus 1 per power.
struct TurnEnd {
  double pos = 0;
  double powers = 0;
  double value() const { return 10 * pos + powers; }
};

// Each search for a contrast looks at most this many positions; past that the
// game says nothing (a hint waits on it).
constexpr int kContrastBudget = 20000;

TurnEnd turn_end_of(const WackyState& s, PlayerId me) {
  TurnEnd out;
  out.pos = s.turn() == Turn::Over ? s.catalog().finish_pos : s.pos(s.slot_of(me));
  for (int i = 0; i < kPowers; ++i) out.powers += !s.exhausted(me, i);
  return out;
}

// `powers`: how many more Special Powers the rest of the turn may use (one
// is enough to show what a power would have bought, and keeps it quick).
bool best_turn(const State& base, PlayerId me, int powers, int& budget, TurnEnd& out) {
  if (--budget < 0) return false;
  const auto& s = static_cast<const WackyState&>(base);
  std::vector<PlayerId> actors;
  if (s.turn() == Turn::Player) s.actors(actors);
  if (s.turn() == Turn::Over || (s.turn() == Turn::Player && actors.front() != me)) {
    out = turn_end_of(s, me);
    return true;
  }
  if (s.turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    TurnEnd sum;
    double weight = 0;
    for (const Outcome& o : outs) {
      auto next = s.clone();
      next->apply(kChance, o.action, s.now());
      TurnEnd e;
      if (!best_turn(*next, me, powers, budget, e)) return false;
      sum.pos += o.weight * e.pos;
      sum.powers += o.weight * e.powers;
      weight += o.weight;
    }
    out.pos = sum.pos / weight;
    out.powers = sum.powers / weight;
    return true;
  }
  if (s.turn() != Turn::Player) return false;
  std::vector<Action> legal;
  s.legal_actions(me, legal);
  bool any = false;
  for (Action a : legal) {
    const bool power = a >= kPower && a < kRacer;
    if (power && powers <= 0) continue;
    auto next = s.clone();
    next->apply(me, a, s.now());
    TurnEnd e;
    // Ending the movement settles where the turn ends (the draw moves nobody).
    if (a == kEnd)
      e = turn_end_of(static_cast<const WackyState&>(*next), me);
    else if (!best_turn(*next, me, powers - (power ? 1 : 0), budget, e))
      return false;
    if (!any || e.value() > out.value()) out = e;
    any = true;
  }
  return any;
}

std::string spaces(double n) {
  const double whole = std::round(n);
  if (std::abs(n - whole) < 0.05) return fmt::format("{:.0f} space{}", whole, whole == 1 ? "" : "s");
  return fmt::format("{:.1f} spaces", n);
}

}  // namespace

std::string WackyBot::contrast(const State& base, PlayerId me, Action action, Action instead) const {
  const auto& s = static_cast<const WackyState&>(base);
  const Task* t = s.top();
  if (t == nullptr || t->kind != TaskKind::TurnMain || s.turn() != Turn::Player) return {};
  // Samples of the hidden cards (a face-down Trap): what `me` may know, never the real ones.
  constexpr int kSamples = 3;
  TurnEnd with, without;
  for (int k = 0; k < kSamples; ++k) {
    for (const auto& [move, sum] : {std::pair{action, &with}, std::pair{instead, &without}}) {
      auto sample = s.clone();
      Rng rng = Rng::stream(static_cast<std::uint64_t>(k), "contrast");
      sample->determinize(me, rng);
      sample->apply(me, move, sample->now());
      int budget = kContrastBudget;
      TurnEnd e;
      if (!best_turn(*sample, me, 1, budget, e)) return {};
      sum->pos += e.pos / kSamples;
      sum->powers += e.powers / kSamples;
    }
  }
  const std::string other = move_name(WackyPresenter(), s, me, instead);
  const double further = with.pos - without.pos;
  // The alternative named when the line has room for it.
  const auto fit = [](std::string named, std::string plain) {
    return named.size() <= kReasonColumns ? named : plain;
  };
  if (further >= 0.5)
    return fit(fmt::format("gets {} further this turn than with {}", spaces(further), other),
               fmt::format("gets {} further this turn", spaces(further)));
  if (further > -0.5 && with.powers - without.powers >= 0.5)
    return fit(fmt::format("as far this turn as with {}, keeping a power", other),
               "as far this turn, keeping a power ready");
  // Not further this turn (or, ending now, a space short): what it keeps for
  // later, the card the other move spends.
  if (instead >= kPlay && instead < kPlay + kTerrains &&
      (action == kEnd || (further > -0.5 && action >= kPlay && action < kStay))) {
    const int terrain = instead - kPlay;
    const std::string& name = s.catalog().terrains[terrain].name;
    const int p = s.pos(s.slot_of(me));
    for (int q = p + 1; q < s.catalog().finish_pos && q <= p + 6; ++q)
      if (s.is_course_terrain(q) && s.tile(q) == terrain)
        return fmt::format("keeps its {} card for the {} tile ahead", name, name);
    return fmt::format("keeps its {} card for later", name);
  }
  return {};
}

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
