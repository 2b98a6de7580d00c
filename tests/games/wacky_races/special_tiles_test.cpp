// Rulebook, Special Terrain: the Swamp, Crossroads, Railroad Crossing,
// A.C.M.E. Laboratory and the Gas Station.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
Fixture with_special(const std::string& special) {
  Setup su;
  su.special = special;  // tile 14 in the default course
  Fixture fx = start(su);
  no_dastardly(fx);
  return fx;
}
}  // namespace

// Rulebook, Swamp: "This tile ignores the Tiles Space rule ... and can have any number of Racers on it."
TEST_CASE("Swamp: any number of racers fit on it", "[wacky-races][rules][special]") {
  Fixture fx = with_special("swamp");
  put(fx, "pat-pending", 13);
  put(fx, "rufus-ruffcut", 14);
  put(fx, "ant-hill-mob", 14);
  put(fx, "red-max", 14);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 14);  // a 4th racer on the Swamp
  CHECK(fx.s().occupancy(tile(fx, 14)) == 4);
  ok(fx);
}

// Rulebook, Swamp: "In order to move away from this tile, a player must discard either 2 identical Movement
// cards or any combination of 3 Movement cards."
TEST_CASE("Swamp: leaving takes 2 identical cards or any 3; one card leaves you stuck",
          "[wacky-races][rules][special]") {
  {
    Fixture fx = with_special("swamp");
    put(fx, "pat-pending", 14);
    hand(fx, 0, "DDFD");
    CHECK_FALSE(can(fx, 0, "play desert"));
    CHECK(can(fx, 0, "stay forest"));
    CHECK(can(fx, 0, "pair desert"));
    CHECK_FALSE(can(fx, 0, "pair forest"));
    CHECK(can(fx, 0, "three desert+desert+forest"));
    CHECK_FALSE(can(fx, 0, "power pogo-spring"));  // a Movement power cannot pull you out
    act(fx, 0, "pair desert");
    CHECK(where(fx, "pat-pending") == 15);
    CHECK(fx.s().cards_played() == 2);
    CHECK(can(fx, 0, "play desert"));  // the 3rd card of the turn, matching the Desert
    ok(fx);
  }
  {
    Fixture fx = with_special("swamp");
    put(fx, "pat-pending", 14);
    hand(fx, 0, "DFP");
    CHECK(legal(fx, 0)[0] == "stay desert");
    act(fx, 0, "three desert+forest+prairie");
    CHECK(where(fx, "pat-pending") == 15);
    CHECK(fx.s().hand_total(0) == 0);
    ok(fx);
  }
  {
    Fixture fx = with_special("swamp");
    put(fx, "pat-pending", 14);
    hand(fx, 0, "DFP");
    act(fx, 0, "stay forest");
    CHECK(where(fx, "pat-pending") == 14);
    CHECK(can(fx, 0, "end"));
    CHECK_FALSE(can(fx, 0, "three desert+forest+prairie"));  // only 2 more cards this turn
    ok(fx);
  }
}

// Our reading: on the Swamp, a player's racer moves ahead only with its exit cards - Oil, powers and the
// Railroad Crossing cannot drag it out.
TEST_CASE("Swamp: other forward moves leave a player's racer stuck", "[wacky-races][rules][special]") {
  Fixture fx = with_special("swamp");
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 14);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "oil"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "rufus-ruffcut") == 14);
  CHECK(fx.said("is stuck in the Swamp"));
  ok(fx);
}

// Rulebook, Swamp: "Neutral Racers always exit this terrain with their first free movement."
TEST_CASE("Swamp: a Neutral Racer leaves it with its first move", "[wacky-races][rules][special][neutral]") {
  Fixture fx = with_special("swamp");
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 1);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 14);
  put(fx, "slag-brothers", 4);
  put(fx, "penelope-pitstop", 6);
  fx.s().test_set_round(2);
  hand(fx, 2, "DDD");
  fx.s().test_jump_to_turn(2, 2);
  act(fx, 2, "play desert");
  act(fx, 2, "end");
  chance(fx, "draw farm");
  CHECK(where(fx, "red-max") == 15);
  ok(fx);
}

