#include "tui/bench.h"

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/table.h"
#include "games/registry.h"

namespace rt::cli {
namespace {

struct BenchResult {
  std::uint64_t games = 0;
  std::uint64_t decisions = 0;
  double seconds = 0;
};

// Plays random-bot games with seeds first, first+stride, ... until time is up.
BenchResult play_for(const std::shared_ptr<const Game>& game, int players, double seconds,
                     std::uint64_t first_seed, std::uint64_t stride) {
  BenchResult r;
  std::vector<Seat> seats(static_cast<std::size_t>(players));
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t seed = first_seed;; seed += stride) {
    Table table(game, seats, seed);
    table.set_recording(false);
    table.advance();
    r.decisions += table.decisions();
    ++r.games;
    if ((r.games & 15) == 0) {
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (t >= seconds) {
        r.seconds = t;
        break;
      }
    }
  }
  return r;
}

}  // namespace

int run_bench(const BenchOptions& opt) {
  if (opt.seconds <= 0 || opt.seconds > 3600) throw UserError("--seconds must be between 0 and 3600");
  if (opt.jobs < 1 || opt.jobs > 256) throw UserError("--jobs must be between 1 and 256");
  const Registry& registry = builtin_registry();
  if (!opt.game.empty()) registry.get(opt.game);
  bool first = true;
  if (!opt.json) std::printf("%-12s %7s %12s %14s %6s\n", "game", "players", "games/s", "decisions/s", "jobs");
  for (const auto& e : registry.all()) {
    if (!opt.game.empty() && e.info.id != opt.game) continue;
    const int players = std::min(4, e.info.max_players);
    Options o;
    o.players = players;
    std::shared_ptr<const Game> game = registry.create(e.info.id, o, DataSource::embedded());
    std::vector<BenchResult> results(static_cast<std::size_t>(opt.jobs));
    std::vector<std::thread> threads;
    for (int j = 0; j < opt.jobs; ++j)
      threads.emplace_back([&, j] {
        results[static_cast<std::size_t>(j)] =
            play_for(game, players, opt.seconds, static_cast<std::uint64_t>(j), static_cast<std::uint64_t>(opt.jobs));
      });
    for (auto& t : threads) t.join();
    BenchResult total;
    for (const auto& r : results) {
      total.games += r.games;
      total.decisions += r.decisions;
      total.seconds = std::max(total.seconds, r.seconds);
    }
    const double gps = static_cast<double>(total.games) / total.seconds;
    const double dps = static_cast<double>(total.decisions) / total.seconds;
    if (opt.json) {
      std::printf("%s{\"game\":\"%s\",\"players\":%d,\"jobs\":%d,\"games_per_s\":%.1f,\"decisions_per_s\":%.0f}",
                  first ? "[" : ",", e.info.id.c_str(), players, opt.jobs, gps, dps);
    } else {
      std::printf("%-12s %7d %12.0f %14.0f %6d\n", e.info.id.c_str(), players, gps, dps, opt.jobs);
    }
    first = false;
  }
  if (opt.json) std::printf("%s\n", first ? "[]" : "]");
  return 0;
}

}  // namespace rt::cli
