// A guided first game: a lesson is data (data/<game-id>/lesson.json)
// played on the real engine. The lesson chooses every chance outcome and
// every computer move (by the action's text form, the one save files write,
// so a lesson survives anything a save survives), and asks the learner for
// the moves it wants: any other legal move is not played but explained.
//
// The runner is the whole lesson apart from the screen: the shell's lesson
// page and line mode both drive it, and so do the tests. It names no game
// and no terminal.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/event.h"
#include "core/game.h"
#include "core/state.h"

namespace rt {

// The learner always sits in seat 1.
inline constexpr PlayerId kLearner = 0;

// One scripted happening: a seat's move, a chance outcome or the clock.
struct LessonEntry {
  PlayerId player = kChance;  // a seat, kChance or kClock
  std::string action;         // the action's text form (State::action_text)
  Tick after = 0;             // milliseconds on the game's clock before it (a race's
                              // others: since the race was shown)
  std::string outcome;        // a race's others: the chance outcome their move meets
};

enum class LessonStepKind : std::uint8_t {
  Read,  // words; the learner goes on with Enter
  Move,  // the learner makes the move the lesson wants
  Race,  // a timed contest for real: the clock runs, the learner presses
  Skip,  // the lesson plays on for everyone for a while (to the end of the pile, say)
};

// Why one other legal move is not the move here.
struct LessonWrong {
  std::string action;  // text form
  std::string why;
};

struct LessonStep {
  LessonStepKind kind = LessonStepKind::Read;
  std::string title;
  std::string section;              // the rulebook section (the rules screen opens there)
  std::vector<std::string> text;    // two or three short lines
  std::string quote;                // the rulebook's own sentence, when it helps
  std::vector<LessonEntry> before;  // applied as the step opens (chance, computers)
  // Move and Race: the learner's move.
  std::vector<std::string> wanted;  // text forms; any of them is fine
  std::string why;                  // said when it is played
  std::vector<LessonWrong> wrong;   // other legal moves, each with its reason
  std::string otherwise;            // the reason for any other legal move not listed
  std::vector<LessonEntry> after;   // applied after the wanted move (its die, the draw)
  Tick delay = 0;                   // the learner's move lands this long after the last (a throw's moment)
  std::string rules;                // the heading of the rules screen's part to open (rules.txt)
  // Race: the chance outcomes the race meets, in order, then `filler` in turn.
  std::vector<std::string> outcomes;
  std::vector<std::string> filler;
  std::string retry;  // said when the race ended before every outcome was met
  // What a press does, for the key line ("tap #1"); empty: a roll.
  std::string press;
  // The race's clock runs from the moment the step is shown ("clock": "shown"),
  // not from the first press: where one press is the whole race (a tap), a
  // clock that waited for it would always be won. Line mode (a screen reader)
  // still waits for the first press.
  bool clock_at_show = false;
  // The computers' moves in the race at their times ("2: roll @1500 = die red"):
  // quicker than the learner, they may end it first (then it opens again).
  std::vector<LessonEntry> others;
  // Skip: how many decisions to play (the learner's by the same rule as the
  // others': the lowest legal action), chance drawn from `seed`.
  int decisions = 0;
  std::uint64_t seed = 1;
};

struct Lesson {
  std::string game;
  std::string title;
  int players = 2;
  std::vector<std::string> names;
  std::vector<std::string> variants;
  std::map<std::string, std::string> params;  // the game's options ("racers": "a,b"), as `play` takes them
  std::vector<LessonStep> steps;
  std::vector<std::string> covered;  // said at the end
};

// data/<game-id>/lesson.json; throws DataError naming the file and field.
Lesson load_lesson(const DataSource& data, const std::string& game_id);
bool has_lesson(const DataSource& data, const std::string& game_id);

// The part of a rules summary (Game::rules_text) under `heading` (a line
// that starts with it, at the left margin) up to the next heading; the whole
// text when no line starts with it.
std::string rules_part(const std::string& rules, const std::string& heading);

struct LessonAnswer {
  bool played = false;
  std::string message;  // why it is (not) the move here
};

class LessonRunner {
 public:
  // Builds the game from the lesson's players and names and opens step 1.
  LessonRunner(std::shared_ptr<const Game> game, Lesson lesson);

