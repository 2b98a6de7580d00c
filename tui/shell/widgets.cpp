#include "tui/shell/widgets.h"

#include <algorithm>
#include <iterator>

namespace rt::shell {

std::vector<std::string> wrap(std::string_view text, int width) {
  std::vector<std::string> lines;
  if (width <= 0) return lines;
  const std::u32string all = utf8_decode(text);
  const auto columns = static_cast<std::size_t>(width);
  std::size_t start = 0;
  while (start <= all.size()) {
    std::size_t end = all.find(U'\n', start);
    if (end == std::u32string::npos) end = all.size();
    std::u32string para = all.substr(start, end - start);
    if (para.empty()) lines.emplace_back();
    while (!para.empty()) {
      std::size_t cut = para.size();
      if (para.size() > columns) {
        cut = para.rfind(U' ', columns);
        if (cut == std::u32string::npos || cut == 0) cut = columns;
      }
      std::string line;
      for (std::size_t i = 0; i < cut; ++i) utf8_append(line, para[i]);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      lines.push_back(std::move(line));
      std::size_t next = cut;
      while (next < para.size() && para[next] == U' ') ++next;
      para.erase(0, next);
    }
    start = end + 1;
  }
  return lines;
}

void append(StyledText& text, std::string_view utf8, Style s) {
  for (char32_t cp : utf8_decode(utf8)) text.push_back(Cell{cp, s});
}

void append_unbroken(StyledText& text, std::string_view utf8, Style s) {
  for (char32_t cp : utf8_decode(utf8)) text.push_back(Cell{cp == U' ' ? kNoBreakSpace : cp, s});
}

std::vector<StyledText> wrap_styled(const StyledText& text, int width, int hang) {
  std::vector<StyledText> lines;
  if (width <= 0) return lines;
  hang = std::clamp(hang, 0, width / 2);
  std::size_t pos = 0;
  while (pos < text.size() || lines.empty()) {
    const int room = lines.empty() ? width : width - hang;
    std::size_t end = std::min(text.size(), pos + static_cast<std::size_t>(room));
    for (std::size_t i = pos; i < end; ++i)
      if (text[i].ch == U'\n') end = i;
    const auto blank = [&](std::size_t i) { return text[i].ch == U' ' || text[i].ch == kNoBreakSpace; };
    // A no-break space is no place to break: only a plain one is.
    if (end < text.size() && text[end].ch != U'\n' && text[end].ch != U' ') {
      std::size_t sp = end;
      while (sp > pos && text[sp - 1].ch != U' ') --sp;
      // A run kept together (a rule's name) longer than a whole line breaks
      // at its own spaces rather than inside a word.
      if (sp == pos) {
        sp = end;
        while (sp > pos && text[sp - 1].ch != kNoBreakSpace) --sp;
      }
      if (sp > pos) end = sp;
    }
    StyledText line;
    if (!lines.empty()) line.assign(static_cast<std::size_t>(hang), Cell{});
    line.insert(line.end(), text.begin() + static_cast<std::ptrdiff_t>(pos),
                text.begin() + static_cast<std::ptrdiff_t>(end));
    while (!line.empty() && (line.back().ch == U' ' || line.back().ch == kNoBreakSpace)) line.pop_back();
    lines.push_back(std::move(line));
    pos = end;
    if (pos < text.size() && text[pos].ch == U'\n')
      ++pos;
    else
      while (pos < text.size() && blank(pos)) ++pos;
    if (pos >= text.size()) break;
  }
  return lines;
}

void no_widow(std::vector<StyledText>& lines, int width, int hang) {
  if (lines.size() < 2) return;
  hang = std::clamp(hang, 0, width / 2);
  const auto words = [](const StyledText& l, std::size_t from) {
    int n = 0;
    for (std::size_t i = from; i < l.size(); ++i)
      if (l[i].ch != U' ' && (i == from || l[i - 1].ch == U' ')) ++n;
    return n;
  };
  StyledText& last = lines.back();
  StyledText& above = lines[lines.size() - 2];
  const auto from = static_cast<std::size_t>(hang);
  if (last.size() <= from || words(last, from) != 1) return;
  const std::size_t above_from = lines.size() > 2 ? from : 0;
  if (words(above, above_from) < 3) return;
  std::size_t cut = above.size();
  while (cut > 0 && above[cut - 1].ch != U' ') --cut;  // the last word starts at `cut`
  StyledText moved(from, Cell{});
  moved.insert(moved.end(), above.begin() + static_cast<std::ptrdiff_t>(cut), above.end());
  moved.push_back(Cell{U' ', above.back().style});
  moved.insert(moved.end(), last.begin() + static_cast<std::ptrdiff_t>(from), last.end());
  if (std::ssize(moved) > width) return;
  above.resize(cut);
  while (!above.empty() && above.back().ch == U' ') above.pop_back();
  last = std::move(moved);
}

int draw_styled(Canvas& c, int x, int y, const StyledText& text, int max_w) {
  int used = 0;
  for (const Cell& cell : text) {
    if (max_w >= 0 && used >= max_w) break;
    c.put(x + used, y, cell.ch == kNoBreakSpace ? U' ' : cell.ch, cell.style);
    ++used;
  }
  return used;
}

std::string ellipsize(std::string_view text, int width, bool unicode) {
  const std::u32string cps = utf8_decode(text);
  if (width <= 0) return {};
  if (std::ssize(cps) <= width) return std::string(text);
  std::string out;
  const int keep = unicode ? width - 1 : std::max(0, width - 3);
  std::for_each_n(cps.begin(), keep, [&](char32_t cp) { utf8_append(out, cp); });
  if (unicode)
    out += "…";
  else
    std::fill_n(std::back_inserter(out), width - keep, '.');  // at most three
  return out;
}

void centred(Canvas& c, const Rect& r, int y, std::string_view text, Style s) {
  const int len = std::min(utf8_length(text), r.w);
  c.text(r.x + (r.w - len) / 2, y, text, s, r.w);
}

void draw_help_line(Canvas& c, int x, int y, int w, const std::vector<HelpItem>& items) {
  int col = x;
  const int end = x + w;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const HelpItem& it = items[i];
    const int need = utf8_length(it.keys) + 1 + utf8_length(it.what) + (i ? 2 : 0);
    if (col + need > end) break;
    if (i) col += c.text(col, y, "  ");
    col += c.text(col, y, it.keys, style::kKey);
    col += c.text(col, y, " ");
    col += c.text(col, y, it.what, style::kDim);
  }
}

