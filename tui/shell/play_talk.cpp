// Talk at a shared table on the play screen: "t" opens the talk
// line, "n" nudges the player whose turn it is; what others say arrives in
// the log (or, when the decision has the whole width, as a flash), a nudge
// as a flash and the terminal's bell.
#include <fmt/format.h>

#include "tui/shell/play_screen.h"

namespace rt::shell {

bool PlayScreen::on_key_talk(const Key& key, Millis now) {
  if (!remote_) return false;
  remote_->key_pressed(now);
  if (talk_.open()) {
    if (key.is_mouse()) return false;
    const TalkInput::Result r = talk_.on_key(key);
    if (r.send)
      if (const std::string problem = remote_->say(r.line); !problem.empty()) flash(problem, now, 3000);
    return true;
  }
  if (!lost().empty() || key.type != KeyType::Char) return false;
  const Cmd cmd = command(Context::Game, key);
  if (cmd == Cmd::Talk) {
    talk_.start();
    return true;
  }
  if (cmd == Cmd::Nudge && t_->phase() != Phase::Over && !t_->humans().empty()) {
    if (const std::string problem = remote_->say("/nudge"); !problem.empty()) flash(problem, now, 3000);
    return true;
  }
  return false;
}

bool PlayScreen::take_talk(Millis now) {
  if (!remote_) return false;
  bool changed = false;
  if (const std::string from = remote_->take_nudge(); !from.empty()) {
    flash(fmt::format("{} nudges you: it is your turn!", from), now, 5000);
    ctx_.bell = true;
    changed = true;
  }
  // Talk shows in the log pane; while a decision has the whole width (no
  // log pane), the newest line is flashed under the question instead.
  const auto& log = t_->log();
  if (talk_seen_ > log.size()) talk_seen_ = 0;
  for (; talk_seen_ < log.size(); ++talk_seen_) {
    const LogEntry& e = log[talk_seen_];
    if (e.talk_from.empty() || !log_rect_.empty() || last_w_ == 0) continue;
    flash(fmt::format("{} {}: {}", ctx_.unicode ? "»" : ">>", e.talk_from, e.text), now, 4000);
    changed = true;
  }
  return changed;
}

CursorAt PlayScreen::text_cursor() const {
  if (!talk_.open()) return {};
  return CursorAt{talk_.cursor_x(), talk_.cursor_y()};
}

}  // namespace rt::shell
