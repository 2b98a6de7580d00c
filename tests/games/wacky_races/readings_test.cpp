// "Our readings": the choices we made where the rulebook is silent, each tested.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

// Our reading: Broken Bridge caught outside your own turn limits your next turn.
TEST_CASE("Reading: Broken Bridge caught on another player's turn hits your next turn",
          "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 4);
  s.put_trap(tile(fx, 2), trap_id(fx, "oil"));
  s.put_trap(tile(fx, 5), trap_id(fx, "broken-bridge"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");  // Oil pushes Rufus onto the Broken Bridge (he cancels it with Log Bridge!)
  CHECK(s.exhausted(1, power_index(fx, 1, "log-bridge")));
  CHECK_FALSE(s.bridge(1));
  // Without his Log Bridge it sticks until his own next turn.
  Fixture fx2 = start(Setup{});
  no_dastardly(fx2);
  WackyState& s2 = fx2.s();
  s2.set_exhausted(1, power_index(fx2, 1, "log-bridge"), true);
  put(fx2, "pat-pending", 1);
  put(fx2, "rufus-ruffcut", 4);
  s2.put_trap(tile(fx2, 2), trap_id(fx2, "oil"));
  s2.put_trap(tile(fx2, 5), trap_id(fx2, "broken-bridge"));
  hand(fx2, 0, "DDD");
  act(fx2, 0, "play desert");
  CHECK(s2.bridge(1));
  chance(fx2, "draw farm");  // Pat refills; now Rufus plays
  CHECK(s2.current() == 1);
  CHECK(s2.card_limit() == 1);
  ok(fx2);
}

// Our reading: any uncancelled Trap set off on your own turn ends it - even a helpful one.
TEST_CASE("Reading: a helpful Trap (Failed Plan) still ends your turn", "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "failed-plan"));
  hand(fx, 0, "FFFF");
  act(fx, 0, "play forest");  // onto tile 2, a Forest - a 2nd Forest would match
  CHECK(fx.s().current() == 1);
  CHECK(fx.s().hand_total(0) == 3);
}

// Our reading: being moved backwards takes a player's racer off the Swamp.
TEST_CASE("Reading: a move backwards takes a player's racer off the Swamp", "[wacky-races][readings]") {
  Setup su;
  su.racers = "rufus-ruffcut,pat-pending,ant-hill-mob";
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "rufus-ruffcut", 13);
  put(fx, "pat-pending", 14);  // on the Swamp
  act(fx, 0, "power timber");
  CHECK(where(fx, "pat-pending") == 13);  // off the Swamp, beside Rufus
  ok(fx);
}

// Our reading: STEAL, FORCE_DISCARD and EXHAUST_OTHER target players' racers (Neutral Racers hold no cards).
TEST_CASE("Reading: card and power attacks target players' racers only", "[wacky-races][readings]") {
  Setup su;
  su.racers = "ant-hill-mob,pat-pending,rufus-ruffcut";
  su.neutrals = {"red-max", "slag-brothers", "penelope-pitstop"};
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "ant-hill-mob", 5);
  put(fx, "red-max", 5);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 1);
  CHECK_FALSE(can(fx, 0, "power shakedown"));  // only a Neutral Racer is near
  put(fx, "rufus-ruffcut", 6);
  CHECK(can(fx, 0, "power shakedown"));
}

// Our reading: Blubber's Panic's discard is part of the card and happens even if a Trap stopped the move.
TEST_CASE("Reading: Blubber's Panic still discards when a Trap stops the move", "[wacky-races][readings]") {
  Setup su;
  su.racers = "lazy-luke,pat-pending,rufus-ruffcut";
  su.neutrals = {"red-max", "ant-hill-mob", "gruesome-twosome"};
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "lazy-luke", 1);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "sabotage"));
  act(fx, 0, "power blubbers-panic");
  CHECK(where(fx, "lazy-luke") == 2);  // stopped on the Trap
  act(fx, 0, "exhaust lazy-nap");      // Sabotage
  REQUIRE(fx.s().top()->kind == TaskKind::ChooseCard);
  act(fx, 0, "card desert");
  CHECK(fx.s().hand_total(0) == 2);
}

// Our reading: an empty Trap deck is refilled from the discarded Traps.
TEST_CASE("Reading: an empty Trap deck is reshuffled from the discarded Traps", "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  for (int k = 0; k < static_cast<int>(fx.c().traps.size()); ++k)
    while (s.trap_deck(k) > 0) s.discard_trap(k);
  s.test_set_dastardly(tile(fx, 1));
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");  // Pat to tile 2; Dastardly will follow the Desert to tile 5, alone
  act(fx, 0, "end");
  chance(fx, "draw farm");
  CHECK(fx.said("The Trap Deck is empty: the 16 discarded Traps are shuffled into a new one."));
  chance(fx, "trap mud-pool");
  CHECK(s.trap(tile(fx, 5)) == trap_id(fx, "mud-pool"));
  CHECK(s.trap_deck_total() == 15);
  ok(fx);
}

