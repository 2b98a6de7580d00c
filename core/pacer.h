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
  Millis after_contest_ms = 1500;  // who won a contest with people stays on screen
  Millis frame_ms = 33;            // redraws while a contest is live
};

enum class PacePhase : std::uint8_t {
  Computers,  // chance and computers act, paced so people can follow
  People,     // people must decide (turn-based, or an untimed secret pick)
  GetReady,   // a timed contest with people in it opens soon
  Contest,    // a timed contest is live: its clock flows
  Over,
};

enum class ContestAnswer : std::uint8_t {
  Taken,
  NotYet,   // the contest has not opened (Get ready), or the game is paused
  TooLate,  // the contest ended or moved on, or the action is no longer legal
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
  // saw (a remote key press may arrive after it closed).
  ContestAnswer contest_act(PlayerId player, Action action, Millis real,
                            std::optional<std::uint32_t> contest = std::nullopt);

  void pause(Millis real);
  void resume(Millis real);
  bool paused() const { return paused_; }
  // Stops waiting for the computers (or, in a contest of computers only,
  // for the next thing due).
  void skip(Millis real);

 private:
  bool in_contest() const;
  bool contest_has_people() const;
  bool run_contest(Millis real);
  void close_contest(Millis real);
  void after_computer_step(Millis real);

  Table& table_;
  PaceConfig config_;
  PacePhase phase_ = PacePhase::Computers;
  ContestClock clock_;
  std::uint32_t clock_contest_ = 0;  // the contest the clock runs for
  std::uint32_t contests_opened_ = 0;
  Millis next_step_at_ = 0;
  bool ready_given_ = false;
  bool contest_had_people_ = false;
  bool stalled_ = false;  // nothing could move: wait for a person or the caller
  bool paused_ = false;
  Millis paused_at_ = 0;
  bool last_step_bot_ = false;
  bool last_step_public_ = false;
  mutable std::vector<PlayerId> people_;
};

}  // namespace rt
