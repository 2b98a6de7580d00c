// Rulebook, "Racecar special abilities": "Each Racecar is unique! Their
// abilities override the board effects when specified."
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

// Rulebook, Die Liner: "The Increase command is applied twice! Increase the next command by 2 instead of 1."
TEST_CASE("Die Liner: Increase gives +2", "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", ".....", ".....", ".....", "..A.."});
  b.car(0, "die-liner");
  b.run(0, "increase");
  b.run(0, "fwd2");
  CHECK(b.row(0) == 4);
  // Our reading: a Crayon Speeder counts as an Increase, so Die Liner gets +2 there too.
  Bench c({".....", ".....", ".....", ".....", "....."});
  c.race.track.cells[2] = rc_racer::Cell::Speeder;
  c.place(0, 2, 0);
  c.car(0, "die-liner");
  c.run(0, "fwd1");
  CHECK(c.row(0) == 3);
}

// Rulebook, Decrease: "Decrease + Increase: The 2 commands cancel each other." Die Liner's "Increase the next
// command by 2 instead of 1" does not survive the cancelling: Decrease then Increase leaves the next command
// as it is, for Die Liner as for everyone.
TEST_CASE("Decrease + Increase: the 2 commands cancel each other, even for Die Liner",
          "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", ".....", ".....", ".....", "..A.."});
  b.car(0, "die-liner");
  b.run(0, "decrease");
  b.run(0, "increase");
  b.run(0, "fwd1");
  CHECK(b.row(0) == 1);  // Forward 1 goes 1, not 2
  Bench c({".....", ".....", ".....", ".....", ".....", "..A.."});
  c.car(0);
  c.run(0, "decrease");
  c.run(0, "increase");
  c.run(0, "fwd1");
  CHECK(c.row(0) == 1);
}

// Rulebook, M1 Furry: "all its missiles are shot forward and also backwards. M1 Furry gains 1 Energy Shield
// if they Hit any other Racecar with a missile."
TEST_CASE("M1 Furry: missiles fly both ways; a hit gains a Shield", "[rc-racer][rules][racecars]") {
  Bench b({"..B..", ".....", "..A..", ".....", "..C.."});
  b.car(0, "m1-furry");
  b.run(0, "missile");
  CHECK(b.batteries(1) == 2);
  CHECK(b.batteries(2) == 2);
  CHECK(b.shields(0) == 1);
  CHECK(b.race.shield_supply == data().shields - 1);
  // Missing everyone gains nothing.
  Bench c({".....", "..A..", "....."});
  c.car(0, "m1-furry");
  c.run(0, "missile");
  CHECK(c.shields(0) == 0);
}

// Rulebook, M1 Furry: "This Racecar also automatically shoots a missile at the end of its turn".
TEST_CASE("M1 Furry: an automatic missile at the end of its turn", "[rc-racer][rules][racecars]") {
  auto game = race_game(2, "m1-furry,bird-racer");
  auto s = programming_state(game);
  const int lane = s->car(0).lane;
  s->test_set_car(1, lane, 8, 3, 0, false);
  s->test_set_grid(0, grid_with_program(kOneForward));
  s->test_set_grid(1, grid_with_program(kOneForward));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(has_event(events, "automatically shoots a missile"));
  CHECK(has_event(events, "The missile hits Ben"));
  CHECK(has_event(events, "Ana hit a Racecar with a missile: it gains 1 Energy Shield"));
}

// Rulebook, Grim Thresher: "When this Racecar moves exactly 1 space forward (after considering all
// modifiers), it ignores any Damage it should take."
TEST_CASE("Grim Thresher: no Damage when moving exactly 1 space forward", "[rc-racer][rules][racecars]") {
  Bench b({".....", "..X..", "..A.."});
  b.car(0, "grim-thresher");
  b.run(0, "fwd1");
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 3);
  Bench c({".....", "..X..", "..A.."});
  c.car(0, "grim-thresher");
  c.run(0, "fwd2");  // a move of 2 stopped after 1: Damage
  CHECK(c.batteries(0) == 2);
  Bench e({".....", "..X..", "..A.."});
  e.car(0, "grim-thresher");
  e.run(0, "decrease");
  e.run(0, "fwd2");  // 2 - 1 = exactly 1
  CHECK(e.batteries(0) == 3);
  Bench f({".....", "...X.", "..A.."});
  f.car(0, "grim-thresher");
  f.run(0, "red1");  // diagonal: not "forward" (our reading)
  CHECK(f.batteries(0) == 2);
}

// Rulebook, Sonic Fish: "When this Racecar is under the effect of the Slippery token, all its diagonal
// movements are increased by 1."
TEST_CASE("Sonic Fish: diagonals go 1 further with the Slippery token", "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", ".....", "..~..", "..A.."});
  b.car(0, "sonic-fish");
  b.run(0, "fwd1");
  b.run(0, "red1");  // reversed to Blue, 2 steps
  CHECK(b.lane(0) == 0);
  CHECK(b.row(0) == 3);
  Bench c({".....", ".....", "..A.."});
  c.car(0, "sonic-fish");
  c.run(0, "red1");  // no token: normal
  CHECK(c.lane(0) == 3);
}

