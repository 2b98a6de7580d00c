#include "core/ismcts_agent.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/timed_contests.h"

namespace rt {

std::unique_ptr<Agent> make_expert(std::unique_ptr<Agent> fallback, const Presenter& shown,
                                   SearchConfig config) {
  return std::make_unique<IsmctsAgent>(std::move(fallback), shown, std::move(config));
}

IsmctsAgent::IsmctsAgent(std::unique_ptr<Agent> fallback, const Presenter& shown, SearchConfig config)
    : fallback_(std::move(fallback)),
      shown_(shown),
      config_(std::move(config)),
      players_(config_.playout_policy, config_.budget.random_per_mille) {}

IsmctsAgent::~IsmctsAgent() = default;

int IsmctsAgent::playout_budget() const {
  const long long scaled = static_cast<long long>(config_.budget.expert_playouts) * think_percent_ / 100;
  return static_cast<int>(std::clamp(scaled, 1LL, 1'000'000LL));
}

// Every seat's value of the position: its finish when the game is over (the
// standings built once), else the evaluator's judgement, else an even 0.5.
void IsmctsAgent::judge(const State& s) {
  const int n = s.num_players();
  values_.assign(n, 0.0);
  if (s.turn() == Turn::Over) {
    const Standings st = s.standings();
    int winners = 0;
    for (const auto& pl : st.placings) winners += pl.place == 1;
    for (const auto& pl : st.placings) values_[pl.player] = finish_of(pl.place, winners, st.no_seat_won(), n);
    return;
  }
  for (PlayerId p = 0; p < n; ++p)
    values_[p] = config_.evaluate ? std::clamp(config_.evaluate(s, p), 0.0, 1.0) : 0.5;
}

void IsmctsAgent::playout(State& s, int decisions, Rng& rng) {
  players_.play_on(
      s, decisions, config_.budget.max_playout_steps,
      [this](const State& st, int d) { return at_horizon(config_, st, d); }, rng);
  judge(s);
}

int IsmctsAgent::child(int node, PlayerId p, Action a) {
  int* link = &tree_[node].first_child;
  while (*link >= 0) {
    const Node& c = tree_[*link];
    if (c.player == p && c.action == a) return *link;
    link = &tree_[*link].next_sibling;
  }
  const int made = tree_.size();
  *link = made;  // before the push: `link` points into tree_
  Node n;
  n.player = p;
  n.action = a;
  tree_.push_back(n);
  ++stats_.nodes;
  return made;
}

// UCB1 over the children available now; an untried one first (in a random
// order). Every available child's availability counts this visit.
int IsmctsAgent::select(int node, PlayerId p, std::span<const Action> legal, Rng& rng) {
  int best = -1;
  double best_score = -1;
  int untried = 0;
  const double c = config_.budget.exploration;
  for (Action a : legal) {
    const int i = child(node, p, a);
    Node& n = tree_[i];
    ++n.available;
    if (n.visits == 0) {
      // Reservoir sampling: each untried child equally likely.
      ++untried;
      if (rng.below(static_cast<std::uint32_t>(untried)) == 0) best = i;
      continue;
    }
    if (untried > 0) continue;
    const double score =
        n.value / n.visits + c * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

void IsmctsAgent::iterate(const State& state, PlayerId me, Rng& rng) {
  auto sim = state.clone();
  if (!omniscient_) sim->determinize(me, rng);
  players_.start_playout(sim->num_players());
  path_.clear();
  int node = 0;
  int decisions = 0;
  bool expanded = false;
  bool root = true;
  while (!expanded) {
    const Turn turn = sim->turn();
    if (turn == Turn::Over) break;
    if (turn == Turn::Chance) {
      // A chance outcome is a branch of the tree: what a seat decides after
      // a die depends on the die (a push-your-luck roll above all). Outcomes
      // hidden from `me` split the tree too; they only sharpen the others'
      // nodes below, never the root's choice, which sums every sample.
      const Action outcome = players_.draw(*sim, rng);
      sim->apply(kChance, outcome, sim->now());
      node = child(node, kChance, outcome);
      continue;
    }
    if (timed(*sim) || (!root && at_horizon(config_, *sim, decisions))) break;
    who_.clear();
    sim->actors(who_);
    // Who branches the tree: the one actor of a turn; at once, only `me`
    // (the others' choices are hidden from it, so they are chance to it).
    PlayerId p = who_.front();
    if (turn == Turn::Simultaneous) {
      if (std::find(who_.begin(), who_.end(), me) == who_.end() || root == false) {
        // Another's hidden choice, or mine again later: answered by the policy.
        const PlayerId q = who_.front();
        sim->apply(q, players_.decide(*sim, q, rng).action, sim->now());
        ++decisions;
        continue;
      }
      p = me;
    }
    if (!root && config_.searches && !config_.searches(*sim, p)) {
      sim->apply(p, players_.decide(*sim, p, rng).action, sim->now());
      ++decisions;
      continue;
    }
    const std::span<const Action> legal = sim->legal_span(p, legal_);
    const int next = select(node, p, legal, rng);
    expanded = tree_[next].visits == 0;
    sim->apply(p, tree_[next].action, sim->now());
    ++decisions;
    path_.push_back(next);
    node = next;
    root = false;
  }
  playout(*sim, decisions, rng);
  for (int i : path_) {
    Node& n = tree_[i];
    ++n.visits;
    n.value += values_[n.player];
  }
}

std::string IsmctsAgent::reason(const State& state, PlayerId me, Action action) const {
  if (chose_other_ == action) return overruled_reason(shown_, state, me, *fallback_, action, instead_);
  return fallback_->reason(state, me, action);
}

Decision IsmctsAgent::decide(const State& state, PlayerId me, Rng& rng) {
  chose_other_.reset();
  const Decision proposal = fallback_->decide(state, me, rng);
  if (!worth_searching(config_, state, me, legal_)) return proposal;

  players_.seat(state.num_players());
  tree_.clear();
  tree_.push_back(Node{});
  const int budget = playout_budget();
  for (int it = 0; it < budget; ++it) iterate(state, me, rng);
  ++stats_.decisions;
  stats_.playouts += static_cast<std::uint64_t>(budget);

  // The most visited of my actions (the better mean between equals; the
  // fallback's move when nothing beats it).
  const Node* best = nullptr;
  for (int i = tree_.front().first_child; i >= 0; i = tree_[i].next_sibling) {
    const Node& c = tree_[i];
    if (c.player != me || c.visits == 0) continue;
    if (!best || c.visits > best->visits ||
        (c.visits == best->visits && c.value / c.visits > best->value / best->visits))
      best = &c;
  }
  if (!best || best->action == proposal.action) return proposal;
  chose_other_ = best->action;
  instead_ = proposal.action;
  return Decision{best->action, 0};
}

}  // namespace rt
