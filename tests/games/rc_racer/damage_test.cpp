// Rulebook, "Damage! Lose 1 Battery", "Racecars without energy" and
// "Energy Shields" (the parts the race engine does).
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

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

namespace {

// A game on the first-game track, every car parked on the Starting Grid's Blue lane, programmed to stay.
std::unique_ptr<RcRacerState> parked_game(const std::string& racers) {
  auto s = programming_state(race_game(2, racers));
  for (PlayerId p = 0; p < 2; ++p) {
    s->test_set_car(p, 0, p, 3, 0, false);
    s->test_set_grid(
        p, grid_with_program({"nothing", "battery", "gap", "decrease", "fwd1", "back", "blue1", "increase"}));
  }
  return s;
}

}  // namespace

// Rulebook, Racecars without energy: "When a Racecar is lying down, it cannot be moved until it is fully
// recovered!" — so its Shields cannot move it; "discard all remaining tokens at the end of your turn".
TEST_CASE("Lying down: Shields wait until the car stands again", "[rc-racer][rules][damage][shields]") {
  auto s = parked_game("sonic-fish,turbobot");
  // Ana lies down with 0 Batteries and 2 Shields: a gap does not recharge, the next 3 commands do.
  s->test_set_car(0, 0, 12, 0, 2, true);
  s->test_set_grid(
      0, grid_with_program({"gap", "nothing", "battery", "decrease", "fwd1", "increase", "back", "blue1"}));
  // Commands: gap (no recharge), Nothing/Battery/Decrease (recharge to 3, stand), Forward 1 (no mod left),
  // ...
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(has_event(events, "Ana: step 1 is the gap"));
  CHECK(has_event(events, "Ana is fully recharged and stands up"));
  // Standing again at the end of her turn, she may use her Shields.
  CHECK(s->phase() == Phase::Shield);
}

// Rulebook, Racecars without energy: "this Racecar can be Hit, but won’t suffer any Damage" — its Shields
// stay too.
TEST_CASE("Lying down: a hit costs no Shield either", "[rc-racer][rules][damage][shields]") {
  Bench b({".....", "..B..", "..A.."});
  b.car(1, "bird-racer", 0, 2);
  b.run(0, "missile");
  CHECK(b.shields(1) == 2);
  CHECK(b.batteries(1) == 0);
}

// Our reading: the slowest's Battery loss is not Damage: it happens while lying down too, and a Shield takes
// it.
TEST_CASE("The slowest's penalty applies while lying down; a Shield takes it",
          "[rc-racer][rules][damage][shields]") {
  auto s = parked_game("sonic-fish,turbobot");
  s->test_set_car(1, 3, 12, 2, 1, true);  // Ben lies down with 2 Batteries and 1 Shield
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(has_event(events, "Ben was the slowest to program"));
  CHECK(has_event(events, "Ben discards an Energy Shield instead of a Battery (0 Shields left)"));
  CHECK(has_event(events, "Ben is lying down: it ignores Nothing and flips a Battery face up (3 of 3)"));
}

// Our reading: a gap is not a command, so a car lying down does not recharge on it.
TEST_CASE("Lying down: a gap does not recharge", "[rc-racer][rules][damage]") {
  auto s = parked_game("sonic-fish,turbobot");
  s->test_set_car(0, 0, 0, 0, 0, true);
  s->test_set_grid(
      0, grid_with_program({"gap", "nothing", "battery", "decrease", "fwd1", "back", "blue1", "increase"}));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(has_event(events, "Ana: step 1 is the gap"));
  CHECK(has_event(events,
                  "ignores Decrease and flips a Battery face up (3 of 3)"));  // the 4th step, 3rd command
}

// Our reading: the pending Increase or Decrease ends with the turn.
TEST_CASE("A modifier as the last command is wasted", "[rc-racer][rules][commands]") {
  auto s = parked_game("sonic-fish,turbobot");
  s->test_set_car(0, 1, 6, 3, 0, false);
  s->test_set_grid(
      0, grid_with_program({"nothing", "battery", "gap", "decrease", "fwd1", "back", "fwd2", "increase"}));
  all_done(*s, {0, 1});
  skip_scramble(*s);
  s->test_set_grid(
      0, grid_with_program({"fwd1", "nothing", "battery", "gap", "decrease", "missile", "back", "increase"}));
  const int row = s->car(0).row;
  all_done(*s, {0, 1});
  CHECK(s->car(0).row ==
        row);  // +1, Decrease+Missile 0, back 1: the last round's Increase did not carry over
}

// Rulebook, Turbobot: "if during this movement Turbobot suffers any Damage, they take it twice" — and Shields
// take each of them.
TEST_CASE("Turbobot: double Damage during Turbo takes two Shields", "[rc-racer][rules][racecars][shields]") {
  Bench b({".....", "..X..", ".....", "..A.."});
  b.car(0, "turbobot", 3, 2);
  b.run(0, "turbo");
  CHECK(b.row(0) == 2);
  CHECK(b.shields(0) == 0);
  CHECK(b.batteries(0) == 3);
}

// Our reading: the slowest's Battery loss is not Damage, so the log tags the flip with the slowest's rule.
TEST_CASE("Narration: the slowest's Battery flip is not tagged as Damage", "[rc-racer][narration]") {
  auto s = parked_game("sonic-fish,turbobot");
  s->test_set_car(1, 3, 12, 3, 0, false);
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  bool flip = false;
  for (const Event& e : events)
    if (e.text.find("Ben flips a Battery facedown") != std::string::npos) {
      flip = true;
      CHECK(e.rule == "1. Programming: the slowest");
      break;  // the first flip is the penalty's
    }
  CHECK(flip);
}

// Rulebook, Starting Grid: "Racecars can be Hit but won't suffer any Damage when on a Starting Grid space."
// An edge or an Impassable met there says no Damage once, not "suffers 1 Damage" and then "no Damage".
TEST_CASE("Narration: an Impassable met on the Starting Grid is not said to cost Damage",
          "[rc-racer][narration]") {
  Bench b({".....", "..#..", "..A.."}, 3);
  b.run(0, "fwd1");
  CHECK(b.batteries(0) == 3);
  INFO(b.said.all());
  CHECK(b.said.heard("cannot enter the Impassable space"));
  CHECK(!b.said.heard("suffers 1 Damage"));
  CHECK(b.said.heard("on the Starting Grid: hit, but no Damage"));
}
