// Rulebook, Dick Dastardly's Traps and Setting Off Traps: triggering, cancelling
// and each of the nine Trap cards.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
// Pat Pending (seat 1) at tile `from` with a Trap of `kind` on tile `at`, Dastardly out of the way.
Fixture pat_before_trap(int from, int at, const std::string& kind, const std::string& cards = "DFPM") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", from);
  fx.s().put_trap(tile(fx, at), trap_id(fx, kind));
  hand(fx, 0, cards);
  return fx;
}
}  // namespace

// Rulebook, Setting Off Traps: "When any Racer (player-owned or Neutral) moves onto a tile that contains a
// Trap card, the Trap card is flipped faceup and that car suffers the consequences immediately." "After
// resolving the Trap card, or if it is canceled, the Trap card is always discarded afterward."
TEST_CASE("Setting Off Traps: moving onto a trapped tile flips the Trap and applies it at once",
          "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "boulder");
  act(fx, 0, "play desert");
  CHECK(fx.said("sets off the Trap on tile 2 (Forest): Boulder!"));
  CHECK(where(fx, "pat-pending") == 1);  // thrown back at once
  CHECK(fx.s().trap(tile(fx, 2)) < 0);
  CHECK(fx.s().trap_discards(trap_id(fx, "boulder")) == 1);
  ok(fx);
}

// Rulebook, Setting Off Traps: "If a player's Racer cannot cancel a Trap, it suffers the consequences fully
// and the player's turn ends. The player may still draw Movement cards to refill their hand as normal."
TEST_CASE("Setting Off Traps: an uncancelled Trap ends the turn, but the hand still refills",
          "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "boulder", "FFF");
  act(fx, 0, "play forest");
  REQUIRE(fx.s().turn() == Turn::Chance);  // no more cards: straight to the refill
  chance(fx, "draw desert");
  CHECK(fx.s().hand_total(0) == 3);
  CHECK(fx.s().current() == 1);
  CHECK(fx.said("cannot cancel it: the turn ends"));
  ok(fx);
}

// Rulebook, Setting Off Traps, worked example: "Professor just moved onto the Desert tile containing
// Dastardly's Trap card. He flips over the card: a Painted Tunnel! Normally, he would apply the Trap card's
// effect, but his Special Power: Drill-a-Way is ready to be used! So, instead of triggering the Trap, he
// flips the Special Power card facedown and discards the Painted Tunnel before continuing his turn normally!"
TEST_CASE("Trap example: Drill-a-Way cancels the Painted Tunnel and Pat Pending carries on",
          "[wacky-races][rules][traps][example]") {
  Fixture fx = pat_before_trap(4, 5, "painted-tunnel", "MDD");  // tile 5 is a Desert
  const int rufus = where(fx, "rufus-ruffcut");
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 5);
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "drill-a-way")));
  CHECK(fx.s().trap_discards(trap_id(fx, "painted-tunnel")) == 1);
  CHECK(where(fx, "rufus-ruffcut") == rufus);  // the racers at the back did not move
  CHECK(fx.said("flips Drill-a-Way and cancels the Painted Tunnel"));
  // "continuing his turn normally": a 2nd card on the Desert.
  REQUIRE(fx.s().top()->kind == TaskKind::TurnMain);
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 6);
  ok(fx);
}

