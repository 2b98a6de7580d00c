#include "core/canvas.h"

#include <algorithm>

namespace rt {

const Glyphs& Glyphs::unicode() {
  static const Glyphs g{U'─', U'│', U'┌', U'┐', U'└', U'┘', U'├', U'┤',
                        U'•', U'█', U'→', U'←', U'↑', U'↓', U'·'};
  return g;
}

const Glyphs& Glyphs::ascii() {
  static const Glyphs g{U'-', U'|', U'+', U'+', U'+', U'+', U'+', U'+',
                        U'*', U'#', U'>', U'<', U'^', U'v', U'.'};
  return g;
}

const std::vector<StandIn>& ascii_stand_ins() {
  // Single-column stand-ins where a view lays glyphs out in columns.
  static const std::vector<StandIn> table{
      {U'—', "-", "dash"},
      {U'–', "-", "dash"},
      {U'…', "...", "cut or more (text)"},
      {U'×', "x", "times"},
      {U'·', "-", "dash"},
      {U'•', "*", "bullet"},
      {U'✓', "ok", "correct"},
      {U'✗', "X", "wrong"},
      {U'→', "->", "right / to"},
      {U'←', "<-", "left"},
      {U'↑', "^", "up"},
      {U'↓', "v", "down"},
      {U'▶', ">", "current / running"},
      {U'◀', "<", "previous"},
      {U'☝', "@", "tapped by"},
      {U'✋', "h", "hand face"},
      {U'■', "#", "filled (battery, square)"},
      {U'□', ".", "empty (battery)"},
      {U'▲', "^", "triangle"},
      {U'●', "o", "circle"},
      {U'★', "*", "star"},
      {U'▮', "#", "speed on"},
      {U'▯', ".", "speed off"},
      {U'▀', "=", "flag"},
      {U'▄', "-", "flag"},
      {U'█', "#", "block"},
      {U'─', "-", "dash"},
      {U'│', "|", "line"},
      {U'┌', "+", "corner"},
      {U'┐', "+", "corner"},
      {U'└', "+", "corner"},
      {U'┘', "+", "corner"},
      {U'├', "+", "tee"},
      {U'┤', "+", "tee"},
      {U'⚀', "[1]", "die 1"},
      {U'⚁', "[2]", "die 2"},
      {U'⚂', "[3]", "die 3"},
      {U'⚃', "[4]", "die 4"},
      {U'⚄', "[5]", "die 5"},
      {U'⚅', "[6]", "die 6"},
      {U'±', "+-", "plus or minus"},
      {U'é', "e", "letter"},
  };
  return table;
}

std::string_view ascii_stand_in(char32_t cp) {
  for (const StandIn& s : ascii_stand_ins())
    if (s.glyph == cp) return s.ascii;
  return {};
}

Canvas::Canvas(int width, int height, bool unicode)
    : width_(std::max(0, width)), height_(std::max(0, height)), unicode_(unicode), cells_(width_ * height_) {}

void Canvas::clear() {
  std::fill(cells_.begin(), cells_.end(), Cell{});
}

void Canvas::put(int x, int y, char32_t ch, Style style) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  if (!unicode_ && ch > 0x7E) {
    const std::string_view a = ascii_stand_in(ch);
    if (a.size() == 1) {
      ch = static_cast<char32_t>(a[0]);
    } else {
      ch = U'?';
      ++fallbacks_;
    }
  }
  cells_[y * width_ + x] = Cell{ch, style};
}

std::u32string utf8_decode(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    char32_t cp;
    std::size_t extra;
    if (c < 0x80) {
      cp = c;
      extra = 0;
    } else if ((c >> 5) == 0x6) {
      cp = c & 0x1F;
      extra = 1;
    } else if ((c >> 4) == 0xE) {
      cp = c & 0x0F;
      extra = 2;
    } else if ((c >> 3) == 0x1E) {
      cp = c & 0x07;
      extra = 3;
    } else {
      out.push_back(U'?');
      ++i;
      continue;
    }
    if (i + extra >= s.size()) {  // truncated sequence
      out.push_back(U'?');
      break;
    }
    bool ok = true;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc >> 6) != 0x2) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (!ok) {
      out.push_back(U'?');
      ++i;
      continue;
    }
    out.push_back(cp);
    i += extra + 1;
  }
  return out;
}

void utf8_append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

int utf8_length(std::string_view utf8) {
  return std::ssize(utf8_decode(utf8));
}

int Canvas::text(int x, int y, std::string_view utf8, Style style, int max_width) {
  int used = 0;
  for (char32_t cp : utf8_decode(utf8)) {
    const std::string_view wide = !unicode_ && cp > 0x7E ? ascii_stand_in(cp) : std::string_view{};
    if (wide.size() > 1) {
      for (char a : wide) {
        if (max_width >= 0 && used >= max_width) break;
        put(x + used, y, static_cast<char32_t>(a), style);
        ++used;
      }
      continue;
    }
    if (max_width >= 0 && used >= max_width) break;
    put(x + used, y, cp, style);
    ++used;
  }
  return used;
}

void Canvas::fill(int x, int y, int w, int h, char32_t ch, Style style) {
  for (int yy = y; yy < y + h; ++yy)
    for (int xx = x; xx < x + w; ++xx) put(xx, yy, ch, style);
}

void Canvas::hline(int x, int y, int w, Style style) {
  fill(x, y, w, 1, glyphs().h, style);
}
void Canvas::vline(int x, int y, int h, Style style) {
  fill(x, y, 1, h, glyphs().v, style);
}

void Canvas::box(int x, int y, int w, int h, Style style, std::string_view title) {
  if (w < 2 || h < 2) return;
  const Glyphs& g = glyphs();
  hline(x + 1, y, w - 2, style);
  hline(x + 1, y + h - 1, w - 2, style);
  vline(x, y + 1, h - 2, style);
  vline(x + w - 1, y + 1, h - 2, style);
  put(x, y, g.tl, style);
  put(x + w - 1, y, g.tr, style);
  put(x, y + h - 1, g.bl, style);
  put(x + w - 1, y + h - 1, g.br, style);
  if (!title.empty() && w > 4) {
    Style ts = style;
    ts.attrs |= attr::kBold;
    put(x + 1, y, U' ', style);
    const int used = text(x + 2, y, title, ts, w - 5);
    put(x + 2 + used, y, U' ', style);
  }
}

void Canvas::restyle(int x, int y, int w, Style style) {
  if (y < 0 || y >= height_) return;
  for (int xx = std::max(0, x); xx < std::min(width_, x + w); ++xx) cells_[y * width_ + xx].style = style;
}

void Canvas::blit(const Canvas& src, int x, int y) {
  for (int yy = 0; yy < src.height(); ++yy) {
    for (int xx = 0; xx < src.width(); ++xx) {
      const int tx = x + xx;
      const int ty = y + yy;
      if (tx < 0 || ty < 0 || tx >= width_ || ty >= height_) continue;
      cells_[ty * width_ + tx] = src.at(xx, yy);
    }
  }
}

std::string Canvas::to_text() const {
  std::string out;
  std::vector<std::string> rows;
  for (int y = 0; y < height_; ++y) {
    std::string row;
    for (int x = 0; x < width_; ++x) utf8_append(row, at(x, y).ch);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(std::move(row));
  }
  while (!rows.empty() && rows.back().empty()) rows.pop_back();
  for (const auto& r : rows) {
    out += r;
    out += '\n';
  }
  return out;
}

}  // namespace rt
