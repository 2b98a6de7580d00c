// One value per seat, indexed by the seat's PlayerId.
//
// Games keep per-player facts (hands, scores, cars) in fixed arrays so a State
// copies as one block for the search. Indexing a std::array by a PlayerId
// needs a cast at every use; this type takes the PlayerId itself, so the
// rules read `hand_[p]` and an index that is not a seat (a card, a space)
// cannot be mistaken for one by the type. Same layout and cost as std::array.
#pragma once

#include <array>
#include <cstddef>

#include "core/types.h"

namespace rt {

template <class T, int N>
struct PerPlayer {
  static_assert(N > 0);
  std::array<T, static_cast<std::size_t>(N)> values{};  // public so the type stays an aggregate (`= {a, b}`)

  constexpr T& operator[](PlayerId p) { return values[static_cast<std::size_t>(p)]; }
  constexpr const T& operator[](PlayerId p) const { return values[static_cast<std::size_t>(p)]; }

  constexpr auto begin() { return values.begin(); }
  constexpr auto end() { return values.end(); }
  constexpr auto begin() const { return values.begin(); }
  constexpr auto end() const { return values.end(); }
  static constexpr std::size_t size() { return N; }
  constexpr void fill(const T& v) { values.fill(v); }

  friend constexpr bool operator==(const PerPlayer&, const PerPlayer&) = default;
};

}  // namespace rt
