#include "tui/shell/app.h"

#include <malloc.h>

#include <algorithm>

#include <fmt/format.h>

#include "tui/shell/layout.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/screens.h"
#include "tui/shell/widgets.h"

namespace rt::shell {

namespace {

// Screens left behind (a Tables page's list, a finished game) free memory in
// the middle of the heap, which malloc keeps; a shell lives long at its next
// screen, so the pages go back to the system (one of hundreds of sessions).
void give_back_freed_memory() {
  ::malloc_trim(0);
}

}  // namespace

std::uint64_t AppContext::fresh_seed() {
  // Not a game's randomness: only picks which seeded game to play.
  std::uint64_t x = static_cast<std::uint64_t>(wall_clock()) * 0x9E3779B97F4A7C15ull +
                    (++seed_counter) * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  return 1 + x % 999999;
}

void draw_too_small(Canvas& c, int cols, int rows, bool goes_on) {
  c.clear();
  const bool uni = c.unicode();
  const std::string times = uni ? "×" : "x";
  const std::vector<std::string> paras{
      "The window is too small for racetable.",
      fmt::format("Make the window at least {}{}{} (now {}{}{}).", kMinWidth, times, kMinHeight, cols, times,
                  rows),
      goes_on ? "The table goes on meanwhile. Press q to leave it (your seat is kept)."
              : "The game is paused meanwhile. Press q to save and quit.",
  };
  std::vector<std::pair<std::string, Style>> lines;
  for (std::size_t i = 0; i < paras.size(); ++i) {
    for (auto& l : wrap(paras[i], std::max(1, cols - 2)))
      lines.emplace_back(std::move(l), i == 1 ? style::kAccent : style::kNormal);
    if (i + 1 < paras.size()) lines.emplace_back("", style::kNormal);
  }
  const int top = std::max<int>(0, (rows - std::ssize(lines)) / 2);
  for (std::size_t i = 0; i < lines.size(); ++i)
    centred(c, Rect{0, 0, cols, rows}, top + static_cast<int>(i), lines[i].first, lines[i].second);
}

App::App(Terminal& terminal, AppContext& context, std::unique_ptr<Screen> first)
    : term_(terminal), ctx_(context) {
  stack_.push_back(std::move(first));
}

int App::run() {
  while (!finished_) step_once();
  return exit_code_;
}

void App::set_small(bool small, Millis now) {
  if (small == small_) return;
  small_ = small;
  dirty_ = true;
  if (small)
    top().pause(now);
  else
    top().resume(now);
}

void App::finish_on_signal(int sig) {
  // Every page saves what it must (the game in progress), top to bottom.
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
    std::string m = (*it)->on_exit();
    if (!m.empty()) messages_.push_back(std::move(m));
  }
  finished_ = true;
  exit_code_ = 128 + sig;
  add_not_saved();
}

void App::add_not_saved() {
  // A finished game whose end could not be saved, left for the title: the
  // program's last words and status still say so.
  for (std::string& line : ctx_.not_saved) messages_.push_back(std::move(line));
  if (!ctx_.not_saved.empty() && exit_code_ == 0) exit_code_ = kExitNotSaved;
  ctx_.not_saved.clear();
}

void draw_window_limit_line(Canvas& c, const WindowLimit& limit) {
  const int y = c.height() - 1;
  c.fill(0, y, c.width(), 1, U' ', style::kNormal);
  c.text(1, y,
         fmt::format("This server draws at most {}{}{} cells: the rest of the window stays empty.",
                     limit.columns, c.unicode() ? "×" : "x", limit.rows),
         style::kDim, c.width() - 2);
}

bool App::shows_window_limit(int w, int h) const {
  return ctx_.window_limit.reached_by(w, h) && fits_minimum(w, h - 1);
}

void App::draw_pages(Canvas& canvas, Millis now) {
  std::size_t base = stack_.size() - 1;
  while (base > 0 && stack_[base]->overlay()) --base;
  for (std::size_t i = base; i < stack_.size(); ++i) stack_[i]->draw(canvas, now);
}

