#include "games/scrap_racer/bots.h"
#include "core/search_agent.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace rt::scrap_racer {
namespace {

constexpr double kUnset = -1e9;
constexpr double kBonusCardValue = 4.4;  // average spaces a bonus card gives (28 cards)

int b_index(int r, int p, int t) {
  return r * 9 + p * 3 + t;
}
int b_reroll(int b) {
  return b / 9;
}
int b_plus(int b) {
  return (b / 3) % 3;
}
int b_turn(int b) {
  return b % 3;
}
int b_count(int b) {
  return b_reroll(b) + b_plus(b) + b_turn(b);
}
int mask_sum(int mask) {
  int s = 0;
  for (int v = 1; v <= 6; ++v)
    if (mask & (1 << v)) s += v;
  return s;
}

}  // namespace

ScrapRacerBot::ScrapRacerBot(BotLevel level)
    : easy_(level == BotLevel::Easy), profile_(reaction_profile(level)) {}

// --- the rolling programme ----------------------------------------------------

template <int N>
double* ScrapRacerBot::memo(Memo<N>& m, int i) {
  if (m.stamp[i] != stamp_) {
    m.stamp[i] = stamp_;
    m.value[i] = kUnset;
  }
  return &m.value[i];
}

void ScrapRacerBot::prepare(const ScrapRacerState& s) {
  if (++stamp_ == 0) {  // wrapped: forget every stamp once
    memo_roll_.stamp.fill(0);
    memo_cont_.stamp.fill(0);
    memo_face_.stamp.fill(0);
    stamp_ = 1;
  }
  const Data& d = s.data();
  const Track& t = s.track();
  const int r = s.active();
  const int from = s.distance(r);
  const double marker_value = kBonusCardValue / s.marker_threshold(r);
  IndexArray<int, kMaxRacers> order{};
  const int n = s.ranking(order);
  const int rank = s.rank_of(r);
  const int last = order[n - 1];
  const int room_back = from > 0 ? from - t.lap_start(from) : 0;

  // The expected gain of each crash pile's next card (its deck is public knowledge).
  for (int pile = 0; pile < kPiles; ++pile) {
    double total = 0;
    int cards = 0;
    for (int k = 0; k < d.crash.size(); ++k) {
      const int copies = s.crash_deck_count(pile, k);
      if (copies == 0) continue;
      const CrashCard& c = d.crash[k];
      double v = 0;
      switch (c.effect) {
        case CrashEffect::Advance: v = c.spaces; break;
        case CrashEffect::TwoDice: v = 7; break;
        case CrashEffect::ForwardAndBack: v = c.spaces + (rank > 0 ? 0.5 : 0); break;
        case CrashEffect::Stay: v = 0; break;
        case CrashEffect::CatchingUp: v = -0.25 * c.spaces; break;
        case CrashEffect::BackwardsDie: v = -std::min(3.5, static_cast<double>(room_back)); break;
        case CrashEffect::Push: v = 0.8 * c.spaces; break;
        case CrashEffect::Backwards: v = -std::min(c.spaces, room_back); break;
        case CrashEffect::LossOfPosition:
          v = last == r || from == 0 ? 0 : std::max(s.distance(last) - 1, t.lap_start(from)) - from;
          break;
        case CrashEffect::LastPlace: v = last == r ? c.spaces : -0.2 * c.spaces; break;
      }
      total += v * copies;
      cards += copies;
    }
    crash_[pile] = (cards ? total / cards : 0) + marker_value;
  }

  // What the landing space adds: the racer's ability, a fight, a Boost marker.
  landing_.fill(0);
  const Ability ability = s.info(r).ability;
  for (int sum = 1; sum <= 21; ++sum) {
    const int to = from + sum;
    const int space = t.space_of(to);
    double v = 0;
    if (ability == Ability::StraightStep && t.kind[space] == SpaceKind::Straight) v += 1;
    if (ability == Ability::CurveStep && t.kind[space] == SpaceKind::Curve) v += 1;
    bool occupied = false;
    bool passed = false;
    for (int o = 0; o < s.racers(); ++o) {
      if (o == r || !s.on_track(o)) continue;
      const int os = t.space_of(s.distance(o));
      if (os == space) occupied = true;
      const int offset = (os - from % t.length + t.length) % t.length;
      if (offset < sum - 1) passed = true;
    }
    if (occupied) v += ability == Ability::FightWin ? 2.0 : 0.5;
    if (passed && ability == Ability::PassedStep) v += 1;
    if (passed && ability == Ability::PassedMarker) v += marker_value;
    if (s.boost_on(space) && !occupied) v += 0.9 * boost_value_;
    landing_[sum] = v;
  }
}

double ScrapRacerBot::stop_value(int mask, int b) const {
  const int sum = mask_sum(mask);
  return sum + landing_[sum] + boost_value_ * b_count(b);
}

double ScrapRacerBot::continue_value(int mask, int b) {
  double& m = *memo(memo_cont_, mask * kB + b);
  if (m != kUnset) return m;
  if (std::popcount(static_cast<unsigned>(mask)) == kDice) return m = stop_value(mask, b);
  return m = std::max(stop_value(mask, b), roll_value(mask, b));
}

