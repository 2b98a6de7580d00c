// Rulebook, Racers' Special Powers (and the reference's 40 power cards): one
// test per effect code, the Sawtooth example, and the rules common to all.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

// Reference: "40 Special Power cards, 4 per racer. Each racer has exactly one trap-cancelling card and three
// action powers"; the table of effect codes (Drill-a-Way and Sawtooth as the rulebook shows them).
TEST_CASE("Powers: 40 Special Power cards, 4 per racer, one of them cancelling a Trap",
          "[wacky-races][rules][powers]") {
  const Catalog c = load_catalog(DataSource::embedded());
  REQUIRE(c.teams.size() == 10);
  int total = 0;
  for (const Team& t : c.teams) {
    int cancels = 0;
    for (const Power& p : t.powers) {
      ++total;
      cancels += p.is_cancel();
    }
    CHECK(cancels == 1);
  }
  CHECK(total == 40);
  const auto power = [&](const std::string& team, int i) -> const Power& {
    return c.teams[static_cast<std::size_t>(c.team_index(team))].powers[static_cast<std::size_t>(i)];
  };
  CHECK(power("pat-pending", 3).name == "Drill-a-Way");
  CHECK(power("pat-pending", 3).cancels() == c.trap_index("painted-tunnel"));
  CHECK(power("rufus-ruffcut", 0).name == "Sawtooth");
  CHECK(power("rufus-ruffcut", 0).effects.front().code == PowerCode::SwapTileAhead);
  CHECK(power("red-max", 3).cancels() == c.trap_index("oil"));
  CHECK(power("lazy-luke", 1).effects.size() == 2);  // MOVE 2, then discard 1
  CHECK(describe(c, power("lazy-luke", 1)) == "move ahead 2 spaces, then discard 1 card of your choice");
}

// Rulebook: "When a player uses a Special Power, they flip over the matching Special Power card ...,
// exhausting that card. Exhausted cards cannot be used until unexhausted." Reference: "if no target exists,
// the power cannot be used."
TEST_CASE("Powers: a used power is exhausted; a power without a target cannot be used",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("ant-hill-mob,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "ant-hill-mob", 5);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 1);
  CHECK_FALSE(can(fx, 0, "power shakedown"));  // nobody within 1 tile
  CHECK_FALSE(can(fx, 0, "power muscle-in"));
  CHECK_FALSE(can(fx, 0, "power bulletproof-bodywork"));  // a cancel card is never played
  act(fx, 0, "power getaway-power");
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "getaway-power")));
  CHECK_FALSE(can(fx, 0, "power getaway-power"));
  ok(fx);
}

