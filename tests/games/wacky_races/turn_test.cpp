// Rulebook, "Racing!": the player turn - Movement cards, terrain, the Tile
// Space rule, powers at any time, redrawing the hand.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

// Rulebook, Steps 1, 2, and 3: "each player MUST play at least 1 Movement card from their hand. This first
// card moves their Racer forward 1 space, regardless of the Terrain type showing on the card or the type of
// terrain their Racer is currently on."
TEST_CASE("Turn: the first card moves 1 space whatever its terrain", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);  // Desert
  hand(fx, 0, "FFM");
  CHECK(can(fx, 0, "play forest"));
  CHECK(can(fx, 0, "play farm"));
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 2);
  CHECK(fx.s().cards_played() == 1);
  CHECK(fx.s().top_discard() == 3);  // the Farm went to the Discard Pile
  ok(fx);
}

// Rulebook, Steps 1, 2, and 3: "each player MUST play at least 1 Movement card from their hand."
TEST_CASE("Turn: a player must play at least 1 Movement card", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  CHECK_FALSE(can(fx, 0, "end"));
  act(fx, 0, "play desert");
  CHECK(can(fx, 0, "end"));  // "the player may choose to play a 2nd Movement card"
}

// Rulebook, Steps 1, 2, and 3: "the player may choose to play a 2nd Movement card, as long as it matches the
// Terrain type where their Racer is currently located."
TEST_CASE("Turn: a 2nd card must match the terrain the racer is on", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "MFD");
  act(fx, 0, "play farm");  // onto tile 2, Forest
  CHECK(can(fx, 0, "play forest"));
  CHECK_FALSE(can(fx, 0, "play desert"));
  act(fx, 0, "play forest");
  CHECK(where(fx, "pat-pending") == 3);  // Prairie now: the Desert still does not match
  CHECK_FALSE(can(fx, 0, "play desert"));
  ok(fx);
}

// Rulebook, Steps 1, 2, and 3: "If the player played a 2nd Movement card, they may play a 3rd one that must
// also match the Terrain type where their Racer is currently located." (Three at most.)
TEST_CASE("Turn: a 3rd matching card moves again, and there is no 4th", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "MFPM");
  act(fx, 0, "play farm");     // tile 2, Forest
  act(fx, 0, "play forest");   // tile 3, Prairie
  act(fx, 0, "play prairie");  // tile 4, Farm
  CHECK(where(fx, "pat-pending") == 4);
  CHECK(fx.s().hand(0, 3) == 1);
  CHECK_FALSE(can(fx, 0, "play farm"));  // a Farm on a Farm tile, but it would be the 4th card
  CHECK(can(fx, 0, "end"));
  ok(fx);
}

// Rulebook, Wild Terrain Tiles: "White bordered tiles (including the Gas Station), and the first 2 spaces on
// the Starting Board count as ALL Terrain types (matching any Terrain card)". Special tiles: "wild".
TEST_CASE("Wild tiles: the Gas Station, Special tiles and the front 2 Starting Board spaces match every card",
          "[wacky-races][rules][turn]") {
  Setup su;
  su.special = "crossroads";
  Fixture fx = start(su);
  WackyState& s = fx.s();
  for (int k = 0; k < kTerrains; ++k) {
    CHECK(s.matches(fx.c().gas_pos, k));
    CHECK(s.matches(tile(fx, 14), k));  // the Crossroads
    CHECK(s.matches(4, k));             // the front two Starting Board spaces
    CHECK(s.matches(5, k));
    CHECK(s.matches(0, k) == (k == 3));  // the rear space is a Farm
  }
  no_dastardly(fx);
  put(fx, "pat-pending", 8);
  hand(fx, 0, "MDF");
  act(fx, 0, "play farm");  // onto the Gas Station
  CHECK(where(fx, "pat-pending") == 9);
  CHECK(can(fx, 0, "play desert"));
  CHECK(can(fx, 0, "play forest"));
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 10);
  ok(fx);
}

// Rulebook, worked example: "Professor Pat Pending begins his turn on a Forest Terrain tile. For his first
// Movement card, he plays a Desert, and since the first card does not have to match the Terrain tile, he
// moves ahead to the open space on the next tile, which is a Prairie. The second card he plays is a Prairie.
// This would move the Professor to the Farm tile, but it already has 2 Racers on it. So, instead, the
// Professor moves to the next open space, which is a Prairie. Although he could play a 3rd card, he doesn't
// have another Prairie in his hand. Thus, his movement is done for the turn."
TEST_CASE("Tile Space example: Pat Pending plays Desert then Prairie past a full Farm tile",
          "[wacky-races][rules][turn][example]") {
  Setup su;
  su.course =
      "DFPMPFDM"
      "DFPMSDFPM";  // tiles 2 Forest, 3 Prairie, 4 Farm, 5 Prairie
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "pat-pending", 2);
  put(fx, "rufus-ruffcut", 4);
  put(fx, "ant-hill-mob", 4);  // the Farm tile is full
  hand(fx, 0, "DPF");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 3);
  CHECK(fx.s().kind_name(fx.s().pos(slot(fx, "pat-pending"))) == "Prairie");
  act(fx, 0, "play prairie");
  CHECK(where(fx, "pat-pending") == 5);  // skipped the full Farm
  CHECK(fx.s().kind_name(fx.s().pos(slot(fx, "pat-pending"))) == "Prairie");
  CHECK(fx.said("past 1 full tile"));
  CHECK_FALSE(can(fx, 0, "play forest"));  // no other Prairie in hand
  ok(fx);
}

