// Micro-benchmarks of the functions the engine calls on every decision, for
// every registered game: legal_actions and prompt (what a player is asked),
// chance_outcomes, apply (a whole recorded game replayed), clone and
// determinize. A benchmark, not a test: it asserts nothing about time and is
// not registered with ctest (`make bench-micro` runs it).
//
// The positions come from real games: random bots play seeds 1-4 with 4
// players (fewer when the game allows fewer) and every Nth position is kept.
// Each BENCHMARK runs over the whole pool, so its time is per pool; divide
// by the pool size printed in its name for one call.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/presenter.h"
#include "core/rng.h"
#include "core/table.h"
#include "games/registry.h"

namespace {

using namespace rt;

struct Asked {
  std::unique_ptr<State> state;
  PlayerId player;
};

// Positions of a few random games, and one recorded game to replay.
struct Positions {
  std::shared_ptr<const Game> game;
  std::vector<Asked> decisions;                // a player is asked
  std::vector<std::unique_ptr<State>> chance;  // the driver samples
  std::vector<Step> recorded;                  // seed 1, every step
};

constexpr std::size_t kPool = 64;

Positions collect(const GameEntry& entry) {
  Positions out;
  Options o;
  o.players = std::min(4, entry.info.max_players);
  out.game = builtin_registry().create(entry.info.id, o, DataSource::embedded());
  std::vector<Asked> decisions;
  std::vector<std::unique_ptr<State>> chance;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Table table(out.game, std::vector<Seat>(static_cast<std::size_t>(o.players)), seed);
    table.advance();
    if (seed == 1) out.recorded = table.history();
    // Replay the game, keeping the position before every step.
    auto state = out.game->new_initial_state();
    for (const Step& st : table.history()) {
      if (st.player == kChance)
        chance.push_back(state->clone());
      else if (st.player >= 0)
        decisions.push_back(Asked{state->clone(), st.player});
      state->apply(st.player, st.action, st.tick);
    }
  }
  // Every Nth position, so the pool spans whole games.
  const std::size_t dstep = std::max<std::size_t>(1, decisions.size() / kPool);
  for (std::size_t i = 0; i < decisions.size() && out.decisions.size() < kPool; i += dstep)
    out.decisions.push_back(std::move(decisions[i]));
  const std::size_t cstep = std::max<std::size_t>(1, chance.size() / kPool);
  for (std::size_t i = 0; i < chance.size() && out.chance.size() < kPool; i += cstep)
    out.chance.push_back(std::move(chance[i]));
  return out;
}

}  // namespace

TEST_CASE("Hot functions of every game", "[bench]") {
  for (const GameEntry& entry : builtin_registry().all()) {
    const Positions pos = collect(entry);
    const std::string id = entry.info.id;
    const std::string nd = std::to_string(pos.decisions.size());
    const std::string nc = std::to_string(pos.chance.size());
    REQUIRE(!pos.decisions.empty());

    std::vector<Action> actions;
    actions.reserve(256);
    BENCHMARK(id + ": legal_actions x" + nd) {
      std::size_t n = 0;
      for (const Asked& d : pos.decisions) {
        actions.clear();
        d.state->legal_actions(d.player, actions);
        n += actions.size();
      }
      return n;
    };

    BENCHMARK(id + ": prompt x" + nd) {
      std::size_t n = 0;
      for (const Asked& d : pos.decisions) n += pos.game->presenter().prompt(*d.state, d.player).size();
      return n;
    };

    std::vector<Outcome> outcomes;
    outcomes.reserve(256);
    BENCHMARK(id + ": chance_outcomes x" + nc) {
      std::size_t n = 0;
      for (const auto& s : pos.chance) {
        outcomes.clear();
        s->chance_outcomes(outcomes);
        n += outcomes.size();
      }
      return n;
    };

    BENCHMARK(id + ": apply, a recorded game of " + std::to_string(pos.recorded.size()) +
              " steps from the initial state") {
      auto s = pos.game->new_initial_state();
      for (const Step& st : pos.recorded) s->apply(st.player, st.action, st.tick);
      return s->turn();
    };

    BENCHMARK(id + ": clone x" + nd) {
      std::size_t n = 0;
      for (const Asked& d : pos.decisions) n += d.state->clone()->num_players();
      return n;
    };

    // determinize changes the state: each run works on fresh clones, made
    // outside the measured part.
    BENCHMARK_ADVANCED(id + ": determinize x" + nd)(Catch::Benchmark::Chronometer meter) {
      std::vector<std::vector<std::unique_ptr<State>>> copies(static_cast<std::size_t>(meter.runs()));
      for (auto& run : copies)
        for (const Asked& d : pos.decisions) run.push_back(d.state->clone());
      Rng rng(7);
      meter.measure([&](int r) {
        auto& run = copies[static_cast<std::size_t>(r)];
        for (std::size_t i = 0; i < run.size(); ++i) run[i]->determinize(pos.decisions[i].player, rng);
        return run.size();
      });
    };
  }
}

// The computer players at each level, whole games: what a table of computers
// costs (measured here, not asserted in a test: on a shared machine a time
// limit would be flaky).
TEST_CASE("Bots at every level play whole games", "[bench][bots]") {
  for (const GameEntry& entry : builtin_registry().all()) {
    Options o;
    o.players = std::min(4, entry.info.max_players);
    const std::shared_ptr<const Game> game =
        builtin_registry().create(entry.info.id, o, DataSource::embedded());
    for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
      BENCHMARK(entry.info.id + ": a " + std::to_string(o.players) + "-player game at level " +
                std::string(level_name(level))) {
        Table table(
            game, std::vector<Seat>(static_cast<std::size_t>(o.players), Seat{"P", SeatKind::Bot, level}), 1);
        table.advance();
        return table.decisions();
      };
    }
  }
}
