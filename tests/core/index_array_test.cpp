#include "core/index_array.h"

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace rt {
namespace {

enum class Kind : std::uint8_t { A, B, C };

TEST_CASE("IndexArray: indexed by int or an enum, with std::array's layout", "[index_array]") {
  IndexArray<std::int8_t, 3> a{1, 2, 3};
  const int i = 2;
  CHECK(a[i] == 3);
  a[Kind::B] = 7;
  CHECK(a[1] == 7);
  CHECK(a.size() == 3);
  static_assert(std::is_same_v<decltype(a.size()), int>);
  static_assert(sizeof(IndexArray<std::int8_t, 3>) == sizeof(std::array<std::int8_t, 3>));
  static_assert(std::is_trivially_copyable_v<IndexArray<int, 4>> && std::is_aggregate_v<IndexArray<int, 4>>);
}

TEST_CASE("IndexVector: indexed by its id, sized in int", "[index_array]") {
  IndexVector<std::int8_t, int> v(3, 0);
  const std::int8_t id = 2;
  v[id] = 5;
  v.push_back(9);
  CHECK(v.size() == 4);
  CHECK(v.values() == std::vector<int>{0, 0, 5, 9});
  CHECK_THROWS_AS(v.at(static_cast<std::int8_t>(4)), std::out_of_range);
}

}  // namespace
}  // namespace rt
