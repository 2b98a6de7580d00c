// The one pacing model: when computers act, when a timed contest opens and
// closes, how its clock runs, and when the caller should wake next. The
// shell's local session and the table server both drive their Table through
// a Pacer, so a game feels the same at a terminal and at a shared table.
//
// No terminal, no sockets, no game names: the caller feeds it real time
// (a steady clock, or a fake one in tests), forwards each step the Table
// applies (note_step), and reports what people decide. Who is a person is
// the Table's seat kind: a stand-in computer on a person's seat is paced as
// a computer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/contest_clock.h"
#include "core/table.h"

namespace rt {

struct PaceConfig {
  Millis pace_ms = 800;  // after each computer decision (half after a public chance step)
  // How much faster than real time a contest runs while no person is in it
  // (0: at once, computers' decisions jump the clock).
  int contest_rate = 1;
  bool get_ready = true;  // "Get ready!" before a contest with people in it
  Millis ready_ms = 1500;
  // Who won a contest stays on screen this long (or until skip()); for a
  // contest of computers only, divided by contest_rate (none at rate 0).
  Millis after_contest_ms = 1500;
  // A key press (skip) cannot dismiss a result sooner: a key held through
  // the race must not wipe away who won it.
  Millis result_min_ms = 500;
  Millis frame_ms = 33;  // redraws while a contest is live
  // Each intermediate picture of a step (Presenter::view_frames: a race phase
  // command by command) is on screen this long; -1: 3/8 of pace_ms.
  Millis picture_ms = -1;
};

enum class PacePhase : std::uint8_t {
  Computers,  // chance and computers act, paced so people can follow
  People,     // people must decide (turn-based, or an untimed secret pick)
  GetReady,   // a timed contest with people in it opens soon
  Contest,    // a timed contest is live: its clock flows
  Over,
};

// How a game paced elsewhere looks now, for those who watch it (a local
// game opened to watchers: net/watch_mirror.h).
struct MirrorPace {
  PacePhase phase = PacePhase::Computers;
  Tick view_tick = 0;
  int picture = -1;                 // a race's picture being shown, or -1
  std::vector<std::string> result;  // the contest Result pane while it shows
};

enum class ContestAnswer : std::uint8_t {
  Taken,
  NotYet,   // the contest has not opened (Get ready), or the game is paused
  TooLate,  // the contest ended or moved on, or the action is no longer legal
  Busy,     // dropped: this player's die is still rolling (TimedContests::action_time)
};

class Pacer {
 public:
  explicit Pacer(Table& table, PaceConfig config = {});

  const PaceConfig& config() const { return config_; }
  // A new computer pace (the shell's speed keys); takes effect from the next step.
  void set_speed(Millis pace_ms, int contest_rate);

  // The caller's step observer forwards every step the Table applied, with
  // whether any event of it was public (a card turned up, a die rolled).
  void note_step(const Step& step, bool any_public);
  // Nothing moves before `real` (the server's first step after seating).
  void hold_until(Millis real);

  // Runs chance, computers and the contest clock up to real time `real`.
  // Returns true when something changed (a step, or the phase).
  bool update(Millis real);
  // When update() has something to do next: kNever when only a person (or
  // the caller) can change anything. After update(real) it is later than
  // `real` unless more is due at once (it never asks to spin).
  Millis wake_at(Millis real) const;

