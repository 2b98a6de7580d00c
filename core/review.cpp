#include "core/review.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/hint.h"
#include "core/playout_players.h"
#include "core/presenter.h"
#include "core/search_agent.h"
#include "core/timed_contests.h"

namespace rt {
namespace {

// A playout far longer than any game's: one that does not end by then is
// judged by the game's evaluator, else even.
constexpr int kMaxReviewSteps = 200000;

// The seat's share of the win when the game is over: 1, 1/k for a win
// shared by k, else 0. A playout cut short: the evaluator's judgement.
double win_share(const State& s, PlayerId me, const SearchConfig* config) {
  if (s.turn() != Turn::Over)
    return config && config->evaluate ? std::clamp(config->evaluate(s, me), 0.0, 1.0) : 0.5;
  std::vector<PlayerId> winners;
  s.winners(winners);
  if (std::find(winners.begin(), winners.end(), me) == winners.end()) return 0;
  return 1.0 / static_cast<double>(winners.size());
}

std::unique_ptr<Agent> expert(const Game& game, unsigned think_percent) {
  std::unique_ptr<Agent> agent = make_agent(game, kHintLevel);
  agent->set_think_percent(think_percent);
  return agent;
}

}  // namespace

std::vector<std::size_t> GameReview::turning_points() const {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].mistake()) out.push_back(i);
  std::stable_sort(out.begin(), out.end(),
                   [&](std::size_t a, std::size_t b) { return moves[a].gain() > moves[b].gain(); });
  if (out.size() > kTurningPoints) out.resize(kTurningPoints);
  return out;
}

int GameReview::mistakes() const {
  int n = 0;
  for (const auto& m : moves) n += m.mistake();
  return n;
}

double GameReview::mean_loss() const {
  double total = 0;
  for (const auto& m : moves) total += m.mistake() ? m.gain() : 0.0;
  return moves.empty() ? 0 : total / static_cast<double>(moves.size());
}

std::vector<ReviewTask> review_tasks(const Game& game, const std::vector<Step>& history, PlayerId seat,
                                     ReviewSkipped& skipped) {
  const std::unique_ptr<Agent> agent = make_agent(game, kHintLevel);
  static const SearchConfig kNoSearch;
  const SearchConfig& config = agent->search_config() ? *agent->search_config() : kNoSearch;
  std::vector<ReviewTask> tasks;
  std::unique_ptr<State> state = game.new_initial_state();
  std::vector<Action> legal;
  int decision = 0, turn = 0;
  PlayerId last = kEveryone;
  for (std::size_t i = 0; i < history.size(); ++i) {
    const Step& step = history[i];
    if (step.player >= 0) {
      if (step.player != last) ++turn;
      last = step.player;
      if (step.player == seat) {
        legal.clear();
        state->legal_actions(seat, legal);
        if (timed(*state))
          ++skipped.contests;
        else if (legal.size() < 2)
          ++skipped.forced;
        else if (!worth_searching(config, *state, seat, legal))
          ++skipped.left;
        else {
          ReviewTask t;
          t.before = state->clone();
          t.move.step = i;
          t.move.decision = decision;
          t.move.turn = turn;
          t.move.seat = seat;
          t.move.played = step.action;
          t.move.played_text = game.presenter().action_label(*state, seat, step.action);
          tasks.push_back(std::move(t));
        }
      }
      ++decision;
    }
    state->apply(step.player, step.action, step.tick);
  }
  return tasks;
}

int review_playouts(unsigned think_percent) {
  const long long scaled = static_cast<long long>(kReviewPlayouts) * think_percent / 100;
  return static_cast<int>(std::clamp(scaled, 2LL, 1'000'000LL));
}

Rng review_rng(std::uint64_t seed, PlayerId seat, std::size_t step) {
  return Rng::stream(seed, fmt::format("review:{}:{}", int{seat}, step));
}

