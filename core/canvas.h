// A grid of styled cells that game views and shell screens draw on. The shell
// copies it to the terminal; tests and `sim --board` read it as plain text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/index_array.h"

namespace rt {

enum class Color : std::uint8_t { Default, Black, Red, Green, Yellow, Blue, Magenta, Cyan, White };

namespace attr {
inline constexpr std::uint8_t kNone = 0;
inline constexpr std::uint8_t kBold = 1;
inline constexpr std::uint8_t kReverse = 2;
inline constexpr std::uint8_t kUnderline = 4;
inline constexpr std::uint8_t kDim = 8;
}  // namespace attr

struct Style {
  Color fg = Color::Default;
  Color bg = Color::Default;
  std::uint8_t attrs = attr::kNone;
  bool operator==(const Style&) const = default;
};

struct Cell {
  char32_t ch = U' ';
  Style style;
  bool operator==(const Cell&) const = default;
};

// Glyphs with an ASCII fallback, chosen once per canvas.
struct Glyphs {
  char32_t h, v, tl, tr, bl, br, tee_l, tee_r, bullet, block, arrow_r, arrow_l, arrow_u, arrow_d, dot;
  static const Glyphs& unicode();
  static const Glyphs& ascii();
};

// The ASCII stand-in for a non-ASCII code point that views and event texts
// use (an empty view when none is known, drawn as '?' and counted). One
// table for every game, so a glyph reads the same everywhere; a game whose
// own glyphs would clash picks different code points (see the clash test).
std::string_view ascii_stand_in(char32_t cp);
struct StandIn {
  char32_t glyph;
  std::string_view ascii;
  std::string_view meaning;  // what the glyph says, for the clash test
};
const std::vector<StandIn>& ascii_stand_ins();

class Canvas {
 public:
  Canvas(int width, int height, bool unicode = true);

  int width() const { return width_; }
  int height() const { return height_; }
  bool unicode() const { return unicode_; }
  const Glyphs& glyphs() const { return unicode_ ? Glyphs::unicode() : Glyphs::ascii(); }

  void clear();
  void put(int x, int y, char32_t ch, Style style = {});
  // Writes UTF-8 text clipped to the canvas (and to max_width when >= 0);
  // on an ASCII canvas non-ASCII code points become their ASCII stand-in
  // (several columns for some, "…" -> "..."), or '?' when none is known.
  // Returns columns used.
  int text(int x, int y, std::string_view utf8, Style style = {}, int max_width = -1);
  void fill(int x, int y, int w, int h, char32_t ch, Style style = {});
  void hline(int x, int y, int w, Style style = {});
  void vline(int x, int y, int h, Style style = {});
  void box(int x, int y, int w, int h, Style style = {}, std::string_view title = {});
  // Restyles a run of cells without changing their glyphs (cursor highlight).
  void restyle(int x, int y, int w, Style style);
  // Copies another canvas onto this one at (x, y), clipped.
  void blit(const Canvas& src, int x, int y);

  // How many code points had no ASCII stand-in and were drawn as '?'.
  int fallbacks() const { return fallbacks_; }

  const Cell& at(int x, int y) const { return cells_[y * width_ + x]; }

  // Rows as UTF-8 joined by '\n', trailing spaces trimmed, no trailing empty rows.
  std::string to_text() const;

 private:
  int width_;
  int height_;
  bool unicode_;
  IndexVector<int, Cell> cells_;  // row by row: cell (x, y) at y * width_ + x
  int fallbacks_ = 0;
};

// Display width helpers for UTF-8 strings made of single-width code points.
int utf8_length(std::string_view utf8);
std::u32string utf8_decode(std::string_view utf8);
void utf8_append(std::string& out, char32_t cp);

}  // namespace rt
