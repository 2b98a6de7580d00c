#include "core/contest_clock.h"

#include <algorithm>

namespace rt {

void ContestClock::start(Tick at, Millis real) {
  running_ = true;
  anchor_tick_ = at;
  anchor_real_ = real;
}

Tick ContestClock::now(Millis real) const {
  if (!running_ || paused_) return anchor_tick_;
  const Millis elapsed = std::max<Millis>(0, real - anchor_real_);
  const Millis t = static_cast<Millis>(anchor_tick_) + elapsed * rate_;
  return static_cast<Tick>(std::min<Millis>(t, kNoDeadline - 1));
}

void ContestClock::anchor(Millis real) {
  anchor_tick_ = now(real);
  anchor_real_ = real;
}

void ContestClock::pause(Millis real) {
  if (paused_) return;
  anchor(real);
  paused_ = true;
}

void ContestClock::resume(Millis real) {
  if (!paused_) return;
  paused_ = false;
  anchor_real_ = real;
}

void ContestClock::set_rate(int rate, Millis real) {
  if (rate == rate_) return;
  anchor(real);
  rate_ = std::max(1, rate);
}

void ContestClock::jump_to(Tick t, Millis real) {
  anchor(real);
  anchor_tick_ = std::max(anchor_tick_, t);
}

Millis ContestClock::real_at(Tick t, Millis real) const {
  if (!running_ || paused_) return kNever;
  const Tick current = now(real);
  if (t <= current) return real;
  const Millis ahead = static_cast<Millis>(t - current);
  return real + (ahead + rate_ - 1) / rate_;
}

}  // namespace rt
