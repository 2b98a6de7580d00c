// Finds slides that bring chosen tiles into the controller's program rows.
// Staged like a person solves it, column by column from the left: first two
// spare tiles into the column's top and bottom corners, then the column's
// two program tiles, then the column is left alone; the last two columns go
// together. Each stage is a breadth-first search over the positions of the
// tiles it places and the gap. Filling whole columns keeps the free area in
// one piece: a corner left open would trap whatever tile sat in it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/rc_racer/data.h"
#include "games/rc_racer/puzzle.h"

namespace rt::rc_racer {

// The wanted tile kind at each of the 8 program steps (-1: any tile or the gap).
using Target = IndexArray<std::int8_t, kProgram>;

class Solver {
 public:
  explicit Solver(const Data& data) : data_(&data) {}
  // Appends the slides (single tiles) from `start` to a grid whose program
  // matches `target`; false if the target needs more copies than exist.
  bool solve(const Grid& start, const Target& target, Slides& out);
  // A quick estimate of the slides solve() would need.
  int estimate(const Grid& start, const Target& target) const;

 private:
  // Moves the tiles now at `from[k]` to `to[k]` (k < m <= 4) without touching `locked` cells.
  bool stage(Grid& g, const int* from, const int* to, int m, std::uint16_t locked, Slides& out);
  const Data* data_;
  IndexVector<int, std::int32_t> parent_;  // by state code
  IndexVector<int, std::uint8_t> how_;
  std::vector<std::int32_t> queue_;
};

}  // namespace rt::rc_racer
