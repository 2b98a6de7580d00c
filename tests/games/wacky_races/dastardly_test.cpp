// Rulebook, Step 5 - Moving Dick Dastardly, and Dick Dastardly's Traps (placement).
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
// Ends the active player's turn after one card and refills from `draws`.
void one_card_turn(Fixture& fx, PlayerId seat, const std::string& card,
                   const std::vector<std::string>& draws) {
  act(fx, seat, "play " + card);
  if (fx.s().turn() == Turn::Player && fx.s().top()->kind == TaskKind::TurnMain) act(fx, seat, "end");
  for (const auto& d : draws) chance(fx, d);
}
}  // namespace

// Rulebook, worked example: "The Ant Hill Mob has just ended their turn, so now Dastardly moves. The last
// Movement card played by the Ant Hill Mob was a Prairie, so it's still sitting on top of the Discard Pile.
// Dastardly then moves to the first Prairie tile ahead of his Mean Machine with no Trap cards already on it,
// ignoring everything in between."
TEST_CASE("Dastardly example: after the Ant Hill Mob's Prairie he moves to the first untrapped Prairie tile",
          "[wacky-races][rules][dastardly][example]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 2));
  s.put_trap(tile(fx, 3), trap_id(fx, "oil"));  // the first Prairie ahead holds a Trap
  put(fx, "ant-hill-mob", 5);
  put(fx, "red-max", 12);  // the leader: Dastardly will not be alone in front
  hand(fx, 2, "PDD");
  s.test_jump_to_turn(2, 2);
  one_card_turn(fx, 2, "prairie", {"draw farm"});
  CHECK(s.top_discard() == 2);
  CHECK(s.dastardly() == tile(fx, 7));  // tile 3 is trapped: on to the Prairie at tile 7
  CHECK(fx.said("The Discard Pile shows Prairie: the Mean Machine moves to tile 7 (Prairie)."));
  ok(fx);
}

// Rulebook, Step 5: "Every time a player ends their turn, it's time for The Mean Machine to rip up some
// road".
TEST_CASE("Dastardly moves after every player's turn, after the hand is refilled",
          "[wacky-races][rules][dastardly]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  put(fx, "red-max", 12);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "FDD");
  act(fx, 0, "play forest");
  CHECK(s.dastardly() == -1);  // not during the turn
  act(fx, 0, "end");
  CHECK(s.dastardly() == -1);  // the refill comes first
  chance(fx, "draw desert");
  CHECK(s.dastardly() == tile(fx, 2));  // the first Forest tile
  CHECK(s.current() == 1);
  ok(fx);
}

// Rulebook, Step 5: "Dick Dastardly treats the Special tiles as having all the Terrain types (wild), meaning
// he will always stop at them no matter what."
TEST_CASE("Dastardly always stops at a Special tile", "[wacky-races][rules][dastardly]") {
  Fixture fx = start(Setup{});  // tile 14 is the Swamp, the next Desert after it is tile 15
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 12));
  put(fx, "red-max", 17);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DDD");
  one_card_turn(fx, 0, "desert", {"draw farm"});
  CHECK(s.dastardly() == tile(fx, 14));
  ok(fx);
}

// Rulebook, Step 5: "The exception is the Gas Station tile. ... he never does so and instead ignores the Gas
// Station altogether."
TEST_CASE("Dastardly ignores the Gas Station", "[wacky-races][rules][dastardly]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 8));
  put(fx, "red-max", 17);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DDD");
  one_card_turn(fx, 0, "desert", {"draw farm"});
  CHECK(s.dastardly() == tile(fx, 10));  // not the wild Gas Station at tile 9
  ok(fx);
}

// Rulebook, Dick Dastardly's Traps: "If, after its movement, Dick Dastardly is alone in the lead ... Place
// the top card of the Trap Deck facedown ... on the tile he is currently on. Then, he retreats to the back of
// the race (to the tile right behind the Racer currently in last place)." Example: "Rufus has finished his
// turn and just moved Dick Dastardly ..., placing him unfortunately on the Desert tile ahead of all the other
// Racers! The top Trap card is placed facedown on the Desert tile ... Then, the Mean Machine's Miniature is
// moved all the way back to the first Terrain tile behind all of the other Racers".
TEST_CASE(
    "Trap placement example: Dastardly alone on a Desert tile lays a Trap and retreats behind the last racer",
    "[wacky-races][rules][dastardly][example]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 1));
  put(fx, "pat-pending", 2);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 3);
  put(fx, "slag-brothers", 3);
  put(fx, "penelope-pitstop", 4);
  put(fx, "rufus-ruffcut", 1);
  hand(fx, 1, "DFF");
  s.test_jump_to_turn(1, 1);
  act(fx, 1, "play desert");
  CHECK(where(fx, "rufus-ruffcut") == 4);  // tiles 2 and 3 are full
  act(fx, 1, "end");
  chance(fx, "draw prairie");
  // Dastardly follows the Desert to tile 5, ahead of everyone: a face-down Trap.
  REQUIRE(s.turn() == Turn::Chance);
  REQUIRE(s.top()->kind == TaskKind::DrawTrap);
  chance(fx, "trap oil");
  CHECK(s.trap(tile(fx, 5)) == trap_id(fx, "oil"));
  CHECK(s.trap_deck_total() == 15);
  CHECK(s.dastardly() == tile(fx, 1));  // right behind the last racers on tile 2
  CHECK(fx.said("Dick Dastardly is alone in the lead"));
  ok(fx);
}

// Rulebook: "alone in the lead - meaning there are no player-driven or Neutral Racers on the same tile or
// ahead of his position".
TEST_CASE("Dastardly lays no Trap when a racer shares his tile", "[wacky-races][rules][dastardly]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 1));
  put(fx, "penelope-pitstop", 5);  // on the Desert tile he is heading for
  put(fx, "rufus-ruffcut", 1);
  hand(fx, 1, "DFF");
  s.test_jump_to_turn(1, 1);
  one_card_turn(fx, 1, "desert", {"draw prairie"});
  CHECK(s.dastardly() == tile(fx, 5));
  CHECK(s.trap(tile(fx, 5)) < 0);
  CHECK(s.trap_deck_total() == 16);
  ok(fx);
}

// Rulebook, Step 5: "If there is ever a moment where Dick Dastardly has no valid tile to move to, ... the
// Mean Machine runs out of fuel! He is now out of the race. Put his car and the rest of the Trap Deck back in
// the box." Quick rules: "If Dick Dastardly is unable to move, or would cross the Finish Line, remove The
// Mean Machine".
TEST_CASE("Dastardly with no valid tile ahead runs out of fuel and leaves the race",
          "[wacky-races][rules][dastardly]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.put_trap(tile(fx, 15), trap_id(fx, "log"));  // the last Desert tile is trapped
  s.test_set_dastardly(tile(fx, 14));            // on the Swamp: no Special tile ahead either
  put(fx, "red-max", 17);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DDD");
  one_card_turn(fx, 0, "desert", {"draw farm"});
  CHECK(s.dastardly_out());
  CHECK(s.trap_deck_total() == 0);                    // the rest of the Trap Deck is in the box
  CHECK(s.trap(tile(fx, 15)) == trap_id(fx, "log"));  // Traps already laid stay
  CHECK(fx.said("runs out of fuel"));
  ok(fx);
  // He moves no more.
  act(fx, 1, "play desert");
  act(fx, 1, "end");
  chance(fx, "draw desert");
  CHECK(s.dastardly_out());
  ok(fx);
}