  const Lesson& lesson() const { return lesson_; }
  const Game& game() const { return *game_; }
  const State& state() const { return *state_; }
  std::size_t step_index() const { return index_; }
  std::size_t step_count() const { return lesson_.steps.size(); }
  bool finished() const { return index_ >= lesson_.steps.size(); }
  const LessonStep& step() const { return lesson_.steps.at(index_); }
  // What the game said since the step opened, as seat 1 may see it.
  std::vector<Event> happenings() const;
  // The last move's explanation (a wrong move's reason, or the wanted move's why).
  const std::string& message() const { return message_; }
  // The message says why a move was not played (or a race must be run again).
  bool refused() const { return refused_; }
  // The refusal is of a move the rules allow (another way to play, not a
  // mistake): a front end marks it apart from a race lost.
  bool allowed_other() const { return refused_ && allowed_other_; }

  // Read and Skip steps: on to the next step.
  void next();
  // Back to the previous step, its position restored.
  bool back();
  // Move steps: the legal moves offered, sorted.
  std::vector<Action> options() const;
  // The option a front end highlights first (Enter plays it): the move the
  // step asks for, so Enter alone goes through the lesson.
  std::size_t suggested() const;
  std::string label(Action a) const;
  bool wanted(Action a) const;
  // Why `a` is not the move here ("" for a wanted move).
  std::string why_not(Action a) const;
  // A Move step's answer: a wanted move is played (and what follows it), any
  // other is explained and not played.
  LessonAnswer answer(Action a);

  // Race steps: milliseconds since the race was shown.
  // A press (the wanted action; where `wanted` lists several, the next of
  // them in order: a sequence, the last repeated); false while the learner's die is rolling.
  // A race is the learner's: one the others end before the learner pressed
  // opens again. In a contest where the learner moves once (a tap), a press
  // after that move is ignored until the others end it.
  bool race_press(Tick since);
  // The learner made the move the race wants and cannot make it again.
  bool race_waiting() const;
  // Whether `a` is the learner's next move in the race: a front end lets the
  // game's own key for it (an arrow, Enter) press, as in a real game.
  bool race_next_is(Action a) const;
  // The learner's next move in the race, if it can be made now.
  std::optional<Action> race_next_move() const;
  // The game's key for another move during a race: message() says which move
  // the plan wants next; the race goes on.
  void race_refuse(Action a);
  // How many times this race opened again (too slow): a front end restarts its clock.
  int race_attempts() const { return race_attempts_; }
  // The clock: plays a deadline that has passed; true when the race is over
  // (then the step moved on, or it opened again with message() saying why).
  bool race_tick(Tick since);
  Tick race_deadline() const;  // since the race was shown; kNoDeadline if none
  Tick race_ready() const;     // the learner may press again from here
  Tick race_now(Tick since) const { return race_origin_ + since; }  // on the game's clock

 private:
  struct Snapshot {
    std::unique_ptr<State> state;
    std::size_t events = 0;
  };
  void open(std::size_t index);
  void apply(const LessonEntry& e);
  void apply_entries(const std::vector<LessonEntry>& entries);
  Action parse(PlayerId player, const std::string& text) const;
  void play_skip(const LessonStep& s);
  void race_chance();
  void race_others(Tick since);
  bool race_over() const;
  void finish_race();
  void race_again();
  // The learner's next move in this race: `wanted` in order, the last again and again.
  const std::string& race_next() const;
  // A race of several wanted moves in order (a program slid tile by tile) is
  // the learner's only if all are made before the others' last move; it ends
  // as the last is made (the others' moves after it are the next step's).
  bool race_sequence() const { return step().wanted.size() > 1; }

  std::shared_ptr<const Game> game_;
  Lesson lesson_;
  std::unique_ptr<State> state_;
  EventSink events_;
  std::size_t step_events_ = 0;
  std::size_t index_ = 0;
  std::vector<Snapshot> snapshots_;  // the position as each step opened
  std::string message_;
  bool refused_ = false;
  bool allowed_other_ = false;
  // A race under way.
  Tick race_origin_ = 0;
  Tick race_ready_ = 0;
  std::size_t race_used_ = 0;
  std::size_t race_others_ = 0;  // the others' moves made so far
  bool race_pressed_ = false;    // the learner made the wanted move at least once
  int race_attempts_ = 0;
  std::size_t race_moves_ = 0;  // the learner's presses played (a sequence's next is wanted[race_moves_])
};

// The lesson of `game_id` on its game, at its first step; throws DataError
// (no lesson, or a bad one) and OptionError.
std::unique_ptr<LessonRunner> start_lesson(const Registry& registry, const DataSource& data,
                                           const std::string& game_id);

}  // namespace rt
