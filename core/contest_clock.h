// The virtual clock of timed contests, run by the Pacer (core/pacer.h).
// Outside contests game time does not flow; while a contest is live, game
// ticks follow real milliseconds from the tick at which it opened. It stops while the game is paused (help
// screen, window too small) and may run faster when only computers take part.
#pragma once

#include <cstdint>
#include <limits>

#include "core/types.h"

namespace rt {

// Real time in milliseconds (steady clock; tests use a fake one).
using Millis = std::int64_t;
inline constexpr Millis kNever = std::numeric_limits<Millis>::max();

class ContestClock {
 public:
  bool running() const { return running_; }
  bool paused() const { return paused_; }
  int rate() const { return rate_; }

  // Starts flowing from tick `at` at real time `real`.
  void start(Tick at, Millis real);
  void stop() { running_ = false; }
  // The game tick at real time `real` (frozen while paused).
  Tick now(Millis real) const;
  void pause(Millis real);
  void resume(Millis real);
  // Game time flows `rate` times as fast as real time from now on.
  void set_rate(int rate, Millis real);
  // Moves forward to tick `t` at once (never backwards).
  void jump_to(Tick t, Millis real);
  // The real time at which the clock will show tick `t`; kNever when paused
  // or stopped, `real` itself if `t` has already passed.
  Millis real_at(Tick t, Millis real) const;

 private:
  void anchor(Millis real);
  bool running_ = false;
  bool paused_ = false;
  int rate_ = 1;
  Tick anchor_tick_ = 0;
  Millis anchor_real_ = 0;
};

}  // namespace rt