// Rulebook, Setting Off Traps: "If a player has an unexhausted Special Power card for that specific type of
// Trap, the Special Power card must be flipped facedown" - mandatory, and only while it is unexhausted.
TEST_CASE("Setting Off Traps: only an unexhausted matching power cancels, and it must",
          "[wacky-races][rules][traps]") {
  {
    Fixture fx = pat_before_trap(4, 5, "painted-tunnel", "MDD");
    act(fx, 0, "play farm");
    // No question was asked: the card flipped by itself.
    CHECK(fx.s().top()->kind == TaskKind::TurnMain);
    CHECK(fx.s().exhausted(0, power_index(fx, 0, "drill-a-way")));
  }
  {
    Fixture fx = pat_before_trap(4, 5, "painted-tunnel", "MDD");
    fx.s().set_exhausted(0, power_index(fx, 0, "drill-a-way"), true);
    put(fx, "rufus-ruffcut", 1);
    put(fx, "ant-hill-mob", 2);
    put(fx, "red-max", 8);
    put(fx, "slag-brothers", 9);
    put(fx, "penelope-pitstop", 10);
    act(fx, 0, "play farm");
    CHECK((fx.s().current() != 0 || fx.s().turn() == Turn::Chance));  // the turn ended
    CHECK(where(fx, "ant-hill-mob") == 4);                            // the Tunnel worked
    CHECK(where(fx, "rufus-ruffcut") == 3);
  }
}

// Rulebook, Broken Bridge: "The Racer that triggers this Trap can only play 1 Movement card on their
// following turn."
TEST_CASE("Trap: Broken Bridge allows only 1 Movement card on the following turn",
          "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "broken-bridge", "FFF");
  act(fx, 0, "play forest");
  chance(fx, "draw prairie");
  CHECK(fx.s().bridge(0));
  fx.s().test_jump_to_turn(0, 0);
  CHECK_FALSE(fx.s().bridge(0));
  CHECK(fx.s().card_limit() == 1);
  hand(fx, 0, "FPP");
  act(fx, 0, "play forest");  // onto tile 3, a Prairie
  CHECK_FALSE(can(fx, 0, "play prairie"));
  CHECK(fx.said("can only play 1 Movement card this turn"));
  ok(fx);
}

