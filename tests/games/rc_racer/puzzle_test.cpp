// The Puzzle-Controller: legal slides, scrambles that stay solvable, the
// program rows, and the bots' solver.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "games/rc_racer/puzzle.h"
#include "games/rc_racer/solver.h"
#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

Grid random_scramble(Rng& rng, int slides) {
  Grid g = data().layout;
  int gap = gap_cell(g);
  for (int i = 0; i < slides; ++i) {
    const auto d = static_cast<Dir>(rng.below(kDirs));
    const int room = slide_room(gap, d);
    if (room == 0) continue;
    gap = slide(g, gap, d, 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(room))));
  }
  return g;
}

}  // namespace

// Reference: "Scramble with random legal slides (a random permutation of a 15-puzzle can be unsolvable)."
TEST_CASE("Puzzle: scrambles made of slides stay solvable", "[rc-racer][puzzle]") {
  Rng rng(99);
  const int box = parity_class(data().layout);
  for (int k = 0; k < 2000; ++k) CHECK(parity_class(random_scramble(rng, 1 + k % 120)) == box);
  // The check can fail: swapping two tiles makes a grid no slide can solve.
  Grid bad = data().layout;
  std::swap(bad[0], bad[1]);
  CHECK(parity_class(bad) != box);
}

// Rulebook, Programming: the pieces move only by sliding into the gap.
TEST_CASE("Puzzle: a slide moves the tiles between the picked one and the gap", "[rc-racer][puzzle]") {
  Rng rng(5);
  for (int k = 0; k < 500; ++k) {
    Grid g = random_scramble(rng, 40);
    const int gap = gap_cell(g);
    for (int d = 0; d < kDirs; ++d) {
      const auto dir = static_cast<Dir>(d);
      const int room = slide_room(gap, dir);
      // Room is exactly the number of tiles in that direction.
      int r = gap / 4, c = gap % 4;
      const int expect = dir == Dir::Up ? 3 - r : dir == Dir::Down ? r : dir == Dir::Left ? 3 - c : c;
      CHECK(room == expect);
      for (int count = 1; count <= room; ++count) {
        Grid h = g;
        const int picked = picked_cell(gap, dir, count);
        const std::uint8_t tile = h[static_cast<std::size_t>(picked)];
        const int ng = slide(h, gap, dir, count);
        CHECK(ng == picked);
        CHECK(h[static_cast<std::size_t>(ng)] == kGap);
        CHECK(std::count(h.begin(), h.end(), tile) == 1);
        // Sliding back restores the grid.
        slide(h, ng, opposite(dir), count);
        CHECK(h == g);
      }
    }
  }
}

TEST_CASE("Puzzle: the program is rows 2 and 3, left to right", "[rc-racer][puzzle]") {
  const Grid g = grid_with_program({"fwd2", "red2", "missile", "blue2", "jump", "increase", "red1", "fwd1"});
  const char* const want[] = {"fwd2", "red2", "missile", "blue2", "jump", "increase", "red1", "fwd1"};
  for (int i = 0; i < kProgram; ++i) CHECK(data().kind_of_tile(program_tile(g, i)).id == want[i]);
  CHECK(program_tile(g, 0) == g[4]);
  CHECK(program_tile(g, 7) == g[11]);
}

TEST_CASE("Solver: reaches any program from any scramble", "[rc-racer][puzzle][bots]") {
  Rng rng(11);
  Solver solver(data());
  int total = 0;
  const int kTrials = 300;
  for (int k = 0; k < kTrials; ++k) {
    const Grid start = random_scramble(rng, 80);
    // A random program: 8 distinct tiles of the 15.
    std::array<int, kTiles> tiles{};
    for (int i = 0; i < kTiles; ++i) tiles[static_cast<std::size_t>(i)] = i;
    rng.shuffle(std::span<int>(tiles));
    Target target{};
    for (int i = 0; i < kProgram; ++i)
      target[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(
          data().tile_kind[static_cast<std::size_t>(tiles[static_cast<std::size_t>(i)])]);
    Slides path;
    INFO("start " << grid_text(data(), start) << " target " << int(target[0]) << "," << int(target[1]) << ","
                  << int(target[2]) << "," << int(target[3]) << "," << int(target[4]) << "," << int(target[5])
                  << "," << int(target[6]) << "," << int(target[7]));
    REQUIRE(solver.solve(start, target, path));
    Grid g = start;
    int gap = gap_cell(g);
    for (Dir d : path) {
      REQUIRE(slide_room(gap, d) >= 1);
      gap = slide(g, gap, d, 1);
    }
    for (int i = 0; i < kProgram; ++i)
      CHECK(data().tile_kind[program_tile(g, i)] == target[static_cast<std::size_t>(i)]);
    total += path.size();
    CHECK(solver.estimate(start, target) >= 0);
  }
  CHECK(total / kTrials < 120);  // a person-like solution, not a random walk
  // Two of a kind beyond its copies cannot be solved.
  Target three_jumps{};
  three_jumps.fill(-1);
  for (int i = 0; i < 2; ++i)
    three_jumps[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(data().tile_kind[3]);
  Slides path;
  const int kind_copies = data().kind_of_tile(3).copies;
  CHECK(solver.solve(data().layout, three_jumps, path) == (kind_copies >= 2));
}
