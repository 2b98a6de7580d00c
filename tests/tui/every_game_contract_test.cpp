// Every game the program registers, walked through the generic Game contract
// (tests/harness): a game added to games/registry.cpp is checked without a
// line here. Each game's own contract_test plays more seeds; this one makes
// sure none is left out, and that determinize() hides nothing a seat sees.
#include <catch2/catch.hpp>

#include "core/event.h"
#include "games/registry.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Every registered game keeps the Game contract, determinize included, for every player count",
          "[registry][contract]") {
  REQUIRE(builtin_registry().all().size() >= 5);
  for (const GameEntry& entry : builtin_registry().all()) {
    SECTION(entry.info.id) {
      // An event's audience "every seat but these" names seats 0..5 (core/event.h).
      CHECK(entry.info.max_players <= kMaxExcludedSeat + 1);
      test::HarnessConfig cfg;
      cfg.seeds = 2;
      test::check_game_contract(entry, cfg);
    }
  }
}
