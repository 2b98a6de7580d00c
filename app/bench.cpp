#include "app/bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/ismcts_agent.h"
#include "core/seat.h"
#include "core/table.h"
#include "games/registry.h"

namespace rt::cli {
namespace {

struct BenchResult {
  std::uint64_t games = 0;
  std::uint64_t decisions = 0;
  std::uint64_t checksum = 0;  // order-independent digest of every game's outcome
  double seconds = 0;
};

void play_one(const std::shared_ptr<const Game>& game, const std::vector<Seat>& seats, std::uint64_t seed,
              BenchResult& r) {
  Table table(game, seats, seed);
  table.set_recording(false);
  table.advance();
  r.decisions += table.decisions();
  ++r.games;
  std::uint64_t digest = seed * 0x9E3779B97F4A7C15ull + table.decisions();
  // winners(), not standings(): the result without the texts written for people.
  thread_local std::vector<PlayerId> winners;
  table.state().winners(winners);
  for (PlayerId w : winners) digest = digest * 31 + static_cast<std::uint64_t>(w);
  r.checksum += digest;
}

// Thread j plays seeds first+j, first+j+jobs, ...: a seed's game never depends on the thread.
BenchResult run_jobs(const std::shared_ptr<const Game>& game, const std::vector<Seat>& seats,
                     const BenchOptions& opt) {
  std::vector<BenchResult> results(static_cast<std::size_t>(opt.jobs));
  std::vector<std::thread> threads;
  const auto start = std::chrono::steady_clock::now();
  for (int j = 0; j < opt.jobs; ++j) {
    threads.emplace_back([&, j] {
      BenchResult& r = results[static_cast<std::size_t>(j)];
      for (std::uint64_t seed = 1 + static_cast<std::uint64_t>(j);;
           seed += static_cast<std::uint64_t>(opt.jobs)) {
        if (opt.games > 0 && seed > static_cast<std::uint64_t>(opt.games)) break;
        play_one(game, seats, seed, r);
        if (opt.games == 0 && (r.games & 15) == 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= opt.seconds)
          break;
      }
    });
  }
  for (auto& t : threads) t.join();
  BenchResult total;
  for (const auto& r : results) {
    total.games += r.games;
    total.decisions += r.decisions;
    total.checksum += r.checksum;
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return total;
}

int speed(const BenchOptions& opt) {
  const Registry& registry = builtin_registry();
  bool first = true;
  if (!opt.json)
    std::printf("%-12s %7s %5s %9s %12s %14s %18s\n", "game", "players", "jobs", "games", "games/s",
                "decisions/s", "checksum");
  for (const auto& e : registry.all()) {
    if (!opt.game.empty() && e.info.id != opt.game) continue;
    const int players = opt.players ? opt.players : std::min(4, e.info.max_players);
    Options o;
    o.players = players;
    std::shared_ptr<const Game> game = registry.create(e.info.id, o, DataSource::embedded());
    const std::vector<Seat> seats(static_cast<std::size_t>(players));
    const BenchResult r = run_jobs(game, seats, opt);
    const double gps = static_cast<double>(r.games) / r.seconds;
    const double dps = static_cast<double>(r.decisions) / r.seconds;
    if (opt.json)
      std::printf(
          "%s{\"game\":\"%s\",\"players\":%d,\"jobs\":%d,\"games\":%llu,\"decisions\":%llu,"
          "\"seconds\":%.3f,\"games_per_s\":%.1f,\"decisions_per_s\":%.0f,\"checksum\":\"%016llx\"}",
          first ? "[" : ",", e.info.id.c_str(), players, opt.jobs, static_cast<unsigned long long>(r.games),
          static_cast<unsigned long long>(r.decisions), r.seconds, gps, dps,
          static_cast<unsigned long long>(r.checksum));
    else
      std::printf("%-12s %7d %5d %9llu %12.0f %14.0f   %016llx\n", e.info.id.c_str(), players, opt.jobs,
                  static_cast<unsigned long long>(r.games), gps, dps,
                  static_cast<unsigned long long>(r.checksum));
    std::fflush(stdout);
    first = false;
  }
  if (opt.json) std::printf("%s\n", first ? "[]" : "]");
  return 0;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= s.size()) {
    std::size_t j = s.find(',', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// Milliseconds of CPU this thread has used: thinking time that other
// programs sharing the machine do not inflate (wall time would).
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// An agent around another: the table's pace and thinking factor reach the
// one inside.
class WrappingAgent : public Agent {
 public:
  explicit WrappingAgent(std::unique_ptr<Agent> inner) : inner_(std::move(inner)) {}
  void set_contest_pace(ContestPace pace) override {
    Agent::set_contest_pace(pace);
    inner_->set_contest_pace(pace);
  }
  void set_think_percent(unsigned percent) override { inner_->set_think_percent(percent); }

 protected:
  std::unique_ptr<Agent> inner_;
};

// Times every decision of the agent it wraps (thinking time on this machine,
// not the reaction delay it asks for).
class TimedAgent final : public WrappingAgent {
 public:
  TimedAgent(std::unique_ptr<Agent> inner, std::vector<double>& times)
      : WrappingAgent(std::move(inner)), times_(times) {}
  Decision decide(const State& state, PlayerId me, Rng& rng) override {
    const double start = thread_cpu_ms();
    const Decision d = inner_->decide(state, me, rng);
    times_.push_back(thread_cpu_ms() - start);
    return d;
  }

 private:
  std::vector<double>& times_;
};

// The first level with --random-choices: every untimed decision with a choice
// is made uniformly at random, timed contests are the level's own. Against
// the same level, what its choices are worth at all, apart from its reflexes.
class RandomChoicesAgent final : public WrappingAgent {
 public:
  using WrappingAgent::WrappingAgent;
  Decision decide(const State& state, PlayerId me, Rng& rng) override {
    if (state.timed()) return inner_->decide(state, me, rng);
    const std::span<const Action> legal = state.legal_span(me, legal_);
    if (legal.size() < 2) return inner_->decide(state, me, rng);
    return Decision{legal[rng.below(static_cast<std::uint32_t>(legal.size()))], 0};
  }

 private:
  std::vector<Action> legal_;
};

struct PairResult {
  double score[2] = {0, 0};          // level a's points, and level b's (every b seat together)
  std::vector<double> times[2];      // CPU ms of each decision, level a's and level b's
  double margin = 0, margin_sq = 0;  // per game: a's points minus b's
};

// Game g of a pairing, with `players` seats: seed 1000 + g / players, level a
// in seat g % players (so a seed is played with a in every seat: heads-up,
// the seats swapped) and level b in every other seat.
void play_pair(const std::shared_ptr<const Game>& game, BotLevel a, BotLevel b, int g, int players,
               const BenchOptions& opt, PairResult& r) {
  const auto mine = static_cast<PlayerId>(g % players);
  std::vector<Seat> seats;
  for (PlayerId p = 0; p < players; ++p)
    seats.push_back(Seat{std::string(1, static_cast<char>('A' + p)), SeatKind::Bot, p == mine ? a : b});
  Table table(game, seats, 1000 + static_cast<std::uint64_t>(g / players));
  table.set_recording(false);
  table.set_think_percent(opt.think_percent);
  for (PlayerId p = 0; p < players; ++p) {
    const int side = p == mine ? 0 : 1;
    std::unique_ptr<Agent> agent = make_agent(*game, seats[static_cast<std::size_t>(p)].level);
    if (auto* expert = dynamic_cast<IsmctsAgent*>(agent.get()); expert && opt.cheat && p == mine)
      expert->set_omniscient(true);
    if (opt.random_choices && p == mine) agent = std::make_unique<RandomChoicesAgent>(std::move(agent));
    table.set_agent(p, std::make_unique<TimedAgent>(std::move(agent), r.times[side]));
  }
  table.advance();
  const auto winners = table.state().standings().winners();
  double points[2] = {0, 0};
  for (PlayerId w : winners) points[w == mine ? 0 : 1] += 1.0 / static_cast<double>(winners.size());
  r.score[0] += points[0];
  r.score[1] += points[1];
  const double m = points[0] - points[1];
  r.margin += m;
  r.margin_sq += m * m;
}

struct TimeSummary {
  double mean = 0, p99 = 0, max = 0;
};

TimeSummary summarize(std::vector<double> times) {
  TimeSummary t;
  if (times.empty()) return t;
  std::sort(times.begin(), times.end());
  double total = 0;
  for (double x : times) total += x;
  t.mean = total / static_cast<double>(times.size());
  t.p99 = times[std::min(times.size() - 1, times.size() * 99 / 100)];
  t.max = times.back();
  return t;
}

PairResult play_pairing(const std::shared_ptr<const Game>& game, BotLevel a, BotLevel b, int games,
                        int players, const BenchOptions& opt) {
  std::vector<PairResult> part(static_cast<std::size_t>(opt.jobs));
  std::vector<std::thread> threads;
  for (int t = 0; t < opt.jobs; ++t)
    threads.emplace_back([&, t] {
      for (int g = t; g < games; g += opt.jobs)
        play_pair(game, a, b, g, players, opt, part[static_cast<std::size_t>(t)]);
    });
  for (auto& t : threads) t.join();
  PairResult r;
  for (auto& p : part) {
    for (int side = 0; side < 2; ++side) {
      r.score[side] += p.score[side];
      r.times[side].insert(r.times[side].end(), p.times[side].begin(), p.times[side].end());
    }
    r.margin += p.margin;
    r.margin_sq += p.margin_sq;
  }
  return r;
}

std::string time_text(const std::vector<double>& times) {
  const TimeSummary t = summarize(times);
  return fmt::format("{:.3f}, {:.1f}, {:.1f}", t.mean, t.p99, t.max);
}

// With more than two players: the first level alone in one seat (each seat in
// turn) against the others, one at a time, in every other seat; its win rate
// against an equal seat's share.
int one_against_field(const GameEntry& e, const std::vector<std::string>& levels,
                      const std::vector<BotLevel>& typed, int games, int players, const BenchOptions& opt) {
  Options o;
  o.players = players;
  std::shared_ptr<const Game> game = builtin_registry().create(e.info.id, o, DataSource::embedded());
  std::printf("%s: one %s against %d of another level, %d games (seats rotated; 95%% interval)\n",
              e.info.name.c_str(), levels[0].c_str(), players - 1, games);
  for (std::size_t j = 1; j < typed.size(); ++j) {
    const PairResult r = play_pairing(game, typed[0], typed[j], games, players, opt);
    const double p = r.score[0] / games;
    const double ci = 1.96 * std::sqrt(p * (1 - p) / games);
    std::printf(
        "  %s vs %d %s: %.1f%% ±%.1f%% (an equal seat: %.1f%%); CPU ms/decision (mean, p99, max): %s %s, %s "
        "%s\n",
        levels[0].c_str(), players - 1, levels[j].c_str(), 100 * p, 100 * ci, 100.0 / players,
        levels[0].c_str(), time_text(r.times[0]).c_str(), levels[j].c_str(), time_text(r.times[1]).c_str());
  }
  std::printf("\n");
  std::fflush(stdout);
  return 0;
}

// Heads-up matches between two levels, seats swapped every other game; each
// pairing is played once and gives both levels' scores (a win shared by k
// scores 1/k; a game nobody wins scores 0 for both).
int tournament(const BenchOptions& opt) {
  const Registry& registry = builtin_registry();
  const std::vector<std::string> levels = split(opt.levels);  // as given, for the tables
  std::vector<BotLevel> typed;
  for (const auto& l : levels) {
    const std::optional<BotLevel> level = parse_bot_level(l);
    if (!level) throw UserError(fmt::format("unknown level '{}' in --levels", l));
    typed.push_back(*level);
  }
  const int games = opt.games > 0 ? opt.games : 200;
  const std::size_t n = levels.size();
  if (opt.cheat) std::printf("--cheat: the first level, if expert, sees every hidden card\n");
  if (opt.random_choices)
    std::printf("--random-choices: the first level chooses at random (its timed contests its own)\n");
  if (opt.think_percent != 100)
    std::printf("--think %u: experts play %u%% of their playouts\n", opt.think_percent, opt.think_percent);
  for (const auto& e : registry.all()) {
    if (!opt.game.empty() && e.info.id != opt.game) continue;
    if (opt.players > 2) {
      if (opt.players > e.info.max_players) continue;
      one_against_field(e, levels, typed, games, opt.players, opt);
      continue;
    }
    Options o;
    o.players = 2;
    std::shared_ptr<const Game> game = registry.create(e.info.id, o, DataSource::embedded());
    std::vector<std::vector<double>> score(n, std::vector<double>(n, -1));
    std::vector<std::vector<double>> times(n);
    std::vector<std::string> margins;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        PairResult r = play_pairing(game, typed[i], typed[j], games, 2, opt);
        const double mean = r.margin / games;
        const double var =
            games > 1 ? std::max(0.0, (r.margin_sq / games - mean * mean) * games / (games - 1)) : 0;
        const double ci = 1.96 * std::sqrt(var / games);
        margins.push_back(fmt::format("  {} - {}: {:+.1f} points per 100 games ±{:.1f} ({})", levels[i],
                                      levels[j], 100 * mean, 100 * ci,
                                      mean - ci > 0   ? fmt::format("{} ahead", levels[i])
                                      : mean + ci < 0 ? fmt::format("{} ahead", levels[j])
                                                      : "interval includes zero"));
        score[i][j] = r.score[0] / games;
        score[j][i] = r.score[1] / games;
        const std::size_t idx[2] = {i, j};
        for (int side = 0; side < 2; ++side)
          times[idx[side]].insert(times[idx[side]].end(), r.times[side].begin(), r.times[side].end());
      }
    std::printf("%s: row level's score against column level, %d heads-up games per pair (95%% interval)\n",
                e.info.name.c_str(), games);
    std::printf("%-8s", "");
    for (const auto& c : levels) std::printf(" %-17s", c.c_str());
    std::printf("  CPU ms/decision (mean, p99, max)\n");
    for (std::size_t i = 0; i < n; ++i) {
      std::printf("%-8s", levels[i].c_str());
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) {
          std::printf(" %-17s", "-");
          continue;
        }
        const double p = score[i][j];
        const double ci = 1.96 * std::sqrt(p * (1 - p) / games);
        std::printf(" %5.1f%% ±%4.1f%%    ", 100 * p, 100 * ci);
      }
      std::printf("  %s\n", time_text(times[i]).c_str());
    }
    std::printf("margin (row minus column, 95%% interval):\n");
    for (const auto& m : margins) std::printf("%s\n", m.c_str());
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int run_bench(const BenchOptions& opt) {
  if (opt.seconds <= 0 || opt.seconds > 3600) throw UserError("--seconds must be between 0 and 3600");
  if (opt.jobs < 1 || opt.jobs > 256) throw UserError("--jobs must be between 1 and 256");
  if (opt.games < 0) throw UserError("--games must not be negative");
  if (opt.think_percent < kMinThinkPercent || opt.think_percent > kMaxThinkPercent)
    throw UserError(fmt::format("--think must be between {} and {}", kMinThinkPercent, kMaxThinkPercent));
  if (!opt.game.empty()) builtin_registry().get(opt.game);
  return opt.tournament ? tournament(opt) : speed(opt);
}

}  // namespace rt::cli
