#include "core/per_player.h"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <type_traits>
#include <vector>

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

TEST_CASE("SeatVector: one value per seat, sized at run time, indexed by PlayerId", "[per_player]") {
  SeatVector<int> v(3);
  CHECK(v.seats() == 3);
  const PlayerId last = 2;
  v[last] = 5;
  CHECK(v.values() == std::vector<int>{0, 0, 5});
  CHECK_THROWS_AS(v.at(PlayerId{3}), std::out_of_range);
  v.assign(2, 1);
  CHECK(v.values() == std::vector<int>{1, 1});
  SeatVector<int> from(std::vector<int>{4, 6});
  int sum = 0;
  for (int x : from) sum += x;
  CHECK(sum == 10);
}

}  // namespace rt
