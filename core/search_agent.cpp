#include "core/search_agent.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/timed_contests.h"

namespace rt {

SearchAgent::SearchAgent(std::unique_ptr<Agent> fallback, const Presenter& shown, SearchConfig config)
    : fallback_(std::move(fallback)),
      shown_(shown),
      config_(std::move(config)),
      players_(config_.playout_policy, config_.budget.random_per_mille) {}

SearchAgent::~SearchAgent() = default;

double finish_of(int place, int winners, bool no_seat_won, int players) {
  if (place == 1) return 0.75 + 0.25 / winners;  // sharing a win is worth less than winning alone
  // Ranked among the seats: when no seat won, place 1 was somebody else's.
  const int among_seats = place - (no_seat_won ? 1 : 0);
  return players > 1 ? 0.7 * static_cast<double>(players - among_seats) / static_cast<double>(players - 1)
                     : 0.0;
}

double SearchAgent::finish_value(const State& s, PlayerId me) {
  const Standings st = s.standings();
  int winners = 0;
  for (const auto& pl : st.placings) winners += pl.place == 1;
  for (const auto& pl : st.placings)
    if (pl.player == me) return finish_of(pl.place, winners, st.no_seat_won(), s.num_players());
  return 0;
}

bool at_horizon(const SearchConfig& config, const State& s, int decisions) {
  const SearchBudget& b = config.budget;
  return config.evaluate &&
         ((b.horizon > 0 && decisions >= b.horizon) || (config.stop_at && config.stop_at(s)));
}

double SearchAgent::playout(State& s, PlayerId me, Rng& rng) {
  players_.start_playout(s.num_players());
  players_.play_on(
      s, 0, config_.budget.max_playout_steps,
      [this](const State& st, int decisions) { return at_horizon(config_, st, decisions); }, rng);
  if (s.turn() == Turn::Over) return finish_value(s, me);
  return config_.evaluate ? std::clamp(config_.evaluate(s, me), 0.0, 1.0) : 0.5;
}

bool worth_searching(const SearchConfig& config, const State& state, PlayerId me,
                     std::vector<Action>& legal) {
  if (timed(state)) return false;
  legal.clear();
  state.legal_actions(me, legal);
  return legal.size() >= 2 && (!config.searches || config.searches(state, me));
}

std::string overruled_reason(const Presenter& shown, const State& state, PlayerId me, const Agent& fallback,
                             Action action, Action instead) {
  std::string gains = fallback.contrast(state, me, action, instead);
  if (!gains.empty() && gains.size() <= kReasonColumns) return gains;
  const std::string own = fallback.reason(state, me, action);
  const std::string other = move_name(shown, state, me, instead);
  const std::string trials = fmt::format("trial games went better than with {}", other);
  // The move it beat is named before the heuristic's own words: a reason says against what.
  std::vector<std::string> lines;
  if (!own.empty()) lines.push_back(own + "; " + trials);
  lines.push_back(trials);
  if (!own.empty()) lines.push_back(own + "; trial games went better");
  for (const std::string& line : lines)
    if (line.size() <= kReasonColumns) return line;
  return "trial games went better";
}

std::string SearchAgent::reason(const State& state, PlayerId me, Action action) const {
  if (overruled_with_ == action)
    return overruled_reason(shown_, state, me, *fallback_, action, overruled_instead_);
  return fallback_->reason(state, me, action);
}

Decision SearchAgent::decide(const State& state, PlayerId me, Rng& rng) {
  overruled_with_.reset();
  const Decision proposal = fallback_->decide(state, me, rng);
  if (!worth_searching(config_, state, me, legal_)) return proposal;
  const auto base_it = std::lower_bound(legal_.begin(), legal_.end(), proposal.action);
  if (base_it == legal_.end() || *base_it != proposal.action) return proposal;
  const auto base = static_cast<std::size_t>(base_it - legal_.begin());

  const std::size_t k = legal_.size();
  const SearchBudget& b = config_.budget;
  // The thinking factor scales the samples of a search that follows it (an
  // expert's; hard's stays as it is).
  const long long percent = b.follows_think ? think_percent_ : 100;
  const auto scaled = [&](int n) { return static_cast<int>(std::max(1LL, n * percent / 100)); };
  const int iterations =
      std::max(2, std::min(scaled(b.iterations), scaled(b.max_playouts) / static_cast<int>(k)));
  players_.seat(state.num_players());
  sum_.assign(k, 0.0);
  diff_.assign(k, 0.0);
  diff_sq_.assign(k, 0.0);
  thread_local std::vector<double> value;
  value.resize(k);
  for (int it = 0; it < iterations; ++it) {
    // Every action meets the same hidden cards and the same stream of dice.
    const std::uint64_t seed = rng.next64();
    for (std::size_t a = 0; a < k; ++a) {
      Rng r(seed);
      auto sim = state.clone();
      sim->determinize(me, r);
      sim->apply(me, legal_[a], state.now());
      value[a] = playout(*sim, me, r);
    }
    for (std::size_t a = 0; a < k; ++a) {
      const double d = value[a] - value[base];
      sum_[a] += value[a];
      diff_[a] += d;
      diff_sq_[a] += d * d;
    }
  }
  ++stats_.decisions;
  stats_.playouts += static_cast<std::uint64_t>(iterations) * k;

  // The best mean, if it beats the fallback's move by the margin (paired differences).
  std::size_t best = base;
  for (std::size_t a = 0; a < k; ++a)
    if (sum_[a] > sum_[best]) best = a;
  if (best == base) return proposal;
  const double n = iterations;
  const double mean = diff_[best] / n;
  const double var = std::max(0.0, (diff_sq_[best] / n - mean * mean) * n / (n - 1));
  if (mean <= 0 || mean <= b.margin * std::sqrt(var / n)) return proposal;
  ++stats_.overruled;
  overruled_with_ = legal_[best];
  overruled_instead_ = proposal.action;
  return Decision{legal_[best], 0};
}

}  // namespace rt
