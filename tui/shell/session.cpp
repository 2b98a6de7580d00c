#include "tui/shell/session.h"

#include <algorithm>

#include "core/save.h"

namespace rt::shell {

const Speed& speed_level(int level) {
  // 1 slow ... 6 instant. Level 3 gives a person time to read each move.
  static const Speed kSpeeds[kSpeedCount] = {{2000, 1}, {1300, 1}, {800, 1}, {400, 2}, {150, 4}, {0, 0}};
  return kSpeeds[std::clamp(level, 1, kSpeedCount) - 1];
}

GameSession::GameSession(std::unique_ptr<Table> table, std::vector<Event> earlier, SessionOptions options)
    : table_(std::move(table)), options_(std::move(options)) {
  for (Event& e : earlier) log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience, 0});
  fresh_from_ = log_.size();
  for (std::size_t p = 0; p < table_->seats().size(); ++p)
    if (table_->seats()[p].kind == SeatKind::Human) humans_.push_back(static_cast<PlayerId>(p));
  if (humans_.size() == 1) viewer_ = humans_.front();
  if (options_.demo) options_.save_path.clear();
  table_->set_event_sink(&events_);
  table_->set_step_observer([this](const Step& s) { on_step(s); });
  steps_ = static_cast<std::uint32_t>(table_->history().size());
  saved_decisions_ = table_->history().size();
}

int GameSession::human_rank(PlayerId seat) const {
  for (std::size_t i = 0; i < humans_.size(); ++i)
    if (humans_[i] == seat) return static_cast<int>(i);
  return -1;
}

bool GameSession::live_contest() const {
  const State& st = table_->state();
  return st.turn() == Turn::Simultaneous && st.timed();
}

std::vector<PlayerId> GameSession::contest_humans() const {
  std::vector<PlayerId> out;
  if (!live_contest()) return out;
  table_->humans_to_act(out);
  return out;
}

bool GameSession::contest_has_humans() const {
  return !contest_humans().empty();
}

Tick GameSession::view_tick(Millis real) const {
  return clock_.running() ? std::max(clock_.now(real), state().now()) : state().now();
}

bool GameSession::visible(const LogEntry& e) const {
  if (e.audience == kEveryone || omniscient()) return true;
  return phase_ != Phase::PassDevice && e.audience == viewer_;
}

void GameSession::on_step(const Step& step) {
  ++steps_;
  bool any_public = false;
  for (Event& e : events_) {
    any_public = any_public || e.audience == kEveryone;
    log_.push_back(LogEntry{std::move(e.text), std::move(e.rule), e.audience, steps_});
  }
  events_.clear();
  last_step_bot_ =
      step.player >= 0 && table_->seats()[static_cast<std::size_t>(step.player)].kind == SeatKind::Bot;
  last_step_public_ = any_public;
}

void GameSession::after_computer_step(Millis real) {
  const int pace = speed_level(options_.speed).pace_ms;
  Millis delay = 0;
  if (last_step_bot_)
    delay = pace;
  else if (last_step_public_)
    delay = pace / 2;  // a card turned up, a die rolled
  next_step_at_ = real + delay;
}

void GameSession::enter_human_turn(PlayerId who) {
  const bool changed_person = asked_ != who || phase_ != Phase::HumanTurn;
  asked_ = who;
  if (secret_hands() && viewer_ != who) {
    phase_ = Phase::PassDevice;
    return;
  }
  viewer_ = who;
  phase_ = Phase::HumanTurn;
  if (changed_person) save();
}

bool GameSession::in_contest() const {
  // Chance steps inside a contest (a die rolled, a card turned up mid-race)
  // belong to it: the clock keeps running through them.
  return live_contest() || (clock_.running() && state().turn() == Turn::Chance);
}

