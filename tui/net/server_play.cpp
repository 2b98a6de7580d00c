// The server's side of the game: steps as they happen, the real-time clock
// of contests, and computers standing in for people who left.
#include "tui/net/server_internal.h"

#include <algorithm>

#include <fmt/format.h>

namespace rt::net {

void Server::on_step(const Step& step) {
  bool any_public = false;
  for (Event& e : events_) {
    any_public = any_public || e.audience == kEveryone;
    log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience});
  }
  events_.clear();
  last_step_bot_ =
      step.player >= 0 && table_->seats()[static_cast<std::size_t>(step.player)].kind == SeatKind::Bot;
  last_step_public_ = any_public;
  changed_ = true;
}

bool Server::live_contest() const {
  const State& st = table_->state();
  return st.turn() == Turn::Simultaneous && st.timed();
}

bool Server::in_contest() const {
  const State& st = table_->state();
  return clock_running_ && st.contest_id() == clock_contest_ &&
         ((st.turn() == Turn::Simultaneous && st.timed()) || st.turn() == Turn::Chance);
}

bool Server::contest_has_people() const {
  if (!live_contest()) return false;
  std::vector<PlayerId> who;
  table_->humans_to_act(who);
  return !who.empty();
}

Tick Server::view_tick(Millis real) const {
  const Tick at = table_->state().now();
  if (!clock_running_) return at;
  const Millis t = static_cast<Millis>(clock_tick_) + std::max<Millis>(0, real - clock_real_);
  return std::max(at, static_cast<Tick>(std::min<Millis>(t, kNoDeadline - 1)));
}

bool Server::update(Millis real) {
  bool changed = false;
  if (!started_) {
    std::vector<std::string> missing;
    for (std::size_t p = 0; p < seats_.size(); ++p)
      if (is_person_seat(table_->seats()[p]) && !seats_[p].claimed)
        missing.push_back(seat_label(static_cast<PlayerId>(p)));
    if (!missing.empty()) {
      phase_ = Phase::Waiting;
      return false;
    }
    started_ = true;
    next_step_at_ = real + opt_.pace_ms / 2;
    say(table_->history().empty() ? "every seat is taken: the game starts"
                                  : "every seat is taken: the game goes on");
    changed = true;
    phase_ = Phase::Computers;
  }
  for (int guard = 0; guard < 20000; ++guard) {
    if (table_->over()) {
      if (phase_ != Phase::Over) {
        phase_ = Phase::Over;
        over_since_ = real;
        clock_running_ = false;
        const Standings st = table_->state().standings();
        say(fmt::format("game over: {}", st.summary));
        changed = true;
      }
      return changed;
    }
    if (clock_running_) {
      // A contest runs on its clock, dice rolled inside it included, until it
      // is decided (or another contest opens).
      for (int g = 0; g < 100000 && in_contest(); ++g) {
        contest_had_people_ = contest_had_people_ || contest_has_people();
        if (!table_->advance_one(view_tick(real))) break;
        changed = true;
      }
      if (in_contest()) {
        if (phase_ != Phase::Contest) changed = true;
        phase_ = Phase::Contest;
        return changed;
      }
      clock_running_ = false;
      ready_given_ = false;
      phase_ = Phase::Computers;
      next_step_at_ = real + std::max<Millis>(opt_.pace_ms, contest_had_people_ ? opt_.after_contest_ms : 0);
      changed = true;
      continue;
    }
    if (live_contest()) {
      if (!ready_given_ && contest_has_people()) {
        // People need a moment to see that a race is on before time flows.
        ready_given_ = true;
        phase_ = Phase::Ready;
        next_step_at_ = std::max(next_step_at_, real + opt_.ready_ms);
        return true;
      }
      if (real < next_step_at_) return changed;
      clock_running_ = true;
      clock_contest_ = table_->state().contest_id();
      clock_tick_ = table_->state().now();
      clock_real_ = real;
      contest_had_people_ = false;
      phase_ = Phase::Contest;
      changed = true;
      continue;
    }
    table_->humans_to_act(waiting_);
    if (!waiting_.empty()) {
      if (phase_ != Phase::People) changed = true;
      phase_ = Phase::People;
      return changed;
    }
    if (phase_ != Phase::Computers) changed = true;
    phase_ = Phase::Computers;
    if (real < next_step_at_) return changed;
    if (!table_->advance_one()) return changed;
    changed = true;
    Millis delay = 0;
    if (last_step_bot_)
      delay = opt_.pace_ms;
    else if (last_step_public_)
      delay = opt_.pace_ms / 2;
    next_step_at_ = real + delay;
  }
  return changed;
}

