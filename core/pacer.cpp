#include "core/pacer.h"

#include <algorithm>

namespace rt {

Pacer::Pacer(Table& table, PaceConfig config) : table_(table), config_(config) {}

void Pacer::set_speed(Millis pace_ms, int contest_rate) {
  config_.pace_ms = pace_ms;
  config_.contest_rate = contest_rate;
}

void Pacer::note_step(const Step& step, bool any_public) {
  last_step_bot_ =
      step.player >= 0 && table_.seats()[static_cast<std::size_t>(step.player)].kind == SeatKind::Bot;
  last_step_public_ = any_public;
}

void Pacer::hold_until(Millis real) {
  next_step_at_ = std::max(next_step_at_, real);
}

bool Pacer::live_contest() const {
  const State& st = table_.state();
  return st.turn() == Turn::Simultaneous && st.timed();
}

bool Pacer::in_contest() const {
  // Chance steps inside a contest (a die rolled, a card turned up mid-race)
  // belong to it: the clock keeps running through them. A new contest
  // opening straight after is not this one: it gets its own "Get ready!".
  if (!clock_.running() || table_.state().contest_id() != clock_contest_) return false;
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

void Pacer::after_computer_step(Millis real) {
  Millis delay = 0;
  if (last_step_bot_)
    delay = config_.pace_ms;
  else if (last_step_public_)
    delay = config_.pace_ms / 2;  // a card turned up, a die rolled
  next_step_at_ = real + delay;
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
  // The result stays on screen before anything else happens.
  next_step_at_ =
      real + std::max<Millis>(config_.pace_ms, contest_had_people_ ? config_.after_contest_ms : 0);
}

bool Pacer::update(Millis real) {
  if (paused_) return false;
  stalled_ = false;
  bool changed = false;
  for (int guard = 0; guard < 20000; ++guard) {
    if (table_.over()) {
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
      if (!ready_given_ && config_.get_ready && contest_has_people()) {
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
      clock_contest_ = table_.state().contest_id();
      contest_had_people_ = false;
      phase_ = PacePhase::Contest;
      changed = true;
      continue;
    }
    if (real < next_step_at_) return changed;
    table_.humans_to_act(people_);
    if (!people_.empty()) {
      changed = changed || phase_ != PacePhase::People;
      phase_ = PacePhase::People;
      return changed;
    }
    changed = changed || phase_ != PacePhase::Computers;
    phase_ = PacePhase::Computers;
    if (!table_.advance_one()) {
      stalled_ = true;
      return changed;
    }
    changed = true;
    after_computer_step(real);
  }
  return changed;
}

Millis Pacer::wake_at(Millis real) const {
  if (paused_) return kNever;
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
    return live_contest() && (!contest || *contest == table_.state().contest_id());
  };
  if (!same_contest()) return ContestAnswer::TooLate;
  const Tick at = clock_.now(real);
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
  // Pacing and "Get ready!" wait for as long as the game was paused.
  if (next_step_at_ > paused_at_) next_step_at_ += real - paused_at_;
  clock_.resume(real);
}

void Pacer::skip(Millis real) {
  if (paused_) return;
  if (phase_ == PacePhase::Computers) {
    next_step_at_ = real;
  } else if (phase_ == PacePhase::Contest && !contest_has_people()) {
    next_step_at_ = std::min(next_step_at_, real);
    const Tick next = table_.next_scheduled();
    if (next != kNoDeadline) clock_.jump_to(next, real);
  }
}

}  // namespace rt
