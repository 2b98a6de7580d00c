// Scrolling text pages: the keys (`?`), a game's rules (`r`), the full log (`l`).
#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/play_table.h"
#include "tui/shell/rules_text.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"
#include "tui/shell/talk_input.h"

namespace rt::shell {
namespace {

class ReaderScreen final : public Screen {
 public:
  ReaderScreen(std::string title, std::vector<ReaderLine> lines, char32_t closer, bool start_at_end)
      : title_(std::move(title)), lines_(std::move(lines)), closer_(closer), at_end_(start_at_end) {}

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, title_, style::kBarBold, w - 2);
    const int body_h = h - 2;
    wrapped_.clear();
    const int text_w = std::max(10, w - 4);
    for (const ReaderLine& line : lines_) {
      std::vector<StyledText> lines = wrap_styled(line.text, text_w, line.hang);
      if (line.balanced) no_widow(lines, text_w, line.hang);
      for (auto& l : lines) wrapped_.push_back(std::move(l));
    }
    const int total = std::ssize(wrapped_);
    max_top_ = std::max(0, total - body_h);
    page_ = std::max(1, body_h - 1);
    if (at_end_) {
      top_ = max_top_;
      at_end_ = false;
    }
    top_ = std::clamp(top_, 0, max_top_);
    for (int i = 0; i < body_h && top_ + i < total; ++i)
      draw_styled(c, 2, 1 + i, wrapped_[static_cast<std::size_t>(top_ + i)], w - 3);
    std::vector<HelpItem> items = help_line(Context::Reader, c.unicode());
    draw_help_line(c, 1, h - 1, w - 14, items);
    if (total > body_h) {
      const int pct = max_top_ == 0 ? 100 : top_ * 100 / max_top_;
      c.text(w - 12, h - 1,
             fmt::format("{:>3}% of {}", pct, total > 999 ? std::string("999+") : std::to_string(total)),
             style::kDim);
    }
  }

  Nav on_key(const Key& key, Millis) override {
    if (key.is(closer_)) return Nav::pop();
    if (key.type == KeyType::WheelUp) top_ -= 3;
    if (key.type == KeyType::WheelDown) top_ += 3;
    switch (command(Context::Reader, key)) {
      case Cmd::Up: --top_; break;
      case Cmd::Down: ++top_; break;
      case Cmd::PageUp: top_ -= page_; break;
      case Cmd::PageDown: top_ += page_; break;
      case Cmd::Home: top_ = 0; break;
      case Cmd::End: top_ = max_top_; break;
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    top_ = std::clamp(top_, 0, max_top_);
    return Nav::stay();
  }

  std::string stats_tag() const override { return "reader"; }

 private:
  std::string title_;
  std::vector<ReaderLine> lines_;
  char32_t closer_;
  bool at_end_;
  std::vector<StyledText> wrapped_;
  int top_ = 0;
  int max_top_ = 0;
  int page_ = 10;
};

ReaderLine plain(std::string_view text, Style s = {}, int hang = 0) {
  ReaderLine l;
  append(l.text, text, s);
  l.hang = hang;
  return l;
}

}  // namespace

std::unique_ptr<Screen> make_reader_screen(std::string title, std::vector<ReaderLine> lines, char32_t closer,
                                           bool start_at_end) {
  return std::make_unique<ReaderScreen>(std::move(title), std::move(lines), closer, start_at_end);
}

std::vector<ReaderLine> keys_document(bool unicode) {
  std::vector<ReaderLine> out;
  out.push_back(
      plain("Every key of the shell. The bottom line of each screen shows the ones that matter there."));
  const auto rows = help_rows(unicode);
  int keys_col = 0;  // the keys column fits the longest keys
  for (const HelpRow& row : rows) keys_col = std::max(keys_col, utf8_length(row.keys));
  keys_col = std::min(keys_col + 4, 28);
  bool first = true;
  Context current = Context::Everywhere;
  for (const HelpRow& row : rows) {
    if (first || row.context != current) {
      out.push_back(plain(""));
      out.push_back(plain(context_title(row.context), style::kTitle));
      current = row.context;
      first = false;
    }
    ReaderLine l;
    std::string keys = row.keys;
    while (utf8_length(keys) < keys_col - 3) keys += ' ';
    append(l.text, "  ");
    append(l.text, keys, style::kKey);
    append(l.text, " " + row.what);
    l.hang = keys_col;
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<ReaderLine> rules_document(const AppContext& ctx, const std::string& game_id) {
  const GameEntry& e = builtin_registry().get(game_id);
  Options opt;
  opt.players = e.info.min_players;
  auto game = builtin_registry().create(game_id, opt, ctx.data);
  std::vector<ReaderLine> out;
  // Wrapped as the text means: paragraphs reflowed, lists and tables kept.
  for (const RulesPart& part : rules_parts(game->rules_text())) {
    ReaderLine l;
    if (part.kind == RulesPart::Kind::Heading) {
      const auto title = static_cast<std::size_t>(part.title);
      append(l.text, std::string_view(part.text).substr(0, title), style::kTitle);
      append(l.text, std::string_view(part.text).substr(title));
    } else {
      append(l.text, part.text);
    }
    l.hang = part.hang;
    l.balanced = true;
    out.push_back(std::move(l));
  }
  if (!e.info.variants.empty()) {
    out.push_back(plain(""));
    out.push_back(plain("VARIANTS  (chosen before the game starts)", style::kTitle));
    for (const auto& v : e.info.variants) {
      ReaderLine l;
      append(l.text, "  " + v.name, style::kBold);
      append(l.text, "  " + v.summary);
      l.hang = 4;
      l.balanced = true;
      out.push_back(std::move(l));
    }
  }
  if (!e.info.params.empty()) {
    out.push_back(plain(""));
    out.push_back(plain("OPTIONS", style::kTitle));
    for (const auto& p : e.info.params) {
      ReaderLine l;
      append(l.text, "  " + p.name, style::kBold);
      append(l.text, "  " + p.summary);
      l.hang = 4;
      l.balanced = true;
      out.push_back(std::move(l));
    }
  }
  return out;
}

std::vector<ReaderLine> log_document(const PlayTable& table, bool unicode) {
  std::vector<ReaderLine> out;
  for (const LogEntry& e : table.log()) {
    if (!table.visible(e)) continue;
    ReaderLine l;
    if (!e.talk_from.empty())
      l.text = talk_log_line(e.talk_from, e.text, unicode);
    else
      append(l.text, e.text);
    if (!e.rule.empty()) {
      append(l.text, "  ");
      append_unbroken(l.text, "(" + e.rule + ")", style::kDim);
    }
    l.hang = 2;
    out.push_back(std::move(l));
  }
  if (out.empty()) out.push_back(plain("Nothing has happened yet.", style::kDim));
  return out;
}

}  // namespace rt::shell
