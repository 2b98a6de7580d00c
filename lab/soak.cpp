#include "lab/soak.h"

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "core/table.h"
#include "games/registry.h"

namespace rt::lab {
namespace {

// Checks what every game promises after a step; returns "" when all holds.
std::string check_step(const State& s, std::vector<PlayerId>& who, std::vector<Action>& acts) {
  std::string why = s.check_invariants();
  if (!why.empty()) return why;
  if (s.turn() == Turn::Over || s.turn() == Turn::Chance) return {};
  who.clear();
  s.actors(who);
  if (who.empty()) return "nobody is asked at a decision";
  for (PlayerId p : who) {
    acts.clear();
    s.legal_actions(p, acts);
    if (acts.empty()) return fmt::format("seat {} is asked but has no legal action", p + 1);
    for (std::size_t i = 1; i < acts.size(); ++i)
      if (acts[i - 1] >= acts[i]) return fmt::format("seat {}: legal actions not sorted and unique", p + 1);
  }
  return {};
}

}  // namespace

int run_soak(const SoakOptions& opt) {
  const Registry& registry = builtin_registry();
  if (!opt.game.empty()) registry.get(opt.game);
  // CLI11 reads "-5" into an unsigned as 2^64-5: a bound catches it.
  if (opt.decisions < 1 || opt.decisions > 1'000'000'000'000ull)
    throw UserError("--decisions must be between 1 and 1000000000000");
  int failures = 0;
  for (const auto& e : registry.all()) {
    if (!opt.game.empty() && e.info.id != opt.game) continue;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t decisions = 0, games = 0;
    std::vector<std::shared_ptr<const Game>> by_players;
    for (int n = e.info.min_players; n <= e.info.max_players; ++n) {
      Options o;
      o.players = n;
      by_players.push_back(registry.create(e.info.id, o, DataSource::embedded()));
    }
    std::vector<PlayerId> who;
    std::vector<Action> acts;
    for (std::uint64_t seed = opt.first_seed; decisions < opt.decisions; ++seed) {
      const auto& game = by_players[seed % by_players.size()];
      const int players = game->options().players;
      Table table(game, SeatVector<Seat>(players), seed);
      table.set_recording(false);
      std::string why;
      std::uint64_t steps = 0;
      while (why.empty() && table.advance_one()) {
        why = check_step(table.state(), who, acts);
        if (++steps > 2000000) why = "the game did not end within 2,000,000 steps";
      }
      if (why.empty() && !table.over()) why = "the game stopped before its end";
      ++games;
      decisions += table.decisions();
      if (!why.empty()) {
        std::printf("FAIL %s players=%d seed=%llu after %llu steps: %s\n", e.info.id.c_str(), players,
                    static_cast<unsigned long long>(seed), static_cast<unsigned long long>(steps),
                    why.c_str());
        ++failures;
        break;
      }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-12s %10llu decisions %8llu games %8.1f s  %s\n", e.info.id.c_str(),
                static_cast<unsigned long long>(decisions), static_cast<unsigned long long>(games), secs,
                failures ? "FAILED" : "ok");
    std::fflush(stdout);
  }
  return failures ? 1 : 0;
}

}  // namespace rt::lab
