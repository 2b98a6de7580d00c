#include "core/pacer.h"

#include <algorithm>
#include <utility>

#include "core/presenter.h"
#include "core/timed_contests.h"

namespace rt {

Pacer::Pacer(Table& table, PaceConfig config)
    : table_(table), config_(config), resumed_in_contest_(contest_running(table.state())) {}

void Pacer::set_speed(Millis pace_ms, int contest_rate) {
  config_.pace_ms = pace_ms;
  config_.contest_rate = contest_rate;
}

void Pacer::note_step(const Step& step, bool any_public) {
  last_step_bot_ = step.player >= 0 && table_.seats()[step.player].kind == SeatKind::Bot;
  last_step_public_ = any_public;
  const bool running = contest_running(table_.state());
  if (contest_was_running_ && !running) {
    contest_ended_ = true;
    ++contests_ended_;
  }
  contest_was_running_ = running;
  pictures_due_ = table_.game().presenter().view_frames(table_.state());
  // Skipping a race skips all its steps' pictures, up to the first step
  // without any.
  if (pictures_due_ == 0) skipping_pictures_ = false;
}

Millis Pacer::picture_ms() const {
  return config_.picture_ms >= 0 ? config_.picture_ms : config_.pace_ms * 3 / 8;
}

void Pacer::start_pictures(Millis real) {
  pictures_ = skipping_pictures_ ? 0 : pictures_due_;
  pictures_due_ = 0;
  pictures_from_ = real;
  if (picture_ms() <= 0) pictures_ = 0;
  next_step_at_ = std::max(next_step_at_, real + pictures_ * picture_ms());
}

int Pacer::picture(Millis real) const {
  if (pictures_ <= 0 || real < pictures_from_ || picture_ms() <= 0) return -1;
  const Millis i = (real - pictures_from_) / picture_ms();
  return i < pictures_ ? static_cast<int>(i) : -1;
}

Millis Pacer::physical_ms(Tick t) const {
  if (config_.contest_rate == 0) return 0;
  return static_cast<Millis>(t) / config_.contest_rate;
}

void Pacer::start_result(Millis real) {
  contest_ended_ = false;
  const Millis hold = contest_had_people_ ? config_.after_contest_ms : physical_ms(config_.after_contest_ms);
  contest_had_people_ = false;
  result_from_ = real;
  result_until_ = std::max(result_until_, real + hold);
  next_step_at_ = std::max(next_step_at_, result_until_);
}

void Pacer::hold_until(Millis real) {
  next_step_at_ = std::max(next_step_at_, real);
}

bool Pacer::live_contest() const {
  const State& st = table_.state();
  return st.turn() == Turn::Simultaneous && timed(st);
}

bool Pacer::in_contest() const {
  // Chance steps inside a contest (a die rolled, a card turned up mid-race)
  // belong to it: the clock keeps running through them. A new contest
  // opening straight after is not this one: it gets its own "Get ready!".
  if (!clock_.running() || contest_id(table_.state()) != clock_contest_) return false;
  // A step that left pictures (a race run at the end of a timed programming
  // phase) closes the contest: they play before the chance steps after it.
  if (pictures_due_ > 0) return false;
  return live_contest() || table_.state().turn() == Turn::Chance;
}

void Pacer::contest_people(std::vector<PlayerId>& out) const {
  out.clear();
  if (live_contest()) table_.humans_to_act(out);
}

bool Pacer::contest_has_people() const {
  contest_people(people_);
  return !people_.empty();
}

Tick Pacer::view_tick(Millis real) const {
  const Tick at = table_.state().now();
  return clock_.running() ? std::max(clock_.now(real), at) : at;
}

void Pacer::after_computer_step(Millis real, Tick physical) {
  Millis delay = 0;
  if (last_step_bot_)
    // A move nobody else can see (a slide on a hidden controller) needs no
    // time to be followed: a short beat, not a full pace.
    delay = last_step_public_ ? config_.pace_ms : config_.pace_ms / 8;
  else if (last_step_public_)
    delay = config_.pace_ms / 2;  // a card turned up, a die rolled
  // A die rolled for someone takes its time to land, whatever the pace.
  next_step_at_ = std::max(next_step_at_, real + std::max(delay, physical_ms(physical)));
}

bool Pacer::run_contest(Millis real) {
  bool changed = false;
  for (int guard = 0; guard < 100000 && in_contest(); ++guard) {
    if (table_.state().turn() == Turn::Chance) {
      if (!table_.advance_one(clock_.now(real))) break;
      changed = true;
      continue;
    }
    // Computers alone may race faster than real time (at once at rate 0).
    const bool people_in = contest_has_people();
    contest_had_people_ = contest_had_people_ || people_in;
    const int rate = people_in ? 1 : config_.contest_rate;
    if (rate != 0) clock_.set_rate(rate, real);
    if (table_.advance_one(clock_.now(real))) {
      changed = true;
      continue;
    }
    if (rate != 0) break;
    // advance_one() has scheduled the computers' decisions: jump to the next.
    const Tick next = table_.next_scheduled();
    if (next == kNoDeadline) break;
    clock_.jump_to(next, real);
  }
  return changed;
}

void Pacer::close_contest(Millis real) {
  clock_.stop();
  clock_.set_rate(1, real);
  ready_given_ = false;
  phase_ = PacePhase::Computers;
  // What happened stays on screen before anything else happens (a new
  // round of the same contest too: "nobody touched the card").
  next_step_at_ =
      real + std::max<Millis>(config_.pace_ms, contest_had_people_ ? config_.after_contest_ms : 0);
  if (contest_ended_) start_result(real);
}

bool Pacer::update(Millis real) {
  if (paused_) return false;
  stalled_ = false;
  bool changed = false;
  for (int guard = 0; guard < 20000; ++guard) {
    // A step with pictures (a race run command by command): they play first.
    if (pictures_due_ > 0 && !clock_.running()) {
      start_pictures(real);
      changed = true;
    }
    // A contest ended by a person's decision, or outside the clock (a row
    // rolled for in turn): its result is on screen from now.
    if (contest_ended_ && !clock_.running()) {
      // Untimed, everyone takes part in turn: people are in it if seated.
      for (const Seat& seat : table_.seats())
        contest_had_people_ = contest_had_people_ || seat.kind == SeatKind::Human;
      start_result(real);
      changed = true;
    }
    if (table_.over()) {
      // The last race plays out before the game-over box covers the board.
      if (playing_pictures(real)) return changed;
      if (phase_ != PacePhase::Over) {
        phase_ = PacePhase::Over;
        clock_.stop();
        changed = true;
      }
      return changed;
    }
    if (clock_.running()) {
      changed = run_contest(real) || changed;
      if (in_contest()) {
        changed = changed || phase_ != PacePhase::Contest;
        phase_ = PacePhase::Contest;
        return changed;
      }
      close_contest(real);
      changed = true;
      continue;
    }
    if (live_contest()) {
      const bool people_seated = std::any_of(table_.seats().begin(), table_.seats().end(),
                                             [](const Seat& s) { return s.kind == SeatKind::Human; });
      const bool resumed = std::exchange(resumed_in_contest_, false) && people_seated;
      if (!ready_given_ && config_.get_ready && (contest_has_people() || resumed)) {
        // People need a moment to see that a race is on before time flows.
        ready_given_ = true;
        ++contests_opened_;
        phase_ = PacePhase::GetReady;
        next_step_at_ = std::max(next_step_at_, real + config_.ready_ms);
        return true;
      }
      if (real < next_step_at_) return changed;
      if (!ready_given_) ++contests_opened_;
      clock_.start(table_.state().now(), real);
      clock_contest_ = contest_id(table_.state());
      contest_had_people_ = false;
      phase_ = PacePhase::Contest;
      changed = true;
      continue;
    }
    table_.humans_to_act(people_);
    if (!people_.empty()) {
      // A person's turn starts at once (the board already shows what the
      // computers did), unless a contest's result is still on screen.
      if (showing_result(real) || playing_pictures(real)) return changed;
      changed = changed || phase_ != PacePhase::People;
      phase_ = PacePhase::People;
      return changed;
    }
    if (real < next_step_at_) return changed;
    changed = changed || phase_ != PacePhase::Computers;
    phase_ = PacePhase::Computers;
    const State& st = table_.state();
    const Tick physical = st.turn() == Turn::Chance ? action_time(st, kChance, 0) : 0;
    if (!table_.advance_one()) {
      stalled_ = true;
      return changed;
    }
    changed = true;
    after_computer_step(real, physical);
  }
  return changed;
}

Millis Pacer::wake_at(Millis real) const {
  if (paused_) return kNever;
  // The next picture of a step played back is drawn on time.
  if (const int shown = picture(real); shown >= 0)
    return std::min(wake_phase(real), pictures_from_ + (shown + 1) * picture_ms());
  return wake_phase(real);
}

Millis Pacer::wake_phase(Millis real) const {
  switch (phase_) {
    case PacePhase::Over:
    case PacePhase::People: return kNever;
    case PacePhase::Computers:
      if (stalled_ && next_step_at_ <= real) return kNever;
      return std::max(real, next_step_at_);
    case PacePhase::GetReady: return std::max(real, next_step_at_);
    case PacePhase::Contest: {
      const Millis due = clock_.real_at(table_.next_scheduled(), real);
      // Redrawn while live; the clock needs a millisecond to move at all.
      return std::max(real + 1, std::min(due, real + config_.frame_ms));
    }
  }
  return kNever;
}

void Pacer::decide(PlayerId player, Action action, Millis real) {
  table_.submit(player, action, table_.state().now());
  phase_ = PacePhase::Computers;
  next_step_at_ = real;
}

ContestAnswer Pacer::contest_act(PlayerId player, Action action, Millis real,
                                 std::optional<std::uint32_t> contest) {
  if (phase_ != PacePhase::Contest || paused_) return ContestAnswer::NotYet;
  const auto same_contest = [&] {
    return live_contest() && (!contest || *contest == contest_id(table_.state()));
  };
  if (!same_contest()) return ContestAnswer::TooLate;
  const Tick at = clock_.now(real);
  last_key_real_ = real;
  if (at < table_.ready_at(player)) return ContestAnswer::Busy;
  // Computers that were quicker than this key press act first.
  while (in_contest() && table_.advance_one(at)) {
  }
  if (!same_contest() || !table_.state().is_legal(player, action)) return ContestAnswer::TooLate;
  table_.submit(player, action, at);
  return ContestAnswer::Taken;
}

void Pacer::pause(Millis real) {
  if (paused_) return;
  paused_ = true;
  paused_at_ = real;
  clock_.pause(real);
}

void Pacer::resume(Millis real) {
  if (!paused_) return;
  paused_ = false;
  // Pacing, "Get ready!" and a result on screen wait for as long as the game was paused.
  if (next_step_at_ > paused_at_) next_step_at_ += real - paused_at_;
  if (result_until_ > paused_at_) result_until_ += real - paused_at_;
  if (pictures_ > 0) pictures_from_ += real - paused_at_;
  clock_.resume(real);
}

void Pacer::skip(Millis real) {
  if (paused_) return;
  // A key still held from the race repeats every few tens of ms: only a
  // fresh press, after the result has been up a moment, waves it on.
  const bool held = real - last_key_real_ < kHeldKeyGapMs;
  last_key_real_ = real;
  if (showing_result(real)) {
    if (held || real < result_from_ + config_.result_min_ms) return;
    result_until_ = real;
  }
  if (pictures_ > 0) skipping_pictures_ = true;
  pictures_ = 0;
  if (phase_ == PacePhase::Computers) {
    next_step_at_ = real;
  } else if (phase_ == PacePhase::Contest && !contest_has_people()) {
    next_step_at_ = std::min(next_step_at_, real);
    const Tick next = table_.next_scheduled();
    if (next != kNoDeadline) clock_.jump_to(next, real);
  }
}

}  // namespace rt
