// Timed contests, a capability: the hooks a game with timed contests (everyone
// racing the clock at once, dice that take time to land) gives its drivers.
// A game with them derives its State from TimedContests, a kind of State, as
// OpenSpiel's simultaneous-move games subclass its State; for any other State,
// State::timed_contests() is nullptr and the free functions below answer as
// for a game without a clock.
#pragma once

#include <cstdint>

#include "core/state.h"
#include "core/types.h"

namespace rt {

class TimedContests : public State {
 public:
  // A timed simultaneous node: the earliest decision is applied first, and
  // kClock acts at deadline() if nobody acted before it.
  virtual bool timed() const = 0;
  virtual Tick deadline() const = 0;
  // How long a person needs to take in the situation before acting in a timed
  // contest (reading the revealed cards, say). Computer players add it to
  // their reaction time, so a human who reads quickly can beat them.
  virtual Tick think_time(PlayerId /*player*/) const { return 0; }
  // Changes whenever a new timed contest opens, so the driver knows which
  // pending bot decisions still stand.
  virtual std::uint32_t contest_id() const = 0;
  // A contest is under way: timed, or not (a row of cards rolled for in
  // turn), including its chance steps. When it stops, front ends keep who
  // won what on screen for a moment. Default: a timed decision is open.
  virtual bool contest_running() const { return timed(); }
  // How long doing `action` physically takes before `player` can act again:
  // a die tumbling until it lands. In a timed contest the driver lets
  // nobody, person or computer, act again sooner (the Table schedules
  // computers no earlier; a front end drops a person's earlier presses), so
  // a held key cannot outrun the dice. For kChance (`action` ignored): how
  // long the chance step now due takes to show (a die rolled for someone),
  // which front ends give it on screen. Asked before the step is applied.
  // 0: no physical time (a card played, a tile slid).
  virtual Tick action_time(PlayerId /*player*/, Action /*action*/) const { return 0; }

 protected:
  explicit TimedContests(int num_players) : State(num_players) { timed_contests_ = this; }
  TimedContests(const TimedContests& other) : State(other) { timed_contests_ = this; }
  TimedContests& operator=(const TimedContests&) = delete;
};

// The same questions of any State: a game without the capability has no
// timed contest, no deadline and no physical time.
inline bool timed(const State& state) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr && clock->timed();
}
inline Tick deadline(const State& state) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr ? clock->deadline() : kNoDeadline;
}
inline Tick think_time(const State& state, PlayerId player) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr ? clock->think_time(player) : 0;
}
inline std::uint32_t contest_id(const State& state) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr ? clock->contest_id() : 0;
}
inline bool contest_running(const State& state) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr && clock->contest_running();
}
inline Tick action_time(const State& state, PlayerId player, Action action) {
  const TimedContests* clock = state.timed_contests();
  return clock != nullptr ? clock->action_time(player, action) : 0;
}

}  // namespace rt
