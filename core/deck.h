// Decks, dice and seating helpers shared by the games. A face-down pile is a
// multiset of card kinds: which card comes next is a chance outcome weighted
// by copies left, so games never shuffle (the driver samples the draw).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/index_array.h"
#include "core/types.h"

namespace rt {

template <int MaxKinds>
class CardPool {
 public:
  int total() const { return total_; }
  bool empty() const { return total_ == 0; }
  int count(int kind) const { return count_[kind]; }

  void add(int kind, int copies = 1) {
    count_[kind] = static_cast<std::uint8_t>(count_[kind] + copies);
    total_ += copies;
  }
  // Removes one card of a kind; returns false (and changes nothing) if none.
  bool take(int kind) {
    auto& c = count_[kind];
    if (c == 0) return false;
    --c;
    --total_;
    return true;
  }
  // The draw as a chance node: one outcome per kind left, weighted by copies.
  void draw_outcomes(std::vector<Outcome>& out, Action base) const {
    for (int k = 0; k < MaxKinds; ++k)
      if (count_[k]) out.push_back(Outcome{base + k, count_[k]});
  }
  // Reshuffle policy: every card of `other` joins this pile (e.g. the discard
  // pile becomes the new draw pile when the draw pile runs out).
  void take_all_from(CardPool& other) {
    for (int k = 0; k < MaxKinds; ++k) add(k, other.count_[k]);
    other.clear();
  }
  void clear() {
    count_.fill(0);
    total_ = 0;
  }
  bool operator==(const CardPool&) const = default;

 private:
  IndexArray<std::uint8_t, MaxKinds> count_{};
  int total_ = 0;
};

// A fair die as a chance node: faces 1..faces as actions base+1..base+faces.
inline void die_outcomes(std::vector<Outcome>& out, int faces, Action base) {
  for (int f = 1; f <= faces; ++f) out.push_back(Outcome{base + f, 1});
}

// Seating: play passes "to the left", i.e. to the next seat number.
inline PlayerId left_of(PlayerId p, int players) {
  return static_cast<PlayerId>((p + 1) % players);
}

}  // namespace rt