// Rulebook, Oil: "All other Racers (not the one that triggered the Trap) move ahead 1 space." Setting Off
// Traps: "If 2 Racers are on the same tile that is affected by a Special Power or Trap, the active player
// chooses the order to resolve it."
TEST_CASE("Trap: Oil moves every other racer ahead 1, leader first; the active player orders a shared tile",
          "[wacky-races][rules][traps]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  s.test_set_position(slot(fx, "pat-pending"), 5);  // the front Starting Board space
  put(fx, "ant-hill-mob", 1);
  put(fx, "red-max", 1);  // tile 1 is full: Pat jumps to tile 2
  put(fx, "penelope-pitstop", 6);
  put(fx, "slag-brothers", 7);
  put(fx, "rufus-ruffcut", 8);
  s.put_trap(tile(fx, 2), trap_id(fx, "oil"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 2);
  CHECK(where(fx, "rufus-ruffcut") == 9);  // the leaders have moved
  CHECK(where(fx, "slag-brothers") == 8);
  CHECK(where(fx, "penelope-pitstop") == 7);
  // Ant Hill Mob and Red Max share tile 1: Pat decides who goes first.
  REQUIRE(s.turn() == Turn::Player);
  REQUIRE(s.top()->kind == TaskKind::ChooseRacer);
  CHECK(legal(fx, 0) == std::vector<std::string>{"racer ant-hill-mob", "racer red-max"});
  act(fx, 0, "racer red-max");
  CHECK(where(fx, "red-max") == 2);       // the last space beside Pat
  CHECK(where(fx, "ant-hill-mob") == 3);  // tile 2 is full now
  CHECK(where(fx, "pat-pending") == 2);   // the one who triggered it stays
  ok(fx);
}

// Rulebook, Painted Tunnel: "The 2 Racers furthest away from the Finish Line move ahead 2 spaces."
TEST_CASE("Trap: Painted Tunnel moves the 2 racers furthest back ahead 2 spaces",
          "[wacky-races][rules][traps]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 1);
  put(fx, "ant-hill-mob", 2);
  put(fx, "rufus-ruffcut", 3);
  put(fx, "red-max", 6);
  put(fx, "slag-brothers", 7);
  put(fx, "penelope-pitstop", 8);
  s.put_trap(tile(fx, 4), trap_id(fx, "painted-tunnel"));
  hand(fx, 1, "MMM");
  s.test_jump_to_turn(1, 1);
  act(fx, 1, "play farm");  // Rufus cannot cancel a Painted Tunnel
  CHECK(where(fx, "rufus-ruffcut") == 4);
  CHECK(where(fx, "ant-hill-mob") == 4);  // 2 -> 3 -> 4 (leader of the two first)
  CHECK(where(fx, "pat-pending") == 3);   // 1 -> 2 -> 3
  CHECK(where(fx, "red-max") == 6);
  ok(fx);
}

// Setting Off Traps: "the active player chooses" - here, who of two racers tied for last-but-one is "furthest
// away" and moves with the Painted Tunnel.
TEST_CASE("Trap: Painted Tunnel - the active player picks among racers tied furthest back",
          "[wacky-races][rules][traps]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "pat-pending", 1);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 2);
  put(fx, "rufus-ruffcut", 3);
  put(fx, "slag-brothers", 7);
  put(fx, "penelope-pitstop", 8);
  s.put_trap(tile(fx, 4), trap_id(fx, "painted-tunnel"));
  hand(fx, 1, "MMM");
  s.test_jump_to_turn(1, 1);
  act(fx, 1, "play farm");
  REQUIRE(s.top()->kind == TaskKind::ChooseRacer);
  CHECK(s.top()->purpose == Purpose::Rear);
  CHECK(legal(fx, 1) == std::vector<std::string>{"racer ant-hill-mob", "racer red-max"});
  act(fx, 1, "racer red-max");
  CHECK(where(fx, "red-max") == 4);
  CHECK(where(fx, "ant-hill-mob") == 2);
  CHECK(where(fx, "pat-pending") == 3);
  ok(fx);
}

// Rulebook, Boulder: "The Racer that triggers this Trap is moved backwards to the first available empty
// space."
TEST_CASE("Trap: Boulder throws the racer back to the first free space behind",
          "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "boulder");
  fx.s().test_set_position(slot(fx, "pat-pending"), 5);
  put(fx, "ant-hill-mob", 1);
  put(fx, "red-max", 1);
  put(fx, "penelope-pitstop", 10);
  act(fx, 0, "play desert");                        // over the full tile 1 onto the Boulder at tile 2
  CHECK(fx.s().pos(slot(fx, "pat-pending")) == 5);  // tile 1 is full: back to the Starting Board
  ok(fx);
}

// Rulebook, Log: "The Racer that triggers this Trap moves backwards 2 spaces."
TEST_CASE("Trap: Log moves the racer back 2 spaces", "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(2, 4, "log");
  put(fx, "ant-hill-mob", 3);
  put(fx, "red-max", 3);
  act(fx, 0, "play desert");             // over the full tile 3 onto the Log
  CHECK(where(fx, "pat-pending") == 1);  // back: 3 is full, so 2, then 1
  ok(fx);
}

// Rulebook, Sabotage: "The Racer that triggers this Trap chooses 1 of their Special Power cards to exhaust,
// if possible."
TEST_CASE("Trap: Sabotage - the racer exhausts a Special Power card of its choice",
          "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "sabotage");
  act(fx, 0, "play desert");
  REQUIRE(fx.s().top()->kind == TaskKind::ChoosePower);
  CHECK(legal(fx, 0).size() == 4);
  act(fx, 0, "exhaust gadget-galore");
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "gadget-galore")));
  CHECK(fx.s().current() == 1);  // the turn is over (3 cards left: nothing to draw)
  // With one ready card left there is nothing to choose; with none, nothing happens.
  Fixture one = pat_before_trap(1, 2, "sabotage");
  for (int i = 0; i < 3; ++i) one.s().set_exhausted(0, i, true);
  act(one, 0, "play desert");
  CHECK(one.s().exhausted(0, 3));
  ok(one);
}

