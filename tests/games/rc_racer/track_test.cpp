// Rulebook, "Racetrack elements": obstacles and racecars, water puddles,
// impassables, carpets and grass, crayon speeders, the Starting Grid.
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

// Rulebook, Obstacles and Racecars: "If a Racecar enters a space containing an Obstacle ... they must stop
// their current movement command on that space and suffer 1 Damage. Then, they continue to execute their
// program as usual."
TEST_CASE("Obstacle: stop on it with 1 Damage, then the program goes on", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", "..X..", "..A.."});
  b.run(0, "fwd2");
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 2);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 3);
  CHECK(b.batteries(0) == 2);
}

// Rulebook, Obstacles and Racecars: "... an Obstacle or another Racecar, they must stop ... on that space and
// suffer 1 Damage."
TEST_CASE("Racecar: entering another car's space stops you there with 1 Damage", "[rc-racer][rules][track]") {
  Bench b({".....", "..B..", "..A.."});
  b.run(0, "fwd2");
  CHECK(b.row(0) == 1);
  CHECK(b.lane(0) == 2);
  CHECK(b.batteries(0) == 2);
  CHECK(b.batteries(1) == 3);  // the car hit suffers nothing
}

// Rulebook: "Effects don’t accumulate, so if a player hits a Racecar that’s on top of an Obstacle, they won’t
// suffer 2 Damage."
TEST_CASE("Obstacle with a car on it: still only 1 Damage", "[rc-racer][rules][track]") {
  Bench b({".....", "..X..", "..A.."});
  b.place(1, 2, 1);
  b.car(1);
  b.run(0, "fwd1");
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 2);
}

// Rulebook, Water Puddle: "If a Racecar ... enters a space containing a Water Puddle, they must take the
// Slippery token. From their next command on, until the end of their turn, any diagonal movement command ...
// will have its direction reversed (BLUE becomes RED, and vice-versa)."
TEST_CASE("Water Puddle: the Slippery token reverses later diagonals", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "..~..", "..A.."});
  b.run(0, "fwd1");
  CHECK(b.race.slippery == 0);
  b.run(0, "red1");  // towards Red, reversed to Blue
  CHECK(b.lane(0) == 1);
  CHECK(b.row(0) == 2);
  b.run(0, "blue1");  // towards Blue, reversed to Red
  CHECK(b.lane(0) == 2);
  CHECK(b.row(0) == 3);
}

// Rulebook, Water Puddle: "From their next command on" — the diagonal that splashes through the puddle
// finishes in its own direction.
TEST_CASE("Water Puddle: the command that takes the token is not reversed", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", "...~.", "..A.."});
  b.run(0, "red2");
  CHECK(b.race.slippery == 0);
  CHECK(b.lane(0) == 4);
  CHECK(b.row(0) == 2);
}

// Rulebook, Water Puddle: "If a Racecar starts its movement ... on a space containing a Water Puddle, they
// must take the Slippery token."
TEST_CASE("Water Puddle: starting a movement on a puddle takes the token", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.race.track.cells[2] = rc_racer::Cell::Water;
  b.run(0, "battery");  // not a movement
  CHECK(b.race.slippery == -1);
  b.run(0, "red1");
  CHECK(b.race.slippery == 0);
  CHECK(b.lane(0) == 3);  // this one is not reversed
  b.run(0, "red1");
  CHECK(b.lane(0) == 2);
}

// Rulebook, Water Puddle: "Return the Slippery token to the supply at the end of that player’s turn."
TEST_CASE("Water Puddle: the token goes back at the end of the turn", "[rc-racer][rules][track]") {
  Bench b({".....", "..~..", "..A.."});
  b.run(0, "fwd1");
  CHECK(b.race.slippery == 0);
  b.race.end_turn(0, &b.said);
  CHECK(b.race.slippery == -1);
}

// Rulebook, Impassables: "If the active Racecar should move into an Impassable space, they stop their current
// movement command, remain on the space they were in before hitting the Impassable space, and suffer 1
// Damage."
TEST_CASE("Impassable: stay where you were with 1 Damage", "[rc-racer][rules][track]") {
  Bench b({".....", "..#..", ".....", "..A.."});
  b.run(0, "turbo");
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 2);
}

// Rulebook, Impassables: "... or on the side of the track (as part of the external areas), marked in RED
// (right) or BLUE (left)."
TEST_CASE("Impassable: the Blue and Red edges of the track", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", "A...."});
  b.run(0, "blue1");
  CHECK(b.lane(0) == 0);
  CHECK(b.row(0) == 0);
  CHECK(b.batteries(0) == 2);
  Bench c({".....", ".....", "...A."});
  c.run(0, "red2");
  CHECK(c.lane(0) == 4);
  CHECK(c.row(0) == 1);
  CHECK(c.batteries(0) == 2);
}

// Rulebook, Empty: "Racecars can move on empty track spaces without unpleasant side effects."
TEST_CASE("Empty spaces: no side effects", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.run(0, "turbo");
  CHECK(b.row(0) == 3);
  CHECK(b.batteries(0) == 3);
  CHECK(b.race.slippery == -1);
}