// Our reading: "right behind the last racer" when the last racer is still on the Starting Board is the 00
// spot.
TEST_CASE("Reading: Dastardly retreats to 00 behind a racer still on the Starting Board",
          "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.test_set_dastardly(tile(fx, 1));
  put(fx, "pat-pending", 1);
  hand(fx, 0, "FFF");  // Pat plays Forest: Dastardly follows to tile 2... ahead of everyone but Pat
  act(fx, 0, "play forest");
  act(fx, 0, "end");
  chance(fx, "draw farm");
  // Pat is on tile 2 with him: not alone. Next, Rufus (start space 2) plays a Desert: tile 5.
  CHECK(s.dastardly() == tile(fx, 2));
  hand(fx, 1, "DDD");
  act(fx, 1, "play desert");
  act(fx, 1, "end");
  chance(fx, "draw farm");
  chance(fx, "trap log");
  CHECK(s.trap(tile(fx, 5)) == trap_id(fx, "log"));
  CHECK(s.dastardly() == -1);  // the Ant Hill Mob is still on start space 3
  ok(fx);
}

// Our reading: the A.C.M.E. Trap goes on the next tile of that terrain with no Trap (and no racer - but the
// leader has nobody ahead).
TEST_CASE("Reading: the A.C.M.E. Trap skips a tile that already holds a Trap", "[wacky-races][readings]") {
  Setup su;
  su.special = "acme-laboratory";
  su.course =
      "DFPMDFPM"
      "DPPMSFDFM";  // the Lab at 14, Forests at 15 and 17
  Fixture fx = start(su);
  no_dastardly(fx);
  WackyState& s = fx.s();
  s.put_trap(tile(fx, 15), trap_id(fx, "oil"));
  put(fx, "pat-pending", 13);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  chance(fx, "draw forest");
  chance(fx, "trap log");
  CHECK(s.trap(tile(fx, 17)) == trap_id(fx, "log"));  // 15 already holds a Trap
  ok(fx);
}

// Our reading: a player with no card at the start of the turn cannot move; the turn ends by itself.
TEST_CASE("Reading: with no Movement card and no usable power, the turn passes", "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  hand(fx, 1, "");
  for (int i = 0; i < kPowers; ++i) s.set_exhausted(1, i, true);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DFP");
  act(fx, 0, "play desert");
  act(fx, 0, "end");
  chance(fx, "draw farm");
  // Rufus has nothing: his turn passes, and he refills 3.
  CHECK(fx.said("Rufus Ruffcut & Sawtooth (P2) has no Movement card to play."));
  REQUIRE(s.turn() == Turn::Chance);
  chance(fx, "draw farm");
  chance(fx, "draw farm");
  chance(fx, "draw farm");
  CHECK(s.current() == 2);
  ok(fx);
}

// Our reading: a shared place in a championship race scores its points for every racer on it.
TEST_CASE("Reading: racers sharing a tile at the end share the place and its points",
          "[wacky-races][readings]") {
  Setup su;
  su.variants = {"championship"};
  su.params = {{"races", "2"}};
  Fixture fx = start(su);
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 18);
  put(fx, "rufus-ruffcut", 16);
  put(fx, "red-max", 16);
  put(fx, "ant-hill-mob", 15);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(s.points(slot(fx, "rufus-ruffcut")) == 2);
  CHECK(s.points(slot(fx, "red-max")) == 2);
  CHECK(s.points(slot(fx, "ant-hill-mob")) == 0);  // 4th
  CHECK(s.seconds(slot(fx, "rufus-ruffcut")) == 1);
}

// Our reading: the Neutral Racers on the revealed terrain at the moment of the reveal each move once, even if
// a Trap set off by one of them has moved another meanwhile.
TEST_CASE("Reading: a reveal moves the Neutral Racers that stood on its terrain when it was revealed",
          "[wacky-races][readings][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 10);
  put(fx, "rufus-ruffcut", 11);
  put(fx, "ant-hill-mob", 12);
  put(fx, "penelope-pitstop", 4);
  put(fx, "red-max", 2);
  s.test_set_position(slot(fx, "slag-brothers"), 5);  // the front start space
  s.put_trap(tile(fx, 6), trap_id(fx, "oil"));
  s.test_set_round(2);
  hand(fx, 2, "DDD");
  s.test_jump_to_turn(2, 2);
  act(fx, 2, "play desert");
  act(fx, 2, "end");
  chance(fx, "draw farm");
  // The free moves: Penelope to 5 (Desert), Red Max to 3 (Prairie), Slag to 1 (Desert).
  REQUIRE(where(fx, "slag-brothers") == 1);
  chance(fx, "draw desert");
  // Penelope moves first onto the Oil: Slag is pushed to tile 2 (Forest), then still takes his Desert move.
  CHECK(where(fx, "penelope-pitstop") == 6);
  CHECK(where(fx, "slag-brothers") == 3);
  ok(fx);
}

// Our reading: switching places is not "moving onto" a tile - no tile effect.
TEST_CASE("Reading: The Old Switcheroo does not set off the tile it lands on", "[wacky-races][readings]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  for (const char* t : {"ant-hill-mob", "red-max", "slag-brothers", "penelope-pitstop"}) put(fx, t, 12);
  put(fx, "ant-hill-mob", 13);
  put(fx, "red-max", 13);
  put(fx, "pat-pending", 10);
  put(fx, "rufus-ruffcut", 9);  // on the Gas Station, last
  s.put_trap(tile(fx, 11), trap_id(fx, "old-switcheroo"));
  s.set_exhausted(0, 0, true);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 9);  // now last, on the Gas Station...
  CHECK(s.exhausted(0, 0));              // ...but he did not pull in: no unexhausting
  ok(fx);
}
