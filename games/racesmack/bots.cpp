#include "games/racesmack/bots.h"
#include "core/search_agent.h"

#include <algorithm>

namespace rt::racesmack {

double finish_fraction(const RacesmackState& s, const Row& race) {
  const int f = finish_card(s.deck(), race.c.data(), race.len);
  if (f < 0) return 0.0;
  const Progress p = finish_progress(s.data(), s.deck(), race.c.data(), race.len, s.card(f).finish);
  const int have = std::min(p.have, p.need) - p.faults;
  return std::max(0, have) / static_cast<double>(std::max(1, p.need));
}

RacesmackBot::RacesmackBot(BotLevel level) : level_(level), profile_(reaction_profile(level)) {}

namespace {

// The value of owning one more card: a step towards the Finish, a better
// Finish (a higher Rule Card replaces it), and one more card for "most
// cards" if the deck runs out.
double card_value(const RacesmackState& s, PlayerId me, int c) {
  const Row& race = s.race(me);
  const double before = finish_fraction(s, race);
  Row left = race;
  left.push_front(c);
  Row right = race;
  right.push_back(c);
  const double after = std::max(finish_fraction(s, left), finish_fraction(s, right));
  return (after - before) + 0.05;
}

}  // namespace

Action RacesmackBot::pick(const RacesmackState& s, PlayerId me, Rng& rng) {
  // Unknown to me: the draw pile under its top card and the other hands.
  pool_.clear();
  s.hidden_draw().each([&](int c) { pool_.push_back(c); });
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    if (p == me) continue;
    const Row& h = s.hand(p);
    for (int k = 0; k < h.len; ++k) pool_.push_back(h[k]);
    if (s.played(p) >= 0) pool_.push_back(s.played(p));
  }
  const int others = s.num_players() - 1;
  constexpr int kSamples = 6;
  Action best = scratch_.front();
  double best_value = -1e9;
  const Card* racing = s.racing_card() >= 0 ? &s.card(s.racing_card()) : nullptr;
  for (Action a : scratch_) {
    const int c = a - kPlayBase;
    // How often would my card be correct (so that others tapping it are
    // right, and a quick tap of my own card is safe)?
    int correct = 0;
    if (pool_.size() >= others) {
      for (int k = 0; k < kSamples; ++k) {
        Spread t;
        t.k = s.num_players();
        int drawn = 0;
        for (PlayerId p = 0; p < s.num_players(); ++p) {
          if (p == me) {
            t.slot[p] = &s.card(c);
            continue;
          }
          const int j = rng.between(drawn, pool_.size() - 1);
          std::swap(pool_[drawn], pool_[j]);
          t.slot[p] = &s.card(pool_[drawn++]);
        }
        const Verdict v = judge(s.data(), s.variants(), t, racing, nullptr);
        correct += v.correct == 0 || ((v.correct >> me) & 1u);
      }
    }
    double value = card_value(s, me, c) + 0.3 * correct / kSamples;
    if (level_ == BotLevel::Easy) value += 0.4 * rng.below(100) / 100.0;
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

Decision RacesmackBot::tap(const RacesmackState& s, PlayerId me, Rng& rng) {
  Decision d;
  const int k = s.slots();
  // A reaction time from the level's profile (core/agent.h), after reading the cards.
  d.delay = paced(sample_reaction(profile_, rng) + s.think_time(me) * think_time_percent(level_) / 100);
  const int own = s.own_slot(me);
  const std::uint8_t mask = s.correct_mask();
  int target = -1;
  if (mask == 0)
    target = own;
  else if (own >= 0 && ((mask >> own) & 1u))
    target = own;
  else
    for (int t = 0; t < k && target < 0; ++t)
      if ((mask >> t) & 1u) target = t;
  // Nothing I can tap is correct (Time Penalty's tie, or no card of my own
  // when none is correct): wait, hoping to be the last, who loses nothing.
  const bool hopeless = target < 0 || (s.tie_flag(me) && std::popcount(static_cast<unsigned>(mask)) > 1);
  if (target < 0) target = 0;
  if (hopeless) {
    d.delay =
        s.data().tap_window_ms - std::min<Tick>(s.data().tap_window_ms, s.now() - s.contest_open() + 200);
    d.action = kTapBase + target;
    return d;
  }
  if (rng.below(1000) < profile_.error_per_mille) {
    int wrong[kMaxPlayers];
    int n = 0;
    for (int t = 0; t < k; ++t)
      if (!s.tap_correct(me, t)) wrong[n++] = t;
    if (n > 0) target = wrong[rng.below(static_cast<std::uint32_t>(n))];
  }
  d.action = kTapBase + target;
  return d;
}

Action RacesmackBot::settle(const RacesmackState& s, PlayerId me) {
  const Row& race = s.race(me);
  if (s.penalty_pending(me)) {
    if (race.len == 0) return kPenaltyRace;
    if (s.hand(me).len >= 2) return kPenaltyHand;
    return kPenaltyTie;
  }
  Action best = scratch_.front();
  double best_value = -1e9;
  const int finish = s.finish_of(me);
  for (Action a : scratch_) {
    double value = 0;
    if (a >= kDiscardBase) {
      value = -card_value(s, me, a - kDiscardBase);
    } else if (a >= kLoseBase) {
      const int c = a - kLoseBase;
      Row r = race;
      r.remove(c);
      value = finish_fraction(s, r) + (c == finish ? -1.0 : 0.0) + (s.card(c).is_rule ? 0.01 : 0.0);
    } else if (a >= kLeftBase) {
      const bool right = a >= kRightBase;
      const int c = a - (right ? kRightBase : kLeftBase);
      Row r = race;
      if (right)
        r.push_back(c);
      else
        r.push_front(c);
      value = finish_fraction(s, r) + (right ? 0.001 : 0.0);
    }
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

Decision RacesmackBot::decide(const State& base, PlayerId me, Rng& rng) {
  const auto& s = static_cast<const RacesmackState&>(base);
  scratch_.clear();
  s.legal_actions(me, scratch_);
  Decision d;
  d.action = scratch_.front();
  switch (s.phase()) {
    case Phase::Pick: d.action = pick(s, me, rng); break;
    case Phase::Tap: d = tap(s, me, rng); break;
    case Phase::Settle: d.action = settle(s, me); break;
    default: break;
  }
  return d;
}

std::unique_ptr<Agent> make_racesmack_bot(BotLevel level, const Presenter& shown) {
  SearchConfig config = search_budget(24, 300);
  config.budget.expert_playouts = 1500;  // docs/BOTS.md: the expert's time per decision
  return heuristic_or_search<RacesmackBot>(level, shown, std::move(config));
}

}  // namespace rt::racesmack
