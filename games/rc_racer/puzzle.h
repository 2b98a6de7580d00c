// The Puzzle-Controller: a 4x4 sliding puzzle of 15 command tiles and one
// gap. Cells are numbered row by row from the top-left (0..15); only rows 2
// and 3 (cells 4..11) run as the program, left to right.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "games/rc_racer/data.h"

namespace rt::rc_racer {

using Grid = std::array<std::uint8_t, kCells>;

// The direction a tile moves into the gap: Up means the tile below the gap
// slides up (and the gap moves down).
enum class Dir : std::uint8_t { Up, Down, Left, Right };
inline constexpr int kDirs = 4;

inline constexpr int kProgramFirstCell = 4;  // row 2, left

inline Dir opposite(Dir d) {
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
// How many tiles can slide in `d` at once (0..3).
int slide_room(int gap, Dir d);
// The cell of the tile that moves first when sliding `count` tiles in `d`,
// i.e. the tile the player picks (the farthest from the gap).
int picked_cell(int gap, Dir d, int count);
// Slides `count` tiles in direction `d`; returns the new gap cell.
int slide(Grid& g, int gap, Dir d, int count);
// Reachability class of a grid: legal slides never change it, so a scramble
// made of slides is always solvable back to the box layout.
int parity_class(const Grid& g);
// The tile at program step i (0..7), or kGap.
inline std::uint8_t program_tile(const Grid& g, int step) {
  return g[static_cast<std::size_t>(kProgramFirstCell + step)];
}
// The whole controller as text, e.g. "Fwd1 Back ... | ... | ..." (rows split by '/').
std::string grid_text(const Data& d, const Grid& g);

}  // namespace rt::rc_racer
