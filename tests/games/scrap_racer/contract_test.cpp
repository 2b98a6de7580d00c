// The generic Game contract, the soak and golden transcripts for Scrap Racer.
#include <catch2/catch.hpp>

#include <chrono>

#include "games/scrap_racer/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Scrap Racer: the Game contract holds in random play for 2-6 players", "[scrap-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 6;
  test::check_game_contract(scrap_racer::entry(), cfg);
}

TEST_CASE("Scrap Racer: the Game contract holds for every variant and layout", "[scrap-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 3;
  cfg.variants = {"short"};
  test::check_game_contract(scrap_racer::entry(), cfg);
  cfg.variants = {"two-racers"};
  cfg.player_counts = {2, 3};
  test::check_game_contract(scrap_racer::entry(), cfg);
  cfg.variants = {};
  cfg.player_counts = {3, 5};
  cfg.seeds = 2;
  for (const char* track : {"B", "C", "D", "E", "F", "S C C S S C C S C C S S C C"}) {
    cfg.params = {{"track", track}};
    test::check_game_contract(scrap_racer::entry(), cfg);
  }
  // The heuristic bots keep the contract too.
  cfg.params = {};
  cfg.seat_level = BotLevel::Normal;
  cfg.player_counts = {2, 4};
  test::check_game_contract(scrap_racer::entry(), cfg);
}

TEST_CASE(
    "Scrap Racer: soak - 2,000 random games over 2-6 players, layouts and team variants, invariants after "
    "every decision",
    "[scrap-racer][soak]") {
  const auto begin = std::chrono::steady_clock::now();
  std::uint64_t decisions = 0;
  int games = 0;
  auto run = [&](int seeds, std::vector<int> counts, std::vector<std::string> variants,
                 std::map<std::string, std::string> params) {
    test::HarnessConfig cfg;
    cfg.seeds = seeds;
    cfg.first_seed = 1000 + static_cast<std::uint64_t>(games);
    cfg.player_counts = std::move(counts);
    cfg.variants = std::move(variants);
    cfg.params = std::move(params);
    decisions += test::soak(scrap_racer::entry(), cfg);
    games += seeds * static_cast<int>(cfg.player_counts.size());
  };
  run(160, {2, 3, 4, 5, 6}, {}, {});                      // 800 on track A (2 players: two racers each)
  run(80, {2, 3, 4, 5, 6}, {"short"}, {});                // 400 short
  run(100, {2, 3}, {"two-racers"}, {});                   // 200 with two racers each
  run(40, {2, 3, 4, 5, 6}, {"short"}, {{"track", "D"}});  // 200
  for (const char* track : {"B", "C", "E", "F"})          // 400
    run(20, {2, 3, 4, 5, 6}, {}, {{"track", track}});
  CHECK(games == 2000);
  CHECK(decisions > 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  WARN("soak: " << games << " games, " << decisions << " decisions in " << seconds << " s");
}

TEST_CASE("Scrap Racer: golden transcripts for 3 seeds (text and JSON)", "[scrap-racer][golden]") {
  struct Golden {
    std::uint64_t seed;
    int players;
    std::vector<std::string> variants;
    std::map<std::string, std::string> params;
  };
  const std::vector<Golden> runs{
      {1, 4, {}, {}},
      {2, 2, {}, {{"track", "C"}}},
      {3, 3, {"two-racers", "short"}, {{"track", "F"}}},
  };
  for (const auto& g : runs) {
    auto game = test::make_game(scrap_racer::entry(), g.players, g.variants, g.params);
    const std::string text = test::transcript(game, g.seed, BotLevel::Normal, false);
    const std::string json = test::transcript(game, g.seed, BotLevel::Normal, true);
    // The same seed gives the same bytes.
    CHECK(text == test::transcript(game, g.seed, BotLevel::Normal, false));
    test::check_golden(fmt::format("scrap-racer/seed{}.txt", g.seed), text);
    test::check_golden(fmt::format("scrap-racer/seed{}.jsonl", g.seed), json);
  }
}
