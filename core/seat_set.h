// Seats as a set in one word (a ViewContext is copied per drawing): which
// seats a computer plays.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace rt {

class SeatSet {
 public:
  constexpr void add(PlayerId p) {
    if (p >= 0 && p < kMaxSeats) bits_ |= std::uint32_t{1} << p;
  }
  constexpr bool has(PlayerId p) const { return p >= 0 && p < kMaxSeats && ((bits_ >> p) & 1u) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  friend constexpr bool operator==(SeatSet, SeatSet) = default;

 private:
  static constexpr int kMaxSeats = 32;
  std::uint32_t bits_ = 0;
};

}  // namespace rt
