// The generic Game contract, soak and golden transcripts for Go Wacky!.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "games/go_wacky/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Go Wacky!: the Game contract holds in random play for 2-6 players", "[go-wacky][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 12;
  test::check_game_contract(go_wacky::entry(), cfg);
}

TEST_CASE("Go Wacky!: soak — 2,000 random games, all 88 cards accounted for after every decision",
          "[go-wacky][soak]") {
  test::HarnessConfig cfg;
  cfg.seeds = 400;  // x 5 player counts = 2,000 games
  const auto decisions = test::soak(go_wacky::entry(), cfg);
  CHECK(decisions > 0);
}

TEST_CASE("Go Wacky!: golden transcripts for seeds 1, 7 and 42 (text and JSON lines)", "[go-wacky][golden]") {
  for (std::uint64_t seed : {1ull, 7ull, 42ull}) {
    const int players = seed == 1 ? 2 : seed == 7 ? 4 : 6;
    auto game = test::make_game(go_wacky::entry(), players);
    test::check_golden(fmt::format("go-wacky/seed{}-{}p.txt", seed, players),
                       test::transcript(game, seed, BotLevel::Normal, false));
    test::check_golden(fmt::format("go-wacky/seed{}-{}p.jsonl", seed, players),
                       test::transcript(game, seed, BotLevel::Normal, true));
  }
}