// Rulebook, Brick Gang: "When this Racecar starts any movement on a carpet, the movement value is equal to 2
// instead of the regular value of 1 (including backwards movements)."
TEST_CASE("Brick Gang: value 2 on carpet, backwards too", "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Carpet;
  b.place(0, 2, 0);
  b.car(0, "brick-gang");
  b.run(0, "turbo");
  CHECK(b.row(0) == 2);
  Bench c({".....", ".....", ".....", "....."});
  c.race.track.cells[3 * kLanes + 2] = rc_racer::Cell::Carpet;
  c.place(0, 2, 3);
  c.car(0, "brick-gang");
  c.run(0, "back");
  CHECK(c.row(0) == 1);
  Bench e({".....", ".....", ".....", "....."});
  e.race.track.cells[2] = rc_racer::Cell::Carpet;
  e.place(0, 2, 0);
  e.car(0, "brick-gang");
  e.run(0, "increase");
  e.run(0, "fwd1");  // carpet 2, then +1
  CHECK(e.row(0) == 3);
}

// Rulebook, Turbobot: "When this Racecar activates the Turbo command, they move 4 spaces forward. However, if
// during this movement Turbobot suffers any Damage, they take it twice."
TEST_CASE("Turbobot: Turbo goes 4; Damage during it counts twice", "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", ".....", ".....", "..A.."});
  b.car(0, "turbobot", 1);
  b.run(0, "turbo");
  CHECK(b.row(0) == 4);
  Bench c({".....", "..X..", ".....", ".....", "..A.."});
  c.car(0, "turbobot");
  c.run(0, "turbo");
  CHECK(c.row(0) == 3);
  CHECK(c.batteries(0) == 1);
  c.run(0, "back");
  c.run(0, "fwd1");  // not a Turbo: single Damage
  CHECK(c.batteries(0) == 0);
}

// Rulebook, Dogtor: "When this Racecar uses the Battery command, they heal 2 life instead of 1. If Dogtor has
// 3 life when using the Battery command, they move 2 forward instead."
TEST_CASE("Dogtor: Battery heals 2, or moves 2 forward at full life", "[rc-racer][rules][racecars]") {
  Bench b({".....", ".....", "..A.."});
  b.car(0, "dogtor", 1);
  b.run(0, "battery");
  CHECK(b.batteries(0) == 3);
  CHECK(b.row(0) == 0);
  b.run(0, "battery");
  CHECK(b.row(0) == 2);
  Bench c({".....", "..A.."});
  c.car(0, "dogtor", 2);
  c.run(0, "battery");
  CHECK(c.batteries(0) == 3);
  CHECK(c.row(0) == 0);
}

// Rulebook, Bird Racer: "After resolving all commands, but before using any Shield tokens, Bird Racer may
// move their car sideways to any empty spot, “flying” over any obstacle, impassable, or Racecar. If Bird
// Racer is lying down, ignore this ability."
TEST_CASE("Bird Racer: flies sideways after its commands, before Shields", "[rc-racer][rules][racecars]") {
  auto game = race_game(2, "bird-racer,dogtor");
  auto s = programming_state(game);
  // First-game track: row 13 (board 1A, its top row) is "..X..", row 12 ":::..".
  s->test_set_car(0, 0, 11, 3, 1, false);
  s->test_set_car(1, 3, 12, 3, 0, false);
  s->test_set_grid(0, grid_with_program(kOneForward));
  all_done(*s, {0, 1});
  REQUIRE(s->phase() == Phase::BirdFly);
  REQUIRE(s->car(0).row == 12);
  const std::vector<std::string> legal = test::legal_texts(*s, 0);
  CHECK(legal == std::vector<std::string>{"fly 2", "fly 3", "fly 5", "stay"});  // lane 4: Ben's car
  test::act(*s, 0, "fly 5");                                                    // over Ben's car
  CHECK(s->car(0).lane == 4);
  CHECK(s->car(0).row == 12);
  REQUIRE(s->phase() == Phase::Shield);  // Shields come after the flight
  auto events = events_of(*s, [&] { test::act(*s, 0, "stop"); });
  CHECK(has_event(events, "Ana discards 1 leftover Energy Shield"));
}

// Rulebook, Bird Racer: "If Bird Racer is lying down, ignore this ability."
TEST_CASE("Bird Racer: no flight while lying down", "[rc-racer][rules][racecars]") {
  auto game = race_game(2, "bird-racer,dogtor");
  auto s = programming_state(game);
  // First-game track, lanes counted from 0: (3, 7) carpet, (3, 8) an Obstacle, (2, 9) impassable.
  s->test_set_car(0, 3, 7, 0, 0, true);
  s->test_set_grid(
      0, grid_with_program({"nothing", "battery", "increase", "fwd1", "back", "fwd1", "blue1", "gap"}));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(s->car(0).down);
  CHECK(s->phase() != Phase::BirdFly);
  CHECK_FALSE(has_event(events, "flies sideways"));
}