// MOVE n: Red Max's Take to the Skies.
TEST_CASE("Power MOVE: Take to the Skies moves Red Max 2 spaces", "[wacky-races][rules][powers]") {
  Fixture fx = race_with("red-max,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "red-max", 1);
  put(fx, "pat-pending", 2);
  put(fx, "rufus-ruffcut", 2);
  act(fx, 0, "power take-to-the-skies");
  CHECK(where(fx, "red-max") == 4);  // tile 2 is full: 3, then 4
  ok(fx);
}

// MOVE stops at an uncancelled Trap: the rest of the move is lost and the turn ends.
TEST_CASE("Power MOVE: an uncancelled Trap on the way stops the move and the turn",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("red-max,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "red-max", 1);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "broken-bridge"));
  act(fx, 0, "power take-to-the-skies");
  CHECK(where(fx, "red-max") == 2);
  CHECK(fx.s().current() == 1);  // no cards played: the turn is over anyway
  ok(fx);
}

// DRAW n: Pat Pending's Gadget Galore.
TEST_CASE("Power DRAW: Gadget Galore draws 2 cards", "[wacky-races][rules][powers]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  act(fx, 0, "power gadget-galore");
  chance(fx, "draw farm");
  chance(fx, "draw farm");
  CHECK(fx.s().hand_total(0) == 5);
  CHECK(fx.s().hand(0, 3) == 2);
  ok(fx);
}

// STEAL n @r (random): the Ant Hill Mob's Shakedown takes a random card from a player's racer within 1 tile.
TEST_CASE("Power STEAL: Shakedown takes a random card from a racer within 1 tile",
          "[wacky-races][rules][powers]") {
  Fixture fx = shakedown_on_pat();  // Pat is the only target
  REQUIRE(fx.s().turn() == Turn::Chance);
  std::vector<Outcome> outs;
  fx.s().chance_outcomes(outs);
  REQUIRE(outs.size() == 2);  // a random card of Pat's: 2 Prairie, 1 Farm
  CHECK(outs[0].weight == 2);
  chance(fx, "pick prairie");
  CHECK(hand_of(fx, 1) == "PM");
  CHECK(fx.s().hand(0, 2) == 2);  // "DFP" + the stolen Prairie
  ok(fx);
}

// STEAL n @r (victim picks): Penelope's Hayulp! - the victim chooses the card.
TEST_CASE("Power STEAL: Hayulp! takes a card the victim chooses, within 2 tiles",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("penelope-pitstop,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "penelope-pitstop", 5);
  put(fx, "pat-pending", 7);
  put(fx, "rufus-ruffcut", 3);
  act(fx, 0, "power hayulp");
  REQUIRE(fx.s().top()->kind == TaskKind::ChooseRacer);
  act(fx, 0, "racer rufus-ruffcut");
  std::vector<PlayerId> who;
  fx.s().actors(who);
  CHECK(who == std::vector<PlayerId>{2});  // Rufus's player picks the card
  act(fx, 2, "card forest");
  CHECK(hand_of(fx, 2) == "DP");
  CHECK(fx.s().hand(0, 1) == 2);
  ok(fx);
}

// SWAP_RACER @1 ahead: the Ant Hill Mob's Muscle In.
TEST_CASE("Power SWAP_RACER: Muscle In swaps places with a racer 1 tile ahead",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("ant-hill-mob,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "ant-hill-mob", 5);
  put(fx, "pat-pending", 6);
  put(fx, "rufus-ruffcut", 4);  // behind: not a target
  act(fx, 0, "power muscle-in");
  CHECK(where(fx, "ant-hill-mob") == 6);
  CHECK(where(fx, "pat-pending") == 5);
  ok(fx);
}

// PUSH_BACK n @0: the Slag Brothers' Caveman Clobber hits a racer on the same tile.
TEST_CASE("Power PUSH_BACK: Caveman Clobber knocks a racer on your tile back 1",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("slag-brothers,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "lazy-luke"});
  put(fx, "slag-brothers", 5);
  put(fx, "pat-pending", 5);
  put(fx, "rufus-ruffcut", 6);  // ahead: out of reach of @0
  act(fx, 0, "power caveman-clobber");
  CHECK(where(fx, "pat-pending") == 4);
  CHECK(where(fx, "rufus-ruffcut") == 6);
  ok(fx);
}

// PUSH_BACK n @r ahead: Sergeant Blast's Fire! reaches 2 tiles ahead; a neutral is a fair target.
TEST_CASE("Power PUSH_BACK: Fire! knocks back a racer up to 2 tiles ahead", "[wacky-races][rules][powers]") {
  Fixture fx =
      race_with("sergeant-blast,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "lazy-luke"});
  put(fx, "sergeant-blast", 5);
  put(fx, "pat-pending", 2);
  put(fx, "rufus-ruffcut", 9);
  put(fx, "red-max", 7);
  act(fx, 0, "power fire");  // Red Max is the only racer 1-2 tiles ahead
  CHECK(where(fx, "red-max") == 6);
  ok(fx);
}

// WILD_TILE: Peter Perfect's Showing Off.
TEST_CASE("Power WILD_TILE: Showing Off makes your tile match every card this turn",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("peter-perfect,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "peter-perfect", 1);
  hand(fx, 0, "DPP");
  act(fx, 0, "play desert");  // onto tile 2, a Forest
  CHECK_FALSE(can(fx, 0, "play prairie"));
  act(fx, 0, "power showing-off");
  CHECK(can(fx, 0, "play prairie"));
  act(fx, 0, "play prairie");
  CHECK(where(fx, "peter-perfect") == 3);
  CHECK(can(fx, 0, "play prairie"));  // tile 3 is a Prairie anyway
  ok(fx);
}

// FORCE_DISCARD n @r: Red Max's Dogfight.
TEST_CASE("Power FORCE_DISCARD: Dogfight makes a racer within 1 tile discard a random card",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("red-max,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "red-max", 5);
  put(fx, "pat-pending", 4);
  put(fx, "rufus-ruffcut", 9);
  act(fx, 0, "power dogfight");
  chance(fx, "pick forest");
  CHECK(hand_of(fx, 1) == "DP");
  CHECK(fx.s().top_discard() == 1);
  ok(fx);
}

// EXHAUST_OTHER @r: Penelope's Powder Puff - the target's owner chooses which power.
TEST_CASE("Power EXHAUST_OTHER: Powder Puff makes a rival exhaust a power of their choice",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("penelope-pitstop,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "penelope-pitstop", 5);
  put(fx, "pat-pending", 6);
  put(fx, "rufus-ruffcut", 9);
  act(fx, 0, "power powder-puff");
  std::vector<PlayerId> who;
  fx.s().actors(who);
  REQUIRE(who == std::vector<PlayerId>{1});
  CHECK(legal(fx, 1).size() == 4);
  act(fx, 1, "exhaust convert");
  CHECK(fx.s().exhausted(1, power_index(fx, 1, "convert")));
  ok(fx);
}

// PEEK_TRAP then DRAW 1: Red Max's Aerial Recon; only the peeker learns the Trap.
TEST_CASE("Power PEEK_TRAP: Aerial Recon looks at a face-down Trap, then draws",
          "[wacky-races][rules][powers]") {
  Fixture fx = race_with("red-max,pat-pending,rufus-ruffcut", kOthers);
  WackyState& s = fx.s();
  CHECK_FALSE(can(fx, 0, "power aerial-recon"));  // no Trap on the course yet
  s.put_trap(tile(fx, 4), trap_id(fx, "mud-pool"));
  s.put_trap(tile(fx, 7), trap_id(fx, "oil"));
  act(fx, 0, "power aerial-recon");
  act(fx, 0, "tile 7");
  CHECK(s.peeked(0, tile(fx, 7)));
  CHECK_FALSE(s.peeked(1, tile(fx, 7)));
  bool private_note = false;
  for (const auto& e : fx.events)
    if (e.text == "The Trap on tile 7 (Prairie) is Oil.") private_note = e.audience == 0;
  CHECK(private_note);
  chance(fx, "draw desert");
  CHECK(s.hand_total(0) == 4);
  ok(fx);
}

// DASTARDLY_BACK: the Gruesome Twosome's Haunted Fog.
TEST_CASE("Power DASTARDLY_BACK: Haunted Fog sends the Mean Machine behind the last racer",
          "[wacky-races][rules][powers]") {
  Fixture fx =
      race_with("gruesome-twosome,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "lazy-luke"});
  WackyState& s = fx.s();
  for (const char* t :
       {"gruesome-twosome", "pat-pending", "rufus-ruffcut", "red-max", "ant-hill-mob", "lazy-luke"})
    put(fx, t, 6);
  put(fx, "pat-pending", 5);
  put(fx, "red-max", 8);
  put(fx, "lazy-luke", 9);
  put(fx, "ant-hill-mob", 7);
  s.test_set_dastardly(tile(fx, 11), false);
  act(fx, 0, "power haunted-fog");
  CHECK(s.dastardly() == tile(fx, 4));
  ok(fx);
}

// HAND_PLUS n: Lazy Luke's Lazy Nap.
TEST_CASE("Power HAND_PLUS: Lazy Nap refills the hand to 5 this turn", "[wacky-races][rules][powers]") {
  Fixture fx =
      race_with("lazy-luke,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "gruesome-twosome"});
  put(fx, "lazy-luke", 1);
  act(fx, 0, "power lazy-nap");
  act(fx, 0, "play desert");
  act(fx, 0, "end");
  for (int i = 0; i < 3; ++i) chance(fx, "draw farm");
  CHECK(fx.s().hand_total(0) == 5);
  CHECK(fx.s().current() == 1);
  ok(fx);
}

// SWAP_TILE_AHEAD, worked example: "With 2 Forest and 1 Desert cards in hand, Rufus decides to exhaust his
// Special Power card Sawtooth to swap a Forest tile with the tile in front of his current tile (a Prairie).
// He plays his 1st Movement card, which is a Desert, moving from the Farm onto the Forest tile. Then, he
// plays is 2nd Movement card, a Forest, to roar through the Forest and onto the next tile! If Rufus had a
// Prairie card, he could use it for his 3rd Movement on this turn."
TEST_CASE("Sawtooth example: Rufus swaps a Forest in front of him and roars through it",
          "[wacky-races][rules][powers][example]") {
  Setup su;
  su.racers = "rufus-ruffcut,pat-pending,ant-hill-mob";
  su.course =
      "DMPPDFFM"
      "DFPMSDFPM";  // tile 2 Farm, 3 Prairie, 4 Prairie, 6 and 7 Forest
  Fixture fx = start(su);
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "rufus-ruffcut", 2);
  hand(fx, 0, "FFD");
  act(fx, 0, "power sawtooth");
  REQUIRE(s.top()->kind == TaskKind::ChooseTile);
  CHECK_FALSE(can(fx, 0, "tile 3"));  // the tile in front itself
  CHECK_FALSE(can(fx, 0, "tile 9"));  // the Gas Station is no Terrain tile
  act(fx, 0, "tile 6");
  CHECK(s.kind_name(tile(fx, 3)) == "Forest");
  CHECK(s.kind_name(tile(fx, 6)) == "Prairie");
  act(fx, 0, "play desert");  // from the Farm onto the Forest
  CHECK(where(fx, "rufus-ruffcut") == 3);
  act(fx, 0, "play forest");  // through the Forest onto the next tile
  CHECK(where(fx, "rufus-ruffcut") == 4);
  CHECK(s.kind_name(tile(fx, 4)) == "Prairie");
  CHECK_FALSE(can(fx, 0, "play forest"));
  CHECK(s.matches(tile(fx, 4), 2));  // "If Rufus had a Prairie card, he could use it for his 3rd Movement"
  ok(fx);
}

// Reference: "Traps travel with their tiles and trigger at once on a racer now standing on them."
TEST_CASE("Power SWAP_TILE_AHEAD: a Trap travels with its tile and triggers on a racer there",
          "[wacky-races][rules][powers]") {
  Setup su;
  su.racers = "rufus-ruffcut,pat-pending,ant-hill-mob";
  Fixture fx = start(su);
  no_dastardly(fx);
  WackyState& s = fx.s();
  put(fx, "rufus-ruffcut", 5);
  put(fx, "pat-pending", 10);
  s.put_trap(tile(fx, 6), trap_id(fx, "boulder"));  // the tile in front of Rufus
  act(fx, 0, "power sawtooth");
  act(fx, 0, "tile 10");
  CHECK(s.trap(tile(fx, 6)) < 0);
  CHECK(where(fx, "pat-pending") == 9);  // the Boulder arrived under Pat
  ok(fx);
}

// REDRAW: the Slag Brothers' Rebuild.
TEST_CASE("Power REDRAW: Rebuild discards any cards and draws one more", "[wacky-races][rules][powers]") {
  Fixture fx = race_with("slag-brothers,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "lazy-luke"});
  hand(fx, 0, "DFP");
  act(fx, 0, "power rebuild");
  act(fx, 0, "card desert");
  act(fx, 0, "card forest");
  CHECK(hand_of(fx, 0) == "P");
  act(fx, 0, "done");
  for (int i = 0; i < 3; ++i) chance(fx, "draw farm");
  CHECK(hand_of(fx, 0) == "PMMM");
  ok(fx);
}

// MOVE 2, then DISCARD 1: Lazy Luke's Blubber's Panic.
TEST_CASE("Power DISCARD: Blubber's Panic moves 2, then Luke discards a card of his choice",
          "[wacky-races][rules][powers]") {
  Fixture fx =
      race_with("lazy-luke,pat-pending,rufus-ruffcut", {"red-max", "ant-hill-mob", "gruesome-twosome"});
  put(fx, "lazy-luke", 1);
  act(fx, 0, "power blubbers-panic");
  CHECK(where(fx, "lazy-luke") == 3);
  REQUIRE(fx.s().top()->kind == TaskKind::ChooseCard);
  act(fx, 0, "card prairie");
  CHECK(hand_of(fx, 0) == "DF");
  ok(fx);
}