void review_move(const Game& game, ReviewTask& task, unsigned think_percent, Rng& rng) {
  const State& before = *task.before;
  ReviewedMove& m = task.move;
  const PlayerId me = m.seat;
  const std::unique_ptr<Agent> agent = expert(game, think_percent);
  const Action proposal = agent->decide(before, me, rng).action;
  const SearchConfig* config = agent->search_config();
  PlayoutPlayers players(config ? config->playout_policy : AgentFactory{},
                         config ? config->budget.random_per_mille : 0);
  players.seat(before.num_players());
  const Action moves[2] = {m.played, proposal};
  const int kinds = proposal == m.played ? 1 : 2;
  const int n = review_playouts(think_percent);
  double sum[2] = {0, 0}, diff = 0, diff_sq = 0;
  const auto no_stop = [](const State&, int) { return false; };
  for (int it = 0; it < n; ++it) {
    // Both moves meet the same hidden cards and the same dice.
    const std::uint64_t seed = rng.next64();
    double value[2] = {0, 0};
    for (int k = 0; k < kinds; ++k) {
      Rng r(seed);
      auto sim = before.clone();
      sim->determinize(me, r);
      sim->apply(me, moves[k], before.now());
      players.start_playout(sim->num_players());
      players.play_on(*sim, 0, kMaxReviewSteps, no_stop, r);
      value[k] = win_share(*sim, me, config);
      sum[k] += value[k];
    }
    const double d = kinds == 2 ? value[1] - value[0] : 0;
    diff += d;
    diff_sq += d * d;
  }
  const double mean = diff / n;
  const double var = std::max(0.0, (diff_sq / n - mean * mean) * n / (n - 1));
  m.playouts = n;
  m.win_played = sum[0] / n;
  // The better of the two: the expert's move can measure worse than the one
  // played, and then the move played was as good as any it found.
  if (kinds == 2 && mean > 0) {
    m.best = proposal;
    m.best_text = game.presenter().action_label(before, me, proposal);
    m.win_best = sum[1] / n;
  } else {
    m.best = m.played;
    m.best_text = m.played_text;
    m.win_best = m.win_played;
  }
  m.spread = kinds == 2 ? 1.96 * std::sqrt(var / n) : 0;
}

GameReview review_game(const Table& table, PlayerId seat, unsigned think_percent,
                       const std::function<void(std::size_t, std::size_t)>& progress) {
  GameReview review;
  review.seat = seat;
  std::vector<ReviewTask> tasks = review_tasks(table.game(), table.history(), seat, review.skipped);
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    Rng rng = review_rng(table.seed(), seat, tasks[i].move.step);
    review_move(table.game(), tasks[i], think_percent, rng);
    review.moves.push_back(std::move(tasks[i].move));
    if (progress) progress(i + 1, tasks.size());
  }
  return review;
}

std::string percent_text(double chance) {
  return fmt::format("{:.0f}%", std::clamp(chance, 0.0, 1.0) * 100.0);
}

namespace {

// Points of chance: 0.12 -> "12".
std::string points(double x) {
  return fmt::format("{:.0f}", std::abs(x) * 100.0);
}

// The better move's edge as the two rounded percentages show it (46% and
// 34%: 12), so the words never disagree with the numbers beside them.
std::string gain_points(const ReviewedMove& m) {
  return fmt::format("{:.0f}", std::round(m.win_best * 100.0) - std::round(m.win_played * 100.0));
}

std::string quoted(const std::string& s) {
  return "\"" + s + "\"";
}

}  // namespace

std::string turning_point_text(const ReviewedMove& m) {
  return fmt::format(
      "Turn {} (decision {}): you played {}; {} gave about {} points more chance to win ({} "
      "against {}, ±{}).",
      m.turn, m.decision + 1, quoted(m.played_text), quoted(m.best_text), gain_points(m),
      percent_text(m.win_best), percent_text(m.win_played), points(m.spread));
}

std::string decision_text(const ReviewedMove& m) {
  std::string line = fmt::format("turn {:>3}  decision {:>3}  {} {}", m.turn, m.decision + 1,
                                 quoted(m.played_text), percent_text(m.win_played));
  if (m.best == m.played) return line + ": the expert's move too";
  line += fmt::format("; better {} {} (+{} ±{})", quoted(m.best_text), percent_text(m.win_best),
                      gain_points(m), points(m.spread));
  return line + (m.mistake() ? ": a mistake" : ": within the spread, no mistake");
}

std::string review_totals_text(const GameReview& r) {
  const int mistakes = r.mistakes();
  return fmt::format(
      "{} decision{} reviewed, {} mistake{}, {:.1f} points of chance lost a decision on average.",
      r.moves.size(), r.moves.size() == 1 ? "" : "s", mistakes, mistakes == 1 ? "" : "s",
      r.mean_loss() * 100.0);
}

std::string skipped_text(const ReviewSkipped& k) {
  std::vector<std::string> parts;
  if (k.contests > 0)
    parts.push_back(fmt::format("{} in timed contests (reflexes, not choices)", k.contests));
  if (k.forced > 0) parts.push_back(fmt::format("{} with one legal move", k.forced));
  if (k.left > 0)
    parts.push_back(fmt::format("{} the expert leaves to its heuristic (a puzzle's slides)", k.left));
  if (parts.empty()) return {};
  std::string s = "Not reviewed: ";
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s + ".";
}

}  // namespace rt
