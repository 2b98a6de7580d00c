// The Table: one game, its seats (human or computer), the random streams and
// the history. It sequences decisions: turn-based prompts one at a time,
// simultaneous ones from every actor, and timed contests in order of the tick
// each decision was made at (ties by seat). The history records every step
// with its tick, so a replay never reads a clock.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/contest_schedule.h"
#include "core/deal.h"
#include "core/game.h"
#include "core/per_player.h"
#include "core/rng.h"
#include "core/state.h"

namespace rt {

enum class SeatKind : std::uint8_t { Human, Bot };

struct Seat {
  std::string name;
  SeatKind kind = SeatKind::Bot;
  BotLevel level = BotLevel::Random;  // read for bots only (kind == SeatKind::Bot)
};

struct Step {
  PlayerId player;  // a seat, kChance or kClock
  Action action;
  Tick tick;
  bool operator==(const Step&) const = default;
};

class Table {
 public:
  Table(std::shared_ptr<const Game> game, SeatVector<Seat> seats, std::uint64_t seed);

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  const SeatVector<Seat>& seats() const { return seats_; }
  const std::vector<Step>& history() const { return history_; }
  std::uint64_t seed() const { return seed_; }
  // How the seed came to be (core/deal.h): table data, kept in the save.
  const Deal& deal() const { return deal_; }
  void set_deal(Deal deal) { deal_ = std::move(deal); }
  bool over() const { return state_->turn() == Turn::Over; }
  // Player decisions applied so far (chance outcomes and deadlines excluded).
  std::uint64_t decisions() const { return decisions_; }

  // Events from the game go here (nullptr: the game narrates nothing).
  void set_event_sink(EventSink* sink) {
    sink_ = sink;
    state_->set_event_sink(sink);
  }
  // Narrated modes (the demo): each computer decision is followed by an
  // event saying why (Agent::reason, type "reason"), private to that seat so
  // only a view of every seat (a demo, `replay --all`) shows it and no person
  // at the table learns a computer's hand from it. Off by default, so `sim`
  // and saves are what they were.
  void set_explaining(bool on) { explaining_ = on; }
  bool explaining() const { return explaining_; }
  // Called after every applied step (transcripts, the shell's pacing).
  void set_step_observer(std::function<void(const Step&)> observer) { observer_ = std::move(observer); }
  // The benchmark turns history off; everything else keeps it.
  void set_recording(bool on) { recording_ = on; }

  // Applies chance outcomes and computer decisions until a human must decide
  // or the game is over. In a timed contest it stops before the first
  // computer decision or deadline later than `until` (the shell's real clock).
  void advance(Tick until = kNoDeadline);
  // Applies at most one step (chance or computer); false if none is due.
  bool advance_one(Tick until = kNoDeadline);

  // The humans the game is waiting for now, by seat.
  void humans_to_act(std::vector<PlayerId>& out) const;
  // In a timed contest: the tick of the next computer decision or deadline.
  Tick next_scheduled() const;
  // In the live timed contest: the first tick at which `player` may act
  // again (its die has landed: TimedContests::action_time); state().now() when it
  // may act at once.
  Tick ready_at(PlayerId player) const;

  // A human's decision, validated (throws RuleError). A timed one is
  // stamped no earlier than ready_at(player).
  void submit(PlayerId player, Action action, Tick at);
  // A recorded step, validated (throws RuleError); used by replay and resume.
  void replay_step(const Step& step);

  // How quickly the computers act in timed contests (core/contest_pace.h):
  // table data, kept in the save. Set before the first step; a change later
  // applies from each computer's next decision.
  void set_contest_pace(ContestPace pace);
  ContestPace contest_pace() const { return pace_; }
  // How long the expert computers think, in percent of their level's
  // playouts (--think): table data, kept in the save (it changes their play).
  void set_think_percent(unsigned percent);
  unsigned think_percent() const { return think_percent_; }
  // Takes back every step from history()[keep] on: the state is the
  // history's first `keep` steps replayed, with no events told (an undo:
  // core/undo.h says which steps may go). The random streams are left as
  // they are: the steps taken back drew nothing from them that matters (no
  // chance outcome with a choice).
  void rewind(std::size_t keep);

  // The same game made again with other seat names (`renamed`: equal
  // options but the names): a game narrates with the names it was made
  // with, so the state is replayed from the history under the new game.
  // The random streams and the computers' pending decisions stay.
  void rename_seats(std::shared_ptr<const Game> renamed);

  void set_seat_kind(PlayerId seat, SeatKind kind);
  // Replaces a computer seat's player (tests, hints, a stand-in for a lost human).
  void set_agent(PlayerId seat, std::unique_ptr<Agent> agent);

  // Hints (core/hint.h) each seat has asked for: the record says so (the
  // save's `hint` lines, history.jsonl), so the statistics stay honest. An
  // undo keeps them: a hint seen is seen.
  void note_hint(PlayerId seat, int count = 1) { hints_.at(seat) += count; }
  int hints(PlayerId seat) const { return hints_[seat]; }
  bool hinted() const;

  // Random stream states, for save files: name -> state text.
  std::vector<std::pair<std::string, std::string>> rng_states() const;
  bool restore_rng_state(const std::string& name, const std::string& state);

 private:
  // What the Table keeps for each seat: its random stream and its computer
  // player (made on first use). Timed decisions pending are schedule_'s.
  struct SeatRuntime {
    Rng rng;
    Agent* agent = nullptr;        // &random_agent_, owned.get(), or nullptr until first use
    std::unique_ptr<Agent> owned;  // every agent but the shared random one
  };

  Agent& bot(PlayerId p) {
    Agent* a = seat(p).agent;
    return a ? *a : make_bot(p);
  }
  Agent& make_bot(PlayerId p);  // on a seat's first decision
  SeatRuntime& seat(PlayerId p) { return runtime_[p]; }
  bool is_bot(PlayerId p) const { return seats_[p].kind == SeatKind::Bot; }
  void apply_step(PlayerId player, Action action, Tick at);
  void note_step(const Step& step);
  bool step(Tick until);  // advance_one()'s body, inlined into advance()
  bool advance_unlisted(Tick until);
  bool advance_timed(Tick until);
  void apply_chance_action(Action action);
  std::string reason_for(PlayerId player, Action action);
  void tell_reason(PlayerId player, std::string reason);

  std::shared_ptr<const Game> game_;
  SeatVector<Seat> seats_;
  std::uint64_t seed_;
  std::unique_ptr<State> state_;
  std::vector<Step> history_;
  ChanceScratch chance_scratch_{};
  bool recording_ = true;
  bool explaining_ = false;
  EventSink* sink_ = nullptr;
  std::uint64_t decisions_ = 0;
  ContestPace pace_ = ContestPace::Normal;
  SeatVector<int> hints_;
  unsigned think_percent_ = 100;
  std::function<void(const Step&)> observer_;

  Rng chance_rng_;
  SeatVector<SeatRuntime> runtime_;
  // Each computer's pending timed decision and when its die lands: the
  // schedule the search's playouts keep too (core/contest_schedule.h).
  ContestSchedule schedule_;
  // Random bots keep no state between decisions, so every "random" seat
  // shares this one: a table of random bots allocates no agents.
  RandomAgent random_agent_;

  std::vector<Outcome> outcomes_;
  std::vector<PlayerId> actors_;
  std::vector<Action> scratch_;
  Deal deal_;  // cold: read when saving and at a shared table
};

// Makes the agent for a level: the game's own bot if it has one, else random.
std::unique_ptr<Agent> make_agent(const Game& game, BotLevel level);

}  // namespace rt
