// The "expert" computer player for any game: information-set Monte Carlo
// tree search (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
// Tree Search", 2012; OpenSpiel's algorithms/is_mcts is the reference).
//
// Every iteration samples what the deciding seat cannot see
// (State::determinize: only what `me` cannot see is redrawn; chance to come is
// drawn as play reaches it) and walks one tree with that sample. A tree node
// is a sequence of seats' decisions and chance outcomes from the root (the
// hidden cards dealt before it are not part of it, so one node gathers every
// sample in which the same things happened since: the information set as
// the deciding seat sees it; a die splits the tree, since what a seat
// decides after it depends on it). Each seat picks among the children its legal
// actions allow in this sample by UCB over availability counts (a child's
// parent count is how often it was available, not how often the parent was
// visited: the subset-armed bandit of the paper), one new node is added per
// iteration, and the game is played out by the playout policy (the game's
// own bot) to the end, or to the evaluator's horizon. Every seat's node
// collects that seat's own value of the result, so opponents in the tree play
// for themselves.
//
// Decisions made at once (an untimed simultaneous node) are not told to the
// others: only `me` branches there; the other actors answer by the playout
// policy as chance would. Timed contests end the tree: a playout runs them by
// the Table's schedule. Decisions the game's filter leaves out (the sliding
// puzzle of a program, say) are the policy's too. The root's answer is the
// most visited action; timed contests, forced moves and filtered decisions are
// the fallback's (the game's hard heuristic), with its reaction profile.
//
// The budget is a number of playouts, scaled by the table's thinking factor
// (Agent::set_think_percent), never a time: everything is drawn from the
// seat's own stream, so `sim` stays byte-identical from the seed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/contest_schedule.h"
#include "core/index_array.h"
#include "core/per_player.h"
#include "core/search_agent.h"

namespace rt {

struct IsmctsStats {
  std::uint64_t decisions = 0;  // decisions searched
  std::uint64_t playouts = 0;
  std::uint64_t nodes = 0;  // tree nodes made, over every decision
};

class IsmctsAgent final : public Agent {
 public:
  // `config` is the game's search set-up (policy, evaluator, horizon, stop
  // positions, filter; budget.expert_playouts and budget.exploration);
  // `shown`, the game's presenter, names the move it chose over in a reason.
  IsmctsAgent(std::unique_ptr<Agent> fallback, const Presenter& shown, SearchConfig config);
  ~IsmctsAgent() override;
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  void set_contest_pace(ContestPace pace) override {
    Agent::set_contest_pace(pace);
    fallback_->set_contest_pace(pace);
  }
  void set_think_percent(unsigned percent) override { think_percent_ = percent; }
  const SearchConfig* search_config() const override { return &config_; }
  // The playouts a searched decision gets at the current thinking factor.
  int playout_budget() const;
  // The fallback's reason, unless the search chose otherwise in the last
  // decision: then why it chose this over the fallback's move
  // (overruled_reason).
  std::string reason(const State& state, PlayerId me, Action action) const override;
  std::string contrast(const State& state, PlayerId me, Action action, Action instead) const override {
    return fallback_->contrast(state, me, action, instead);
  }

  const IsmctsStats& stats() const { return stats_; }
  // For measurement only (bench --cheat): search the true state, hidden cards
  // and all, instead of samples of what `me` cannot see: a perfect-information
  // cheat, the ceiling of what better guessing could win.
  void set_omniscient(bool on) { omniscient_ = on; }

 private:
  struct Node {
    PlayerId player = 0;  // who chose `action` to get here
    Action action = 0;
    int first_child = -1;
    int next_sibling = -1;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    double value = 0;  // sum of `player`'s values over the visits
  };

  void iterate(const State& state, PlayerId me, Rng& rng);
  int child(int node, PlayerId p, Action a);
  int select(int node, PlayerId p, std::span<const Action> legal, Rng& rng);
  void playout(State& s, int decisions, Rng& rng);
  void judge(const State& s);

  std::unique_ptr<Agent> fallback_;
  const Presenter& shown_;
  SearchConfig config_;
  unsigned think_percent_ = 100;
  bool omniscient_ = false;
  PlayoutPlayers players_;  // who plays the playouts, and their timed contests
  IsmctsStats stats_;
  std::optional<Action> chose_other_;  // the last decision's action, when not the fallback's
  Action instead_ = 0;                 // the fallback's move it chose over
  // Scratch, kept between decisions.
  IndexVector<int, Node> tree_;
  std::vector<int> path_;
  SeatVector<double> values_;  // per seat, the last playout's result
  std::vector<Action> legal_;
  std::vector<PlayerId> who_;
};

}  // namespace rt
