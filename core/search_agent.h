// The "hard" computer player for any game: determinized Monte Carlo rollouts
// over a playout policy.
//
// For each decision it samples what it cannot see (State::determinize), tries
// every legal action on that same sample and plays each one out with a fast
// playout policy (normally the game's own lighter bot, every seat the same),
// to the end or to a horizon where the game's evaluator judges the position.
// Every action meets the same sample and the same random stream in one
// iteration (common random numbers), so the differences between actions are
// measured with far less noise than their values. The game's own heuristic
// (the fallback) proposes a move; search overrules it only when another move
// is better by a clear margin, so noise never makes the bot weaker than its
// heuristic. Timed contests and forced moves go to the fallback. A playout
// runs a timed contest by the Table's own schedule (core/contest_schedule.h):
// the same order of decisions, the same wait for a die to land.
//
// The budget is a number of playouts, never a time, so `sim` stays
// reproducible. Games configure the search (budget, policy, evaluator, which
// decisions to search) in their make_bot(BotLevel::Hard).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/contest_schedule.h"
#include "core/per_player.h"
#include "core/playout_players.h"

namespace rt {

struct SearchBudget {
  int iterations = 24;     // samples per decision; each plays out every candidate once
  int max_playouts = 400;  // cap on iterations x candidates (fewer iterations when many candidates)
  int horizon = 0;         // player decisions per playout before the evaluator judges; 0: to the end
  int max_playout_steps = 5000;
  unsigned random_per_mille = 0;  // share of uniformly random playout decisions
  double margin = 1.0;            // standard errors by which a move must beat the fallback's move
  // The expert level (core/ismcts_agent.h): playouts per searched decision at
  // a thinking factor of 100%, and the UCB exploration constant.
  int expert_playouts = 2000;
  double exploration = 0.7;
  // Whether the table's thinking factor (--think) scales this flat search's
  // samples: an expert made of it (Scrap Racer's), never hard.
  bool follows_think = false;
};

// Values a position for `me` in [0, 1] (1 = sure to win): a game's judgement
// of who is ahead, used at the playout horizon.
using Evaluator = std::function<double(const State& state, PlayerId me)>;
// Whether a decision is worth searching; the others go to the fallback.
using SearchFilter = std::function<bool(const State& state, PlayerId me)>;

struct SearchConfig {
  SearchBudget budget;
  AgentFactory playout_policy;  // one agent per seat; empty: uniformly random playouts
  Evaluator evaluate;           // empty: every playout runs to the end
  // Positions where a playout stops for the evaluator (a new round, say),
  // besides the horizon. Asked only between decisions, never at chance nodes.
  std::function<bool(const State& state)> stop_at;
  SearchFilter searches;  // empty: every untimed decision with a choice
};

// What the search did, for bench and tests.
struct SearchStats {
  std::uint64_t decisions = 0;  // decisions searched
  std::uint64_t playouts = 0;
  std::uint64_t overruled = 0;  // searched decisions where search chose another move than the fallback
};

class SearchAgent final : public Agent {
 public:
  // `fallback` answers timed contests and forced moves and proposes the move
  // search must beat (the game's heuristic at this level); `shown`, the
  // game's presenter, names the move it overrules in a reason.
  SearchAgent(std::unique_ptr<Agent> fallback, const Presenter& shown, SearchConfig config = {});
  ~SearchAgent() override;
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // The fallback answers timed contests, so it keeps the table's pace (the
  // playouts' own contests stay at "normal": they only rank moves).
  void set_contest_pace(ContestPace pace) override {
    Agent::set_contest_pace(pace);
    fallback_->set_contest_pace(pace);
  }
  // The fallback's reason, unless the search overruled it for this action
  // in the last decision: then why it chose this over the fallback's move
  // (overruled_reason).
  std::string reason(const State& state, PlayerId me, Action action) const override;
  std::string contrast(const State& state, PlayerId me, Action action, Action instead) const override {
    return fallback_->contrast(state, me, action, instead);
  }
  void set_think_percent(unsigned percent) override { think_percent_ = percent; }
  const SearchConfig* search_config() const override { return &config_; }

  const SearchStats& stats() const { return stats_; }

  // The finish of `me` in a finished game, in [0, 1] (1 = sole winner, 0 = last).
  static double finish_value(const State& state, PlayerId me);

 private:
  double playout(State& state, PlayerId me, Rng& rng);

  std::unique_ptr<Agent> fallback_;
  const Presenter& shown_;
  SearchConfig config_;
  PlayoutPlayers players_;        // who plays the playouts, and their timed contests
  unsigned think_percent_ = 100;  // used when budget.follows_think
  SearchStats stats_;
  // The last decision, when search overruled the fallback: the action and
  // the fallback's move (Agent::reason).
  std::optional<Action> overruled_with_;
  Action overruled_instead_ = 0;  // the fallback's move it overruled
  // Scratch, kept between decisions so a decision allocates only its clones.
  std::vector<Action> legal_;
  std::vector<double> sum_, diff_, diff_sq_;
};

// Shared by the hard level's search and the expert's: whether a decision is
// searched at all (not a timed contest, a choice among the legal actions,
// left in `legal`, and the game's filter agrees).
bool worth_searching(const SearchConfig& config, const State& state, PlayerId me, std::vector<Action>& legal);
// Whether a playout `decisions` decisions from the root stops here for the
// game's evaluator (its horizon, or a stop position), in both searches.
bool at_horizon(const SearchConfig& config, const State& state, int decisions);
// A finished game's value for a seat in `place` (1 = first) among `players`,
// with `winners` sharing first place, in [0, 1]: both searches' finish.
double finish_of(int place, int winners, bool no_seat_won, int players);
// Why the search chose `action` over its heuristic's `instead`: what the
// game says it gains (Agent::contrast of `fallback`), else the heuristic's
// own reason for it and that the trial games went better than with
// `instead`, named by `shown`; at most kReasonColumns.
std::string overruled_reason(const Presenter& shown, const State& state, PlayerId me, const Agent& fallback,
                             Action action, Action instead);

// The expert level: information-set MCTS (core/ismcts_agent.h) around
// `fallback` with the game's presenter and search set-up.
std::unique_ptr<Agent> make_expert(std::unique_ptr<Agent> fallback, const Presenter& shown,
                                   SearchConfig config);

// The usual make_bot of a game: its heuristic `Bot` at `level`; for Hard the
// search around the hard heuristic, with the normal one playing out the games
// unless `config` names another policy; for Expert the tree search with the
// same heuristic, policy and evaluator. `shown` is the game's presenter.
template <class Bot>
std::unique_ptr<Agent> heuristic_or_search(BotLevel level, const Presenter& shown, SearchConfig config) {
  if (level != BotLevel::Hard && level != BotLevel::Expert) return std::make_unique<Bot>(level);
  if (!config.playout_policy) config.playout_policy = [] { return std::make_unique<Bot>(BotLevel::Normal); };
  if (level == BotLevel::Expert)
    return make_expert(std::make_unique<Bot>(BotLevel::Hard), shown, std::move(config));
  return std::make_unique<SearchAgent>(std::make_unique<Bot>(BotLevel::Hard), shown, std::move(config));
}

inline SearchConfig search_budget(int iterations, int max_playouts) {
  SearchConfig config;
  config.budget.iterations = iterations;
  config.budget.max_playouts = max_playouts;
  return config;
}

}  // namespace rt
