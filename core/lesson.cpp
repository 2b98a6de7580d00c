#include "core/lesson.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/chance.h"
#include "core/presenter.h"
#include "core/rng.h"
#include "core/timed_contests.h"

namespace rt {

LessonRunner::LessonRunner(std::shared_ptr<const Game> game, Lesson lesson)
    : game_(std::move(game)), lesson_(std::move(lesson)), state_(game_->new_initial_state()) {
  if (lesson_.steps.empty()) throw DataError(fmt::format("the {} lesson has no steps", lesson_.game));
  state_->set_event_sink(&events_);
  open(0);
}

Action LessonRunner::parse(PlayerId player, const std::string& text) const {
  const std::optional<Action> a = state_->parse_action(player, text);
  if (!a || (player != kClock && player != kChance && !state_->is_legal(player, *a))) {
    const std::string who = player == kChance  ? std::string("chance")
                            : player == kClock ? std::string("the clock")
                                               : fmt::format("seat {}", player + 1);
    throw DataError(fmt::format("data/{}/lesson.json: step {}: '{}' is not a legal move for {} here",
                                lesson_.game, index_ + 1, text, who));
  }
  if (player == kChance) {
    std::vector<Outcome> outs;
    state_->chance_outcomes(outs);
    if (state_->turn() != Turn::Chance ||
        std::none_of(outs.begin(), outs.end(), [&](const Outcome& o) { return o.action == *a; }))
      throw DataError(fmt::format("data/{}/lesson.json: step {}: '{}' is not a chance outcome here",
                                  lesson_.game, index_ + 1, text));
  }
  return *a;
}

void LessonRunner::apply(const LessonEntry& e) {
  const Action a = parse(e.player, e.action);
  state_->apply(e.player, a, state_->now() + e.after);
}

void LessonRunner::apply_entries(const std::vector<LessonEntry>& entries) {
  for (const LessonEntry& e : entries) apply(e);
}

void LessonRunner::open(std::size_t index) {
  index_ = index;
  message_.clear();
  refused_ = false;
  allowed_other_ = false;
  if (snapshots_.size() > index) snapshots_.resize(index);
  snapshots_.push_back(Snapshot{state_->clone(), events_.size()});
  step_events_ = events_.size();
  if (finished()) return;
  const LessonStep& s = step();
  apply_entries(s.before);
  if (s.kind == LessonStepKind::Skip) play_skip(s);
  if (s.kind == LessonStepKind::Race) {
    race_origin_ = state_->now();
    race_ready_ = 0;
    race_used_ = 0;
    race_others_ = 0;
    race_pressed_ = false;
    race_moves_ = 0;
    race_chance();
  }
}

std::vector<Event> LessonRunner::happenings() const {
  std::vector<Event> out;
  for (std::size_t i = step_events_; i < events_.size(); ++i)
    if (shown_to(events_[i].audience, kLearner)) out.push_back(events_[i]);
  return out;
}

void LessonRunner::next() {
  if (finished()) return;
  if (step().kind == LessonStepKind::Move || step().kind == LessonStepKind::Race) return;
  open(index_ + 1);
}

bool LessonRunner::back() {
  if (index_ == 0) return false;
  const std::size_t to = index_ - 1;
  Snapshot& snap = snapshots_.at(to);
  state_ = snap.state->clone();
  state_->set_event_sink(&events_);
  events_.resize(snap.events);
  snapshots_.resize(to);
  open(to);
  return true;
}

std::vector<Action> LessonRunner::options() const {
  std::vector<Action> out;
  if (finished() || state_->turn() == Turn::Over) return out;
  std::vector<PlayerId> actors;
  state_->actors(actors);
  if (std::find(actors.begin(), actors.end(), kLearner) == actors.end()) return out;
  state_->legal_actions(kLearner, out);
  return out;
}

std::size_t LessonRunner::suggested() const {
  // The first of `wanted` that is offered: the one the step's words name first.
  const std::vector<Action> opts = options();
  if (finished()) return 0;
  for (const std::string& w : step().wanted)
    for (std::size_t i = 0; i < opts.size(); ++i)
      if (state_->action_text(kLearner, opts[i]) == w) return i;
  return 0;
}

std::string LessonRunner::label(Action a) const {
  return game_->presenter().action_label(*state_, kLearner, a);
}

bool LessonRunner::wanted(Action a) const {
  if (finished()) return false;
  const std::string text = state_->action_text(kLearner, a);
  const auto& w = step().wanted;
  return std::find(w.begin(), w.end(), text) != w.end();
}

std::string LessonRunner::why_not(Action a) const {
  if (wanted(a)) return {};
  const std::string text = state_->action_text(kLearner, a);
  for (const LessonWrong& w : step().wrong)
    if (w.action == text) return w.why;
  return step().otherwise;
}

LessonAnswer LessonRunner::answer(Action a) {
  if (finished() || step().kind != LessonStepKind::Move) return {false, "Nothing to play here."};
  if (!state_->is_legal(kLearner, a)) return {false, "That is not a legal move here."};
  if (!wanted(a)) {
    message_ = why_not(a);
    refused_ = true;
    allowed_other_ = true;
    return {false, message_};
  }
  const std::string why = step().why;
  state_->apply(kLearner, a, state_->now() + step().delay);
  apply_entries(step().after);
  open(index_ + 1);
  message_ = why;
  return {true, why};
}

// The lesson's way to play on for everyone without a script: the lowest legal
// action for whoever acts (in a contest, each actor in turn) (no computer's judgement, so a better bot never
// changes the lesson), chance drawn from the step's seed, and a timed
// decision a third of a second after the last.
void LessonRunner::play_skip(const LessonStep& s) {
  Rng rng(s.seed);
  ChanceScratch scratch{};
  std::vector<Outcome> outs;
  std::vector<PlayerId> actors;
  std::vector<Action> acts;
  int played = 0;
  for (int guard = 0; guard < 200000; ++guard) {
    const Turn t = state_->turn();
    if (t == Turn::Over) return;
    if (t == Turn::Chance) {
      state_->apply(kChance, draw_chance(*state_, rng, scratch, outs), state_->now());
      continue;
    }
    actors.clear();
    state_->actors(actors);
    if (played >= s.decisions && t == Turn::Player && actors.front() == kLearner) return;
    Tick at = state_->now() + (timed(*state_) ? 300 : 0);
    if (timed(*state_) && deadline(*state_) != kNoDeadline && at >= deadline(*state_)) {
      state_->apply(kClock, 0, deadline(*state_));
      continue;
    }
    // In a contest everybody takes a turn to act first, so the race is fair.
    const PlayerId who = actors[static_cast<std::size_t>(played) % actors.size()];
    acts.clear();
    state_->legal_actions(who, acts);
    state_->apply(who, acts.front(), at);
    ++played;
  }
  throw DataError(fmt::format("data/{}/lesson.json: step {}: the skip never ends", lesson_.game, index_ + 1));
}

// Race steps: chance outcomes come from the step's list, then its filler.
void LessonRunner::race_chance() {
  const LessonStep& s = step();
  while (state_->turn() == Turn::Chance && contest_running(*state_)) {
    std::string text;
    if (race_used_ < s.outcomes.size()) {
      text = s.outcomes[race_used_];
    } else if (!s.filler.empty()) {
      text = s.filler[(race_used_ - s.outcomes.size()) % s.filler.size()];
    } else {
      throw DataError(fmt::format("data/{}/lesson.json: step {}: the race needs more outcomes", lesson_.game,
                                  index_ + 1));
    }
    ++race_used_;
    state_->apply(kChance, parse(kChance, text), state_->now());
  }
}

bool LessonRunner::race_over() const {
  return !timed(*state_);
}

Tick LessonRunner::race_deadline() const {
  const Tick d = timed(*state_) ? deadline(*state_) : kNoDeadline;
  return d == kNoDeadline ? kNoDeadline : d - race_origin_;
}

Tick LessonRunner::race_ready() const {
  return race_ready_;
}

bool LessonRunner::race_press(Tick since) {
  if (finished() || step().kind != LessonStepKind::Race || race_over()) return false;
  if (since < race_ready_) return false;
  if (race_tick(since)) return true;  // too late: the count had ended
  message_.clear();                   // racing again after a retry: its message has been read
  refused_ = false;
  allowed_other_ = false;
  const Tick at = std::max(race_origin_ + since, state_->now());
  if (race_waiting()) return false;
  const Action a = parse(kLearner, race_next());
  race_pressed_ = true;
  ++race_moves_;
  race_ready_ = at - race_origin_ + action_time(*state_, kLearner, a);
  state_->apply(kLearner, a, at);
  race_chance();
  // A sequence made in time is the race won: what the others do next is the
  // next step's (its `before`), where the learner sees it happen.
  if (race_over() || (race_sequence() && race_moves_ >= step().wanted.size())) finish_race();
  return true;
}

bool LessonRunner::race_waiting() const {
  if (finished() || step().kind != LessonStepKind::Race || race_over() || !race_pressed_) return false;
  const std::optional<Action> a = state_->parse_action(kLearner, race_next());
  return !a || !state_->is_legal(kLearner, *a);
}

const std::string& LessonRunner::race_next() const {
  const std::vector<std::string>& w = step().wanted;
  return w.at(std::min(race_moves_, w.size() - 1));
}

// The computers' moves that are due, each with the outcome it meets.
void LessonRunner::race_others(Tick since) {
  const LessonStep& s = step();
  while (race_others_ < s.others.size() && s.others[race_others_].after <= since && !race_over()) {
    const LessonEntry& e = s.others[race_others_++];
    const Tick at = std::max(race_origin_ + e.after, state_->now());
    state_->apply(e.player, parse(e.player, e.action), at);
    if (!e.outcome.empty()) state_->apply(kChance, parse(kChance, e.outcome), state_->now());
  }
}

std::optional<Action> LessonRunner::race_next_move() const {
  if (finished() || step().kind != LessonStepKind::Race || race_over() || race_waiting()) return std::nullopt;
  return state_->parse_action(kLearner, race_next());
}

bool LessonRunner::race_next_is(Action a) const {
  const std::optional<Action> next = race_next_move();
  return next && *next == a;
}

void LessonRunner::race_refuse(Action a) {
  if (finished() || step().kind != LessonStepKind::Race || race_over() || race_next_is(a)) return;
  const std::optional<Action> next = state_->parse_action(kLearner, race_next());
  message_ = race_waiting() ? std::string("Your move is made: the others are still playing.")
                            : fmt::format("That is allowed too; this plan's next move is {}.",
                                          next ? label(*next) : race_next());
  refused_ = true;
  allowed_other_ = true;
}

// Slower than the others: the race opens again, saying why.
void LessonRunner::race_again() {
  ++race_attempts_;
  const std::string retry = step().retry;
  const std::size_t again = index_;
  Snapshot& snap = snapshots_.at(again);
  state_ = snap.state->clone();
  state_->set_event_sink(&events_);
  events_.resize(snap.events);
  open(again);
  message_ = retry;
  refused_ = true;
}

bool LessonRunner::race_tick(Tick since) {
  if (finished() || step().kind != LessonStepKind::Race) return false;
  race_others(since);
  const LessonStep& s = step();
  if (race_sequence() && race_others_ == s.others.size() && !s.others.empty() &&
      race_moves_ < s.wanted.size()) {
    race_again();  // the others all moved before the learner's sequence was made
    return true;
  }
  if (race_over()) {
    finish_race();
    return true;
  }
  const Tick deadline = rt::deadline(*state_);
  if (deadline == kNoDeadline || race_origin_ + since < deadline) return false;
  state_->apply(kClock, 0, deadline);
  finish_race();
  return true;
}

// Every outcome met: the race went as the lesson planned, on to the next step
// (or the same race again if it did not: too slow).
void LessonRunner::finish_race() {
  const LessonStep& s = step();
  if (race_used_ >= s.outcomes.size() && race_pressed_ &&
      race_moves_ >= (race_sequence() ? s.wanted.size() : 1)) {
    const std::string why = s.why;
    apply_entries(s.after);
    open(index_ + 1);
    message_ = why;
    return;
  }
  race_again();
}

std::unique_ptr<LessonRunner> start_lesson(const Registry& registry, const DataSource& data,
                                           const std::string& game_id) {
  Lesson lesson = load_lesson(data, game_id);
  Options options;
  options.players = lesson.players;
  options.names = lesson.names;
  options.variants.insert(lesson.variants.begin(), lesson.variants.end());
  options.params = lesson.params;
  std::shared_ptr<const Game> game = registry.create(game_id, options, data);
  return std::make_unique<LessonRunner>(std::move(game), std::move(lesson));
}

}  // namespace rt
