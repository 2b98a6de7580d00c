#include "core/table.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "core/chance.h"
#include "core/presenter.h"
#include "core/search_agent.h"
#include "core/timed_contests.h"

namespace rt {

std::unique_ptr<Agent> make_agent(const Game& game, BotLevel level) {
  if (level == BotLevel::Random) return std::make_unique<RandomAgent>(reaction_profile(level));
  if (std::unique_ptr<Agent> own = game.make_bot(level)) return own;
  // A game without its own "hard" gets the generic search around its normal bot
  // (every game today configures its search in its own make_bot: docs/BOTS.md).
  if (level == BotLevel::Hard) {
    std::unique_ptr<Agent> normal = game.make_bot(BotLevel::Normal);
    if (!normal) normal = std::make_unique<RandomAgent>(reaction_profile(level));
    return std::make_unique<SearchAgent>(std::move(normal), game.presenter());
  }
  if (level == BotLevel::Expert) {
    std::unique_ptr<Agent> hard = game.make_bot(BotLevel::Hard);
    if (!hard) hard = std::make_unique<RandomAgent>(reaction_profile(level));
    return make_expert(std::move(hard), game.presenter(), SearchConfig{});
  }
  return std::make_unique<RandomAgent>(reaction_profile(level));
}

namespace {

// "bot:<seat>", the name of a seat's random stream (save files hold it),
// written without a formatter: every Table makes one per seat.
std::string_view bot_stream_name(PlayerId seat, char (&buf)[24]) {
  buf[0] = 'b';
  buf[1] = 'o';
  buf[2] = 't';
  buf[3] = ':';
  const auto end = std::to_chars(buf + 4, buf + sizeof buf, int{seat}).ptr;
  return std::string_view(buf, static_cast<std::size_t>(end - buf));
}

}  // namespace

Table::Table(std::shared_ptr<const Game> game, SeatVector<Seat> seats, std::uint64_t seed)
    : game_(std::move(game)),
      seats_(std::move(seats)),
      seed_(seed),
      state_(game_->new_initial_state()),
      chance_rng_(Rng::stream(seed, "chance")) {
  const int n = state_->num_players();
  if (seats_.seats() != n) throw OptionError(fmt::format("{} seats given for {} players", seats_.seats(), n));
  runtime_.resize(n);
  hints_.assign(n, 0);
  schedule_.reset(n);
  char name[24];
  for (PlayerId p = 0; p < n; ++p) runtime_[p].rng = Rng::stream(seed, bot_stream_name(p, name));
  // Room for a typical game's decisions and chance outcomes up front, so the
  // scratch lists do not grow step by step in every game.
  outcomes_.reserve(64);
  actors_.reserve(seats_.values().size());
  scratch_.reserve(64);
}

bool Table::hinted() const {
  for (int h : hints_)
    if (h > 0) return true;
  return false;
}

Agent& Table::make_bot(PlayerId p) {
  SeatRuntime& s = seat(p);
  const BotLevel level = seats_[p].level;
  if (level == BotLevel::Random) {
    s.agent = &random_agent_;
  } else {
    s.owned = make_agent(*game_, level);
    s.agent = s.owned.get();
  }
  s.agent->set_contest_pace(pace_);
  s.agent->set_think_percent(think_percent_);
  return *s.agent;
}

void Table::set_contest_pace(ContestPace pace) {
  pace_ = pace;
  random_agent_.set_contest_pace(pace);
  for (PlayerId p = 0; p < runtime_.seats(); ++p) {
    if (Agent* a = runtime_[p].agent) a->set_contest_pace(pace);
    schedule_.forget(p);  // a decision timed at the old pace no longer stands
  }
}

void Table::set_seat_kind(PlayerId p, SeatKind kind) {
  seats_[p].kind = kind;
  schedule_.forget(p);
}

void Table::set_agent(PlayerId p, std::unique_ptr<Agent> agent) {
  SeatRuntime& s = seat(p);
  s.owned = std::move(agent);
  s.agent = s.owned.get();
  if (s.agent) {
    s.agent->set_contest_pace(pace_);
    s.agent->set_think_percent(think_percent_);
  }
  schedule_.forget(p);
}

void Table::set_think_percent(unsigned percent) {
  think_percent_ = percent;
  for (PlayerId p = 0; p < runtime_.seats(); ++p)
    if (Agent* a = runtime_[p].agent) a->set_think_percent(percent);
}

void Table::apply_step(PlayerId player, Action action, Tick at) {
  if (at < state_->now()) at = state_->now();
  // The reason's string lives only on the explaining path: the benchmark's
  // steps pay for no string and no larger frame.
  if (explaining_) [[unlikely]] {
    std::string why = reason_for(player, action);
    const std::size_t first = sink_ != nullptr ? sink_->size() : 0;  // the step's first event
    state_->apply(player, action, at);
    if (!why.empty()) {
      tell_reason(player, std::move(why));
      // Right after the move's own line ("Cleo plays purple on ..."), before
      // what it set off (a draw, the next player's turn).
      if (sink_->size() > first + 2)
        std::rotate(sink_->begin() + static_cast<std::ptrdiff_t>(first + 1), sink_->end() - 1, sink_->end());
    }
  } else {
    state_->apply(player, action, at);
  }
  if (player >= 0) {
    schedule_.forget(player);
    ++decisions_;
  }
  if (recording_ || observer_) [[unlikely]]
    note_step(Step{player, action, at});
}

// Out of line: the benchmark neither records nor observes, and keeping this
// off the hot path spares apply_step and apply_chance a heavier stack frame.
void Table::note_step(const Step& step) {
  if (recording_) {
    if (history_.capacity() == 0) history_.reserve(512);
    history_.push_back(step);
  }
  if (observer_) observer_(step);
}

// Asked of the position before the step: a computer's reason for its move.
std::string Table::reason_for(PlayerId player, Action action) {
  if (player < 0 || !is_bot(player) || sink_ == nullptr) return {};
  return bot(player).reason(*state_, player, action);
}

void Table::tell_reason(PlayerId player, std::string reason) {
  Event& e = sink_->emplace_back();
  e.rule = fmt::format("{}'s reason", seats_[player].name);  // whose, in the log's rule column
  e.text = fmt::format("Why: {}", reason);
  e.audience = player;
  e.at = state_->now();
  e.type = "reason";
  e.fields.push_back(EventField{"player", std::int64_t{player} + 1});
  e.fields.push_back(EventField{"reason", std::move(reason)});
}

Tick Table::ready_at(PlayerId player) const {
  return schedule_.ready_at(*state_, player);
}

// apply_step for chance: it acts at the current tick and owns no seat.
[[gnu::always_inline]] inline void Table::apply_chance_action(Action action) {
  const Tick at = state_->now();
  state_->apply(kChance, action, at);
  if (recording_ || observer_) [[unlikely]]
    note_step(Step{kChance, action, at});
}

// A chance node listed in place (hundreds a round in some games) goes
// straight to sampling: one question to the state instead of three. Inline,
// so advance()'s loop makes no call for such a node. Chance outcomes are drawn
// with core/chance.h's helpers, as the search's playouts draw them: a
// ChanceSpan and chance_outcomes() list the same outcomes, so both paths draw
// the same numbers from the chance stream.
[[gnu::always_inline]] inline bool Table::step(Tick until) {
  const ChanceSpan span = state_->chance_span(chance_scratch_);
  if (span.size != 0) {
    apply_chance_action(draw_outcome(chance_rng_, span));
    return true;
  }
  return advance_unlisted(until);
}

bool Table::advance_one(Tick until) {
  return step(until);
}

// advance_one() once the state has said it lists no chance outcomes in place.
bool Table::advance_unlisted(Tick until) {
  switch (state_->turn()) {
    case Turn::Over: return false;
    case Turn::Chance: apply_chance_action(draw_listed_outcome(*state_, chance_rng_, outcomes_)); return true;
    case Turn::Player: {
      const PlayerId p = state_->player_to_act(actors_);
      if (!is_bot(p)) return false;
      const Decision d = bot(p).decide(*state_, p, seat(p).rng);
      apply_step(p, d.action, state_->now());
      return true;
    }
    case Turn::Simultaneous: break;
  }
  actors_.clear();
  state_->actors(actors_);
  // The capability asked once: a step of every simultaneous node passes here.
  if (const TimedContests* clock = state_->timed_contests(); clock != nullptr && clock->timed())
    return advance_timed(until);
  for (PlayerId p : actors_) {
    if (!is_bot(p)) continue;
    const Decision d = bot(p).decide(*state_, p, seat(p).rng);
    apply_step(p, d.action, state_->now());
    return true;
  }
  return false;
}

// A timed contest's next step, scheduled by the ContestSchedule the search's
// playouts use (computers only: a person's seat is asked by submit()).
bool Table::advance_timed(Tick until) {
  const ContestSchedule::Due due = schedule_.take(
      *state_, actors_, until,
      [this](PlayerId p) -> std::optional<Decision> {
        if (!is_bot(p)) return std::nullopt;
        return bot(p).decide(*state_, p, seat(p).rng);
      },
      scratch_);
  if (!due.due()) return false;
  apply_step(due.player, due.action, due.at);
  return true;
}

void Table::advance(Tick until) {
  while (step(until)) {
  }
}

void Table::humans_to_act(std::vector<PlayerId>& out) const {
  out.clear();
  const Turn t = state_->turn();
  if (t != Turn::Player && t != Turn::Simultaneous) return;
  std::vector<PlayerId> who;
  state_->actors(who);
  for (PlayerId p : who)
    if (seats_[p].kind == SeatKind::Human) out.push_back(p);
}

Tick Table::next_scheduled() const {
  if (state_->turn() != Turn::Simultaneous || !timed(*state_)) return kNoDeadline;
  std::vector<PlayerId> who;
  state_->actors(who);
  return schedule_.next(*state_, who).at;
}

void Table::submit(PlayerId player, Action action, Tick at) {
  if (at < state_->now()) at = state_->now();
  if (!state_->is_legal(player, action))
    throw RuleError(fmt::format("{} cannot do that now", seats_.at(player).name));
  if (timed(*state_)) {
    // Front ends drop presses while the die rolls; one that gets here anyway
    // waits for it to land.
    at = std::max(at, ready_at(player));
    schedule_.note_busy(*state_, player, action, at);
  }
  apply_step(player, action, at);
}

void Table::replay_step(const Step& step) {
  if (!state_->is_legal(step.player, step.action))
    throw RuleError(fmt::format("recorded step {} is not legal at this point", history_.size() + 1));
  if (step.player >= 0 && timed(*state_)) schedule_.note_busy(*state_, step.player, step.action, step.tick);
  apply_step(step.player, step.action, step.tick);
}

void Table::rewind(std::size_t keep) {
  if (keep > history_.size()) throw std::logic_error("rewind past the end of the history");
  std::unique_ptr<State> state = game_->new_initial_state();
  std::uint64_t decisions = 0;
  for (std::size_t i = 0; i < keep; ++i) {
    const Step& s = history_[i];
    state->apply(s.player, s.action, s.tick);
    if (s.player >= 0) ++decisions;
  }
  state->set_event_sink(sink_);
  state_ = std::move(state);
  history_.resize(keep);
  decisions_ = decisions;
  schedule_.reset(state_->num_players());
}

void Table::rename_seats(std::shared_ptr<const Game> renamed) {
  const std::vector<std::string>& names = renamed->options().names;
  if (std::ssize(names) != seats_.seats()) throw std::logic_error("rename_seats: another number of seats");
  std::unique_ptr<State> state = renamed->new_initial_state();
  for (const Step& s : history_) state->apply(s.player, s.action, s.tick);
  state->set_event_sink(sink_);
  game_ = std::move(renamed);
  state_ = std::move(state);
  PlayerId p = 0;
  for (const std::string& name : names) seats_[p++].name = name;
}

std::vector<std::pair<std::string, std::string>> Table::rng_states() const {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("chance", chance_rng_.state_text());
  char name[24];
  for (PlayerId p = 0; p < runtime_.seats(); ++p)
    out.emplace_back(std::string(bot_stream_name(p, name)), runtime_[p].rng.state_text());
  return out;
}

bool Table::restore_rng_state(const std::string& name, const std::string& state) {
  if (name == "chance") return chance_rng_.set_state_text(state);
  char buf[24];
  for (PlayerId p = 0; p < runtime_.seats(); ++p)
    if (name == bot_stream_name(p, buf)) return runtime_[p].rng.set_state_text(state);
  return false;
}

}  // namespace rt
