// The Table and the search's playouts schedule a timed contest by the same
// code (core/contest_schedule.h): same decisions, same order, same ticks, and
// nobody acts again before their die has landed (TimedContests::action_time).
#include <catch2/catch.hpp>

#include <map>

#include "core/contest_schedule.h"
#include "core/search_agent.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "tests/core/toy_race.h"

using namespace rt;
using namespace rt::toy_race;

namespace {

// The steps a Table applies with Rollers in every seat, seat 0 picking `pick`.
std::vector<Step> table_steps(Action pick, std::uint64_t seed) {
  auto game = std::make_shared<RaceGame>(2);
  Table t(game, {Seat{"P1", SeatKind::Bot, BotLevel::Normal}, Seat{"P2", SeatKind::Bot, BotLevel::Normal}},
          seed);
  t.set_agent(0, std::make_unique<Roller>(pick));
  t.set_agent(1, std::make_unique<Roller>());
  t.advance();
  REQUIRE(t.over());
  return t.history();
}

// The steps of every playout of a search for seat 0's pick, by the pick it
// tried: each playout stops when the race is done and hands its log to the
// evaluator.
std::map<Action, std::vector<std::vector<Step>>> playout_steps(std::uint64_t seed) {
  std::map<Action, std::vector<std::vector<Step>>> logs;
  SearchConfig c;
  c.budget.iterations = 4;
  c.playout_policy = [] { return std::make_unique<Roller>(); };
  c.stop_at = [](const State& s) {
    return static_cast<const RaceState&>(s).phase() == RaceState::Phase::Done;
  };
  c.evaluate = [&](const State& s, PlayerId) {
    const auto& log = static_cast<const RaceState&>(s).log();
    logs[log.front().action].push_back(log);
    return 0.5;
  };
  RaceGame game(2);
  SearchAgent search(std::make_unique<Roller>(), game.presenter(), c);
  auto s = game.new_initial_state();
  Rng rng(seed);
  search.decide(*s, 0, rng);
  return logs;
}

}  // namespace

TEST_CASE("Contest schedule: a playout runs a timed contest as the Table does", "[core][schedule][search]") {
  // Seat 0 rolls 150 ms after it may, seat 1 250 ms, but each die takes 400 ms
  // to land: nobody rolls again sooner, in the Table or in a playout.
  const std::vector<Step> short_race{{0, kShort, 0},  {0, kRoll, 150}, {1, kRoll, 250},
                                     {0, kRoll, 550}, {1, kRoll, 650}, {0, kRoll, 950}};
  // Four rolls do not fit in the second: the clock ends the race.
  const std::vector<Step> long_race{{0, kLong, 0},   {0, kRoll, 150}, {1, kRoll, 250},  {0, kRoll, 550},
                                    {1, kRoll, 650}, {0, kRoll, 950}, {kClock, 0, 1000}};
  for (const std::uint64_t seed : {1u, 2u, 99u}) {
    CAPTURE(seed);
    for (const Action pick : {kShort, kLong}) {
      CAPTURE(pick);
      std::vector<Step> table = table_steps(pick, seed);
      REQUIRE(table.back() == Step{0, kEnd, pick == kShort ? Tick{950} : Tick{1000}});
      table.pop_back();  // seat 0's "end", after the playouts stop
      CHECK(table == (pick == kShort ? short_race : long_race));

      const auto playouts = playout_steps(seed);
      REQUIRE(playouts.count(pick) == 1);
      CHECK(playouts.at(pick).size() == 4);  // one per iteration
      for (const auto& log : playouts.at(pick)) CHECK(log == table);
    }
  }
}

TEST_CASE("Contest schedule: pending decisions, the wait for a die, the deadline", "[core][schedule]") {
  RaceGame game(2);
  auto s = game.new_initial_state();
  s->apply(0, kShort, 0);
  REQUIRE(timed(*s));
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
  CHECK(!timed(*s));
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
