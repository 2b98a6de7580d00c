#include "games/rc_racer/puzzle.h"

namespace rt::rc_racer {

const char* dir_word(Dir d) {
  switch (d) {
    case Dir::Up: return "up";
    case Dir::Down: return "down";
    case Dir::Left: return "left";
    case Dir::Right: return "right";
  }
  return "?";
}

int gap_cell(const Grid& g) {
  for (int i = 0; i < kCells; ++i)
    if (g[static_cast<std::size_t>(i)] == kGap) return i;
  return -1;
}

int slide_room(int gap, Dir d) {
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

namespace {
// The step from the gap to the neighbouring tile that slides in direction d.
int source_step(Dir d) {
  switch (d) {
    case Dir::Up: return 4;
    case Dir::Down: return -4;
    case Dir::Left: return 1;
    case Dir::Right: return -1;
  }
  return 0;
}
}  // namespace

int picked_cell(int gap, Dir d, int count) {
  return gap + source_step(d) * count;
}

int slide(Grid& g, int gap, Dir d, int count) {
  const int step = source_step(d);
  for (int k = 0; k < count; ++k) {
    const int from = gap + step;
    g[static_cast<std::size_t>(gap)] = g[static_cast<std::size_t>(from)];
    g[static_cast<std::size_t>(from)] = kGap;
    gap = from;
  }
  return gap;
}

int parity_class(const Grid& g) {
  int inversions = 0;
  for (int i = 0; i < kCells; ++i)
    for (int j = i + 1; j < kCells; ++j)
      if (g[static_cast<std::size_t>(i)] > g[static_cast<std::size_t>(j)]) ++inversions;
  const int gap = gap_cell(g);
  return (inversions + gap / 4 + gap % 4) & 1;
}

std::string grid_text(const Data& d, const Grid& g) {
  std::string out;
  for (int i = 0; i < kCells; ++i) {
    if (i) out += i % 4 == 0 ? " / " : " ";
    const std::uint8_t t = g[static_cast<std::size_t>(i)];
    out += t == kGap ? std::string("__") : d.kind_of_tile(t).short_name;
  }
  return out;
}

}  // namespace rt::rc_racer
