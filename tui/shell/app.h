// The shell's main loop over a Terminal: draw the top page when something
// changed, wait for a key or the next timer (never spinning), dispatch the
// key, follow the page's navigation. It shows the "make the window larger"
// page below the minimum size, and on a signal lets every page save before
// the program ends.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tui/shell/screen.h"
#include "tui/shell/terminal.h"

namespace rt::shell {

class App {
 public:
  App(Terminal& terminal, AppContext& context, std::unique_ptr<Screen> first);

  // Runs until a page exits or a signal arrives; returns the exit code
  // (128 + the signal number after a signal).
  int run();
  // Lines to print after the terminal is restored.
  const std::vector<std::string>& messages() const { return messages_; }

  // Called after every frame is shown (the measurement log).
  std::function<void(Millis now, const std::string& tag)> on_frame;

  // For tests: one pass of the loop with the key (if any) already read.
  bool step_once(Millis deadline_cap = kNever);
  std::size_t depth() const { return stack_.size(); }
  Screen& top() { return *stack_.back(); }
  bool finished() const { return finished_; }
  int exit_code() const { return exit_code_; }

 private:
  void draw(Millis now);
  void draw_pages(Canvas& canvas, Millis now);
  // Whether this window is at the largest the shell is given, with a row to say so.
  bool shows_window_limit(int w, int h) const;
  void apply(Nav nav, Millis now);
  void finish_on_signal(int sig);
  void add_not_saved();
  void set_small(bool small, Millis now);

  Terminal& term_;
  AppContext& ctx_;
  std::vector<std::unique_ptr<Screen>> stack_;
  std::vector<std::string> messages_;
  bool dirty_ = true;
  bool small_ = false;
  bool finished_ = false;
  int exit_code_ = 0;
  int last_w_ = -1;
  int last_h_ = -1;
};

// The page shown below the minimum size (pure, for tests).
// `goes_on`: a shared table does not wait for this window.
void draw_too_small(Canvas& canvas, int cols, int rows, bool goes_on = false);
// The bottom line at the largest window a server draws (pure, for tests).
void draw_window_limit_line(Canvas& canvas, const WindowLimit& limit);

}  // namespace rt::shell
