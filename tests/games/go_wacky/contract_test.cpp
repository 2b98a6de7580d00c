// The generic Game contract, soak and golden transcripts for Go Wacky!.
#include <catch2/catch.hpp>

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
