// Talking at a shared table, the play screen's side: the
// one-line input a key opens (on the key help's row, so the question and
// the board stay where they are), a few quick phrases on keys, and how a
// talk line looks in the log: a mark that needs no colour ("»", ">>"),
// who said it, and the text in talk's own colour.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/canvas.h"
#include "tui/shell/keys.h"
#include "tui/shell/play_phase.h"
#include "tui/shell/widgets.h"

namespace rt::shell {

// The phrases 1-3 say at once on an empty talk line, for people who do not
// want to type mid-game.
inline constexpr std::string_view kTalkPhrases[] = {"good game", "your turn!", "one moment"};
// Characters a talk line may hold (the table cuts longer ones too).
inline constexpr std::size_t kTalkInputMax = 200;

class TalkInput {
 public:
  bool open() const { return open_; }
  void start() {
    open_ = true;
    text_.clear();
  }
  // A key while open: kept, or the line to send (Enter, or a quick phrase),
  // or closed (Esc).
  struct Result {
    bool send = false;
    std::string line;
  };
  Result on_key(const Key& key);
  // The input on row y, `w` columns from x: "Say: text_  Enter send  Esc cancel".
  void draw(Canvas& c, int x, int y, int w) const;
  // Where the terminal's cursor goes while typing.
  int cursor_x() const { return cursor_x_; }
  int cursor_y() const { return cursor_y_; }

 private:
  static std::string ascii_hint(const std::string& hint);
  bool open_ = false;
  std::u32string text_;
  mutable int cursor_x_ = -1;
  mutable int cursor_y_ = -1;
};

// A talk entry of the log as the log pane shows it.
// `from` and `text` as the canvas draws them (canvas_form()).
StyledText talk_log_line(std::string_view from, std::string_view text, bool unicode);

}  // namespace rt::shell
