// The generic Game contract, soak and golden transcripts for Scrap Racer.
#include <catch2/catch.hpp>

#include "games/scrap_racer/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Scrap Racer: the Game contract holds in random play for 2-6 players", "[scrap-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 4;
  test::check_game_contract(scrap_racer::entry(), cfg);
}
