#include "core/per_player.h"

#include <catch2/catch.hpp>
#include <type_traits>

namespace rt {

TEST_CASE("PerPlayer: one value per seat, indexed by the seat's PlayerId", "[per_player]") {
  PerPlayer<int, 4> score{};
  for (int v : score) CHECK(v == 0);  // zero-initialised like std::array{}
  const PlayerId third = 2;
  score[third] = 7;
  CHECK(score[third] == 7);
  CHECK(score.values[2] == 7);  // the seat's own slot, nothing else
  CHECK(score.values[0] + score.values[1] + score.values[3] == 0);

  PerPlayer<int, 4> copy = score;
  CHECK(copy == score);
  copy.fill(1);
  CHECK(copy != score);
  CHECK(PerPlayer<int, 4>::size() == 4);
}

TEST_CASE("PerPlayer: the same size and copy as the std::array it replaces", "[per_player]") {
  // States are copied as one block by the search: the wrapper must cost nothing.
  STATIC_REQUIRE(sizeof(PerPlayer<std::int16_t, 6>) == sizeof(std::array<std::int16_t, 6>));
  STATIC_REQUIRE(std::is_trivially_copyable_v<PerPlayer<std::int16_t, 6>>);
  STATIC_REQUIRE(std::is_aggregate_v<PerPlayer<bool, 6>>);
}

}  // namespace rt
