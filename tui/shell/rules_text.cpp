#include "tui/shell/rules_text.h"

#include <algorithm>
#include <optional>

#include "core/canvas.h"

namespace rt::shell {
namespace {

bool lower(char32_t c) {
  return c >= U'a' && c <= U'z';
}
bool upper(char32_t c) {
  return c >= U'A' && c <= U'Z';
}
bool digit(char32_t c) {
  return c >= U'0' && c <= U'9';
}

std::vector<std::u32string> words_of(const std::u32string& s) {
  std::vector<std::u32string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == U' ') ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != U' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool no_lowercase(const std::u32string& w) {
  return std::none_of(w.begin(), w.end(), lower);
}

// "THE TRACK", "GO WACKY!  2-6 players", "2 PLAYERS (and ...)"; not "A game by".
bool is_heading(const std::u32string& line) {
  if (line.empty() || line[0] == U' ') return false;
  const auto w = words_of(line);
  if (!no_lowercase(w[0])) return false;
  if (w[0].size() >= 2 && std::any_of(w[0].begin(), w[0].end(), upper)) return true;
  return w.size() > 1 && w[1].size() >= 2 && no_lowercase(w[1]);
}

// The length of a list marker at the start of `t`: "- ", "* ", "12. ",
// "B) ", "#12 "; 0 when there is none.
std::size_t marker(const std::u32string& t) {
  if (t.size() >= 2 && (t[0] == U'-' || t[0] == U'*') && t[1] == U' ') return 2;
  if (t.size() >= 3 && upper(t[0]) && t[1] == U')' && t[2] == U' ') return 3;
  std::size_t i = t[0] == U'#' ? 1 : 0;
  const std::size_t digits_from = i;
  while (i < t.size() && digit(t[i])) ++i;
  if (i == digits_from) return 0;
  if (t[0] == U'#') return i < t.size() && t[i] == U' ' ? i + 1 : 0;
  return i + 1 < t.size() && t[i] == U'.' && t[i + 1] == U' ' ? i + 2 : 0;
}

// Where a table row's last cell starts (after two or more spaces between
// words), or none: the line is no row.
std::optional<std::size_t> last_cell(const std::u32string& t) {
  std::optional<std::size_t> at;
  for (std::size_t i = 1; i + 2 < t.size(); ++i) {
    if (t[i - 1] == U' ' || t[i] != U' ' || t[i + 1] != U' ') continue;
    std::size_t j = i;
    while (j < t.size() && t[j] == U' ') ++j;
    if (j < t.size()) at = j;
    i = j;
  }
  return at;
}

bool ends_sentence(const std::u32string& t) {
  std::size_t n = t.size();
  while (n > 0 && (t[n - 1] == U')' || t[n - 1] == U'"')) --n;
  return n > 0 && (t[n - 1] == U'.' || t[n - 1] == U'!' || t[n - 1] == U'?' || t[n - 1] == U':');
}

std::string utf8_of(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) utf8_append(out, c);
  return out;
}

}  // namespace

std::vector<RulesPart> rules_parts(std::string_view text) {
  std::vector<std::u32string> lines;
  {
    const std::u32string all = utf8_decode(text);
    std::size_t start = 0;
    while (start <= all.size()) {
      std::size_t end = all.find(U'\n', start);
      if (end == std::u32string::npos) end = all.size();
      std::u32string line = all.substr(start, end - start);
      while (!line.empty() && (line.back() == U' ' || line.back() == U'\r')) line.pop_back();
      lines.push_back(std::move(line));
      start = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
  }
  std::size_t widest = 0;
  for (const auto& l : lines) widest = std::max(widest, l.size());

  std::vector<RulesPart> out;
  // The part being built: its kind, text, first indent, and hang once known.
  struct Open {
    RulesPart::Kind kind;
    std::u32string text;
    std::size_t indent;
    std::optional<std::size_t> hang;
    std::size_t cell = 0;  // a row: where its last cell starts
  };
  std::optional<Open> cur;
  auto close = [&] {
    if (!cur) return;
    RulesPart p;
    p.kind = cur->kind;
    p.text = utf8_of(cur->text);
    p.hang =
        static_cast<int>(cur->hang.value_or(cur->kind == RulesPart::Kind::Row ? cur->cell : cur->indent));
    out.push_back(std::move(p));
    cur.reset();
  };
  const std::u32string* previous = nullptr;
  for (const std::u32string& line : lines) {
    const std::u32string* last = previous;
    previous = &line;
    if (line.empty()) {
      close();
      out.push_back(RulesPart{});
      continue;
    }
    if (is_heading(line)) {
      close();
      RulesPart p;
      p.kind = RulesPart::Kind::Heading;
      p.text = utf8_of(line);
      p.hang = 2;
      // The title: the words in capitals up to one in lower case or in brackets, or two spaces.
      std::size_t end = 0, i = 0;
      while (i < line.size()) {
        std::size_t j = i;
        while (j < line.size() && line[j] != U' ') ++j;
        const std::u32string w = line.substr(i, j - i);
        if (!no_lowercase(w) || w[0] == U'(' || w == U"-" || w == U"·") break;
        end = j;
        i = j;
        while (i < line.size() && line[i] == U' ') ++i;
        if (i - j >= 2) break;  // two spaces: what follows is no title
      }
      p.title = std::ssize(utf8_of(line.substr(0, end)));
      out.push_back(std::move(p));
      continue;
    }
    const std::size_t indent = line.find_first_not_of(U' ');
    const std::u32string t = line.substr(indent);
    const std::size_t mark = marker(t);
    const std::optional<std::size_t> cell = mark ? std::nullopt : last_cell(t);
    if (cur && !mark && !cell) {
      // A plain line: does it go on with the part above?
      bool goes_on = false;
      if (cur->kind == RulesPart::Kind::Item || cur->kind == RulesPart::Kind::Row) {
        if (!cur->hang && indent > cur->indent) cur->hang = indent;
        goes_on = cur->hang == indent;
      } else if (ends_sentence(cur->text) && last &&
                 last->size() + 1 + words_of(t).front().size() <= widest) {
        goes_on = false;  // broken on purpose
      } else {
        if (!cur->hang && indent >= cur->indent) cur->hang = indent;
        goes_on = cur->hang == indent;
      }
      if (goes_on) {
        cur->text += U' ';
        cur->text += t;
        continue;
      }
    }
    close();
    Open o;
    o.kind = mark ? RulesPart::Kind::Item : cell ? RulesPart::Kind::Row : RulesPart::Kind::Paragraph;
    o.text = line;
    o.indent = indent;
    if (mark) o.hang = indent + mark;
    if (cell) o.cell = indent + *cell;
    cur = std::move(o);
  }
  close();
  return out;
}

}  // namespace rt::shell
