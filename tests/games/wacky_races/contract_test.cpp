// The generic Game contract, soak and golden transcripts for Wacky Races.
#include <catch2/catch.hpp>

#include "games/wacky_races/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Wacky Races: the Game contract holds in random play for 2-6 players", "[wacky-races][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 6;
  test::check_game_contract(wacky_races::entry(), cfg);
}
