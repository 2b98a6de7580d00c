// A game being played in the shell: the Table, the event log, whose private
// view is on screen (hot-seat), and saving. Pacing (computers, contests and
// their clock) is the Pacer's (core/pacer.h), the same one the table server
// uses. No terminal here: the play screen draws it and feeds it keys, and
// tests drive it with a fake clock.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/contest_report.h"
#include "core/hint.h"
#include "core/pacer.h"
#include "core/presenter.h"
#include "core/table.h"
#include "core/turn_report.h"
#include "tui/shell/clock.h"
#include "tui/shell/play_phase.h"

namespace rt::shell {

struct SessionOptions {
  bool demo = false;      // computers only, narrated; nothing is saved
  std::string save_path;  // empty: not saved
  int speed = kDefaultSpeed;
};

inline constexpr Millis kGetReadyMs = PaceConfig{}.ready_ms;  // "Get ready!" before a contest with humans
inline constexpr Millis kAfterContestMs = 2000;  // time to see who won a contest (a key goes on sooner)
inline constexpr Millis kFrameMs = PaceConfig{}.frame_ms;  // ~30 redraws a second while a contest is live

class GameSession {
 public:
  // `earlier` are the events of the steps already in the table's history
  // (a resumed game), shown at the top of the log.
  GameSession(std::unique_ptr<Table> table, std::vector<Event> earlier, SessionOptions options);
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  const Table& table() const { return *table_; }
  const State& state() const { return table_->state(); }
  const Presenter& presenter() const { return table_->game().presenter(); }
  const GameInfo& info() const { return table_->game().info(); }
  const SessionOptions& options() const { return options_; }
  bool demo() const { return options_.demo; }

  // Runs chance, computers and the contest clock up to real time `real`.
  // Returns true when something changed on screen.
  bool update(Millis real);
  // When update() should run next (kNever: only a key can change anything).
  Millis wake_at(Millis real) const;

  Phase phase() const { return phase_; }
  // The pacer's own phase (what watchers of this game are shown).
  PacePhase pace_phase() const { return pacer_.phase(); }
  // The human being asked (HumanTurn) or the one to pass the keyboard to.
  PlayerId asked() const { return asked_; }
  // Whose private information is on screen; kEveryone: the public view.
  PlayerId viewer() const { return phase_ == Phase::PassDevice ? kEveryone : viewer_; }
  bool omniscient() const { return humans_.empty(); }
  // The tick views draw at (the live contest clock, else the game's time).
  Tick view_tick(Millis real) const;
  // The picture of the last step to draw (ViewContext::frame): a race phase
  // played command by command; -1: the state as it is.
  int view_frame(Millis real) const { return pacer_.picture(real); }
  // The picture on screen (as of the last update), or -1.
  int picture() const { return last_picture_; }

  const std::vector<PlayerId>& humans() const { return humans_; }
  // A human seat's position among the human seats (its contest key group).
  int human_rank(PlayerId seat) const;
  // Humans who may act in the live contest now.
  std::vector<PlayerId> contest_humans() const;
  bool secret_hands() const { return info().secret_hands && humans_.size() > 1; }

  // A human's turn-based (or untimed) decision; false if it is not theirs.
  bool choose(PlayerId player, Action action, Millis real);
  // A human's decision in the live contest, stamped with the contest clock:
  // Taken; TooLate (the contest ended or moved on); Busy (dropped: the
  // player's die is still rolling); NotYet (not open, or paused).
  ContestAnswer contest_act(PlayerId player, Action action, Millis real);
  // Hot-seat: the next human has the keyboard.
  void confirm_pass(Millis real);
  // Takes back the last decision of the person asked now (core/undo.h says
  // which may go: nothing drawn, rolled or shown to them since), back to
  // the question before it; the save follows. "" when done, else why not
  // (one line for the person).
  std::string undo(Millis real);
  // Why undo() would do nothing now, or "" when it would take a move back
  // (replays the history: ask once per question, not every frame).
  std::string undo_blocked() const;
  // A hint for the person asked now (core/hint.h): the move the strongest
  // computer would make and why. The table's record notes it and the game is
  // saved, so the save and history say hints were used. Not in a demo, and
  // not in a timed contest (the refusal says why).
  HintReply hint();