Rect frame(Canvas& c, const Rect& r, std::string_view title, Style s) {
  c.box(r.x, r.y, r.w, r.h, s, title);
  return Rect{r.x + 1, r.y + 1, std::max(0, r.w - 2), std::max(0, r.h - 2)};
}

Rect dialog(Canvas& c, int w, int h, std::string_view title) {
  w = std::min(w, c.width());
  h = std::min(h, c.height());
  const Rect outer{(c.width() - w) / 2, (c.height() - h) / 2, w, h};
  c.fill(outer.x, outer.y, outer.w, outer.h, U' ');
  c.box(outer.x, outer.y, outer.w, outer.h, style::kBold, title);
  // A blank column either side keeps text off the border.
  return Rect{outer.x + 2, outer.y + 1, std::max(0, w - 4), std::max(0, h - 2)};
}

int menu_scroll(int count, int height, int selected) {
  if (height <= 0 || count <= height) return 0;
  int first = selected - height / 2;
  return std::clamp(first, 0, count - height);
}

bool move_highlight(Cmd cmd, int& selected, int count) {
  const int n = std::max(1, count);
  switch (cmd) {
    case Cmd::Up: selected = (selected + n - 1) % n; return true;
    case Cmd::Down: selected = (selected + 1) % n; return true;
    case Cmd::Home: selected = 0; return true;
    case Cmd::End: selected = n - 1; return true;
    default: return false;
  }
}

