// Small drawing helpers every shell screen uses: rectangles, the palette of
// styles, word wrapping, menus, the one-line key help, dialog boxes and a
// one-line text field. Pure: they draw on a Canvas, never on the terminal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/canvas.h"
#include "tui/shell/keys.h"

namespace rt::shell {

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
  bool contains(int px, int py) const { return px >= x && py >= y && px < x + w && py < y + h; }
  bool empty() const { return w <= 0 || h <= 0; }
  int right() const { return x + w; }
  int bottom() const { return y + h; }
};

// The shell's styles by role. Colour is never the only carrier of meaning:
// every role that matters also has an attribute (bold, reverse, underline).
namespace style {
inline constexpr Style kNormal{};
inline constexpr Style kBold{Color::Default, Color::Default, attr::kBold};
inline constexpr Style kDim{Color::Default, Color::Default, attr::kDim};
inline constexpr Style kBar{Color::Default, Color::Default, attr::kReverse};
inline constexpr Style kBarBold{Color::Default, Color::Default, attr::kReverse | attr::kBold};
inline constexpr Style kSelected{Color::Default, Color::Default, attr::kReverse | attr::kBold};
inline constexpr Style kTitle{Color::Cyan, Color::Default, attr::kBold};
inline constexpr Style kAccent{Color::Yellow, Color::Default, attr::kBold};
inline constexpr Style kGood{Color::Green, Color::Default, attr::kBold};
inline constexpr Style kWarn{Color::Red, Color::Default, attr::kBold};
inline constexpr Style kKey{Color::Cyan, Color::Default, attr::kBold};
inline constexpr Style kFrame{Color::Blue, Color::Default, attr::kNone};
}  // namespace style

// Splits text into lines of at most `width` columns, breaking at spaces
// (a word longer than the width is cut). Explicit newlines are kept.
std::vector<std::string> wrap(std::string_view text, int width);

// Text with a style per character, for lines that mix styles (a log entry
// and its rule, a key and what it does).
using StyledText = std::vector<Cell>;
void append(StyledText& text, std::string_view utf8, Style s = {});
// Appends text that wrapping keeps on one line (a rule's name): its spaces
// become no-break spaces, drawn as spaces.
inline constexpr char32_t kNoBreakSpace = U'\u00A0';
void append_unbroken(StyledText& text, std::string_view utf8, Style s = {});
// Wraps like wrap(); continuation lines start with `hang` spaces.
std::vector<StyledText> wrap_styled(const StyledText& text, int width, int hang = 0);
// Wrapped lines of one paragraph (wrap_styled's, with the same width and
// hang) whose last line holds one word: the word before it moves down too,
// when the line above keeps two words or more and the last line still fits.
void no_widow(std::vector<StyledText>& lines, int width, int hang);
// Draws up to max_w columns (-1: to the canvas edge); returns columns used.
int draw_styled(Canvas& c, int x, int y, const StyledText& text, int max_w = -1);

// Cuts text to `width` columns, ending in "…" ("..." on ASCII) when cut.
std::string ellipsize(std::string_view text, int width, bool unicode);

// Draws text centred in a row of the rectangle.
void centred(Canvas& c, const Rect& r, int y, std::string_view text, Style s = {});

// The one-line key help: "key what · key what", cut to the width.
void draw_help_line(Canvas& c, int x, int y, int w, const std::vector<HelpItem>& items);

// A frame with a title; returns the inside.
Rect frame(Canvas& c, const Rect& r, std::string_view title, Style s = style::kFrame);

// A box centred on the canvas, its inside cleared; returns the inside.
Rect dialog(Canvas& c, int w, int h, std::string_view title);

// A vertical list with a highlight, scrolled so the highlight is visible.
// Returns the first row shown (for mouse hit-testing: row = first + (y - r.y)).
struct MenuRow {
  std::string text;
  std::string note;  // drawn dim after the text, when it fits
  bool enabled = true;
};
int draw_menu(Canvas& c, const Rect& r, const std::vector<MenuRow>& rows, int selected, bool focus = true);
// The first row draw_menu shows for a highlight in a list of `count` rows.
int menu_scroll(int count, int height, int selected);
// Up and Down (wrapping), Home and End move a menu's highlight among `count`
// rows; false when `cmd` is none of them.
bool move_highlight(Cmd cmd, int& selected, int count);

// A one-line text field being edited: the text and the cursor (in code points).
class TextField {
 public:
  TextField() = default;
  TextField(std::string text, int max_chars, bool digits_only = false);
  // Edits with a key; returns false for keys it does not use (Enter, Esc).
  bool on_key(const Key& key);
  const std::string& text() const { return text_; }
  // Draws the field; its cursor is a reversed cell, and where it was drawn
  // is kept for the terminal's own cursor (cursor_x, cursor_y).
  void draw(Canvas& c, int x, int y, int w) const;
  int cursor_x() const { return drawn_x_; }
  int cursor_y() const { return drawn_y_; }

 private:
  std::string text_;
  int cursor_ = 0;
  int max_chars_ = 40;
  bool digits_only_ = false;
  mutable int drawn_x_ = -1;
  mutable int drawn_y_ = -1;
};

// Single-column code points that a text field accepts (printable, not wide).
bool is_typeable(char32_t ch);

}  // namespace rt::shell