  void pause(Millis real);
  void resume(Millis real);
  bool paused() const { return pacer_.paused(); }
  int speed() const { return options_.speed; }
  void faster() { set_speed(std::min(kSpeedCount, options_.speed + 1)); }
  void slower() { set_speed(std::max(1, options_.speed - 1)); }
  // Stops waiting for the computers (or, in a contest of computers only,
  // for the next thing due).
  void skip(Millis real);

  const std::vector<LogEntry>& log() const { return log_; }
  // A line from the shell, not the game (who may watch it): for this
  // keyboard's log only, never saved, never sent to a watcher.
  void note(std::string text) { log_.push_back(LogEntry{std::move(text), {}, kEveryone, steps_, 0}); }
  bool visible(const LogEntry& e) const;
  // Entries from this index on arrived since the viewer last decided.
  std::size_t fresh_from() const { return fresh_from_; }

  // While the last contest's result is held on screen (as of the last
  // update): who won what and why, a few lines; empty otherwise.
  std::vector<std::string> contest_result() const;
  // While a person's own turn's result is held on screen (session_turn.cpp):
  // what chance did after their last decision, a few lines; empty otherwise.
  std::vector<std::string> turn_result() const;
  // The same lines whether or not they are still on screen (tests).
  const std::vector<std::string>& last_contest_result() const { return report_.lines(); }

  // Writes the save file (if this session has one). Returns "" or the error.
  // Every save (autosaves too) records its outcome in save_problem(). A game
  // nobody has decided anything in yet is not kept: no file is written, and
  // one left at the save path is removed (Ctrl-C at the first question).
  std::string save();
  // No seat has decided anything yet (set-up and chance only): nothing to keep.
  bool nothing_played() const;
  // Why the last save failed ("" after a save that worked, or before any):
  // the play screen shows it until a save works again.
  const std::string& save_problem() const { return save_problem_; }
  bool saved_since_change() const { return saved_decisions_ == table_->history().size(); }
  const std::string& save_path() const { return options_.save_path; }

 private:
  void set_speed(int level);
  void on_step(const Step& step);
  // session_turn.cpp: a person's turn just ended with chance's word: hold it.
  void hold_turn_result(const Step& step);
  bool showing_turn_result(Millis real) const {
    return real < turn_until_ && phase_ == Phase::Computers && !turn_lines_.empty();
  }
  // Brings phase_ and the viewer up to date with the pacer.
  bool follow_pacer();
  // The game asks a seat other than `viewer` now, or is over (hot-seat hides the hand).
  bool asks_someone_else(PlayerId viewer) const;
  void enter_human_turn(PlayerId who);

  std::unique_ptr<Table> table_;
  SessionOptions options_;
  Pacer pacer_;
  EventSink events_;
  std::vector<LogEntry> log_;
  std::vector<PlayerId> humans_;
  std::vector<PlayerId> waiting_;

  Phase phase_ = Phase::Computers;
  PlayerId asked_ = kEveryone;
  PlayerId viewer_ = kEveryone;
  std::uint32_t contests_seen_ = 0;
  std::size_t fresh_from_ = 0;
  std::uint32_t steps_ = 0;
  // Steps the table had when this session opened it (a resumed save): the
  // log holds no step numbers for them, so an undo stops there.
  std::size_t opened_steps_ = 0;
  std::uint32_t pictured_step_ = 0;  // the last step that left pictures to play
  std::size_t saved_decisions_ = static_cast<std::size_t>(-1);
  std::string save_problem_;

  ContestReport report_;
  // A person's own turn that chance ended (a roll, a draw), held on screen
  // like a contest's result until a key or turn_until_ (core/turn_report.h).
  TurnReport turn_report_;
  std::vector<std::string> turn_lines_;
  Millis turn_until_ = 0;
  Millis last_real_ = 0;
  int last_picture_ = -1;
};

}  // namespace rt::shell
