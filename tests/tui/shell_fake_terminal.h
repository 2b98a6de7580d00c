// A terminal for tests: a fixed size, a fake clock that jumps to each
// deadline when no key is queued, keys fed by the test, and the last frame
// kept as a Canvas.
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <string>

#include "tui/shell/app.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/terminal.h"

namespace rt::shell::test {

class FakeTerminal final : public Terminal {
 public:
  FakeTerminal(int w = 80, int h = 24, bool unicode = false)
      : w_(w), h_(h), unicode_(unicode), frame_(w, h, unicode) {}

  int width() const override { return w_; }
  int height() const override { return h_; }
  bool unicode() const override { return unicode_; }
  Millis now() const override { return clock_; }
  bool read_key(Millis deadline, Key& out) override {
    if (signal_) return false;
    if (keys_.empty()) {
      idle_ = deadline == kNever;  // a real terminal would wait for a key here
      if (!idle_) clock_ = std::max(clock_, deadline);
      return false;
    }
    idle_ = false;
    out = keys_.front();
    keys_.pop_front();
    return true;
  }
  void present(const Canvas& frame) override {
    frame_ = frame;
    ++frames_;
  }
  void redraw_all() override {}
  void bell() override { ++bells_; }
  int bells() const { return bells_; }
  void set_cursor(int x, int y) override {
    cursor_x_ = x;
    cursor_y_ = y;
  }
  int pending_signal() const override { return signal_; }

  void press(const Key& k) { keys_.push_back(k); }
  void press(char32_t c) { keys_.push_back(Key::chr(c)); }
  void press(KeyType t) { keys_.push_back(Key::of(t)); }
  void resize(int w, int h) {
    w_ = w;
    h_ = h;
    keys_.push_back(Key::of(KeyType::Resize));
  }
  void send_signal(int sig) { signal_ = sig; }
  void advance(Millis ms) { clock_ += ms; }

  const Canvas& frame() const { return frame_; }
  std::string text() const { return frame_.to_text(); }
  bool shows(const std::string& s) const { return text().find(s) != std::string::npos; }
  bool idle() const { return idle_; }
  bool keys_pending() const { return !keys_.empty(); }
  int frames() const { return frames_; }
  // Where the terminal's own cursor is shown (-1: hidden).
  int cursor_x() const { return cursor_x_; }
  int cursor_y() const { return cursor_y_; }

 private:
  int w_, h_;
  bool unicode_;
  Millis clock_ = 1000;
  std::deque<Key> keys_;
  Canvas frame_;
  int frames_ = 0;
  int bells_ = 0;
  int signal_ = 0;
  bool idle_ = false;
  int cursor_x_ = -1;
  int cursor_y_ = -1;
};

// A fresh directory for saves, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/racetable-shell-XXXXXX";
    const char* d = ::mkdtemp(tmpl);
    path_ = d ? d : "/tmp";
  }
  ~TempDir() {
    std::error_code ec;
    if (path_ != "/tmp") std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Runs the app until `done()` or `max_steps` loop passes; returns done().
template <class Done>
bool run_until(App& app, FakeTerminal& term, Done done, int max_steps = 20000) {
  for (int i = 0; i < max_steps && !app.finished(); ++i) {
    if (done()) return true;
    app.step_once();
    if (term.idle() && !term.keys_pending() && done()) return true;
  }
  return done();
}

// The play screen on top of the shell, or nullptr.
inline PlayScreen* play(App& app) {
  return dynamic_cast<PlayScreen*>(&app.top());
}

}  // namespace rt::shell::test
