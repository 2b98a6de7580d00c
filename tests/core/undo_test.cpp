// Taking back a move (core/undo.h) on the toy game: a decision with nothing
// after it goes back to the very position before it; a roll after it stops
// any undo; the random streams are left as they were.
#include <catch2/catch.hpp>

#include "core/table.h"
#include "core/undo.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

std::unique_ptr<Table> human_first(std::uint64_t seed) {
  std::vector<Seat> seats{{"Ana", SeatKind::Human, BotLevel::Normal}, {"Ben", SeatKind::Bot, toy::kFast}};
  return std::make_unique<Table>(toy::toy_game(), seats, seed);
}

}  // namespace

TEST_CASE("Undo: nothing to take back before the person has decided anything", "[core][undo]") {
  auto t = human_first(3);
  t->advance();
  const UndoCheck c = check_undo(*t, 0);
  CHECK_FALSE(c.ok());
  CHECK(c.why_not == "Nothing of yours to take back yet.");
}

TEST_CASE("Undo: a decision with nothing after it goes back to the position before it", "[core][undo]") {
  auto t = human_first(3);
  EventSink events;
  t->set_event_sink(&events);
  t->advance();
  const std::string before = t->state().debug_string();
  const std::size_t steps = t->history().size();
  const auto streams = t->rng_states();
  t->submit(0, toy::kAgain, t->state().now());
  const UndoCheck c = check_undo(*t, 0);
  REQUIRE(c.ok());
  CHECK(c.keep == steps);
  events.clear();
  t->rewind(c.keep);
  CHECK(t->state().debug_string() == before);
  CHECK(t->history().size() == steps);
  CHECK(events.empty());                       // the replay tells nothing again
  CHECK(t->rng_states() == streams);           // nothing drawn, nothing to restore
  CHECK(t->state().narrating());               // the log still hears what comes next
  t->submit(0, toy::kStop, t->state().now());  // and the person decides otherwise
  CHECK(t->history().back().action == toy::kStop);
}

TEST_CASE("Undo: never after a die was rolled (a chance outcome seen)", "[core][undo]") {
  auto t = human_first(3);
  t->advance();
  t->submit(0, toy::kAgain, t->state().now());
  t->advance();  // the die is rolled: the person has seen it
  std::vector<PlayerId> humans;
  t->humans_to_act(humans);
  REQUIRE(humans == std::vector<PlayerId>{0});
  const UndoCheck c = check_undo(*t, 0);
  CHECK_FALSE(c.ok());
  CHECK(c.why_not == "A card or die was drawn since: no undo.");
}

TEST_CASE("Undo: not once the game is over", "[core][undo]") {
  std::vector<Seat> seats{{"Ana", SeatKind::Bot, toy::kFast}, {"Ben", SeatKind::Bot, toy::kSlow}};
  Table t(toy::toy_game(), seats, 1);
  t.advance();
  REQUIRE(t.over());
  CHECK(check_undo(t, 0).why_not == "The game is over: no undo.");
}
