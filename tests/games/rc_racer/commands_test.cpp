// Rulebook, "Movement commands" and "Special commands": every command tile
// and every combination the rulebook lists, on hand-drawn tracks. Cars are
// Bird Racers here (its ability acts only after the commands).
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

// Rulebook, Movement commands: "Move 1 space FORWARD."
TEST_CASE("Forward 1: moves 1 space forward", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "fwd1");
  CHECK(b.lane(0) == 2);
  CHECK(b.row(0) == 1);
}

// Rulebook, Movement commands: "Move 2 spaces FORWARD."
TEST_CASE("Forward 2: moves 2 spaces forward", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "fwd2");
  CHECK(b.lane(0) == 2);
  CHECK(b.row(0) == 2);
}

// Rulebook, Movement commands: "Move 1 space DIAGONALLY TO THE RIGHT (towards Red)."
TEST_CASE("Diagonal right 1: one step forward towards Red", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "red1");
  CHECK(b.lane(0) == 3);
  CHECK(b.row(0) == 1);
}

// Rulebook, Movement commands: "Move 2 spaces DIAGONALLY TO THE RIGHT (towards Red)."
TEST_CASE("Diagonal right 2: two diagonal steps towards Red", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "red2");
  CHECK(b.lane(0) == 4);
  CHECK(b.row(0) == 2);
}

// Rulebook, Movement commands: "Move 1 space DIAGONALLY TO THE LEFT (towards Blue)."
TEST_CASE("Diagonal left 1: one step forward towards Blue", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "blue1");
  CHECK(b.lane(0) == 1);
  CHECK(b.row(0) == 1);
}

// Rulebook, Movement commands: "Move 2 spaces DIAGONALLY TO THE LEFT (towards Blue)."
TEST_CASE("Diagonal left 2: two diagonal steps towards Blue", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "blue2");
  CHECK(b.lane(0) == 0);
  CHECK(b.row(0) == 2);
}

// Rulebook, Movement commands: "Nothing happens!"
TEST_CASE("Nothing: nothing happens", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.car(0, "bird-racer", 2);
  b.run(0, "nothing");
  CHECK(b.row(0) == 0);
  CHECK(b.lane(0) == 2);
  CHECK(b.batteries(0) == 2);
  CHECK(b.turn.mod == 0);
}

// Rulebook, Movement commands: "Move 1 space BACKWARDS."
TEST_CASE("Backwards 1: moves 1 space back", "[rc-racer][rules][commands]") {
  Bench b({".....", "..A..", "....."});
  b.run(0, "back");
  CHECK(b.row(0) == 0);
  CHECK(b.lane(0) == 2);
}

// Rulebook, Special commands: "JUMP: Move your Racecar 2 spaces forward ignoring the first space!"
TEST_CASE("Jump: 2 spaces forward, ignoring the first space", "[rc-racer][rules][commands]") {
  Bench b({".....", "..#..", "..A.."});
  b.run(0, "jump");
  CHECK(b.row(0) == 2);
  CHECK(b.batteries(0) == 3);
}

// Rulebook, Jump: "If the landing space is impassable, your Racecar immediately takes 1 Damage. You must
// place your Racecar on the first non-impassable space immediately behind that one."
TEST_CASE("Jump: landing on an impassable space costs 1 Damage and lands just behind it",
          "[rc-racer][rules][commands]") {
  Bench b({"..#..", "..#..", ".....", "..A.."});
  b.run(0, "increase");
  b.run(0, "jump");  // would land 3 ahead on '#'; the space behind is '#' too
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 2);
  CHECK(b.said.heard("takes 1 Damage"));
  // Our reading: landing back on an Obstacle costs no second Damage.
  Bench c({"..#..", "..X..", "..A.."});
  c.run(0, "jump");
  CHECK(c.row(0) == 1);
  CHECK(c.batteries(0) == 2);
}

// Rulebook, Special commands: "MISSILE: Shoot a missile straight ahead, dealing 1 Damage to all players ahead
// of you in that same line, then move 1 space FORWARD."
TEST_CASE("Missile: 1 Damage to every car ahead in the lane, then 1 forward", "[rc-racer][rules][commands]") {
  Bench b({"..C..", "..B..", ".D...", "..A.."});
  b.run(0, "missile");
  CHECK(b.batteries(1) == 2);
  CHECK(b.batteries(2) == 2);
  CHECK(b.batteries(3) == 3);  // another lane
  CHECK(b.row(0) == 1);
  CHECK(b.batteries(0) == 3);
}