void App::draw(Millis now) {
  const int w = term_.width();
  const int h = term_.height();
  Canvas canvas(w, h, term_.unicode());
  if (small_) {
    bool goes_on = false;
    for (const auto& page : stack_) goes_on = goes_on || page->goes_on_hidden();
    draw_too_small(canvas, w, h, goes_on);
  } else if (shows_window_limit(w, h)) {
    // The pages a row shorter, so the line never hides any of theirs.
    Canvas pages(w, h - 1, term_.unicode());
    draw_pages(pages, now);
    canvas.blit(pages, 0, 0);
    draw_window_limit_line(canvas, ctx_.window_limit);
  } else {
    draw_pages(canvas, now);
  }
  term_.present(canvas);
  if (ctx_.bell) {
    ctx_.bell = false;
    term_.bell();
  }
  const CursorAt cursor = small_ ? CursorAt{} : top().text_cursor();
  term_.set_cursor(cursor.x, cursor.y);
  if (on_frame) on_frame(now, small_ ? std::string("too-small") : top().stats_tag());
}

void App::apply(Nav nav, Millis now) {
  switch (nav.kind) {
    case NavKind::Stay: return;
    case NavKind::Push:
      top().pause(now);
      stack_.push_back(std::move(nav.screen));
      return;
    case NavKind::Pop:
      stack_.pop_back();
      if (stack_.empty()) {
        finished_ = true;
        add_not_saved();
        return;
      }
      top().resume(now);
      return;
    case NavKind::Replace:
      stack_.pop_back();
      stack_.push_back(std::move(nav.screen));
      return;
    case NavKind::Reset:
      stack_.clear();
      stack_.push_back(std::move(nav.screen));
      give_back_freed_memory();
      return;
    case NavKind::Home:
      stack_.clear();
      stack_.push_back(make_title_screen(ctx_));
      give_back_freed_memory();
      return;
    case NavKind::Exit:
      if (!nav.message.empty()) messages_.push_back(std::move(nav.message));
      exit_code_ = nav.exit_code;
      finished_ = true;
      add_not_saved();
      return;
  }
}

bool App::step_once(Millis deadline_cap) {
  if (finished_) return false;
  if (const int sig = term_.pending_signal()) {
    finish_on_signal(sig);
    return false;
  }
  Millis now = term_.now();
  Millis stopped = 0;
  Millis continued = 0;
  if (term_.take_suspension(stopped, continued) && !small_) {
    // Stopped with Ctrl-Z: the game did not go on meanwhile.
    top().pause(stopped);
    top().resume(continued);
    dirty_ = true;
  }
  const int w = term_.width();
  const int h = term_.height();
  if (w != last_w_ || h != last_h_) {
    last_w_ = w;
    last_h_ = h;
    dirty_ = true;
    term_.redraw_all();
  }
  set_small(!fits_minimum(w, h), now);
  // Pages under the top one (or all, below the minimum size) that must keep
  // up with the world: a shared table reads its socket.
  std::vector<int> fds;
  for (auto& page : stack_) {
    const bool runs = !small_ && page.get() == &top();
    if (!runs && page->background(now)) dirty_ = true;
    if (const int fd = page->wake_fd(); fd >= 0) fds.push_back(fd);
  }
  term_.set_wake_fds(fds);
  if (!small_ && top().tick(now)) dirty_ = true;
  if (dirty_) {
    draw(now);
    dirty_ = false;
  }
  const Millis deadline = std::min(small_ ? kNever : top().wake_at(now), deadline_cap);
  Key key;
  if (!term_.read_key(deadline, key)) return true;
  now = term_.now();
  dirty_ = true;
  if (key.type == KeyType::Resize) return true;
  if (command(Context::Everywhere, key) == Cmd::Redraw) {
    term_.redraw_all();
    return true;
  }
  if (small_) {
    if (key.is(U'q') || key.is(U'Q')) {
      finish_on_signal(0);
      exit_code_ = 0;
      for (const auto& screen : stack_)
        if (screen->unsaved()) exit_code_ = 2;  // the game could not be saved: say so in the status
    }
    return true;
  }
  top().tick(now);  // whatever was due before the key happens first
  apply(top().on_key(key, now), now);
  return true;
}

}  // namespace rt::shell