int draw_menu(Canvas& c, const Rect& r, const std::vector<MenuRow>& rows, int selected, bool focus) {
  const int count = std::ssize(rows);
  const int first = menu_scroll(count, r.h, selected);
  const bool uni = c.unicode();
  // Notes line up in a column after the longest text.
  int note_x = 0;
  for (const MenuRow& row : rows) note_x = std::max(note_x, utf8_length(row.text));
  note_x = std::min(note_x + 3, r.w * 2 / 3);
  for (int i = 0; i < r.h && first + i < count; ++i) {
    const MenuRow& row = *std::next(rows.begin(), first + i);
    const int y = r.y + i;
    const bool sel = first + i == selected;
    Style s = !row.enabled ? style::kDim : sel && focus ? style::kSelected : style::kNormal;
    c.text(r.x, y, sel ? (uni ? "▶ " : "> ") : "  ", sel ? style::kAccent : style::kNormal);
    const std::string text = ellipsize(row.text, r.w - 2, uni);
    const int used = c.text(r.x + 2, y, text, s);
    const int nx = std::max(used + 1, note_x);
    if (!row.note.empty() && r.w - 2 - nx > 3)
      c.text(r.x + 2 + nx, y, ellipsize(row.note, r.w - 2 - nx, uni), style::kDim);
  }
  if (first > 0) c.text(r.right() - 1, r.y, uni ? "↑" : "^", style::kDim);
  if (first + r.h < count) c.text(r.right() - 1, r.bottom() - 1, uni ? "↓" : "v", style::kDim);
  return first;
}

bool is_typeable(char32_t ch) {
  return (ch >= 0x20 && ch <= 0x7E) || (ch >= 0xA1 && ch <= 0x24F) || (ch >= 0x370 && ch <= 0x4FF);
}

TextField::TextField(std::string text, int max_chars, bool digits_only)
    : text_(std::move(text)), max_chars_(max_chars), digits_only_(digits_only) {
  cursor_ = utf8_length(text_);
}

bool TextField::on_key(const Key& key) {
  std::u32string cps = utf8_decode(text_);
  const int len = std::ssize(cps);
  switch (key.type) {
    case KeyType::Char:
      if (!is_typeable(key.ch)) return false;
      if (digits_only_ && (key.ch < U'0' || key.ch > U'9')) return true;  // swallowed
      if (len >= max_chars_) return true;
      cps.insert(std::next(cps.begin(), cursor_), key.ch);
      ++cursor_;
      break;
    case KeyType::Backspace:
      if (cursor_ > 0) cps.erase(std::next(cps.begin(), --cursor_));
      break;
    case KeyType::Delete:
      if (cursor_ < len) cps.erase(std::next(cps.begin(), cursor_));
      break;
    case KeyType::Left: cursor_ = std::max(0, cursor_ - 1); break;
    case KeyType::Right: cursor_ = std::min(len, cursor_ + 1); break;
    case KeyType::Home: cursor_ = 0; break;
    case KeyType::End: cursor_ = len; break;
    default: return false;
  }
  text_.clear();
  for (char32_t cp : cps) utf8_append(text_, cp);
  return true;
}

void TextField::draw(Canvas& c, int x, int y, int w) const {
  const std::u32string cps = utf8_decode(text_);
  const int len = std::ssize(cps);
  const int first = std::max(0, cursor_ - (w - 1));
  c.fill(x, y, w, 1, U' ', Style{Color::Default, Color::Default, attr::kUnderline});
  for (int i = first; i < len && i - first < w; ++i)
    c.put(x + i - first, y, *std::next(cps.begin(), i),
          Style{Color::Default, Color::Default, attr::kUnderline});
  // The cursor is a reversed cell (seen in any terminal, and in tests); the
  // page also puts the terminal's own blinking cursor there (Screen::cursor).
  const int cx = x + cursor_ - first;
  const char32_t under = cursor_ < len ? *std::next(cps.begin(), cursor_) : U' ';
  c.put(cx, y, under, style::kSelected);
  drawn_x_ = cx;
  drawn_y_ = y;
}

}  // namespace rt::shell
