// Rulebook, "On your mark... / Get set...": choosing racers, Neutral Racers,
// the Starting Board, the course, the decks and the hands.
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {

// Plays every set-up chance node with its first outcome.
std::unique_ptr<State> quick_setup(const std::shared_ptr<const Game>& game) {
  auto st = game->new_initial_state();
  while (st->turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    st->chance_outcomes(outs);
    st->apply_checked(kChance, outs.front().action, 0);
  }
  return st;
}

}  // namespace

// Rulebook, Neutral Racers: "randomly add as many of the leftover Racers to make a total of 6 Racers for the
// game (7 if you count Dick Dastardly in his Mean Machine)."
TEST_CASE("Setup: Neutral Racers fill the field to 6 racers for every player count",
          "[wacky-races][rules][setup]") {
  for (int n = 2; n <= 6; ++n) {
    auto game = test::make_game(wacky_races::entry(), n);
    auto st = quick_setup(game);
    auto& s = static_cast<WackyState&>(*st);
    CAPTURE(n);
    int neutrals = 0;
    for (int slot = 0; slot < kField; ++slot) {
      REQUIRE(s.team_of(slot) >= 0);
      for (int o = 0; o < slot; ++o) REQUIRE(s.team_of(o) != s.team_of(slot));
      neutrals += s.neutral(slot);
    }
    CHECK(neutrals == kField - n);
    CHECK(s.check_invariants() == "");
  }
}

// Rulebook, Choosing Your Racers: "Each player chooses 1 of the Racers" - with no --racers the choice is a
// chance node over all 10 teams.
TEST_CASE("Setup: a racer not chosen on the command line is drawn among the 10 teams",
          "[wacky-races][rules][setup]") {
  auto game = test::make_game(wacky_races::entry(), 2);
  auto st = game->new_initial_state();
  auto& s = static_cast<WackyState&>(*st);
  REQUIRE(s.turn() == Turn::Chance);
  REQUIRE(s.top()->kind == TaskKind::PickTeam);
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  CHECK(outs.size() == 10);
  test::chance(s, "team lazy-luke");
  outs.clear();
  s.chance_outcomes(outs);
  CHECK(outs.size() == 9);  // a team races once
  for (const auto& o : outs) CHECK(s.action_text(kChance, o.action) != "team lazy-luke");
}

// Rulebook, Setup example: "3 players ... choose: Professor Pat Pending, Ant Hill Mob, and Rufus Ruffcut &
// Sawtooth ... they add Red Max, The Slag Brothers, and Penelope Pitstop to the race as Neutral Racers".
TEST_CASE("Setup example: Pat Pending, Ant Hill Mob and Rufus race Red Max, the Slag Brothers and Penelope",
          "[wacky-races][rules][setup][example]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  CHECK_FALSE(s.neutral(slot(fx, "pat-pending")));
  CHECK_FALSE(s.neutral(slot(fx, "rufus-ruffcut")));
  CHECK_FALSE(s.neutral(slot(fx, "ant-hill-mob")));
  CHECK(s.neutral(slot(fx, "red-max")));
  CHECK(s.neutral(slot(fx, "slag-brothers")));
  CHECK(s.neutral(slot(fx, "penelope-pitstop")));
  for (int team = 0; team < static_cast<int>(fx.c().teams.size()); ++team) {
    const std::string& id = fx.c().teams[static_cast<std::size_t>(team)].id;
    const bool racing = id == "pat-pending" || id == "rufus-ruffcut" || id == "ant-hill-mob" ||
                        id == "red-max" || id == "slag-brothers" || id == "penelope-pitstop";
    CHECK((s.slot_of_team(team) >= 0) == racing);
  }
  CHECK(fx.said("Red Max joins the race as a Neutral Racer."));
  ok(fx);
}

// Rulebook, Dick Dastardly and Muttley!: "Players cannot choose Dick Dastardly as their Racer."
TEST_CASE("Setup: Dick Dastardly cannot be chosen as a racer", "[wacky-races][rules][setup]") {
  REQUIRE_THROWS_AS(test::make_game(wacky_races::entry(), 2, {}, {{"racers", "dick-dastardly,red-max"}}),
                    OptionError);
  REQUIRE_THROWS_AS(test::make_game(wacky_races::entry(), 2, {}, {{"racers", "mean-machine,red-max"}}),
                    OptionError);
}