// Rulebook, Missile: "Missiles are not obstructed by anything."
TEST_CASE("Missile: not obstructed by anything", "[rc-racer][rules][commands]") {
  Bench b({"..B..", "..#..", "..X..", "..C..", "....."});
  b.place(0, 2, 0);
  b.run(0, "missile");
  CHECK(b.batteries(1) == 2);  // behind an Obstacle, an Impassable and another car
  CHECK(b.batteries(2) == 2);
}

// Rulebook, Missile: "...all players ahead of you" — a car behind is not hit.
TEST_CASE("Missile: cars behind are not hit", "[rc-racer][rules][commands]") {
  Bench b({".....", "..A..", "..B.."});
  b.run(0, "missile");
  CHECK(b.batteries(1) == 3);
}

// Rulebook, Special commands: "TURBO: Check your Racecar’s current number of Batteries and move that many
// spaces forward."
TEST_CASE("Turbo: as many spaces forward as face-up Batteries", "[rc-racer][rules][commands]") {
  for (int batteries = 1; batteries <= 3; ++batteries) {
    Bench b({".....", ".....", ".....", ".....", "..A.."});
    b.car(0, "bird-racer", batteries);
    b.run(0, "turbo");
    CHECK(b.row(0) == batteries);
  }
}

// Rulebook, Special commands: "DECREASE - Your next command gains -1."
TEST_CASE("Decrease: the next command gains -1", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", "..A.."});
  b.run(0, "decrease");
  CHECK(b.turn.mod == -1);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 1);
}

// Rulebook, Special commands: "INCREASE - Your next command gains +1."
TEST_CASE("Increase: the next command gains +1", "[rc-racer][rules][commands]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.run(0, "increase");
  CHECK(b.turn.mod == 1);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 3);
  b.run(0, "nothing");
  CHECK(b.turn.mod == 0);
}

// Rulebook, Special commands: "Flip 1 BATTERY face up."
TEST_CASE("Battery: flips 1 Battery face up, never more than 3", "[rc-racer][rules][commands]") {
  Bench b({".....", "..A.."});
  b.car(0, "bird-racer", 1);
  b.run(0, "battery");
  CHECK(b.batteries(0) == 2);
  b.run(0, "battery");
  b.run(0, "battery");
  CHECK(b.batteries(0) == 3);
}

// Rulebook, Decrease: "+ Missile: Your Racecar doesn’t move, you still shoot only 1 missile."
TEST_CASE("Decrease + Missile: no move, still one missile", "[rc-racer][rules][commands][combo]") {
  Bench b({"..B..", ".....", "..A.."});
  b.run(0, "decrease");
  b.run(0, "missile");
  CHECK(b.row(0) == 0);
  CHECK(b.batteries(1) == 2);
}

// Rulebook, Decrease: "+ Backwards: Your Racecar doesn’t move."
TEST_CASE("Decrease + Backwards: no move", "[rc-racer][rules][commands][combo]") {
  Bench b({".....", "..A..", "....."});
  b.run(0, "decrease");
  b.run(0, "back");
  CHECK(b.row(0) == 1);
}

// Rulebook, Decrease: "+ Increase: The 2 commands cancel each other."
TEST_CASE("Decrease + Increase: they cancel each other", "[rc-racer][rules][commands][combo]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.run(0, "decrease");
  b.run(0, "increase");
  CHECK(b.turn.mod == 0);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 2);
  // And the other way round (our reading: the same).
  Bench c({".....", ".....", ".....", "..A.."});
  c.run(0, "increase");
  c.run(0, "decrease");
  c.run(0, "fwd2");
  CHECK(c.row(0) == 2);
}

// Rulebook, Increase: "+ Missile: Only your movement gains +1, you still shoot only 1 missile."
TEST_CASE("Increase + Missile: moves 2, still one missile", "[rc-racer][rules][commands][combo]") {
  Bench b({"..B..", ".....", ".....", "..A.."});
  b.run(0, "increase");
  b.run(0, "missile");
  CHECK(b.row(0) == 2);
  CHECK(b.batteries(1) == 2);  // one missile: 1 Damage
}