bool GameSession::step_contest(Millis real) {
  bool changed = false;
  if (secret_hands()) viewer_ = kEveryone;  // everyone is at the keyboard: no hand on show
  if (!clock_.running()) {
    if (!ready_given_ && !options_.demo && contest_has_humans()) {
      // Humans need a moment to see that a race is on before time flows.
      ready_given_ = true;
      phase_ = Phase::GetReady;
      next_step_at_ = std::max(next_step_at_, real + kGetReadyMs);
      return true;
    }
    clock_.start(state().now(), real);
    contest_had_humans_ = false;
    changed = true;
  }
  phase_ = Phase::Contest;
  for (int guard = 0; guard < 100000 && in_contest(); ++guard) {
    if (state().turn() == Turn::Chance) {
      table_->advance_one(clock_.now(real));
      changed = true;
      continue;
    }
    // Computers alone race faster at higher speeds (at once at the top speed).
    const bool humans_in = contest_has_humans();
    contest_had_humans_ = contest_had_humans_ || humans_in;
    const int rate = humans_in ? 1 : speed_level(options_.speed).contest_rate;
    if (rate != 0) clock_.set_rate(rate, real);
    if (table_->advance_one(clock_.now(real))) {
      changed = true;
      continue;
    }
    if (rate != 0) break;
    // advance_one() has scheduled the computers' decisions: jump to the next.
    const Tick next = table_->next_scheduled();
    if (next == kNoDeadline) break;
    clock_.jump_to(next, real);
  }
  if (!in_contest()) {
    clock_.stop();
    clock_.set_rate(1, real);
    ready_given_ = false;
    phase_ = Phase::Computers;
    const int pace = speed_level(options_.speed).pace_ms;
    next_step_at_ = real + std::max<Millis>(pace, contest_had_humans_ ? kAfterContestMs : 0);
    changed = true;
  }
  return changed;
}

bool GameSession::update(Millis real) {
  if (paused_) return false;
  bool changed = false;
  for (int guard = 0; guard < 20000; ++guard) {
    if (table_->over()) {
      if (phase_ != Phase::Over) {
        phase_ = Phase::Over;
        clock_.stop();
        save();
        changed = true;
      }
      return changed;
    }
    if (phase_ == Phase::PassDevice) return changed;
    if (real < next_step_at_) return changed;
    if (in_contest()) {
      changed = step_contest(real) || changed;
      if (in_contest() || real < next_step_at_) return changed;
      continue;
    }
    table_->humans_to_act(waiting_);
    if (!waiting_.empty()) {
      const Phase before = phase_;
      const PlayerId asked_before = asked_;
      enter_human_turn(waiting_.front());
      return changed || before != phase_ || asked_before != asked_;
    }
    phase_ = Phase::Computers;
    if (!table_->advance_one()) return changed;
    changed = true;
    after_computer_step(real);
  }
  return changed;
}

Millis GameSession::wake_at(Millis real) const {
  if (paused_) return kNever;
  switch (phase_) {
    case Phase::Over:
    case Phase::HumanTurn:
    case Phase::PassDevice: return kNever;
    case Phase::Computers:
    case Phase::GetReady: return std::max(real, next_step_at_);
    case Phase::Contest: {
      if (real < next_step_at_) return next_step_at_;
      const Millis due = clock_.real_at(table_->next_scheduled(), real);
      return std::min(due, real + kFrameMs);
    }
  }
  return kNever;
}

bool GameSession::choose(PlayerId player, Action action, Millis real) {
  if (phase_ != Phase::HumanTurn || player != asked_) return false;
  if (!state().is_legal(player, action)) return false;
  table_->submit(player, action, state().now());
  fresh_from_ = log_.size();
  phase_ = Phase::Computers;
  next_step_at_ = real;
  update(real);
  return true;
}

bool GameSession::contest_act(PlayerId player, Action action, Millis real) {
  if (phase_ != Phase::Contest || paused_ || !live_contest()) return false;
  const Tick at = clock_.now(real);
  // Computers that were quicker than this key press act first.
  while (in_contest() && table_->advance_one(at)) {
  }
  if (!live_contest() || !state().is_legal(player, action)) {
    update(real);
    return false;
  }
  table_->submit(player, action, at);
  update(real);
  return true;
}

void GameSession::confirm_pass(Millis real) {
  if (phase_ != Phase::PassDevice) return;
  viewer_ = asked_;
  phase_ = Phase::HumanTurn;
  fresh_from_ = log_.size();
  save();
  update(real);
}

void GameSession::pause(Millis real) {
  if (paused_) return;
  paused_ = true;
  paused_at_ = real;
  clock_.pause(real);
}

void GameSession::resume(Millis real) {
  if (!paused_) return;
  paused_ = false;
  // Pacing and "Get ready!" wait for as long as the game was paused.
  if (next_step_at_ > paused_at_) next_step_at_ += real - paused_at_;
  clock_.resume(real);
}

void GameSession::skip(Millis real) {
  if (paused_) return;
  if (phase_ == Phase::Computers) {
    next_step_at_ = real;
  } else if (phase_ == Phase::Contest && !contest_has_humans()) {
    next_step_at_ = std::min(next_step_at_, real);
    const Tick next = table_->next_scheduled();
    if (next != kNoDeadline) clock_.jump_to(next, real);
  }
  update(real);
}

std::string GameSession::save() {
  if (options_.save_path.empty()) return {};
  try {
    write_file_atomically(options_.save_path, save_text(*table_));
    saved_decisions_ = table_->history().size();
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

}  // namespace rt::shell