// Rulebook, The Old Switcheroo: "The Racer that triggers this Trap switches places with the closest Racer
// behind them, up to 3 tiles away."
TEST_CASE("Trap: The Old Switcheroo swaps with the closest racer behind, up to 3 tiles away",
          "[wacky-races][rules][traps]") {
  {
    Fixture fx = pat_before_trap(4, 5, "old-switcheroo");
    put(fx, "rufus-ruffcut", 3);
    put(fx, "ant-hill-mob", 2);
    act(fx, 0, "play desert");
    CHECK(where(fx, "pat-pending") == 3);
    CHECK(where(fx, "rufus-ruffcut") == 5);
    ok(fx);
  }
  {
    Fixture fx = pat_before_trap(10, 11, "old-switcheroo");  // everyone else is far behind
    put(fx, "rufus-ruffcut", 7);
    act(fx, 0, "play desert");
    CHECK(where(fx, "pat-pending") == 11);
    CHECK(fx.said("No racer is within 3 tiles behind"));
    ok(fx);
  }
}

// Rulebook, Mud Pool: "The Racer that triggers this Trap doesn't replenish their hand back up to 3 cards at
// the end of their turn."
TEST_CASE("Trap: Mud Pool - no refill at the end of the turn", "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "mud-pool", "DF");
  act(fx, 0, "play desert");
  CHECK(fx.s().turn() == Turn::Player);  // no refill draw: Rufus plays at once
  CHECK(fx.s().current() == 1);
  CHECK(fx.s().hand_total(0) == 1);
  CHECK_FALSE(fx.s().mud(0));
  CHECK(fx.said("does not refill their hand"));
  ok(fx);
}

// Rulebook, Failed Plan: "All Racers may unexhaust 1 of their Special Power cards, if possible."
TEST_CASE("Trap: Failed Plan - every player unexhausts 1 Special Power card", "[wacky-races][rules][traps]") {
  Fixture fx = pat_before_trap(1, 2, "failed-plan");
  WackyState& s = fx.s();
  s.set_exhausted(0, 0, true);  // Pat: one card down - it comes back by itself
  s.set_exhausted(1, 1, true);  // Rufus: two down - he chooses
  s.set_exhausted(1, 2, true);
  act(fx, 0, "play desert");
  CHECK_FALSE(s.exhausted(0, 0));
  REQUIRE(s.top()->kind == TaskKind::ChoosePower);
  std::vector<PlayerId> who;
  s.actors(who);
  CHECK(who == std::vector<PlayerId>{1});
  CHECK(legal(fx, 1) == std::vector<std::string>{"unexhaust buzz-saw-shortcut", "unexhaust timber"});
  act(fx, 1, "unexhaust timber");
  CHECK_FALSE(s.exhausted(1, 2));
  CHECK(s.exhausted(1, 1));
  ok(fx);
}

// Rulebook, Dick Dastardly's Traps: "If a Neutral Racer triggers this Trap, nothing happens." (Broken Bridge,
// Mud Pool and Sabotage act on cards and powers a Neutral Racer does not have.) "Neutral Racers that run into
// Trap cards automatically trigger them, applying their consequences whenever possible".
TEST_CASE("Traps and Neutral Racers: they trigger Traps; card and power Traps do nothing to them",
          "[wacky-races][rules][traps][neutral]") {
  Fixture fx = pat_before_trap(1, 2, "oil");
  WackyState& s = fx.s();
  put(fx, "red-max", 4);
  put(fx, "slag-brothers", 7);
  put(fx, "penelope-pitstop", 9);
  put(fx, "rufus-ruffcut", 11);
  put(fx, "ant-hill-mob", 12);
  s.put_trap(tile(fx, 5), trap_id(fx, "broken-bridge"));
  s.put_trap(tile(fx, 8), trap_id(fx, "log"));
  act(fx, 0, "play desert");  // Oil: everyone else moves 1
  CHECK(where(fx, "red-max") == 5);
  CHECK(fx.said("Red Max (Neutral) is a Neutral Racer: nothing happens."));
  CHECK(s.trap(tile(fx, 5)) < 0);
  CHECK(where(fx, "slag-brothers") == 6);  // 7 -> 8 (Log) -> back 2
  CHECK(s.trap_discards(trap_id(fx, "log")) == 1);
  ok(fx);
}