Millis Server::wake_at(Millis real) const {
  constexpr Millis kNever = INT64_MAX;
  Millis wake = kNever;
  switch (phase_) {
    case Phase::Waiting:
    case Phase::People:
    case Phase::Over: break;
    case Phase::Computers:
    case Phase::Ready: wake = std::max(real, next_step_at_); break;
    case Phase::Contest: {
      if (real < next_step_at_) {
        wake = next_step_at_;
        break;
      }
      wake = real + opt_.frame_ms;
      const Tick next = table_->next_scheduled();
      if (next != kNoDeadline) {
        const Tick cur = view_tick(real);
        wake = std::min(wake, next <= cur ? real : real + static_cast<Millis>(next - cur));
      }
      break;
    }
  }
  if (!opt_.stand_in.empty() && started_ && phase_ != Phase::Over)
    for (std::size_t p = 0; p < seats_.size(); ++p) {
      const SeatState& s = seats_[p];
      if (s.claimed && s.client < 0 && !s.stand_in) wake = std::min(wake, s.away_since + opt_.grace_ms);
    }
  for (const auto& c : clients_)
    if (c->kind == Client::Kind::Hello) wake = std::min(wake, c->since + opt_.hello_timeout_ms);
  // Closing time: nobody left, or the game over for long enough.
  if (opt_.idle_ms > 0 && connected() == 0) wake = std::min(wake, empty_since_ + opt_.idle_ms);
  if (phase_ == Phase::Over) wake = std::min(wake, over_since_ + opt_.linger_ms);
  return wake;
}

void Server::check_stand_ins(Millis real) {
  if (opt_.stand_in.empty() || !started_ || table_->over()) return;
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    SeatState& s = seats_[p];
    if (!s.claimed || s.client >= 0 || s.stand_in || real < s.away_since + opt_.grace_ms) continue;
    s.stand_in = true;
    const auto seat = static_cast<PlayerId>(p);
    table_->set_agent(seat, make_agent(table_->game(), opt_.stand_in));
    table_->set_seat_kind(seat, SeatKind::Bot);
    say(fmt::format("a computer ({}) plays {} until its player is back", opt_.stand_in, seat_label(seat)));
    changed_ = true;
  }
}

void Server::refresh_asks() {
  std::vector<PlayerId> asked;
  table_->humans_to_act(asked);
  const State& st = table_->state();
  for (PlayerId p : asked) {
    SeatState& s = seats_[static_cast<std::size_t>(p)];
    legal_.clear();
    st.legal_actions(p, legal_);
    std::string sig = st.prompt(p);
    for (Action a : legal_) sig += fmt::format("\x1f{}", a);
    if (s.answered || sig != s.asked) {
      ++s.ask;
      s.asked = std::move(sig);
      s.answered = false;
    }
  }
}

void Server::leave_seat(Client& c, Millis real) {
  if (c.kind != Client::Kind::Player || c.seat < 0) return;
  SeatState& s = seats_[static_cast<std::size_t>(c.seat)];
  if (s.client == c.id) {
    s.client = -1;
    s.away_since = real;
    changed_ = true;
  }
}

}  // namespace rt::net
