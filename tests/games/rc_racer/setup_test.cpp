// Rulebook, "Setup": the track, the racecars, starting positions, Batteries,
// Smiles, Shields and the Slippery token; and the options that fix them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

std::unique_ptr<RcRacerState> fresh(std::shared_ptr<const RcRacerGame> game) {
  static std::vector<std::shared_ptr<const RcRacerGame>> keep;  // a state points to its game
  keep.push_back(game);
  auto base = game->new_initial_state();
  return std::unique_ptr<RcRacerState>(static_cast<RcRacerState*>(base.release()));
}

std::vector<std::string> outcome_texts(const RcRacerState& s) {
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  std::vector<std::string> t;
  for (const auto& o : outs) t.push_back(s.action_text(kChance, o.action));
  return t;
}

}  // namespace

// Rulebook, Setup: "Place the Starting Grid board on the table. Shuffle the other 4 Track boards, randomly
// draw 3, and connect them to the Starting Grid board, one at a time ... Then, place the Finish Line board on
// the table to complete the Track."
TEST_CASE("Setup: Starting Grid, 3 random Track boards on random sides, Finish Line",
          "[rc-racer][rules][setup]") {
  auto s = fresh(make_game(3));
  CHECK(outcome_texts(*s) == std::vector<std::string>{"start A", "start B"});
  test::chance(*s, "start B");
  CHECK(outcome_texts(*s).size() == 8);  // 4 boards x 2 sides
  test::chance(*s, "board 3A");
  const auto left = outcome_texts(*s);
  CHECK(left.size() == 6);
  CHECK(std::find(left.begin(), left.end(), "board 3B") == left.end());
  test::chance(*s, "board 1B");
  test::chance(*s, "board 4A");
  CHECK(outcome_texts(*s) == std::vector<std::string>{"finish A", "finish B"});
  test::chance(*s, "finish A");
  CHECK(s->phase() == Phase::ChooseCar);
  const Track& t = s->track();
  CHECK(t.segments == 5);
  CHECK(data().side(t.refs[0]).code == "start-B");
  CHECK(data().side(t.refs[1]).code == "3A");
  CHECK(data().side(t.refs[2]).code == "1B");
  CHECK(data().side(t.refs[3]).code == "4A");
  CHECK(data().side(t.refs[4]).code == "finish-A");
  CHECK(t.rows == 6 + 3 * 8 + 6);
  CHECK(t.line_row == 6 + 24 + 2);
}

// Rulebook, Setup: "If all players agree on playing a longer version of the game, add the 4th Track before
// the Finish Line board."
TEST_CASE("Setup: the long variant uses all 4 Track boards", "[rc-racer][rules][setup]") {
  auto s = fresh(make_game(2, {"long"}));
  test::chance(*s, "start A");
  for (const char* b : {"board 1A", "board 2B", "board 3A", "board 4B"}) {
    REQUIRE(s->phase() == Phase::DrawBoard);
    test::chance(*s, b);
  }
  test::chance(*s, "finish B");
  CHECK(s->track().segments == 6);
  CHECK(s->track().rows == 6 + 4 * 8 + 6);
}

// Rulebook, Setup: "The youngest player chooses a Racecar tile, followed by the other players in clockwise
// order."
TEST_CASE("Setup: Racecars are chosen in seat order, each only once", "[rc-racer][rules][setup]") {
  auto s = fresh(make_game(3, {}, {{"track", "first-game"}}));
  REQUIRE(s->phase() == Phase::ChooseCar);
  CHECK(s->chooser() == 0);
  CHECK(test::legal_texts(*s, 0).size() == 8);
  CHECK(test::legal_texts(*s, 1).empty());
  test::act(*s, 0, "turbobot");
  CHECK(s->chooser() == 1);
  const auto left = test::legal_texts(*s, 1);
  CHECK(left.size() == 7);
  CHECK(std::find(left.begin(), left.end(), "turbobot") == left.end());
  test::act(*s, 1, "dogtor");
  test::act(*s, 2, "bird-racer");
  CHECK(s->phase() == Phase::PlaceCar);
  CHECK(s->car(0).ability == Ability::TurboFour);
  CHECK(s->car(2).ability == Ability::FlySideways);
}

