#include "tui/shell/talk_input.h"

#include <fmt/format.h>

namespace rt::shell {

namespace {

std::string utf8_encode(const std::u32string& text) {
  std::string out;
  for (char32_t cp : text) utf8_append(out, cp);
  return out;
}

// Talk's own colour: magenta is used by no pane of the play screen.
constexpr Style kTalkName{Color::Magenta, Color::Default, attr::kBold};
constexpr Style kTalkText{Color::Magenta, Color::Default, attr::kNone};

}  // namespace

TalkInput::Result TalkInput::on_key(const Key& key) {
  Result r;
  switch (key.type) {
    case KeyType::Escape: open_ = false; break;
    case KeyType::Enter:
      open_ = false;
      r.send = !text_.empty();
      r.line = utf8_encode(text_);
      break;
    case KeyType::Backspace:
      if (!text_.empty()) text_.pop_back();
      break;
    case KeyType::Char:
      if (text_.empty() && key.ch >= U'1' && key.ch <= U'3') {
        open_ = false;
        r.send = true;
        r.line = std::string(kTalkPhrases[key.ch - U'1']);
      } else if (key.ch >= 0x20 && key.ch != 0x7F && text_.size() < kTalkInputMax) {
        text_.push_back(key.ch);
      }
      break;
    default: break;
  }
  return r;
}

void TalkInput::draw(Canvas& c, int x, int y, int w) const {
  c.fill(x, y, w, 1, U' ');
  const std::string hint =
      text_.empty() ? "1 good game · 2 your turn! · 3 one moment · Esc cancel" : " Enter send · Esc cancel";
  const std::string shown_hint = c.unicode() ? hint : ascii_hint(hint);
  int at = x + c.text(x, y, "Say: ", kTalkName);
  // The end of a long line stays in view, beside the hint when it fits.
  const int room = std::max(8, w - (at - x) - (text_.empty() ? 0 : utf8_length(shown_hint)) - 1);
  std::u32string tail = text_;
  if (std::ssize(tail) > room) tail = tail.substr(tail.size() - static_cast<std::size_t>(room));
  at += c.text(at, y, utf8_encode(tail), style::kNormal);
  cursor_x_ = at;
  cursor_y_ = y;
  if (at + 1 < x + w) c.text(at + 1, y, shown_hint, style::kDim, x + w - at - 1);
}

std::string TalkInput::ascii_hint(const std::string& hint) {
  std::string out;
  for (char32_t cp : utf8_decode(hint)) {
    if (cp == U'·')
      out += '|';
    else
      utf8_append(out, cp);
  }
  return out;
}

StyledText talk_log_line(std::string_view from, std::string_view text, bool unicode) {
  StyledText t;
  // The mark says "talk" without colour; the name and the words have talk's colour.
  append(t, unicode ? "» " : ">> ", style::kBold);
  append(t, std::string(from) + ": ", kTalkName);
  append(t, text, kTalkText);
  return t;
}

}  // namespace rt::shell
