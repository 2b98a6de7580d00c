// The rulebook's worked examples, step by step: Mari's turn (Brick Gang,
// Shields, water, missile, impassables, carpet), Mari lying down across
// rounds, and Pete's turn (Decrease, Turbo, Increase, Jump, carpet...).
#include <catch2/catch.hpp>

#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

// Mari's stretch of track, bottom row first in the comments: she starts in lane 2 (counted from 1) of its row
// 1, an Obstacle right ahead, a puddle on her diagonal, carpets, a pile of books on each side.
const std::vector<std::string> kMariBoard{
    ".....",  // row 12
    ".....",  // row 11
    "#....",  // row 10: books (Anna stands in lane 2)
    ".....",  // row 9
    ".....",  // row 8
    "...:.",  // row 7: carpet
    "....#",  // row 6: books (Pete stands in lane 4)
    "...:.",  // row 5: carpet
    ".....",  // row 4
    "..~..",  // row 3: water puddle
    ".X...",  // row 2: obstacle
    ".....",  // row 1: Mari
};

const std::vector<std::string> kMariProgram{"fwd2", "red2",     "missile", "blue2",
                                            "jump", "increase", "red1",    "fwd1"};

}  // namespace

// Rulebook, Example (Mari): every command of her turn, checked after each one.
TEST_CASE("Example: Mari's turn, command by command", "[rc-racer][rules][example]") {
  Bench b(kMariBoard);
  b.place(2, 1, 0);              // Mari
  b.car(2, "brick-gang", 3, 1);  // 2 Shields, 1 already spent on the slowest's penalty
  b.place(1, 3, 5);              // Pete
  b.car(1, "sonic-fish");
  b.place(0, 1, 9);  // Anna
  b.car(0, "sonic-fish");
  // "Mari should move her Racecar 2 spaces forward, but the next space has an Obstacle. She stops on the
  // Obstacle and loses her last Energy Shield token."
  b.run(2, "fwd2");
  CHECK(b.lane(2) == 1);
  CHECK(b.row(2) == 1);
  CHECK(b.shields(2) == 0);
  CHECK(b.batteries(2) == 3);
  // "Mari’s 2nd command is 2 diagonals to the right, so she moves accordingly. During her movement, she
  // passes trough a space with a Water Puddle! She takes the Slippery token".
  b.run(2, "red2");
  CHECK(b.lane(2) == 3);
  CHECK(b.row(2) == 3);
  CHECK(b.race.slippery == 2);
  // "Next, Mari shoots a missile! It goes straight ahead and hits Pete, who is in the same line as her. Pete
  // takes 1 Damage. Then Mari moves 1 space forward."
  b.run(2, "missile");
  CHECK(b.batteries(1) == 2);
  CHECK(b.row(2) == 4);
  // "Mari should now move 2 diagonals to the blue, but her diagonal commands are flipped! ... this command
  // will make Mari move 2 diagonals to the right... but she can’t! There’s an impassable space, so she stays
  // on the previous space and takes 1 Damage."
  b.run(2, "blue2");
  CHECK(b.lane(2) == 3);
  CHECK(b.row(2) == 4);
  CHECK(b.batteries(2) == 2);
  // "Mari activates a Jump: she’s on a carpet space, and normally the value would be reduced to 1, but The
  // Brick Gang ability keeps the value at 2!"
  b.run(2, "jump");
  CHECK(b.row(2) == 6);  // over Pete
  CHECK(b.lane(2) == 3);
  // "Mari uses an Increase command!"
  b.run(2, "increase");
  CHECK(b.turn.mod == 1);
  // "Mari adds the Increase effect to her 1 diagonal to the right command, and again, the carpet cannot limit
  // The Brick Gang! But she still has the Slippery token, so she moves 2 diagonals to the blue and hits
  // another pile of books. She takes another Damage: there’s just 1 Battery left."
  b.run(2, "red1");
  CHECK(b.lane(2) == 1);
  CHECK(b.row(2) == 8);
  CHECK(b.batteries(2) == 1);
  // "Last command: Mari moves 1 space forward. She enters a space containing another Racecar, so she takes 1
  // Damage... this means she has lost her last Battery and now must lay her Racecar down."
  b.run(2, "fwd1");
  CHECK(b.lane(2) == 1);
  CHECK(b.row(2) == 9);
  CHECK(b.batteries(2) == 0);
  CHECK(b.down(2));
  INFO(b.said.all());
  CHECK(b.said.heard("C runs into another Racecar"));
}

