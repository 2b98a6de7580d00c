// Why the Scrap Racer heuristic does what it does (Agent::reason), in the
// words of its own reckoning (bots.cpp): rolling on against the chance of a
// double, what a Boost marker saves, when a bonus card is worth playing.
#include <fmt/format.h>

#include <bit>

#include "games/scrap_racer/bots.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

namespace {

// The faces rolled so far: the next die doubles one of them this often in 6.
int faces_rolled(const ScrapRacerState& s) {
  unsigned mask = 0;
  for (int i = 0; i < s.dice_rolled(); ++i) mask |= 1u << s.die(i);
  return std::popcount(mask);
}

std::string boost_reason(const ScrapRacerState& s, Action action) {
  const char* how = action == kBoostReroll ? "re-rolls" : action == kBoostTurn ? "turns over" : "nudges";
  if (s.last_die_is_double()) return fmt::format("{} the double with a Boost marker: no crash card", how);
  return fmt::format("{} its last die with a Boost marker for a better total", how);
}

std::string card_reason(const ScrapRacerState& s, Action action) {
  if (action == kAdvance) return "keeps its bonus cards for after the dice move";
  if (action == kEndMove) return "keeps its bonus cards for a better moment";
  const int r = s.active();
  const int gain = s.bonus_target(r, action - kPlayBase) - s.distance(r);
  if (s.ending()) return fmt::format("the last round: every space counts ({:+})", gain);
  const Track& t = s.track();
  if (t.laps_of(s.bonus_target(r, action - kPlayBase)) > t.laps_of(s.distance(r)))
    return "it carries the racer across the finish line";
  if (s.bonus_cards(s.active_player()) >= 3)
    return fmt::format("it holds 3 bonus cards: spends one for {:+}", gain);
  return fmt::format("it goes {} spaces here, more than it usually does", gain);
}

}  // namespace

std::string ScrapRacerBot::reason(const State& base, PlayerId /*me*/, Action action) const {
  const auto& s = static_cast<const ScrapRacerState&>(base);
  switch (s.phase()) {
    case Phase::AfterDie: {
      if (action >= kBoostReroll && action <= kBoostTurn) return boost_reason(s, action);
      if (action == kCrash) return "no Boost marker can save the double: takes the crash card";
      const int total = s.dice_total();
      const int odds = faces_rolled(s);
      if (easy_) {
        if (action == kRoll) return fmt::format("{} is under 10: an easy computer rolls on", total);
        return fmt::format("stops at {}: enough for an easy computer", total);
      }
      // The programme's own values (a probe: reason() changes nothing in this bot).
      auto probe = std::make_unique<ScrapRacerBot>(BotLevel::Normal);
      const double roll = probe->value_of(s, kRoll);  // valid when rolling on is legal
      const double stop = probe->value_of(s, kMove);
      if (action == kRoll)
        return fmt::format("rolling on is worth {:.1f} spaces, stopping {}: double {} in 6", roll, total,
                           odds);
      if (!s.is_legal(s.active_player(), kRoll)) return fmt::format("moves {}: no die left to roll", total);
      return fmt::format("stops at {}: the next die doubles {} in 6 ({:.1f} vs {:.1f})", total, odds, stop,
                         roll);
    }
    case Phase::MoveBefore:
    case Phase::MoveAfter: return card_reason(s, action);
    case Phase::FightChoose: return "its rear racer wins: the second racer decides the race";
    default: return {};
  }
}

}  // namespace rt::scrap_racer
