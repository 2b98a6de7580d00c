// `racetable bench --review-check`: how good the review's estimates are.
// Games are played by the levels given (the first level in seat 1, the one
// reviewed, the second in every other seat); wherever the review rates a
// move above the one played, the game is played on from the true position
// (the real hidden cards, not samples) many times with each of the two
// moves, by the same levels, and the wins counted: does the better-rated
// move win more often, and by about as much as the review said?
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "core/index_array.h"
#include "core/review.h"
#include "core/table.h"
#include "games/registry.h"
#include "lab/bench.h"

namespace rt::lab {
namespace {

// Games played on from a position per move.
constexpr int kPlayOn = 40;

struct Compared {
  bool mistake = false;
  double estimated = 0;  // win_best - win_played, as the review said
  double actual = 0;     // the same difference in the games played on
};

// Seat `seat`'s share of the win in a game played on from history[0, step)
// with `move` at `step`: the same seats and levels, the dice and the
// computers' streams from a seed of its own.
double play_on(const Table& game, std::size_t step, Action move, std::uint64_t seed) {
  Table t(game.game_ptr(), game.seats(), seed);
  t.set_think_percent(game.think_percent());
  t.set_recording(false);
  for (std::size_t i = 0; i < step; ++i) t.replay_step(game.history()[i]);
  const Step& decided = game.history()[step];
  t.replay_step(Step{decided.player, move, decided.tick});
  t.advance();
  std::vector<PlayerId> winners;
  t.state().winners(winners);
  for (PlayerId w : winners)
    if (w == decided.player) return 1.0 / static_cast<double>(winners.size());
  return 0;
}

std::vector<Compared> check_game(const std::shared_ptr<const Game>& game, const std::vector<Seat>& seats,
                                 std::uint64_t seed, unsigned think) {
  Table table(game, seats, seed);
  table.set_think_percent(think);
  table.advance();
  const GameReview review = review_game(table, 0, think);
  std::vector<Compared> out;
  for (const ReviewedMove& m : review.moves) {
    if (m.best == m.played) continue;
    double wins[2] = {0, 0};
    for (int r = 0; r < kPlayOn; ++r) {
      const std::uint64_t s = Rng::stream(seed, fmt::format("check:{}:{}", m.step, r)).next64();
      wins[0] += play_on(table, m.step, m.played, s);
      wins[1] += play_on(table, m.step, m.best, s);
    }
    out.push_back(Compared{m.mistake(), m.gain(), (wins[1] - wins[0]) / kPlayOn});
  }
  return out;
}

struct Tally {
  int n = 0, better = 0, worse = 0;
  double estimated = 0, actual = 0, actual_sq = 0;
  void add(const Compared& c) {
    ++n;
    better += c.actual > 0;
    worse += c.actual < 0;
    estimated += c.estimated;
    actual += c.actual;
    actual_sq += c.actual * c.actual;
  }
  std::string text(const std::string& what) const {
    if (n == 0) return fmt::format("  {}: none\n", what);
    const double mean = actual / n;
    const double var = n > 1 ? std::max(0.0, (actual_sq / n - mean * mean) * n / (n - 1)) : 0;
    return fmt::format(
        "  {}: {} decisions; the better-rated move won more often in {} ({:.0f}%), less often in {}; "
        "estimated gain {:.1f} points, played-on gain {:.1f} ±{:.1f}\n",
        what, n, better, 100.0 * better / n, worse, 100 * estimated / n, 100 * mean,
        196 * std::sqrt(var / n));
  }
};

}  // namespace

int review_check(const BenchOptions& opt) {
  const std::vector<std::string> levels = split_levels(opt.levels);
  if (levels.size() != 2)
    throw OptionError("--review-check plays two levels: --levels REVIEWED,OTHERS (normal,hard, say)");
  std::vector<BotLevel> typed;
  for (const auto& l : levels) {
    const auto level = parse_bot_level(l);
    if (!level) throw OptionError(fmt::format("unknown level '{}' in --levels", l));
    typed.push_back(*level);
  }
  const Registry& registry = builtin_registry();
  const int games = opt.games > 0 ? opt.games : 20;
  for (const auto& e : registry.all()) {
    if (!opt.game.empty() && e.info.id != opt.game) continue;
    const int players = opt.players > 0 ? opt.players : 2;
    if (players > e.info.max_players) continue;
    Options o;
    o.players = players;
    std::shared_ptr<const Game> game = registry.create(e.info.id, o, DataSource::embedded());
    std::vector<Seat> seats;
    for (int p = 0; p < players; ++p)
      seats.push_back(Seat{std::string(1, static_cast<char>('A' + p)), SeatKind::Bot, typed[p == 0 ? 0 : 1]});
    IndexVector<int, std::vector<Compared>> per_game(games);
    std::vector<std::thread> threads;
    for (int t = 0; t < opt.jobs; ++t)
      threads.emplace_back([&, t] {
        for (int g = t; g < games; g += opt.jobs)
          per_game[g] = check_game(game, seats, 1 + static_cast<std::uint64_t>(g), opt.think_percent);
      });
    for (auto& t : threads) t.join();
    Tally mistakes, within;
    for (const auto& list : per_game)
      for (const Compared& c : list) (c.mistake ? mistakes : within).add(c);
    std::printf(
        "%s: seat 1 %s reviewed against %d %s, %d games (seeds 1..%d), think %u%%; each move where the "
        "expert "
        "found a better one played on %d times from the true position by the same levels\n",
        e.info.name.c_str(), levels[0].c_str(), players - 1, levels[1].c_str(), games, games,
        opt.think_percent, kPlayOn);
    std::printf("%s%s\n", mistakes.text("named mistakes").c_str(), within.text("within the spread").c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace rt::lab
