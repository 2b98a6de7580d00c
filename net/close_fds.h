// Closing every descriptor a new process must not hold, in a few system
// calls however many the parent has open (the listening process holds one
// per session).
#pragma once

#include <array>
#include <cstddef>
#include <span>

namespace rt::net {

// close_all_but's work: `keep` (the caller's own copy) sorted in place, then
// every descriptor from 3 up between them closed.
void close_all_but_sorting(std::span<int> keep);

// Closes every descriptor from 3 up but those in `keep` (negative ones are
// ignored). However many are named, each is kept: the copy is sized by the
// call, on the stack, so nothing is allocated (safe between clone and exec).
template <std::size_t N>
void close_all_but(const int (&keep)[N]) {
  std::array<int, N> copy = std::to_array(keep);
  close_all_but_sorting(copy);
}

// Closes every descriptor from 3 up.
inline void close_all_but(std::span<const int, 0>) {
  close_all_but_sorting({});
}

}  // namespace rt::net
