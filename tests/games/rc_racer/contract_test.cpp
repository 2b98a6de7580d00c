// The generic Game contract, soak and golden transcripts for RC Racer.
#include <catch2/catch.hpp>

#include "games/rc_racer/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("RC Racer: the Game contract holds in random play for 2-4 players", "[rc-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 5;
  test::check_game_contract(rc_racer::entry(), cfg);
}
