// The "hard" computer player for any game: determinized Monte Carlo search.
// For each decision it samples what it cannot see (State::determinize), tries
// each legal action, plays the game out with fast random playouts, and keeps
// the action with the best average finish (UCB1 over the root actions). The
// budget is a number of playouts, never a time, so `sim` stays reproducible.
#pragma once

#include <memory>
#include <vector>

#include "core/agent.h"

namespace rt {

struct SearchBudget {
  int playouts = 600;  // per decision, shared among the legal actions
  int max_playout_steps = 5000;
};

class SearchAgent final : public Agent {
 public:
  // `fallback` answers timed contests and forced moves (the game's heuristic).
  SearchAgent(std::unique_ptr<Agent> fallback, SearchBudget budget = {});
  Decision decide(const State& state, PlayerId me, Rng& rng) override;

  // Plays `state` to the end with random decisions; returns the finish of
  // `me` in [0, 1] (1 = sole winner, 0 = last).
  static double playout(State& state, PlayerId me, Rng& rng, int max_steps);

 private:
  std::unique_ptr<Agent> fallback_;
  SearchBudget budget_;
  std::vector<Action> legal_;
};

}  // namespace rt