// Rulebook, Crossroads: "When a player's Racer ends their turn on this tile, they can swap the positions of
// any 2 tiles in the Race Track, regardless of location along the Track. Racers on these tiles do not change
// positions, but any Trap cards move along with their tiles, possibly forcing a Racer at the tile's new
// location to trigger it immediately, if there are 2 Racers on the tile, the active player chooses which one
// triggers it ... The Crossroads' effect CANNOT target other Special tiles."
TEST_CASE("Crossroads: at the end of the turn swap 2 tiles; Traps travel and trigger",
          "[wacky-races][rules][special]") {
  Fixture fx = with_special("crossroads");
  WackyState& s = fx.s();
  put(fx, "pat-pending", 13);
  put(fx, "rufus-ruffcut", 16);
  put(fx, "ant-hill-mob", 16);
  s.put_trap(tile(fx, 3), trap_id(fx, "log"));
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 14);
  act(fx, 0, "end");
  REQUIRE(s.top()->kind == TaskKind::ChooseTile);
  const auto options = legal(fx, 0);
  CHECK(options.size() == 16 + 1);     // every Terrain tile, or no swap
  CHECK_FALSE(can(fx, 0, "tile 14"));  // not a Special tile
  CHECK_FALSE(can(fx, 0, "tile 9"));   // not the Gas Station
  CHECK_FALSE(can(fx, 0, "tile 19"));  // not the Finish Line
  CHECK(can(fx, 0, "no-swap"));
  act(fx, 0, "tile 3");
  CHECK_FALSE(can(fx, 0, "tile 3"));
  act(fx, 0, "tile 16");
  CHECK(s.kind_name(tile(fx, 3)) == "Forest");  // the tiles swapped places...
  CHECK(s.kind_name(tile(fx, 16)) == "Prairie");
  CHECK(where(fx, "rufus-ruffcut") == 16);  // ...the racers did not
  // The Log arrived under Rufus and the Ant Hill Mob: Pat picks who sets it off.
  REQUIRE(s.top()->kind == TaskKind::ChooseRacer);
  CHECK(s.top()->purpose == Purpose::Trigger);
  act(fx, 0, "racer ant-hill-mob");
  CHECK(where(fx, "ant-hill-mob") == 14);  // back 2 (tile 15, then the Crossroads)
  CHECK(where(fx, "rufus-ruffcut") == 16);
  CHECK(s.trap(tile(fx, 16)) < 0);
  chance(fx, "draw desert");  // then Pat's refill
  ok(fx);
}

TEST_CASE("Crossroads: the swap is optional and only for the racer ending its turn there",
          "[wacky-races][rules][special]") {
  Fixture fx = with_special("crossroads");
  put(fx, "pat-pending", 13);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  act(fx, 0, "end");
  act(fx, 0, "no-swap");
  CHECK(fx.said("leaves the course as it is"));
  chance(fx, "draw desert");
  CHECK(fx.s().current() == 1);
  // Passing over the Crossroads does nothing.
  Fixture by = with_special("crossroads");
  put(by, "pat-pending", 13);
  hand(by, 0, "MPP");
  act(by, 0, "play farm");     // onto the Crossroads (wild)
  act(by, 0, "play prairie");  // and on to tile 15
  act(by, 0, "end");
  CHECK(by.s().turn() == Turn::Chance);  // straight to the refill
  ok(by);
}

