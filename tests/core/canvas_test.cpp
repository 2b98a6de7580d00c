#include <catch2/catch.hpp>

#include "core/canvas.h"

using namespace rt;

TEST_CASE("Canvas: text is clipped and rendered with trailing spaces trimmed", "[core][canvas]") {
  Canvas c(10, 3);
  c.text(0, 0, "hello");
  c.text(7, 1, "world");  // clipped at the edge
  CHECK(c.to_text() == "hello\n       wor\n");
}

TEST_CASE("Canvas: boxes use Unicode or ASCII glyphs", "[core][canvas]") {
  Canvas u(4, 3, true);
  u.box(0, 0, 4, 3);
  CHECK(u.to_text() == "┌──┐\n│  │\n└──┘\n");
  Canvas a(4, 3, false);
  a.box(0, 0, 4, 3);
  CHECK(a.to_text() == "+--+\n|  |\n+--+\n");
  a.text(1, 1, "ж");  // non-ASCII with no stand-in becomes '?', counted
  CHECK(a.at(1, 1).ch == U'?');
  CHECK(a.fallbacks() == 1);
}

TEST_CASE("Canvas: an ASCII canvas draws each glyph's stand-in, several columns where needed",
          "[core][canvas]") {
  Canvas a(20, 1, false);
  CHECK(a.text(0, 0, "a—b ✓ ⚂…") == 13);
  CHECK(a.to_text() == "a-b ok [3]...\n");
  CHECK(a.fallbacks() == 0);
}

TEST_CASE("Canvas: malformed UTF-8 never reads past the end", "[core][canvas]") {
  CHECK(utf8_decode("\xE2\x94") == U"?");
  CHECK(utf8_decode("a\xFF"
                    "b") == U"a?b");
  CHECK(utf8_length("┌─┐") == 3);
}

TEST_CASE("Canvas: blit copies cells with their style", "[core][canvas]") {
  Canvas big(6, 2);
  Canvas small(2, 1);
  small.put(0, 0, U'x', Style{Color::Red});
  big.blit(small, 5, 1);
  CHECK(big.at(5, 1).ch == U'x');
  CHECK(big.at(5, 1).style.fg == Color::Red);
}
