// u on the game screen: the person's last move taken back (core/undo.h says
// which moves may go). Never at a shared table, and not while others watch
// a local game: their copy has already seen the move.
#include "tui/shell/play_screen.h"
#include "tui/shell/session.h"

namespace rt::shell {

Nav PlayScreen::take_back(Millis now) {
  // u is also a seat key in a contest of six at one keyboard: nothing to undo there.
  if (t_->phase() == Phase::Contest || t_->phase() == Phase::GetReady) return Nav::stay();
  if (!local_) {
    flash("No undo at a shared table.", now, 2500);
    return Nav::stay();
  }
  if (watch_) {
    flash("No undo while others watch (w).", now, 2500);
    return Nav::stay();
  }
  const std::string why_not = local_->undo(now);
  if (!why_not.empty()) {
    flash(why_not, now, 3000);
    return Nav::stay();
  }
  log_scroll_ = 0;
  refresh_options();
  flash("Taken back: choose again.", now, 2000);
  return Nav::stay();
}

bool PlayScreen::undo_offered() const {
  if (!local_ || watch_ || t_->phase() != Phase::HumanTurn) return false;
  if (undo_asked_at_ != t_->revision()) {
    undo_asked_at_ = t_->revision();
    undo_offered_ = local_->session().undo_blocked().empty();
  }
  return undo_offered_;
}

}  // namespace rt::shell