// Rulebook, Railroad Crossing: "When a Racer moves onto this tile, the Racer(s) in last place move ahead 1
// tile. If there are 2 Racers tied for last place, the player whose Racer landed on the Railroad Crossing can
// choose which Racer moves first. *Note that Dick Dastardly is never considered to be in last place!"
TEST_CASE("Railroad Crossing: the racers in last place move ahead 1", "[wacky-races][rules][special]") {
  Fixture fx = with_special("railroad-crossing");
  WackyState& s = fx.s();
  s.test_set_dastardly(-1, false);  // on the 00 spot, behind everyone - but never "last"
  put(fx, "pat-pending", 13);
  put(fx, "rufus-ruffcut", 2);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 3);
  put(fx, "slag-brothers", 10);
  put(fx, "penelope-pitstop", 11);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 14);
  REQUIRE(s.top()->kind == TaskKind::ChooseRacer);
  CHECK(legal(fx, 0) == std::vector<std::string>{"racer rufus-ruffcut", "racer ant-hill-mob"});
  act(fx, 0, "racer ant-hill-mob");
  CHECK(where(fx, "ant-hill-mob") == 3);  // beside Red Max
  CHECK(where(fx, "rufus-ruffcut") == 4);
  CHECK(where(fx, "red-max") == 3);
  ok(fx);
}

// Rulebook, A.C.M.E. Laboratory: "When the lead Racer moves onto this tile, reveal the top card of the
// Movement Deck. Place 1 Trap card on the next upcoming tile of that Terrain type, if possible." Special
// Note: "If a game effect ... requires a player to randomly determine a Terrain type, they look at the top
// card of the Movement Deck ... Then, place the card in the Discard Pile."
TEST_CASE("A.C.M.E. Laboratory: the leader reveals a terrain and a Trap goes on the next tile of it",
          "[wacky-races][rules][special]") {
  Fixture fx = with_special("acme-laboratory");
  WackyState& s = fx.s();
  put(fx, "pat-pending", 13);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  REQUIRE(s.turn() == Turn::Chance);
  chance(fx, "draw forest");    // the randomly determined terrain...
  CHECK(s.top_discard() == 1);  // ...is discarded
  chance(fx, "trap oil");
  CHECK(s.trap(tile(fx, 16)) == trap_id(fx, "oil"));  // the next Forest after the Lab
  ok(fx);
  // A racer behind the leader changes nothing.
  Fixture behind = with_special("acme-laboratory");
  put(behind, "pat-pending", 13);
  put(behind, "red-max", 17);
  hand(behind, 0, "MDD");
  act(behind, 0, "play farm");
  CHECK(behind.s().turn() == Turn::Player);
  CHECK(behind.s().trap_deck_total() == 16);
}

// Rulebook, Gas Station: "When the Racer in last place moves onto this tile, all players unexhaust 1 of their
// facedown Special Power cards."
TEST_CASE("Gas Station: when the last racer pulls in, every player unexhausts 1 power",
          "[wacky-races][rules][special]") {
  Fixture fx = with_special("swamp");
  WackyState& s = fx.s();
  put(fx, "pat-pending", 8);
  put(fx, "rufus-ruffcut", 9);
  put(fx, "ant-hill-mob", 11);
  put(fx, "red-max", 10);
  put(fx, "slag-brothers", 12);
  put(fx, "penelope-pitstop", 13);
  s.set_exhausted(0, 3, true);
  s.set_exhausted(1, 0, true);
  s.set_exhausted(1, 1, true);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 9);
  CHECK_FALSE(s.exhausted(0, 3));  // only one to choose from
  REQUIRE(s.top()->kind == TaskKind::ChoosePower);
  act(fx, 1, "unexhaust sawtooth");
  CHECK_FALSE(s.exhausted(1, 0));
  CHECK(s.exhausted(1, 1));
  CHECK(fx.said("pulls into the Gas Station in last place"));
  ok(fx);
  // Not in last place: nothing.
  Fixture mid = with_special("swamp");
  put(mid, "pat-pending", 8);
  mid.s().set_exhausted(0, 3, true);
  hand(mid, 0, "MDD");
  act(mid, 0, "play farm");  // the Neutral Racers are still on the Starting Board
  CHECK(mid.s().exhausted(0, 3));
}
