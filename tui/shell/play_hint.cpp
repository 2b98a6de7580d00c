// h on the game screen: the move the strongest computer would make for the
// person asked, and why (core/hint.h). The table answers: a local game at
// once, a shared table when its server does and only if its host allows
// hints. The hint heads the question's pane until the question changes.
#include "tui/shell/play_screen.h"

namespace rt::shell {

Nav PlayScreen::ask_hint(Millis now) {
  if (t_->phase() == Phase::Contest || t_->phase() == Phase::GetReady) {
    flash("No hints in a timed contest: the race is yours.", now, 2500);
    return Nav::stay();
  }
  if (!t_->hints_allowed()) {
    flash(remote_ ? "No hints at this table: its host did not allow them." : "No hints here.", now, 2500);
    return Nav::stay();
  }
  if (t_->phase() != Phase::HumanTurn) {
    flash("A hint is for your move: ask on your turn.", now, 2000);
    return Nav::stay();
  }
  if (!t_->hint().empty()) return Nav::stay();  // already on screen
  const std::string why_not = t_->ask_hint(t_->asked(), now);
  if (!why_not.empty()) flash(why_not, now, 2500);
  return Nav::stay();
}

bool PlayScreen::hint_offered() const {
  return t_->phase() == Phase::HumanTurn && t_->hints_allowed() && t_->hint().empty();
}

}  // namespace rt::shell
