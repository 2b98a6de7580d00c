// Rulebook, End of the Round: Neutral Racers Movement.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

// Rulebook, End of the Round: "After all the Players have played their turn and before the Starting Player
// starts their next turn, all Neutral Racers move. Skip this for the very first round of the game."
TEST_CASE("Neutral Racers: they do not move at the end of the very first round",
          "[wacky-races][rules][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "ant-hill-mob", 1);
  const int red = fx.s().pos(slot(fx, "red-max"));
  last_turn_of_round(fx, 1);
  CHECK(fx.s().pos(slot(fx, "red-max")) == red);
  CHECK(fx.said("the Neutral Racers skip the very first round"));
  CHECK(fx.s().round() == 2);
  CHECK(fx.s().current() == 0);
  ok(fx);
}

// Rulebook, End of the Round: "Starting with the Neutral Racer in the space closest to the Finish Line, they
// all move ahead 1 space (respecting the next free space rule). In case of a tie, the Starting player can
// choose which Neutral Racer moves first."
TEST_CASE("Neutral Racers: all move 1 space, leader first; the Starting Player breaks ties",
          "[wacky-races][rules][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 6);
  put(fx, "rufus-ruffcut", 1);
  put(fx, "ant-hill-mob", 1);
  put(fx, "red-max", 5);
  put(fx, "slag-brothers", 5);
  put(fx, "penelope-pitstop", 11);
  last_turn_of_round(fx, 2);
  CHECK(where(fx, "penelope-pitstop") == 12);  // the leader already moved
  REQUIRE(fx.s().top()->kind == TaskKind::ChooseRacer);
  std::vector<PlayerId> who;
  fx.s().actors(who);
  CHECK(who == std::vector<PlayerId>{0});  // the Starting Player
  act(fx, 0, "racer slag-brothers");
  CHECK(where(fx, "slag-brothers") == 6);  // beside Pat: the tile is full
  CHECK(where(fx, "red-max") == 7);
  ok(fx);
}

// Rulebook, worked example: "Red Max, the Slag Brothers, and Penelope Pitstop are the Neutral Racers in this
// race. 1. They all move ahead 1 space in order from the lead to the rear. 2. The Starting Player reveals the
// top card of the Movement Deck. It's a Forest. Red Max is on a Forest tile, so it gets to move again, and
// Penelope Pitstop is at the Gas Station, a wild tile, so it moves ahead to the next available space. 3. A
// 2nd card is revealed and it's another Forest, which moves no one. 4. The 3rd card is finally revealed and
// it's a Desert, which also moves no one. Now, the Starting Player can begin a new round."
TEST_CASE("Neutral Racers example: Forest, Forest, Desert with Penelope at the Gas Station",
          "[wacky-races][rules][neutral][example]") {
  Setup su;
  su.course =
      "DFDPPMFM"
      "PFDMSDFPM";  // tiles 4 Prairie, 7 Forest, 8 Farm, 10 Prairie
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 1);
  put(fx, "ant-hill-mob", 2);
  put(fx, "slag-brothers", 3);
  put(fx, "red-max", 6);
  put(fx, "penelope-pitstop", 8);
  last_turn_of_round(fx, 2);
  // 1. Everyone ahead 1, from the lead to the rear.
  CHECK(where(fx, "penelope-pitstop") == 9);  // the Gas Station
  CHECK(where(fx, "red-max") == 7);           // a Forest
  CHECK(where(fx, "slag-brothers") == 4);     // a Prairie
  const int deck = fx.s().deck_total();
  // 2. Forest: Red Max (Forest) and Penelope (wild Gas Station) move.
  chance(fx, "draw forest");
  CHECK(where(fx, "red-max") == 8);
  CHECK(where(fx, "penelope-pitstop") == 10);
  CHECK(where(fx, "slag-brothers") == 4);
  // 3. Another Forest moves no one.
  chance(fx, "draw forest");
  CHECK(fx.said("The Starting Player reveals Forest: it moves no one."));
  // 4. A Desert moves no one either.
  chance(fx, "draw desert");
  CHECK(where(fx, "red-max") == 8);
  CHECK(where(fx, "penelope-pitstop") == 10);
  CHECK(where(fx, "slag-brothers") == 4);
  CHECK(fx.s().deck_total() == deck - 3);  // revealed cards go to the Discard Pile
  CHECK(fx.s().top_discard() == 0);
  // "Now, the Starting Player can begin a new round."
  CHECK(fx.s().round() == 3);
  CHECK(fx.s().current() == 0);
  CHECK(fx.s().top()->kind == TaskKind::TurnMain);
  ok(fx);
}

// Rulebook, Neutral Racers Rule for 2-Player Games: "After revealing the third card for the Neutral Racers
// and moving them, also move Dastardly's car according to his normal movement rules."
TEST_CASE("Neutral Racers, 2 players: Dastardly moves again after the third reveal",
          "[wacky-races][rules][neutral]") {
  Setup su;
  su.players = 2;
  su.racers = "pat-pending,rufus-ruffcut";
  su.neutrals = {"red-max", "slag-brothers", "penelope-pitstop", "lazy-luke"};
  Fixture fx = start(su);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 2);
  put(fx, "red-max", 13);
  put(fx, "slag-brothers", 12);
  put(fx, "penelope-pitstop", 16);
  put(fx, "lazy-luke", 17);
  s.test_set_dastardly(tile(fx, 1));
  s.test_set_round(2);
  hand(fx, 1, "DDD");
  s.test_jump_to_turn(1, 1);
  act(fx, 1, "play desert");  // tile 3
  act(fx, 1, "end");
  chance(fx, "draw farm");
  CHECK(s.dastardly() == tile(fx, 5));  // his move after Rufus's turn (Desert)
  // The Neutral Racers: first moves, then three reveals.
  chance(fx, "draw desert");
  chance(fx, "draw desert");
  chance(fx, "draw forest");
  // Then Dastardly follows the last revealed card: the next Forest after tile 5.
  CHECK(s.dastardly() == tile(fx, 6));
  CHECK(fx.said("[Neutral Racers Rule for 2-Player Games]"));
  CHECK(s.round() == 3);
  ok(fx);
}

// With 6 players there are no Neutral Racers, so there is no end-of-round movement and no reveal.
TEST_CASE("Neutral Racers: none with 6 players, and no reveals", "[wacky-races][rules][neutral]") {
  Setup su;
  su.players = 6;
  su.racers = "pat-pending,rufus-ruffcut,ant-hill-mob,red-max,slag-brothers,penelope-pitstop";
  su.neutrals = {};
  Fixture fx = start(su);
  no_dastardly(fx);
  for (int slot = 0; slot < kField; ++slot) CHECK_FALSE(fx.s().neutral(slot));
  fx.s().test_set_round(2);
  hand(fx, 5, "DDD");
  fx.s().test_jump_to_turn(5, 5);
  act(fx, 5, "play desert");
  act(fx, 5, "end");
  chance(fx, "draw farm");
  const int deck = fx.s().deck_total();
  CHECK(fx.s().round() == 3);
  CHECK(fx.s().turn() == Turn::Player);
  CHECK(fx.s().deck_total() == deck);
  ok(fx);
}