// Rulebook, Racers Take Their Positions: "the Starting Player sets their Racer's Miniature (Professor Pat
// Pending) next to the space ahead of Dick Dastardly. The next player places Rufus's car in the next
// available slot, and the last player follows up with their car as well (Ant Hill Mob). The remaining Neutral
// Racers are randomly placed in the remaining slots".
TEST_CASE(
    "Starting Board example: the Starting Player at the rear, others clockwise, Neutral Racers in front",
    "[wacky-races][rules][setup][example]") {
  Setup su;
  su.racers = "pat-pending,rufus-ruffcut,ant-hill-mob";
  auto game = test::make_game(wacky_races::entry(), 3, {}, {{"racers", su.racers}});
  auto st = game->new_initial_state();
  auto& s = static_cast<WackyState&>(*st);
  // The Neutral Racers are drawn, then placed at random: a chance node over the three of them.
  test::chance(s, "neutral red-max");
  test::chance(s, "neutral slag-brothers");
  test::chance(s, "neutral penelope-pitstop");
  REQUIRE(s.top()->kind == TaskKind::PlaceNeutral);
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  CHECK(outs.size() == 3);
  test::chance(s, "place penelope-pitstop");
  test::chance(s, "place red-max");
  const auto at = [&](const std::string& team) {
    return s.pos(s.slot_of_team(s.catalog().team_index(team)));
  };
  CHECK(at("pat-pending") == 0);  // just in front of Dastardly's 00 spot
  CHECK(at("rufus-ruffcut") == 1);
  CHECK(at("ant-hill-mob") == 2);
  CHECK(at("penelope-pitstop") == 3);
  CHECK(at("red-max") == 4);
  CHECK(at("slag-brothers") == 5);  // the last one takes the last space
}

// Rulebook, Racers Take Their Positions: "Place Dick Dastardly's Mean Machine at the rear of the Board on the
// 00 space."
TEST_CASE("Setup: the Mean Machine starts on the 00 spot behind the Starting Board",
          "[wacky-races][rules][setup]") {
  Fixture fx = start(Setup{});
  CHECK(fx.s().dastardly() == -1);
  CHECK_FALSE(fx.s().dastardly_out());
  CHECK(fx.s().tile_name(-1) == "the 00 spot");
}

// Rulebook, Setting Up the Course: "place all 8 of them faceup in a line extending from the front of the
// Starting Board. Immediately after the last First Half tile, place the Gas Station tile." ... "Add the
// chosen Special tile to all 8 of the other Second Half tiles ... place these 9 tiles ... Immediately after
// the last Second Half tile, place the Finish Line tile."
TEST_CASE("Course: Starting Board, 8 First Half tiles, Gas Station, 9 Second Half tiles, Finish Line",
          "[wacky-races][rules][setup]") {
  auto game = test::make_game(wacky_races::entry(), 2, {}, {{"racers", "red-max,lazy-luke"}});
  auto st = game->new_initial_state();
  auto& s = static_cast<WackyState&>(*st);
  const Catalog& c = s.catalog();
  CHECK(c.start_len == 6);
  CHECK(c.first_begin == 6);
  CHECK(c.gas_pos == 14);
  CHECK(c.second_begin == 15);
  CHECK(c.finish_pos == 24);
  bool saw_special_offer_in_first = false;
  bool saw_special_offer_in_second = false;
  while (s.turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    if (s.top()->kind == TaskKind::LayTile) {
      for (const auto& o : outs) {
        const bool special = o.action - kLay >= kTerrains;
        if (special && s.top()->pos() < c.gas_pos) saw_special_offer_in_first = true;
        if (special && s.top()->pos() > c.gas_pos) saw_special_offer_in_second = true;
      }
    }
    s.apply_checked(kChance, outs.back().action, 0);
  }
  CHECK_FALSE(saw_special_offer_in_first);
  CHECK(saw_special_offer_in_second);
  int first[kTerrains] = {}, second[kTerrains] = {}, specials = 0;
  for (int p = c.first_begin; p < c.gas_pos; ++p) ++first[s.tile(p)];
  for (int p = c.second_begin; p < c.finish_pos; ++p) {
    if (s.is_special(p))
      ++specials;
    else
      ++second[s.tile(p)];
  }
  for (int k = 0; k < kTerrains; ++k) {
    CHECK(first[k] == 2);
    CHECK(second[k] == 2);
  }
  CHECK(specials == 1);
  CHECK(s.tile(c.gas_pos) == kGas);
  CHECK(s.tile(c.finish_pos) == kFinish);
  CHECK(s.check_invariants() == "");
}