// Rulebook, Carpets: "Any movement command (either straight, diagonal, jump, etc...) that STARTS on a carpet
// space will have its movement value changed to exactly 1."
TEST_CASE("Carpet: a movement starting on carpet has value exactly 1", "[rc-racer][rules][track]") {
  for (const char* id : {"fwd2", "red2", "blue2", "jump", "turbo"}) {
    INFO(id);
    Bench b({".....", ".....", ".....", "..:.."});
    b.place(0, 2, 0);
    b.car(0);
    b.run(0, id);
    CHECK(b.row(0) == 1);
  }
  Bench c({".....", ".....", ".....", "....."});
  c.race.track.cells[0 * kLanes + 2] = rc_racer::Cell::Carpet;
  c.place(0, 2, 0);
  c.car(0);
  c.run(0, "fwd1");  // already 1
  CHECK(c.row(0) == 1);
}

// Rulebook, Carpets: "INCREASE and DECREASE effects are applied after the Carpet effect."
TEST_CASE("Carpet: Increase and Decrease apply after it", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Carpet;
  b.place(0, 2, 0);
  b.car(0);
  b.run(0, "increase");
  b.run(0, "fwd2");
  CHECK(b.row(0) == 2);
  Bench c({".....", ".....", "....."});
  c.race.track.cells[2] = rc_racer::Cell::Carpet;
  c.place(0, 2, 0);
  c.car(0);
  c.run(0, "decrease");
  c.run(0, "turbo");
  CHECK(c.row(0) == 0);
}

// Rulebook, Carpets: "On the Starting/Finishing Line boards, grass spaces have the same rules as carpet
// spaces."
TEST_CASE("Grass: works like carpet", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Grass;
  b.place(0, 2, 0);
  b.car(0);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 1);
}

// Rulebook, Crayon Speeder: "When a Racecar starts a command on a space containing a Crayon Speeder, resolve
// that command as if it had an INCREASE command before it."
TEST_CASE("Crayon Speeder: the command starting on it gains +1", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Speeder;
  b.place(0, 2, 0);
  b.car(0);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 3);
  Bench c({".....", "....."});
  c.race.track.cells[2] = rc_racer::Cell::Speeder;
  c.place(0, 2, 0);
  c.car(0, "bird-racer", 1);
  c.run(0, "battery");  // as Increase + Battery
  CHECK(c.batteries(0) == 3);
}

// Rulebook, Crayon Speeder: "When a Racecar starts a command on a space containing a Crayon Speeder, resolve
// that command as if it had an INCREASE command before it." Every command that starts there is such a
// command: an Increase on the speeder passes its +1 on (Increase + Increase: +2), and the next command, if
// the car has not moved off the speeder, starts there too and gains its own +1.
TEST_CASE("Crayon Speeder: every command that starts on it has an Increase before it",
          "[rc-racer][rules][track]") {
  Bench b({".....", ".....", ".....", ".....", ".....", "....."});
  b.race.track.cells[2] = rc_racer::Cell::Speeder;
  b.place(0, 2, 0);
  b.car(0);
  b.run(0, "increase");  // starts on the speeder: Increase + Increase, +2 to the next command
  b.run(0, "fwd1");      // starts on the speeder too: 1 + 2 + 1
  CHECK(b.row(0) == 4);
  b.run(0, "fwd1");  // off the speeder: 1
  CHECK(b.row(0) == 5);
}

// Rulebook, Starting Grid: "Racecars can be Hit but won’t suffer any Damage when on a Starting Grid space."
TEST_CASE("Starting Grid: hit, but no Damage", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", "..X..", "..B..", "..A.."}, 3);
  b.run(0, "fwd1");  // into B's space, on the Starting Grid
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 3);
  b.place(0, 2, 1);
  b.run(0, "fwd1");  // onto the Obstacle, still on the Starting Grid
  CHECK(b.row(0) == 2);
  CHECK(b.batteries(0) == 3);
  b.place(2, 2, 4);
  b.car(2);
  b.run(1, "missile");  // hits A on the Starting Grid (no Damage) and C beyond it
  CHECK(b.batteries(0) == 3);
  CHECK(b.batteries(2) == 2);
}

// Rulebook, Starting Grid: "Any BACKWARDS command on the Starting Grid space is ignored."
TEST_CASE("Starting Grid: Backwards is ignored", "[rc-racer][rules][track]") {
  Bench b({".....", ".....", "..A..", "....."}, 2);
  b.place(0, 2, 1);
  b.run(0, "back");
  CHECK(b.row(0) == 1);
  b.run(0, "increase");
  b.run(0, "back");
  CHECK(b.row(0) == 1);
  // From the first Track board row a Backwards may still move onto the grid.
  b.place(0, 2, 2);
  b.run(0, "back");
  CHECK(b.row(0) == 1);
}

// Our reading: the far end of the Finish Line board stops a car without Damage.
TEST_CASE("The end of the track stops a car without Damage", "[rc-racer][rules][track]") {
  Bench b({".....", "..A.."});
  b.run(0, "turbo");
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 3);
  b.run(0, "jump");
  CHECK(b.row(0) == 1);
}
