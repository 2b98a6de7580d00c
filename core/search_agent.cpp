#include "core/search_agent.h"

#include <cmath>

namespace rt {

SearchAgent::SearchAgent(std::unique_ptr<Agent> fallback, SearchBudget budget)
    : fallback_(std::move(fallback)), budget_(budget) {}

double SearchAgent::playout(State& s, PlayerId me, Rng& rng, int max_steps) {
  thread_local std::vector<Action> acts;
  thread_local std::vector<Outcome> outs;
  thread_local std::vector<PlayerId> who;
  for (int step = 0; step < max_steps && s.turn() != Turn::Over; ++step) {
    switch (s.turn()) {
      case Turn::Chance: {
        outs.clear();
        s.chance_outcomes(outs);
        std::uint64_t total = 0;
        for (const auto& o : outs) total += o.weight;
        std::uint64_t r = rng.below(static_cast<std::uint32_t>(total));
        std::size_t i = 0;
        while (r >= outs[i].weight) r -= outs[i++].weight;
        s.apply(kChance, outs[i].action, s.now());
        break;
      }
      case Turn::Player:
      case Turn::Simultaneous: {
        who.clear();
        s.actors(who);
        const PlayerId p = who[rng.below(static_cast<std::uint32_t>(who.size()))];
        Tick at = s.now();
        if (s.timed()) {
          at += 150 + rng.below(500);
          if (s.deadline() != kNoDeadline && at > s.deadline()) {
            s.apply(kClock, 0, s.deadline());
            break;
          }
        }
        acts.clear();
        s.legal_actions(p, acts);
        s.apply(p, acts[rng.below(static_cast<std::uint32_t>(acts.size()))], at);
        break;
      }
      case Turn::Over: break;
    }
  }
  if (s.turn() != Turn::Over) return 0.5;  // unfinished: call it even
  const Standings st = s.standings();
  const int n = s.num_players();
  int winners = 0;
  for (const auto& pl : st.placings) winners += pl.place == 1;
  for (const auto& pl : st.placings) {
    if (pl.player != me) continue;
    if (pl.place == 1) return 0.75 + 0.25 / winners;  // sharing a win is worth less than winning alone
    return 0.7 * static_cast<double>(n - pl.place) / static_cast<double>(n - 1);
  }
  return 0;
}

Decision SearchAgent::decide(const State& state, PlayerId me, Rng& rng) {
  if (state.timed()) return fallback_->decide(state, me, rng);
  legal_.clear();
  state.legal_actions(me, legal_);
  if (legal_.size() == 1) return Decision{legal_.front(), 0};
  const std::size_t k = legal_.size();
  std::vector<double> total(k, 0.0);
  std::vector<int> visits(k, 0);
  for (int i = 0; i < budget_.playouts; ++i) {
    // UCB1: try each action once, then favour the promising ones.
    std::size_t pick = 0;
    if (static_cast<std::size_t>(i) < k) {
      pick = static_cast<std::size_t>(i);
    } else {
      double best = -1;
      for (std::size_t a = 0; a < k; ++a) {
        const double mean = total[a] / visits[a];
        const double ucb = mean + 0.7 * std::sqrt(std::log(static_cast<double>(i)) / visits[a]);
        if (ucb > best) {
          best = ucb;
          pick = a;
        }
      }
    }
    auto sim = state.clone();
    sim->determinize(me, rng);
    sim->apply(me, legal_[pick], state.now());
    total[pick] += playout(*sim, me, rng, budget_.max_playout_steps);
    ++visits[pick];
  }
  std::size_t best = 0;
  for (std::size_t a = 1; a < k; ++a)
    if (visits[a] > visits[best] || (visits[a] == visits[best] && total[a] > total[best])) best = a;
  return Decision{legal_[best], 0};
}

}  // namespace rt
