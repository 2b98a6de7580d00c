// The game screen's layout and the "too small" page, at the sizes that
// matter: the 80x24 floor, one less on each axis, large windows, a sliver.
#include <catch2/catch.hpp>

#include "tui/shell/app.h"
#include "tui/shell/layout.h"

using namespace rt;
using namespace rt::shell;

namespace {

void check_inside(const Rect& r, int cols, int rows) {
  if (r.empty()) return;
  CHECK(r.x >= 0);
  CHECK(r.y >= 0);
  CHECK(r.right() <= cols);
  CHECK(r.bottom() <= rows);
}

bool overlap(const Rect& a, const Rect& b) {
  if (a.empty() || b.empty()) return false;
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

TEST_CASE("shell layout: the minimum is 80x24", "[shell][layout]") {
  CHECK(fits_minimum(80, 24));
  CHECK_FALSE(fits_minimum(79, 24));
  CHECK_FALSE(fits_minimum(80, 23));
  CHECK_FALSE(fits_minimum(60, 18));
}

TEST_CASE("shell layout: parts stay inside the window and never overlap", "[shell][layout]") {
  const int sizes[][2] = {{80, 24}, {80, 40}, {100, 30}, {111, 24}, {112, 24}, {200, 60}, {300, 100}};
  for (const auto& s : sizes) {
    for (int players : {2, 6}) {
      for (int board : {1, 12, 15, 40}) {
        GameLayoutNeeds needs{board, 6, players, 60};
        const GameLayout l = layout_game(s[0], s[1], needs);
        INFO(s[0] << "x" << s[1] << " board " << board << " players " << players);
        const Rect parts[] = {l.header, l.strip, l.board, l.players, l.prompt, l.log, l.help};
        for (const Rect& r : parts) check_inside(r, s[0], s[1]);
        for (std::size_t i = 0; i < 7; ++i)
          for (std::size_t j = i + 1; j < 7; ++j) CHECK_FALSE(overlap(parts[i], parts[j]));
        CHECK(l.prompt.h >= 5);
        CHECK(l.board.h >= 1);
        CHECK(l.board.w >= 80);
        CHECK(l.help.y == s[1] - 1);
      }
    }
  }
}

TEST_CASE("shell layout: an 80x24 game of six keeps a five-row prompt and a log", "[shell][layout]") {
  const GameLayout l = layout_game(80, 24, GameLayoutNeeds{15, 6, 6, 0});
  CHECK(l.board.h == 15);
  CHECK(l.prompt.h >= 5);
  CHECK(l.log.h == l.prompt.h);
  CHECK(l.log.w >= 30);
  CHECK_FALSE(l.wide);
}

TEST_CASE("shell layout: more room gives the log more rows, a wide window gives a sidebar",
          "[shell][layout]") {
  const GameLayout small = layout_game(80, 24, GameLayoutNeeds{12, 6, 4, 0});
  const GameLayout tall = layout_game(80, 50, GameLayoutNeeds{12, 6, 4, 0});
  CHECK(tall.log.h > small.log.h);
  CHECK(tall.board.h == 12);
  CHECK_FALSE(small.strip.empty());  // a row of player panels fits at 80x24 with a 12-row board
  const GameLayout wide = layout_game(160, 50, GameLayoutNeeds{12, 6, 4, 0});
  CHECK(wide.wide);
  CHECK_FALSE(wide.players.empty());
  CHECK(wide.players.h >= 4 * 2 + 2);
  CHECK(wide.log.x > wide.board.right());
}

TEST_CASE("shell layout: below the minimum a clear message names both sizes", "[shell][layout]") {
  for (bool unicode : {false, true}) {
    Canvas c(60, 18, unicode);
    draw_too_small(c, 60, 18);
    const std::string t = c.to_text();
    CHECK(t.find(unicode ? "at least 80×24 (now 60×18)" : "at least 80x24 (now 60x18)") != std::string::npos);
    CHECK(t.find("press q to save and quit") == std::string::npos);
    CHECK(t.find("Press q to save and quit") != std::string::npos);
  }
  Canvas tiny(12, 3, false);  // a sliver of a window: nothing breaks
  draw_too_small(tiny, 12, 3);
  CHECK_FALSE(tiny.to_text().empty());
  Canvas none(0, 0, false);
  draw_too_small(none, 0, 0);
}

TEST_CASE("shell layout: a decision too long to fit beside the log takes the full width", "[shell][layout]") {
  GameLayoutNeeds needs{16, 6, 6, 60};
  needs.full_prompt = true;
  const GameLayout l = layout_game(80, 24, needs);
  CHECK(l.prompt.x == 0);
  CHECK(l.prompt.w == 80);
  CHECK(l.prompt.h >= 5);
  CHECK(l.log.empty());
  CHECK(l.prompt.bottom() == l.help.y);
}