// Rulebook, Example (Mari), played through a whole round: "In the previous End of Round phase, Mari had both
// Anna and Pete ahead of her, so she gained 2 Energy Shield tokens. Mari is the last player to move (the
// slowest to program): She should lose 1 Battery, so she discards 1 Energy Shield instead."
TEST_CASE("Example: Mari's turn in a round, from the slowest's penalty to lying down",
          "[rc-racer][rules][example]") {
  Data d = data();
  BoardSide& board = d.sides[static_cast<std::size_t>(d.find_ref("1A"))];
  board.rows = static_cast<int>(kMariBoard.size());
  board.cells.assign(static_cast<std::size_t>(board.rows * kLanes), rc_racer::Cell::Floor);
  for (int i = 0; i < board.rows; ++i)
    for (int lane = 0; lane < kLanes; ++lane) {
      const char c = kMariBoard[static_cast<std::size_t>(i)][static_cast<std::size_t>(lane)];
      board.cells[static_cast<std::size_t>((board.rows - 1 - i) * kLanes + lane)] =
          c == 'X'   ? rc_racer::Cell::Obstacle
          : c == '#' ? rc_racer::Cell::Impassable
          : c == '~' ? rc_racer::Cell::Water
          : c == ':' ? rc_racer::Cell::Carpet
                     : rc_racer::Cell::Floor;
    }
  Options o;
  o.players = 3;
  o.names = {"Anna", "Pete", "Mari"};
  o.params = {{"racers", "sonic-fish,grim-thresher,brick-gang"}, {"track", "start-A,1A,2A,3A,finish-A"}};
  auto game = std::make_shared<RcRacerGame>(o, d);
  auto s = programming_state(game);
  const int base = 6;  // the board's first row on the track
  // Where the previous round left them: Anna and Pete ahead of Mari.
  s->test_set_car(0, 1, base + 8, 3, 0, false);
  s->test_set_car(1, 3, base + 4, 3, 0, false);
  s->test_set_car(2, 1, base + 0, 3, 0, false);
  CHECK(s->race().cars_ahead(2) == 2);
  s->test_set_car(2, 1, base + 0, 3, 2, false);  // "she gained 2 Energy Shield tokens"
  // Anna and Pete each go back 1 and forward 2 before Mari's turn: Anna to row 10, Pete to row 6.
  const std::vector<std::string> one_forward{"back", "fwd2",     "nothing", "battery",
                                             "gap",  "decrease", "fwd1",    "increase"};
  s->test_set_grid(0, grid_with_program(one_forward));
  s->test_set_grid(1, grid_with_program(one_forward));
  s->test_set_grid(2, grid_with_program(kMariProgram));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1, 2}); });
  INFO(joined(events));
  const std::string text = joined(events);
  // Step by step, in this order.
  const std::vector<std::string> steps{
      "Mari's turn (Smile X",
      "Mari was the slowest to program",
      "Mari discards an Energy Shield instead of a Battery (1 Shield left)",
      "Mari: Forward 2 goes 2 spaces forward",
      "Mari runs into an Obstacle",
      "Mari discards an Energy Shield instead of a Battery (0 Shields left)",
      "Mari: Diagonal right 2 (towards Red) goes 2 spaces diagonally towards Red",
      "Mari splashes through a Water Puddle",
      "Mari shoots a missile straight ahead along lane 4",
      "The missile hits Pete",
      "Pete flips a Battery facedown (2 of 3 left)",
      "Mari: Diagonal left 2 (towards Blue) goes 2 spaces diagonally towards Red",
      "Mari cannot enter the Impassable space",
      "Mari flips a Battery facedown (2 of 3 left)",
      "Mari: Jump goes 2 spaces forward (Brick Gang on carpet: 2)",
      "Mari: Increase — the next command gains +1",
      "Mari: Diagonal right 1 (towards Red) goes 3 spaces diagonally towards Blue (Brick Gang on carpet: 2, "
      "Increase +1, "
      "Slippery: reversed towards Blue)",
      "Mari cannot enter the Impassable space",
      "Mari flips a Battery facedown (1 of 3 left)",
      "Mari: Forward 1 goes 1 space forward",
      "Mari runs into another Racecar",
      "Mari flips a Battery facedown (0 of 3 left)",
      "Mari flipped its last Battery: out of energy, it lies down",
      "Mari returns the Slippery token",
  };
  std::size_t from = 0;
  for (const auto& step : steps) {
    INFO("step: " << step);
    const std::size_t where = text.find(step, from);
    CHECK(where != std::string::npos);
    if (where != std::string::npos) from = where;
  }
  CHECK(s->car(2).down);
  CHECK(s->car(2).lane == 1);
  CHECK(s->car(2).row == base + 9);
  CHECK(s->car(1).batteries == 2);
}