// Rulebook, Setup: "Then, in counter-clockwise order, starting from the last player to chose a car, each
// player places their Racecar token in any empty position on the Starting Grid."
TEST_CASE("Setup: starting spaces are taken counter-clockwise from the last chooser",
          "[rc-racer][rules][setup]") {
  auto s = fresh(race_game(3, "turbobot,dogtor,bird-racer"));
  REQUIRE(s->phase() == Phase::PlaceCar);
  CHECK(s->placer() == 2);
  CHECK(test::legal_texts(*s, 2) == std::vector<std::string>{"start 1", "start 2", "start 3", "start 4"});
  test::act(*s, 2, "start 1");
  CHECK(s->placer() == 1);
  CHECK(test::legal_texts(*s, 1) == std::vector<std::string>{"start 2", "start 3", "start 4"});
  test::act(*s, 1, "start 4");
  test::act(*s, 0, "start 2");
  const Track& t = s->track();
  CHECK(s->car(2).lane == t.slot_lane[0]);
  CHECK(s->car(2).row == t.slot_row[0]);
  CHECK(s->car(1).lane == t.slot_lane[3]);
  CHECK(s->car(0).lane == t.slot_lane[1]);
  CHECK(s->phase() == Phase::Scramble);
}

// Rulebook, Setup: "Each player takes 3 Battery tokens and places them face up in front of their Racecar
// tile." "Place the Energy Shield tokens and the Slippery token close to the playing area."
TEST_CASE("Setup: 3 Batteries each; Shields and the Slippery token in the supply",
          "[rc-racer][rules][setup]") {
  auto s = programming_state(race_game(4, "turbobot,dogtor,bird-racer,die-liner"));
  for (PlayerId p = 0; p < 4; ++p) {
    CHECK(s->car(p).batteries == 3);
    CHECK(s->car(p).shields == 0);
    CHECK_FALSE(s->car(p).down);
  }
  CHECK(s->race().shield_supply == 7);
  CHECK(s->race().slippery == -1);
}

// Rulebook, Setup: "Separate the “Happiest” and the “Saddest” Smile tokens ... Add more Smile tokens until
// you have one per player. Create a pile, in order, with the “Saddest” (X) at the bottom and the “Happiest”
// (I) on top."
TEST_CASE("Setup: one Smile per player, Happiest on top, Saddest at the bottom", "[rc-racer][rules][setup]") {
  const Data& d = data();
  CHECK(d.smile_name(0, 2) == "I");
  CHECK(d.smile_name(1, 2) == "X");
  CHECK(d.smile_name(0, 3) == "I");
  CHECK(d.smile_name(1, 3) == "II");
  CHECK(d.smile_name(2, 3) == "X");
  CHECK(d.smile_name(2, 4) == "III");
  CHECK(d.smile_name(3, 4) == "X");
}

TEST_CASE("Options: racers and track fix the setup; bad values are refused", "[rc-racer][options]") {
  auto s = fresh(make_game(2, {}, {{"racers", "dogtor,turbobot"}, {"track", "start-B,4B,3A,2B,finish-A"}}));
  CHECK(s->phase() == Phase::PlaceCar);
  CHECK(s->car(0).ability == Ability::BatteryTwo);
  CHECK(data().side(s->track().refs[1]).code == "4B");
  CHECK_THROWS_AS(make_game(2, {}, {{"racers", "dogtor"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {}, {{"racers", "dogtor,dogtor"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {}, {{"racers", "dogtor,batmobile"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {}, {{"track", "1A,2A,3A"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {}, {{"track", "start-A,1A,1B,3A,finish-A"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {"long"}, {{"track", "first-game"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {}, {{"play-on", "maybe"}}), OptionError);
  CHECK_THROWS_AS(make_game(2, {"real-time", "counted-slides"}), OptionError);
  try {
    make_game(2, {}, {{"racers", "dogtor,batmobile"}});
  } catch (const OptionError& e) {
    CHECK(std::string(e.what()).find("batmobile") != std::string::npos);
  }
}
