// Holding a person's own turn's result on screen: the dice
// rolled, the crash card drawn, the marker lost, in the result pane the
// contests use, for a few seconds at the chosen speed or until a key.
// Local games only: at a shared table the others would wait on one
// person's pause (the server's Pacer does not hold it).
#include "tui/shell/session.h"

namespace rt::shell {

void GameSession::hold_turn_result(const Step& step) {
  turn_report_.note_step(*table_, step, events_);
  std::vector<std::string> ended = turn_report_.take_ended();
  // Three computer moves' time: about 2.4 s at speed 3, none at the fastest.
  const Millis hold = speed_level(options_.speed).pace_ms * 3;
  if (ended.empty() || hold <= 0 || options_.demo) return;
  turn_lines_ = std::move(ended);
  turn_until_ = last_real_ + hold;
  pacer_.hold_until(turn_until_);
}

}  // namespace rt::shell
