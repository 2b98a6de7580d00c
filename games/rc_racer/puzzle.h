// The Puzzle-Controller: a 4x4 sliding puzzle of 15 command tiles and one
// gap. Cells are numbered row by row from the top-left (0..15); only rows 2
// and 3 (cells 4..11) run as the program, left to right.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/index_array.h"
#include "games/rc_racer/data.h"

namespace rt::rc_racer {

using Grid = IndexArray<std::uint8_t, kCells>;

// The direction a tile moves into the gap: Up means the tile below the gap
// slides up (and the gap moves down).
enum class Dir : std::uint8_t { Up, Down, Left, Right };
inline constexpr int kDirs = 4;

// Single-tile slides, in order.
using Slides = IndexVector<int, Dir>;

inline constexpr int kProgramFirstCell = 4;  // row 2, left

constexpr Dir opposite(Dir d) {
  switch (d) {
    case Dir::Up: return Dir::Down;
    case Dir::Down: return Dir::Up;
    case Dir::Left: return Dir::Right;
    case Dir::Right: return Dir::Left;
  }
  return Dir::Up;
}

const char* dir_word(Dir d);  // "up", "down", "left", "right"

int gap_cell(const Grid& g);
// How many tiles can slide in `d` at once (0..3). Inline: scrambles and
// prompts ask it for every chance node and decision.
constexpr int slide_room(int gap, Dir d) {
  const int r = gap / 4;
  const int c = gap % 4;
  switch (d) {
    case Dir::Up: return 3 - r;    // tiles below the gap
    case Dir::Down: return r;      // tiles above
    case Dir::Left: return 3 - c;  // tiles to the right
    case Dir::Right: return c;     // tiles to the left
  }
  return 0;
}
// The step from the gap to the neighbouring tile that slides in direction d.
constexpr int source_step(Dir d) {
  switch (d) {
    case Dir::Up: return 4;
    case Dir::Down: return -4;
    case Dir::Left: return 1;
    case Dir::Right: return -1;
  }
  return 0;
}
// The cell of the tile that moves first when sliding `count` tiles in `d`,
// i.e. the tile the player picks (the farthest from the gap).
constexpr int picked_cell(int gap, Dir d, int count) {
  return gap + source_step(d) * count;
}
// Slides `count` tiles in direction `d`; returns the new gap cell.
inline int slide(Grid& g, int gap, Dir d, int count) {
  const int step = source_step(d);
  for (int k = 0; k < count; ++k) {
    const int from = gap + step;
    g[gap] = g[from];
    g[from] = kGap;
    gap = from;
  }
  return gap;
}
// Reachability class of a grid: legal slides never change it, so a scramble
// made of slides is always solvable back to the box layout.
int parity_class(const Grid& g);
// The tile at program step i (0..7), or kGap.
inline std::uint8_t program_tile(const Grid& g, int step) {
  return g[kProgramFirstCell + step];
}
// The whole controller as text, e.g. "Fwd1 Back ... | ... | ..." (rows split by '/').
std::string grid_text(const Data& d, const Grid& g);

}  // namespace rt::rc_racer
