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
    if (g[i] == kGap) return i;
  return -1;
}

int parity_class(const Grid& g) {
  int inversions = 0;
  for (int i = 0; i < kCells; ++i)
    for (int j = i + 1; j < kCells; ++j)
      if (g[i] > g[j]) ++inversions;
  const int gap = gap_cell(g);
  return (inversions + gap / 4 + gap % 4) & 1;
}

std::string grid_text(const Data& d, const Grid& g) {
  std::string out;
  for (int i = 0; i < kCells; ++i) {
    if (i) out += i % 4 == 0 ? " / " : " ";
    const std::uint8_t t = g[i];
    out += t == kGap ? std::string("__") : d.kind_of_tile(t).short_name;
  }
  return out;
}

}  // namespace rt::rc_racer
