#include "tui/shell/turn_recap.h"

#include <algorithm>

#include "core/event.h"
#include "tui/shell/play_table.h"

namespace rt::shell {

bool is_forced(const SeatQuestion& q) {
  return q.actions.size() == 1 && !q.timed && !q.arrows;
}

void TurnRecap::start(PlayerId seat, std::string name, std::size_t log_size, std::string played, Millis now) {
  active_ = true;
  seat_ = seat;
  name_ = std::move(name);
  next_log_ = log_size;
  until_ = now + kHoldMs;
  lines_.clear();
  if (!played.empty()) lines_.push_back(std::move(played));
}

bool TurnRecap::update(const PlayTable& table, Millis now) {
  if (!active_) return false;
  bool changed = false;
  const std::vector<LogEntry>& log = table.log();
  for (; next_log_ < log.size(); ++next_log_) {
    const LogEntry& e = log[next_log_];
    if (!table.visible(e)) continue;
    // What happened to this person: lines only they may read (their draws),
    // and public lines that name them.
    const bool theirs =
        addressed_to(e.audience, seat_) || (!name_.empty() && e.text.find(name_) != std::string::npos);
    if (!theirs) continue;
    if (lines_.size() == kMaxLines) lines_.erase(lines_.begin());
    lines_.push_back(e.text);
    until_ = std::max(until_, now + kHoldMs);
    changed = true;
  }
  if (now >= until_) {
    active_ = false;
    changed = true;
  }
  return changed;
}

const std::vector<std::string>& TurnRecap::lines(Millis now) const {
  static const std::vector<std::string> kNone;
  return active_ && now < until_ ? lines_ : kNone;
}

}  // namespace rt::shell