  PacePhase phase() const { return phase_; }
  // Contests that opened so far (their "Get ready!" or first tick).
  std::uint32_t contests_opened() const { return contests_opened_; }
  // Contests that ended so far (TimedContests::contest_running() went false).
  std::uint32_t contests_ended() const { return contests_ended_; }
  // The last contest's result is on screen: nothing moves before
  // result_until() unless skip() (after result_min_ms) waves it on.
  bool showing_result(Millis real) const { return real < result_until_; }
  Millis result_until() const { return result_until_; }
  // The intermediate picture of the last step to draw now
  // (ViewContext::frame), or -1 when none is being played back. Nothing
  // else moves while they play; skip() ends them.
  int picture(Millis real) const;
  bool playing_pictures(Millis real) const { return picture(real) >= 0; }
  // The picture the log has reached (Event::picture): the one on screen, 0
  // while the last step's pictures wait to start, -1 when none will play
  // (every line told).
  int told_picture(Millis real) const {
    return pictures_due_ > 0 && !skipping_pictures_ && picture_ms() > 0 ? 0 : picture(real);
  }
  // Whether a log line waits for its picture: a line of `pictured_step` (the
  // last step with pictures, counted as the caller counts steps) after the
  // picture the log has reached, or a line of any step after it.
  bool line_waits(std::uint64_t step, int picture, std::uint64_t pictured_step, Millis real) const {
    const int at = told_picture(real);
    return at >= 0 && (step > pictured_step || (step == pictured_step && picture > at));
  }
  // The tick views draw at: the live contest clock, else the game's time.
  Tick view_tick(Millis real) const;
  bool clock_running() const { return clock_.running(); }
  int clock_rate() const { return clock_.rate(); }
  // A timed simultaneous decision is open (whether or not its clock runs).
  bool live_contest() const;
  // People who may act in the live contest now.
  void contest_people(std::vector<PlayerId>& out) const;

  // A person's turn-based (or untimed) decision, already checked by the
  // caller: applied at the game's time; the computers go on at once.
  void decide(PlayerId player, Action action, Millis real);
  // A person's decision in the live contest, stamped with the contest clock
  // after the computers that were quicker. `contest`: the contest the person
  // saw (a remote key press may arrive after it closed). A press while the
  // person's die is still rolling is dropped (Busy), never queued: a held
  // key rolls again on the first repeat after the die lands.
  ContestAnswer contest_act(PlayerId player, Action action, Millis real,
                            std::optional<std::uint32_t> contest = std::nullopt);

  void pause(Millis real);
  void resume(Millis real);
  bool paused() const { return paused_; }
  // Stops waiting for the computers (or, in a contest of computers only,
  // for the next thing due), ends a step's pictures, and waves a contest's
  // result on: not within result_min_ms, nor while a key is held (presses
  // kHeldKeyGapMs apart or closer).
  void skip(Millis real);

 private:
  bool in_contest() const;
  bool contest_has_people() const;
  bool run_contest(Millis real);
  void close_contest(Millis real);
  void after_computer_step(Millis real, Tick physical);
  // Real milliseconds for `t` ticks of physical time at the computers' speed.
  Millis physical_ms(Tick t) const;
  void start_result(Millis real);
  void start_pictures(Millis real);
  Millis wake_phase(Millis real) const;
  Millis picture_ms() const;

  Table& table_;
  PaceConfig config_;
  PacePhase phase_ = PacePhase::Computers;
  ContestClock clock_;
  std::uint32_t clock_contest_ = 0;  // the contest the clock runs for
  std::uint32_t contests_opened_ = 0;
  Millis next_step_at_ = 0;
  bool ready_given_ = false;
  // The table came in the middle of a timed contest (a resumed save): a
  // person whose die was in the air is no actor yet, but is in it.
  bool resumed_in_contest_ = false;
  bool contest_had_people_ = false;
  bool stalled_ = false;  // nothing could move: wait for a person or the caller
  bool paused_ = false;
  Millis paused_at_ = 0;
  bool last_step_bot_ = false;
  bool last_step_public_ = false;
  bool contest_was_running_ = false;
  bool contest_ended_ = false;  // seen by note_step, timed by the next update
  std::uint32_t contests_ended_ = 0;
  Millis result_until_ = 0;
  Millis result_from_ = 0;
  Millis last_key_real_ = -1000000;  // the last contest press or skip
  // Presses closer together than this are one key held down (auto-repeat).
  static constexpr Millis kHeldKeyGapMs = 150;
  int pictures_due_ = 0;  // seen by note_step, started by the next update
  int pictures_ = 0;
  bool skipping_pictures_ = false;
  Millis pictures_from_ = 0;
  mutable std::vector<PlayerId> people_;
};

}  // namespace rt