double ScrapRacerBot::roll_value(int mask, int b) {
  double& m = *memo(memo_roll_, mask * kB + b);
  if (m != kUnset) return m;
  double total = 0;
  for (int v = 1; v <= 6; ++v) total += face_value(mask, v, b);
  return m = total / 6;
}

double ScrapRacerBot::face_value(int mask, int v, int b) {
  double& m = *memo(memo_face_, (mask * 7 + v) * kB + b);
  if (m != kUnset) return m;
  double best = (mask & (1 << v)) ? crash_[(v - 1) / 2] + boost_value_ * b_count(b)
                                  : continue_value(mask | (1 << v), b);
  const int rr = b_reroll(b), pp = b_plus(b), tt = b_turn(b);
  if (rr > 0) best = std::max(best, roll_value(mask, b_index(rr - 1, pp, tt)));
  if (pp > 0 && v < 6) best = std::max(best, face_value(mask, v + 1, b_index(rr, pp - 1, tt)));
  if (pp > 0 && v > 1) best = std::max(best, face_value(mask, v - 1, b_index(rr, pp - 1, tt)));
  if (tt > 0) best = std::max(best, face_value(mask, 7 - v, b_index(rr, pp, tt - 1)));
  return m = best;
}

double ScrapRacerBot::value_of(const ScrapRacerState& s, Action a) {
  prepare(s);
  return action_value(s, a);
}

double ScrapRacerBot::action_value(const ScrapRacerState& s, Action a) {
  const int r = s.active();
  int mask = 0;
  for (int i = 0; i + 1 < s.dice_rolled(); ++i) mask |= 1 << s.die(i);
  const int v = s.die(s.dice_rolled() - 1);
  const int rr = std::min(kCap, s.boosts(r, BoostKind::Reroll));
  const int pp = std::min(kCap, s.boosts(r, BoostKind::PlusMinus));
  const int tt = std::min(kCap, s.boosts(r, BoostKind::Turn));
  const int b = b_index(rr, pp, tt);
  switch (a) {
    case kRoll: return roll_value(mask | (1 << v), b);
    case kMove: return stop_value(mask | (1 << v), b);
    case kCrash: return crash_[(v - 1) / 2] + boost_value_ * b_count(b);
    case kBoostReroll: return rr ? roll_value(mask, b_index(rr - 1, pp, tt)) : kUnset;
    case kBoostPlus: return pp && v < 6 ? face_value(mask, v + 1, b_index(rr, pp - 1, tt)) : kUnset;
    case kBoostMinus: return pp && v > 1 ? face_value(mask, v - 1, b_index(rr, pp - 1, tt)) : kUnset;
    case kBoostTurn: return tt ? face_value(mask, 7 - v, b_index(rr, pp, tt - 1)) : kUnset;
    default: return kUnset;
  }
}

Action ScrapRacerBot::roll_decision(const ScrapRacerState& s) {
  prepare(s);
  Action best = scratch_.front();
  double best_value = kUnset;
  for (Action a : scratch_) {
    const double v = action_value(s, a);
    if (v > best_value + 1e-9) {
      best_value = v;
      best = a;
    }
  }
  return best;
}

Action ScrapRacerBot::easy_roll_decision(const ScrapRacerState& s) const {
  // Roll to about 10 with at most four dice; a Boost only to dodge a double.
  const int r = s.active();
  const int v = s.die(s.dice_rolled() - 1);
  auto rolled = [&](int face) {
    for (int i = 0; i + 1 < s.dice_rolled(); ++i)
      if (s.die(i) == face) return true;
    return false;
  };
  auto legal = [&](Action a) { return std::find(scratch_.begin(), scratch_.end(), a) != scratch_.end(); };
  if (s.last_die_is_double()) {
    if (legal(kBoostTurn) && !rolled(7 - v)) return kBoostTurn;
    if (legal(kBoostPlus) && !rolled(v + 1)) return kBoostPlus;
    if (legal(kBoostMinus) && !rolled(v - 1)) return kBoostMinus;
    if (legal(kBoostReroll)) return kBoostReroll;
    return kCrash;
  }
  (void)r;
  if (legal(kRoll) && s.dice_total() < 10 && s.dice_rolled() < 4) return kRoll;
  return kMove;
}

// --- bonus cards --------------------------------------------------------------

