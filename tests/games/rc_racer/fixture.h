// Helpers for RC Racer's rule tests: a race engine on a hand-drawn track,
// and whole games with chosen racecars, boards and programs.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/event.h"
#include "games/rc_racer/data.h"
#include "games/rc_racer/game.h"
#include "games/rc_racer/race.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer::fixture {

// The embedded data, loaded once.
const Data& data();
const TileKind& tile(const std::string& id);

// Records the engine's narration.
class Recorder final : public Narrator {
 public:
  void say(std::string_view rule, std::string text) override {
    rules.emplace_back(rule);
    texts.push_back(std::move(text));
  }
  std::string who(PlayerId p) const override { return std::string(1, static_cast<char>('A' + p)); }
  bool heard(const std::string& fragment) const;
  std::string all() const;
  std::vector<std::string> rules;
  std::vector<std::string> texts;
};

// A race engine on a hand-drawn track. Rows are given top first (the last
// string is row 0) in the data's symbols; letters A-D place those cars (on
// an empty space). Rows below `start_rows` are the Starting Grid; rows from
// `line_row` on are past the finish line.
struct Bench {
  explicit Bench(const std::vector<std::string>& rows_top_first, int start_rows = 0, int line_row = 99);
  void place(PlayerId p, int lane, int row);
  // Gives car p a racecar and energy (it keeps its drawn position).
  Car& car(PlayerId p, const std::string& racer = "bird-racer", int batteries = 3, int shields = 0);
  // Runs one command of p's turn.
  void run(PlayerId p, const std::string& tile_id);
  void run_all(PlayerId p, const std::vector<std::string>& tile_ids);
  int lane(PlayerId p) const { return race.cars[static_cast<std::size_t>(p)].lane; }
  int row(PlayerId p) const { return race.cars[static_cast<std::size_t>(p)].row; }
  int batteries(PlayerId p) const { return race.cars[static_cast<std::size_t>(p)].batteries; }
  int shields(PlayerId p) const { return race.cars[static_cast<std::size_t>(p)].shields; }
  bool down(PlayerId p) const { return race.cars[static_cast<std::size_t>(p)].down; }

  Race race;
  TurnCtx turn;
  Recorder said;
};

// A controller whose rows 2 and 3 hold these tiles ("gap" for the gap), the
// others placed so the grid stays solvable.
Grid grid_with_program(const std::vector<std::string>& program);

// A whole game. Names are Ana, Ben, Cleo, Dev.
std::shared_ptr<const RcRacerGame> make_game(int players, const std::vector<std::string>& variants = {},
                                             const std::map<std::string, std::string>& params = {},
                                             const Data* custom = nullptr);

// A game on the first-game track with these racecars ("sonic-fish,dogtor").
std::shared_ptr<const RcRacerGame> race_game(int players, const std::string& racers,
                                             const std::vector<std::string>& variants = {},
                                             std::map<std::string, std::string> params = {});

// A state at the first programming phase: racecars from params (or given),
// cars on starting spaces 1..n (seat 1 on space 1), scrambles played out.
std::unique_ptr<RcRacerState> programming_state(std::shared_ptr<const RcRacerGame> game);

// Plays the chance steps of the scramble (the first outcome each time).
void skip_scramble(RcRacerState& s);

// Everyone says "done" in the given order (counted slides: with no slides).
void all_done(RcRacerState& s, const std::vector<PlayerId>& order);

// Event texts with a sink attached for the duration of `f`.
template <class F>
std::vector<Event> events_of(RcRacerState& s, F f) {
  EventSink sink;
  s.set_event_sink(&sink);
  f();
  s.set_event_sink(nullptr);
  return sink;
}
bool has_event(const std::vector<Event>& events, const std::string& fragment);
std::string joined(const std::vector<Event>& events);

// A program that moves exactly 1 space forward on plain floor: back 1, forward 2
// (on the Starting Grid: forward 2).
inline const std::vector<std::string> kOneForward{"back", "fwd2",     "nothing", "battery",
                                                  "gap",  "decrease", "fwd1",    "increase"};

}  // namespace rt::rc_racer::fixture
