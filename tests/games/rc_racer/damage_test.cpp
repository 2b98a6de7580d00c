// Rulebook, "Damage! Lose 1 Battery", "Racecars without energy" and
// "Energy Shields" (the parts the race engine does).
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::testing;

// Rulebook, Damage: "For each Damage suffered, you must flip 1 Battery token facedown."
TEST_CASE("Damage: each Damage flips 1 Battery facedown", "[rc-racer][rules][damage]") {
  Bench b({".....", "..X..", "..X..", "..A.."});
  b.run(0, "fwd1");
  CHECK(b.batteries(0) == 2);
  b.run(0, "fwd1");
  CHECK(b.batteries(0) == 1);
  CHECK_FALSE(b.down(0));
}

// Rulebook, Damage: "If you flip your last Battery token, your Racecar runs out of energy! When this happens,
// you must immediately lay your Racecar down on the track."
TEST_CASE("Out of energy: the last Battery lays the car down at once", "[rc-racer][rules][damage]") {
  Bench b({".....", ".....", "..X..", "..A.."});
  b.car(0, "bird-racer", 1);
  b.run(0, "fwd2");
  CHECK(b.batteries(0) == 0);
  CHECK(b.down(0));
  CHECK(b.row(0) == 1);
}

// Rulebook, Racecars without energy: "When a Racecar is lying down, it cannot be moved until it is fully
// recovered! You must ignore your next 3 commands and regain 1 Battery for each ignored command. When you
// reach 3 Batteries, stand your car up and proceed with your next command!"
TEST_CASE("Lying down: ignore the next 3 commands, 1 Battery each, then stand up",
          "[rc-racer][rules][damage]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.car(0, "bird-racer", 0);
  REQUIRE(b.down(0));
  b.run(0, "fwd2");
  CHECK(b.batteries(0) == 1);
  CHECK(b.row(0) == 0);
  b.run(0, "increase");
  CHECK(b.batteries(0) == 2);
  CHECK(b.turn.mod == 0);
  b.run(0, "turbo");
  CHECK(b.batteries(0) == 3);
  CHECK(b.row(0) == 0);
  CHECK_FALSE(b.down(0));
  b.run(0, "fwd2");
  CHECK(b.row(0) == 2);
}

// Rulebook, Racecars without energy: "this Racecar can be Hit, but won’t suffer any Damage."
TEST_CASE("Lying down: hit, but no Damage", "[rc-racer][rules][damage]") {
  Bench b({".....", "..B..", ".....", "..A.."});
  b.car(1, "bird-racer", 0);
  b.race.cars[1].batteries = 1;  // lying down, recharging
  b.run(0, "missile");
  CHECK(b.batteries(1) == 1);
  CHECK(b.said.heard("lying down: hit, but it suffers no Damage"));
  b.run(0, "fwd1");  // A runs into B: A takes the Damage
  CHECK(b.batteries(0) == 2);
  CHECK(b.batteries(1) == 1);
}

// Rulebook, Energy Shields: "Whenever you would flip a Battery token facedown, discard an Energy Shield token
// instead."
TEST_CASE("Energy Shields: a Shield is discarded instead of a Battery",
          "[rc-racer][rules][damage][shields]") {
  Bench b({".....", "..X..", "..X..", "..A.."});
  b.car(0, "bird-racer", 3, 1);
  const int supply = b.race.shield_supply;
  b.run(0, "fwd1");
  CHECK(b.shields(0) == 0);
  CHECK(b.batteries(0) == 3);
  CHECK(b.race.shield_supply == supply + 1);
  b.run(0, "fwd1");
  CHECK(b.batteries(0) == 2);
}

// Rulebook, Energy Shields: "At the end of your turn, if you still have any Shield token(s) left, you may
// discard them, one at a time, to move 2 spaces forward for each token. After that, discard all remaining
// tokens."
TEST_CASE("Energy Shields: 2 spaces forward each at the end of a turn; the rest are discarded",
          "[rc-racer][rules][damage][shields]") {
  Bench b({".....", ".....", ".....", ".....", ".....", "..A.."});
  b.car(0, "bird-racer", 3, 3);
  b.race.shield_move(0, &b.said);
  CHECK(b.row(0) == 2);
  CHECK(b.shields(0) == 2);
  b.race.shield_move(0, &b.said);
  CHECK(b.row(0) == 4);
  b.race.end_turn(0, &b.said);
  CHECK(b.shields(0) == 0);
  CHECK(b.race.shield_supply == data().shields);
}

// Our reading: a Shield move is not a command (no carpet, no speeder) but the track still bites; its Damage
// takes the next Shield.
TEST_CASE("Energy Shields: a Shield move meets obstacles; carpets do not slow it",
          "[rc-racer][rules][damage][shields]") {
  Bench b({"..X..", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Carpet;
  b.place(0, 2, 0);
  b.car(0, "bird-racer", 3, 2);
  b.race.shield_move(0, &b.said);
  CHECK(b.row(0) == 2);
  b.race.shield_move(0, &b.said);
  CHECK(b.row(0) == 3);  // stopped on the Obstacle
  CHECK(b.shields(0) == 0);
  CHECK(b.batteries(0) == 2);  // no Shield was left to take the hit
}