// Rulebook, Increase: "+ Jump: Your Racecar will move 3 spaces forward ignoring the first 2 spaces."
TEST_CASE("Increase + Jump: 3 forward, ignoring the first 2 spaces", "[rc-racer][rules][commands][combo]") {
  Bench b({".....", "..X..", "..X..", "..A.."});
  b.run(0, "increase");
  b.run(0, "jump");
  CHECK(b.row(0) == 3);
  CHECK(b.batteries(0) == 3);
}

// Rulebook, Increase: "+ Backwards: Your Racecar will move 2 spaces backwards."
TEST_CASE("Increase + Backwards: 2 spaces back", "[rc-racer][rules][commands][combo]") {
  Bench b({"..A..", ".....", "....."});
  b.run(0, "increase");
  b.run(0, "back");
  CHECK(b.row(0) == 0);
}

// Rulebook, Increase: "+ Battery: You flip 1 more Battery face up."
TEST_CASE("Increase + Battery: flips 2 Batteries", "[rc-racer][rules][commands][combo]") {
  Bench b({".....", "..A.."});
  b.car(0, "bird-racer", 1);
  b.run(0, "increase");
  b.run(0, "battery");
  CHECK(b.batteries(0) == 3);
}

// Rulebook, Decrease: "Your next command gains -1." With Pete's example: Decrease then Turbo at 3 Batteries
// "he’ll move only 2 spaces forward".
TEST_CASE("Decrease + Turbo: one space fewer", "[rc-racer][rules][commands][combo]") {
  Bench b({".....", ".....", ".....", "..A.."});
  b.run(0, "decrease");
  b.run(0, "turbo");
  CHECK(b.row(0) == 2);
}

// Our reading: a modifier applies to the next command whatever it is.
TEST_CASE("Increase + Turbo, Increase + diagonals, Decrease + Forward 1",
          "[rc-racer][rules][commands][combo]") {
  Bench b({".....", ".....", ".....", ".....", ".....", "A...."});
  b.run(0, "increase");
  b.run(0, "turbo");
  CHECK(b.row(0) == 4);
  Bench c({".....", ".....", ".....", "A...."});
  c.run(0, "increase");
  c.run(0, "red2");
  CHECK(c.lane(0) == 3);
  CHECK(c.row(0) == 3);
  Bench e({".....", "..A.."});
  e.run(0, "decrease");
  e.run(0, "fwd1");
  CHECK(e.row(0) == 0);
}

// Our reading: "Your next command gains +1" also applies to a modifier: two Increases give +2, two
// Decreases -2; values never go below 0.
TEST_CASE("Increase + Increase adds up; Decrease + Decrease never goes below zero",
          "[rc-racer][rules][commands][combo]") {
  Bench b({".....", ".....", ".....", ".....", "..A.."});
  b.run(0, "increase");
  b.run(0, "increase");
  CHECK(b.turn.mod == 2);
  b.run(0, "fwd2");
  CHECK(b.row(0) == 4);
  Bench c({".....", "..A..", "....."});
  c.turn.mod = -1;  // an earlier Decrease
  c.run(0, "decrease");
  CHECK(c.turn.mod == -2);
  c.run(0, "fwd1");
  CHECK(c.row(0) == 1);  // no backwards slide
}

// Our reading: Decrease before Battery leaves nothing to flip; a modifier before Nothing is spent.
TEST_CASE("Decrease + Battery flips nothing; a modifier before Nothing is spent",
          "[rc-racer][rules][commands][combo]") {
  Bench b({".....", "..A.."});
  b.car(0, "bird-racer", 1);
  b.run(0, "decrease");
  b.run(0, "battery");
  CHECK(b.batteries(0) == 1);
  b.run(0, "increase");
  b.run(0, "nothing");
  b.run(0, "fwd1");
  CHECK(b.row(0) == 1);
}

// Rulebook, Movement: a Racecar "must stop their current movement command" on an obstacle — so a move of
// several spaces goes one space at a time.
TEST_CASE("Moves of several spaces go one space at a time", "[rc-racer][rules][commands]") {
  Bench b({".....", "..X..", "..A.."});
  b.run(0, "fwd2");
  CHECK(b.row(0) == 1);
  Bench c({".....", "...X.", "..A.."});
  c.run(0, "red2");
  CHECK(c.lane(0) == 3);
  CHECK(c.row(0) == 1);
}
