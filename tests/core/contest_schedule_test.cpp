// A timed contest's schedule (core/contest_schedule.h): decisions stand while
// they are legal, nobody acts again before their die has landed
// (State::action_time), the earliest goes first or the clock.
#include <catch2/catch.hpp>

#include "core/contest_schedule.h"
#include "core/table.h"
#include "tests/core/toy_race.h"

using namespace rt;
using namespace rt::toy_race;

TEST_CASE("Contest schedule: pending decisions, the wait for a die, the deadline", "[core][schedule]") {
  RaceGame game(2);
  auto s = game.new_initial_state();
  s->apply(0, kShort, 0);
  REQUIRE(s->timed());
  const std::vector<PlayerId> both{0, 1};
  std::vector<Action> scratch;
  ContestSchedule sched(2);
  int asked = 0;
  auto decide = [&](PlayerId p) -> std::optional<Decision> {
    ++asked;
    if (p == 1) return std::nullopt;  // a person's seat: nobody decides for it
    return Decision{kRoll, 100};
  };

  sched.refresh(*s, both, decide, scratch);
  CHECK(asked == 2);
  ContestSchedule::Due due = sched.next(*s, both);
  CHECK(due.player == 0);
  CHECK(due.at == 100);
  sched.refresh(*s, both, decide, scratch);  // seat 0's decision stands; seat 1 is asked again
  CHECK(asked == 3);

  due = sched.take(*s, both, 99, decide, scratch);  // not due yet by tick 99
  CHECK(!due.due());
  due = sched.take(*s, both, kNoDeadline, decide, scratch);
  REQUIRE(due.due());
  CHECK(due.at == 100);
  CHECK(sched.ready_at(*s, 0) == 100 + kLandMs);  // the die is still rolling
  s->apply(due.player, due.action, due.at);
  CHECK(sched.ready_at(*s, 1) == s->now());

  // Seat 0 decides at 100 + 100 but waits for its die; the deadline (1000)
  // is later, so seat 0 goes next, at 500.
  due = sched.take(*s, both, kNoDeadline, decide, scratch);
  CHECK(due.player == 0);
  CHECK(due.at == 100 + kLandMs);
  s->apply(due.player, due.action, due.at);
  s->apply(0, kRoll, 900);  // rolls three times: the race is done
  CHECK(!s->timed());
  CHECK(sched.ready_at(*s, 0) == s->now());  // no contest: no wait

  // Nobody scheduled: the deadline is the next step.
  auto t = game.new_initial_state();
  t->apply(0, kShort, 0);
  ContestSchedule empty(2);
  auto nobody = [](PlayerId) -> std::optional<Decision> { return std::nullopt; };
  due = empty.take(*t, both, kNoDeadline, nobody, scratch);
  CHECK(due.player == kClock);
  CHECK(due.at == kWindowMs);
}