// Rulebook, Tile Space: "Each Terrain tile (except for the Swamp) has 2 spaces ... only 2 Racers can be on a
// single tile at the same time." "Tiles that already contain 2 Racers are skipped".
TEST_CASE("Tile Space: at most 2 racers share a tile; full tiles are skipped", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 2);
  CHECK(fx.s().capacity(tile(fx, 2)) == 2);
  CHECK(fx.s().capacity(0) == 1);  // a Starting Board space holds one racer
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 2);  // the free side of the tile
  put(fx, "ant-hill-mob", 3);
  put(fx, "red-max", 3);
  CHECK(fx.s().next_free(tile(fx, 2), +1) == tile(fx, 4));
  ok(fx);
}

// Rulebook: "Dick Dastardly ignores the rules of the road and never takes up a space, so he is always ignored
// for other Racers' movement."
TEST_CASE("Tile Space: Dick Dastardly never takes up a space", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  fx.s().test_set_dastardly(tile(fx, 2));
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 2);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(where(fx, "pat-pending") == 2);  // Dastardly and Rufus are there: Rufus alone fills a space
  ok(fx);
}

// Rulebook, Steps 1, 2, and 3: "*Players may activate any Special Powers at anytime during their turn."
TEST_CASE("Turn: Special Powers may be used before, between and after the Movement cards",
          "[wacky-races][rules][turn][powers]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "MFP");
  act(fx, 0, "power pogo-spring");  // before any card
  CHECK(where(fx, "pat-pending") == 2);
  act(fx, 0, "play farm");
  CHECK(where(fx, "pat-pending") == 3);  // Prairie
  act(fx, 0, "power gadget-galore");     // between cards
  chance(fx, "draw prairie");
  chance(fx, "draw desert");
  act(fx, 0, "play prairie");
  CHECK(where(fx, "pat-pending") == 4);
  act(fx, 0, "power convert");  // after the cards, before ending
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "pogo-spring")));
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "gadget-galore")));
  CHECK(fx.s().exhausted(0, power_index(fx, 0, "convert")));
  CHECK_FALSE(can(fx, 0, "power pogo-spring"));  // exhausted cards cannot be used
  ok(fx);
}

// Rulebook, Step 4: "They draw as many Movement cards as they need to replenish their hand up to 3 cards"
TEST_CASE("Step 4: the hand is refilled to 3 at the end of the turn", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "MFD");
  act(fx, 0, "play farm");
  act(fx, 0, "play forest");
  act(fx, 0, "end");
  REQUIRE(fx.s().turn() == Turn::Chance);
  chance(fx, "draw prairie");
  chance(fx, "draw prairie");
  CHECK(hand_of(fx, 0) == "DPP");
  CHECK(fx.s().current() == 1);  // Rufus's turn
  ok(fx);
}

// Rulebook, Step 4: "note, however, that there's no limit of number of cards a player can hold."
TEST_CASE("Step 4: a player may hold more than 3 cards; nothing is discarded", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "DFP");
  act(fx, 0, "power gadget-galore");
  chance(fx, "draw farm");
  chance(fx, "draw farm");
  act(fx, 0, "play desert");
  act(fx, 0, "end");
  CHECK(fx.s().hand_total(0) == 4);
  CHECK(fx.s().current() == 1);  // no draw was needed
  ok(fx);
}

// Rulebook, Step 4: "If the Movement Deck is empty, reshuffle the Discard Pile to form a new Movement Deck."
// Step 5: "If the Discard Pile is currently empty, flip the top card of the Movement Deck over to create
// one".
TEST_CASE("Step 4: an empty Movement Deck is refilled from the Discard Pile", "[wacky-races][rules][turn]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  for (int k = 0; k < kTerrains; ++k)
    while (s.deck(k) > 0) s.test_set_discard_top(k);
  REQUIRE(s.deck_total() == 0);
  const int pile = s.discard_total();
  put(fx, "pat-pending", 1);
  put(fx, "red-max", 12);  // someone leads, so Dastardly lays no Trap
  act(fx, 0, "play desert");
  act(fx, 0, "end");
  CHECK(fx.said("The Movement Deck is empty: the Discard Pile is reshuffled"));
  CHECK(s.discard_total() == 0);
  CHECK(s.deck_total() == pile + 1);
  chance(fx, "draw forest");  // Pat's refill comes from the new deck
  CHECK(s.hand(0, 1) == 2);
  // Dastardly finds the Discard Pile empty and flips the top card.
  REQUIRE(s.turn() == Turn::Chance);
  chance(fx, "draw farm");
  CHECK(fx.said("The Discard Pile is empty: the top card of the Movement Deck is flipped over"));
  CHECK(s.top_discard() == 3);
  CHECK(s.dastardly() == tile(fx, 4));  // the first Farm tile
  ok(fx);
}

// Rulebook, Tile Space: a racer moved onto a full tile goes on to the next free space. Start spaces hold one
// racer each and are not tiles: the log counts what was skipped as what it is.
TEST_CASE("Narration: skipped start spaces are called start spaces, not tiles", "[wacky-races][narration]") {
  Fixture fx = start(Setup{});
  const int first_tile = tile(fx, 1);
  CHECK(fx.s().skipped_spaces(first_tile + 3, +1, 2) == "2 full tiles");
  CHECK(fx.s().skipped_spaces(first_tile, -1, 1) == "1 full start space");
  CHECK(fx.s().skipped_spaces(first_tile, -1, 3) == "3 full start spaces");
  CHECK(fx.s().skipped_spaces(first_tile + 2, -1, 4) == "2 full tiles and 2 full start spaces");
}