// Rulebook, Set Up the Track's Second Half, example: "The starting Player mixes up the Special tiles and
// draws 1 at random: the Crossroads tile will be the special tile in this race."
TEST_CASE("Course example: the Crossroads drawn at random is the race's Special tile",
          "[wacky-races][rules][setup][example]") {
  Setup su;
  su.special = "crossroads";
  Fixture fx = start(su);
  CHECK(fx.said("The Special tile drawn for this race: Crossroads."));
  int crossroads = 0;
  for (int p = 0; p < fx.c().num_pos; ++p)
    crossroads += fx.s().is_special(p) && fx.s().special_code(p) == SpecialCode::Crossroads;
  CHECK(crossroads == 1);
  CHECK(fx.s().tile_name(tile(fx, 14)) == "tile 14 (Crossroads)");
}

// Rulebook, Common Decks: "Take all 64 Movement cards and shuffle them together ... Each player is then dealt
// 3 cards to form their initial hand." Components: "16 cards for each of the 4 simple terrain types".
TEST_CASE("Common Decks: 64 Movement cards, 16 per terrain, and a hand of 3 for each player",
          "[wacky-races][rules][setup]") {
  auto game =
      test::make_game(wacky_races::entry(), 4, {}, {{"racers", "red-max,lazy-luke,pat-pending,rufus"}});
  auto st = game->new_initial_state();
  auto& s = static_cast<WackyState&>(*st);
  CHECK(s.catalog().total_cards() == 64);
  bool checked_first_draw = false;
  while (s.turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    if (s.top()->kind == TaskKind::DrawCard && !checked_first_draw) {
      // A draw: one outcome per terrain left, weighted by the copies in the deck.
      REQUIRE(outs.size() == 4);
      for (const auto& o : outs) CHECK(o.weight == 16);
      checked_first_draw = true;
    }
    s.apply_checked(kChance, outs.front().action, 0);
  }
  CHECK(checked_first_draw);
  for (PlayerId p = 0; p < 4; ++p) CHECK(s.hand_total(p) == 3);
  CHECK(s.deck_total() == 64 - 12);
  CHECK(s.discard_total() == 0);
}

// Rulebook, Components: "16 Trap Cards: 2 Broken Bridge, 2 Oil, 2 Tunnel, 2 Boulder, 2 Trunk, 2 Sabotage,
// 2 Muttley (Failed Plan), 1 The Old Switcheroo, and 1 Mud Pool". "Shuffle Movement and Trap cards
// separately".
TEST_CASE("Common Decks: the Trap Deck holds Dastardly's 16 Traps", "[wacky-races][rules][setup]") {
  Fixture fx = start(Setup{});
  const std::map<std::string, int> want{
      {"broken-bridge", 2}, {"oil", 2},         {"painted-tunnel", 2}, {"boulder", 2}, {"log", 2},
      {"sabotage", 2},      {"failed-plan", 2}, {"old-switcheroo", 1}, {"mud-pool", 1}};
  CHECK(fx.c().traps.values().size() == want.size());
  for (const auto& [id, copies] : want) {
    const int k = trap_id(fx, id);
    REQUIRE(k >= 0);
    CHECK(fx.s().trap_deck(k) == copies);
  }
  CHECK(fx.s().trap_deck_total() == 16);
}

// Rulebook, Choosing Your Racers: "At the beginning of each race, players must place their Special Power
// cards faceup on each corresponding slot on their Racer Dashboard."
TEST_CASE("Setup: every player's 4 Special Power cards start ready", "[wacky-races][rules][setup]") {
  Fixture fx = start(Setup{});
  for (PlayerId p = 0; p < 3; ++p)
    for (int i = 0; i < kPowers; ++i) CHECK_FALSE(fx.s().exhausted(p, i));
}

// Rulebook, Racers Take Their Positions: "The last player to drive a vehicle ... is the Starting Player." We
// seat the Starting Player first: they take the first turn.
TEST_CASE("Setup: the Starting Player (seat 1) takes the first turn", "[wacky-races][rules][setup]") {
  Fixture fx = start(Setup{});
  CHECK(fx.s().starting_player() == 0);
  CHECK(fx.s().turn() == Turn::Player);
  std::vector<PlayerId> who;
  fx.s().actors(who);
  CHECK(who == std::vector<PlayerId>{0});
  CHECK(fx.s().top()->kind == TaskKind::TurnMain);
}