// Rulebook, Racecars without energy (example): "After the 7th command of the previous round, Mari lost her
// last Battery token... no more energy! She laid her Racecar down on the Track and used her 8th command to
// regain 1 Battery. Now Mari is starting a new round, still lying down. She must ignore her first 2 commands
// to flip 2 Battery tokens face up (one for each ignored command) and stand her car up. Then she starts
// moving with her 3rd command as normal."
TEST_CASE("Example: Mari lying down stands up in the next round", "[rc-racer][rules][example]") {
  Bench b({".....", ".....", ".....", ".....", "..X..", ".....", "..C.."});
  b.car(2, "brick-gang", 1);
  b.run(2, "fwd2");  // 7th command: onto the Obstacle, last Battery gone
  CHECK(b.down(2));
  CHECK(b.batteries(2) == 0);
  b.run(2, "jump");  // 8th command: ignored, 1 Battery back
  CHECK(b.batteries(2) == 1);
  CHECK(b.row(2) == 2);
  b.race.end_turn(2, &b.said);
  b.turn = TurnCtx{};  // a new round, a new program
  b.run(2, "turbo");   // 1st: ignored
  CHECK(b.batteries(2) == 2);
  CHECK(b.down(2));
  b.run(2, "fwd1");  // 2nd: ignored, and she stands up
  CHECK(b.batteries(2) == 3);
  CHECK_FALSE(b.down(2));
  CHECK(b.row(2) == 2);
  b.run(2, "fwd2");  // 3rd: moves as normal
  CHECK(b.row(2) == 4);
}

// Rulebook, Example (Pete): "Pete’s first command is a Decrease. Pete currently has 3 Batteries, so his next
// Turbo command would have made him move 3 spaces ahead, but since the previous command was a Decrease, he’ll
// move only 2 spaces forward. Now Pete is using his Increase command to enhance the next command! Pete’s 4th
// command is a jump! Thanks to the previous Increase command he’ll jump 3 spaces (instead of 2), ignoring the
// first 2 spaces. Great move! Pete’s next command is 2 diagonal to the red, but he’s standing on carpet, so
// he only moves 1 space. Pete’s 6th command is a battery: Since he already has 3 face up Battery tokens,
// nothing happens. Pete seems to have made a mistake! He moves 1 space backwards! Finally, Pete executes his
// 8th command and moves his Racecar 2 diagonals to the BLUE side, one at a time. Then his turn is over."
TEST_CASE("Example: Pete's turn, command by command", "[rc-racer][rules][example]") {
  Bench b({".....", ".....", ".....", "..:..", "..#..", "..X..", ".....", ".....", "..A.."});
  b.car(0, "grim-thresher");
  b.run(0, "decrease");
  CHECK(b.turn.mod == -1);
  b.run(0, "turbo");
  CHECK(b.row(0) == 2);
  b.run(0, "increase");
  b.run(0, "jump");
  CHECK(b.row(0) == 5);  // over an Obstacle and an Impassable space
  CHECK(b.batteries(0) == 3);
  b.run(0, "red2");
  CHECK(b.lane(0) == 3);
  CHECK(b.row(0) == 6);
  b.run(0, "battery");
  CHECK(b.batteries(0) == 3);
  b.run(0, "back");
  CHECK(b.row(0) == 5);
  CHECK(b.lane(0) == 3);
  b.run(0, "blue2");
  CHECK(b.lane(0) == 1);
  CHECK(b.row(0) == 7);
  CHECK(b.race.slippery == -1);
}
