#include "lab/bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/index_array.h"
#include "core/seat.h"
#include "core/table.h"
#include "games/registry.h"
#include "lab/tournament.h"

namespace rt::lab {
namespace {

struct BenchResult {
  std::uint64_t games = 0;
  std::uint64_t decisions = 0;
  std::uint64_t checksum = 0;  // order-independent digest of every game's outcome
  double seconds = 0;
};

void play_one(const std::shared_ptr<const Game>& game, const SeatVector<Seat>& seats, std::uint64_t seed,
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
BenchResult run_jobs(const std::shared_ptr<const Game>& game, const SeatVector<Seat>& seats,
                     const BenchOptions& opt) {
  IndexVector<int, BenchResult> results(opt.jobs);
  std::vector<std::thread> threads;
  const auto start = std::chrono::steady_clock::now();
  for (int j = 0; j < opt.jobs; ++j) {
    threads.emplace_back([&, j] {
      BenchResult& r = results[j];
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
    const SeatVector<Seat> seats(players);
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

}  // namespace

int run_bench(const BenchOptions& opt) {
  if (opt.seconds <= 0 || opt.seconds > 3600) throw UserError("--seconds must be between 0 and 3600");
  if (opt.jobs < 1 || opt.jobs > 256) throw UserError("--jobs must be between 1 and 256");
  if (opt.games < 0) throw UserError("--games must not be negative");
  if (opt.think_percent < kMinThinkPercent || opt.think_percent > kMaxThinkPercent)
    throw UserError(fmt::format("--think must be between {} and {}", kMinThinkPercent, kMaxThinkPercent));
  if (!opt.game.empty()) builtin_registry().get(opt.game);
  if (!opt.shard.empty() && !opt.tournament)
    throw OptionError("--shard splits a tournament: give --tournament too");
  if (opt.review_check) return review_check(opt);
  return opt.tournament ? tournament(opt) : speed(opt);
}

}  // namespace rt::lab
