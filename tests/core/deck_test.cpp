#include <catch2/catch.hpp>

#include "core/deck.h"

using namespace rt;

TEST_CASE("CardPool: draws are chance outcomes weighted by copies left", "[core][deck]") {
  CardPool<4> pool;
  pool.add(0, 3);
  pool.add(2, 1);
  std::vector<Outcome> outs;
  pool.draw_outcomes(outs, 100);
  REQUIRE(outs.size() == 2);
  CHECK(outs[0].action == 100);
  CHECK(outs[0].weight == 3);
  CHECK(outs[1].action == 102);
  CHECK(outs[1].weight == 1);
}

TEST_CASE("CardPool: cards are conserved across take and reshuffle", "[core][deck]") {
  CardPool<4> draw, discard;
  draw.add(1, 2);
  draw.add(3, 2);
  REQUIRE(draw.take(1));
  discard.add(1);
  REQUIRE(draw.take(3));
  discard.add(3);
  CHECK_FALSE(draw.take(0));  // none of that kind: nothing changes
  CHECK(draw.total() + discard.total() == 4);
  draw.take_all_from(discard);
  CHECK(draw.total() == 4);
  CHECK(discard.empty());
  CHECK(draw.count(1) == 2);
  CHECK(draw.count(3) == 2);
}

TEST_CASE("Dice: a fair die lists each face once with equal weight", "[core][dice]") {
  std::vector<Outcome> outs;
  die_outcomes(outs, 6, 10);
  REQUIRE(outs.size() == 6);
  for (int f = 0; f < 6; ++f) {
    CHECK(outs[static_cast<std::size_t>(f)].action == 11 + f);
    CHECK(outs[static_cast<std::size_t>(f)].weight == 1);
  }
}

TEST_CASE("Seating: play passes to the left and wraps around", "[core][turns]") {
  CHECK(left_of(0, 4) == 1);
  CHECK(left_of(3, 4) == 0);
}