Action ScrapRacerBot::card_decision(const ScrapRacerState& s) const {
  const Data& d = s.data();
  const Track& t = s.track();
  const int r = s.active();
  const int from = s.distance(r);
  const bool before = s.phase() == Phase::MoveBefore;
  const bool jackal = s.info(r).ability == Ability::FightWin;
  auto occupied = [&](int distance) {
    if (distance <= 0) return false;
    for (int o = 0; o < s.racers(); ++o)
      if (o != r && s.on_track(o) && t.space_of(s.distance(o)) == t.space_of(distance)) return true;
    return false;
  };
  Action best = before ? kAdvance : kEndMove;
  double best_score = 0;
  for (Action a : scratch_) {
    if (a < kPlayBase || a >= kFirstBase) continue;
    const int k = a - kPlayBase;
    const BonusCard& card = d.bonus[k];
    const int target = s.bonus_target(r, k);
    const int gain = target - from;
    const int typical = card.effect == BonusEffect::Forward    ? card.spaces
                        : card.effect == BonusEffect::Straight ? 4
                        : card.effect == BonusEffect::Curve    ? 3
                                                               : 5;
    double score = 0;
    if (before) {
      // Only a variable card that goes far now; fixed cards wait for the landing.
      if (card.effect != BonusEffect::Forward && gain >= typical + 1) score = gain;
    } else if (s.ending()) {
      score = gain + 10;  // the last round: every space counts
    } else if (t.laps_of(target) > t.laps_of(from)) {
      score = gain + 5;  // cross the finish line
    } else if (jackal && occupied(target) && !occupied(from)) {
      score = gain + 3;  // Jackal seeks a fight it wins
    } else if (!jackal && occupied(from) && !occupied(target)) {
      score = gain + 2;  // dodge a fight
    } else if (card.effect != BonusEffect::Forward && gain >= typical + 1) {
      score = gain;
    } else if (s.bonus_cards(s.active_player()) >= 3) {
      score = gain;
    }
    if (score > best_score) {
      best_score = score;
      best = a;
    }
  }
  return best;
}

Decision ScrapRacerBot::decide(const State& base, PlayerId me, Rng& /*rng*/) {
  const auto& s = static_cast<const ScrapRacerState&>(base);
  scratch_.clear();
  s.legal_actions(me, scratch_);
  Decision out;
  out.action = scratch_.front();
  switch (s.phase()) {
    case Phase::AfterDie: out.action = easy_ ? easy_roll_decision(s) : roll_decision(s); return out;
    case Phase::MoveBefore:
    case Phase::MoveAfter: out.action = card_decision(s); return out;
    case Phase::FightChoose: {
      // Advance the team's rear racer: the second racer decides the race.
      const int a = s.fighter_a();
      const int b = s.fighter_b();
      out.action = kWinnerBase + (s.distance(a) <= s.distance(b) ? a : b);
      return out;
    }
    default: return out;  // ChooseFirst: the first dashboard starts
  }
}

namespace {

// A racer's standing in spaces: its distance and what its Boost markers are worth.
double racer_strength(const ScrapRacerState& s, int r) {
  return s.distance(r) + 2.0 * s.boosts_held(r);
}

// A player's standing: with two racers each the second racer decides, so the
// rear racer counts most; bonus cards in hand are spaces still to come.
double player_strength(const ScrapRacerState& s, PlayerId p) {
  double v = 0;
  if (s.teams()) {
    int a = 0, b = 0;
    s.team(p, a, b);
    const double x = racer_strength(s, a), y = racer_strength(s, b);
    v = 0.8 * std::min(x, y) + 0.2 * std::max(x, y);
  } else {
    for (int r = 0; r < s.racers(); ++r)
      if (s.owner(r) == p) v = racer_strength(s, r);
  }
  return v + kBonusCardValue * s.bonus_cards(p);
}

}  // namespace

double position_value(const ScrapRacerState& s, PlayerId me) {
  double best_other = -1e9;
  for (PlayerId p = 0; p < s.num_players(); ++p)
    if (p != me) best_other = std::max(best_other, player_strength(s, p));
  int lead = 0;
  for (int r = 0; r < s.racers(); ++r) lead = std::max(lead, s.distance(r));
  // The lead's worth shrinks with the turns left: about 8 spaces a turn, give or take 5.
  const double turns_left = std::max(0.0, (kLaps * s.track().length - lead) / 8.0);
  const double scale = 4.0 + 5.0 * std::sqrt(turns_left);
  return 0.5 + 0.5 * std::tanh((player_strength(s, me) - best_other) / scale);
}

std::unique_ptr<Agent> make_scrap_racer_bot(BotLevel level, const Presenter& shown) {
  SearchConfig config = search_budget(24, 120);
  config.budget.horizon = 24;           // about a round of turns, then judge the positions
  config.budget.expert_playouts = 400;  // docs/BOTS.md: the expert's time per decision
  config.evaluate = [](const State& s, PlayerId me) {
    return position_value(static_cast<const ScrapRacerState&>(s), me);
  };
  if (level == BotLevel::Expert) {
    // The tree search lost to hard here (12.5% over 40 games, docs/BOTS.md),
    // so the expert is hard's guarded search with four times its samples.
    config.budget.iterations *= 4;
    config.budget.max_playouts *= 4;
    config.budget.follows_think = true;
    config.playout_policy = [] { return std::make_unique<ScrapRacerBot>(BotLevel::Normal); };
    return std::make_unique<SearchAgent>(std::make_unique<ScrapRacerBot>(BotLevel::Hard), shown,
                                         std::move(config));
  }
  return heuristic_or_search<ScrapRacerBot>(level, shown, std::move(config));
}

}  // namespace rt::scrap_racer
