// Scrap Racer, Crossing the finish line, goal cards, collecting Boost markers,
// End of the game and Awards Ceremony (rulebook pages 6-7, 11). Track A, 40
// spaces a lap: distance 43 is space 3 of lap 2. Boost spaces 9, 11, 17, 19,
// 29, 31, 37, 39.
#include <catch2/catch.hpp>

#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;
using Strings = std::vector<std::string>;

namespace {

Race field_on_laps(int hover, int crusher, int twister, int swifty) {
  auto t = start(4, {"hover", "crusher", "twister", "swifty"});
  const int d[] = {hover, crusher, twister, swifty};
  for (int r = 0; r < 4; ++r) {
    t->test_set_distance(r, d[r]);
    t->test_set_laps(r, t->track().laps_of(d[r]) > 2 ? 2 : t->track().laps_of(d[r]));
  }
  return t;
}

}  // namespace

// Rulebook, Crossing the finish line: "Each time a player's racer crosses the finish line, that player takes
// one lap marker and places it faceup on their dashboard. They then draw one goal card and apply its effect
// immediately." Example: "Tobi (purple) has crossed the finish line for the second time, takes a lap marker,
// and draws a goal card."
TEST_CASE("Example: Tobi crosses the finish line a second time: a lap marker and a goal card",
          "[scrap-racer][rules][laps][example]") {
  auto t = field_on_laps(78, 20, 30, 10);  // Tobi: Hover on space 38 of lap 2
  REQUIRE(t->lap_markers(0) == 1);
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->distance(0) == 83);
  CHECK(t->lap_markers(0) == 2);
  CHECK(t->phase() == Phase::GoalDraw);
  chance(*t, "goal last-7");
  CHECK(t->distance(3) == 17);  // the last racer moves 7
  CHECK(t->goal_deck_size() == 15);
}

// Rulebook, Crossing the finish line: "!!! Important: If a player gets their third (final) lap marker they
// don't draw a goal card!"
TEST_CASE("Crossing the finish line: no goal card with the third lap marker", "[scrap-racer][rules][laps]") {
  auto t = field_on_laps(118, 20, 30, 10);
  REQUIRE(t->lap_markers(0) == 2);
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->lap_markers(0) == 3);
  CHECK(t->goal_deck_size() == 16);
  CHECK(t->ending());
  CHECK(t->active() == 1);
}

// Rulebook, Crossing the finish line: "If other players cross the finish line due to crash or goal cards,
// they draw a lap marker and goal card as well and apply them one after the other in player order."
TEST_CASE("Crossing the finish line: racers pushed over the line by cards take their markers in player order",
          "[scrap-racer][rules][laps]") {
  SECTION("a crash card") {
    auto t = field_on_laps(39, 38, 5, 10);
    roll(*t, {6, 6});
    chance(*t, "crash catching-up-4");  // the Crusher, closest behind, is moved over the line
    CHECK(t->distance(1) == 42);
    CHECK(t->lap_markers(1) == 1);
    CHECK(t->phase() == Phase::GoalDraw);
  }
  SECTION("a goal card moving two racers over the line") {
    auto t = field_on_laps(38, 39, 10, 40);
    chance(*t, "die 5");
    act(*t, "move 5");  // the Hover crosses first
    chance(*t, "goal all-but-first-2");
    CHECK(t->distance(1) == 41);
    CHECK(t->distance(3) == 42);
    CHECK(t->distance(2) == 12);
    // The Crusher (seat 2) comes before the Swifty (seat 4) in player order.
    CHECK(t->lap_markers(1) == 1);
    CHECK(t->lap_markers(3) == 0);
    CHECK(t->phase() == Phase::GoalDraw);
    chance(*t, "goal last-7");  // the Twister, last, to 19
    CHECK(t->distance(2) == 19);
    CHECK(t->lap_markers(3) == 1);
    CHECK(t->phase() == Phase::GoalDraw);
    chance(*t, "goal all-but-two-3");  // all but the first two: Crusher and Twister move 3
    CHECK(t->distance(1) == 44);
    CHECK(t->distance(2) == 22);
    CHECK(t->active() == 1);
  }
}

// Rulebook, Crossing the finish line: "If, after applying the effect, a racer lands on a space with another
// racer, a fight takes place."
TEST_CASE("Crossing the finish line: a goal card moving a racer onto another starts a fight",
          "[scrap-racer][rules][laps]") {
  auto t = field_on_laps(38, 20, 13, 27);
  chance(*t, "die 5");
  act(*t, "move 5");
  chance(*t, "goal last-7");  // the Twister from 13 onto the Crusher's 20
  CHECK(t->phase() == Phase::Fight);
  chance(*t, "fight 1-2");
  CHECK(t->distance(2) == 21);
}

// Rulebook, Goal cards: "Last place: The racer in last position moves 7 spaces forward." "Last and second
// last: The racers in last and second to last position each moves 5 spaces forward." "All but first: All
// racers move 2 spaces forward except the racer in first position." "All but first and second: All racers
// move 3 spaces forward except the two racers in first and second position."
TEST_CASE("Goal cards: last 7, last two 5, all but first 2, all but first and second 3",
          "[scrap-racer][rules][laps]") {
  const std::vector<std::pair<std::string, std::array<int, 4>>> cases{
      {"last-7", {43, 20, 12, 30}},
      {"last-two-5", {43, 25, 10, 30}},
      {"all-but-first-2", {43, 22, 7, 32}},
      {"all-but-two-3", {43, 23, 8, 30}},
  };
  for (const auto& [id, want] : cases) {
    CAPTURE(id);
    auto t = field_on_laps(38, 20, 5, 30);
    chance(*t, "die 5");
    act(*t, "move 5");
    chance(*t, "goal " + id);
    for (int r = 0; r < 4; ++r) CHECK(t->distance(r) == want[static_cast<std::size_t>(r)]);
  }
}

// Reference (goal cards): "With fewer racers, only the places that exist move."
TEST_CASE("Goal cards: with three racers, all but first and second moves only the last",
          "[scrap-racer][rules][laps]") {
  auto t = start(3, {"hover", "crusher", "twister"});
  t->test_set_distance(0, 38);
  t->test_set_distance(1, 20);
  t->test_set_distance(2, 5);
  chance(*t, "die 5");
  act(*t, "move 5");
  chance(*t, "goal all-but-two-3");
  CHECK(t->distance(1) == 20);
  CHECK(t->distance(2) == 8);
}

// Rulebook, Crossing the finish line 2): "If at least one player has crossed the finish line this turn, all
// empty Boost spaces are refilled by placing a Boost marker facedown from the common supply. Start with the
// first empty Boost space behind the finish line and continue around the race track clockwise until all empty
// spaces are refilled or the supply is exhausted. The supply of Boost marker is finite and is not replenished
// during the game."
TEST_CASE("Boost refill: after a crossing, empty Boost spaces from the line on, while the supply lasts",
          "[scrap-racer][rules][boost]") {
  auto t = field_on_laps(38, 20, 13, 27);
  for (int s : {8, 16, 28}) t->test_set_boost_space(s, false);  // spaces 9, 17, 29 are empty
  t->test_set_boost(2, BoostKind::Reroll, 6);
  t->test_set_boost(2, BoostKind::PlusMinus, 5);
  REQUIRE(t->boost_supply() == 2);
  chance(*t, "die 5");
  act(*t, "move 5");
  chance(*t, "goal last-two-5");  // Twister to 18, Crusher to 25: nobody on 9, 17 or 29
  CHECK(t->boost_on(8));
  CHECK(t->boost_on(16));
  CHECK_FALSE(t->boost_on(28));  // the supply ran out
  CHECK(t->boost_supply() == 0);
  CHECK(t->active() == 1);
  // Without a crossing nothing is refilled.
  auto u = field_on_laps(10, 20, 13, 27);
  u->test_set_boost_space(8, false);
  chance(*u, "die 2");
  act(*u, "move 2");
  CHECK_FALSE(u->boost_on(8));
}

// Rulebook, Crossing the finish line 2): "Note: If a racer is on a space where the Boost marker has just been
// replenished, the player collects this marker immediately." Example: "While replenishing the last two Boost
// markers from the supply, Jules (blue) is lucky and get's the second marker instantly."
TEST_CASE("Example: Jules stands on a refilled Boost space and collects the marker at once",
          "[scrap-racer][rules][boost][example]") {
  auto t = field_on_laps(38, 17, 5, 27);  // Jules: the Crusher on space 17
  t->test_set_boost_space(8, false);
  t->test_set_boost_space(16, false);
  t->test_set_boost(2, BoostKind::Reroll, 6);
  t->test_set_boost(2, BoostKind::PlusMinus, 6);
  REQUIRE(t->boost_supply() == 0);
  t->test_set_boost(2, BoostKind::PlusMinus, 4);  // two markers back in the supply
  REQUIRE(t->boost_supply() == 2);
  chance(*t, "die 5");
  act(*t, "move 5");
  chance(*t, "goal last-7");  // the Twister from 5 to 12
  CHECK(t->boost_on(8));
  CHECK(t->phase() == Phase::BoostReveal);  // the second marker, on the Crusher's space
  chance(*t, "boost turn");
  CHECK(t->boosts(1, BoostKind::Turn) == 1);
  CHECK_FALSE(t->boost_on(16));
  CHECK(t->boost_supply() == 0);
}

// Rulebook, Collecting Boost markers: "At the end of their turn, the player checks if their racer is on a
// space containing a Boost marker. In this case the player collects the marker and places it faceup next to
// their dashboard. Players can hold any number of Boost markers."
TEST_CASE("Collecting Boost markers: the active racer's space, at the end of its turn",
          "[scrap-racer][rules][boost]") {
  SECTION("the active racer collects") {
    auto t = field_on_laps(3, 20, 30, 35);
    chance(*t, "die 6");
    act(*t, "move 6");
    CHECK(t->phase() == Phase::BoostReveal);
    std::vector<Outcome> outs;
    t->chance_outcomes(outs);
    CHECK(outs.size() == 3);  // re-roll, +/-1 or turn, 6 of each unseen
    chance(*t, "boost reroll");
    CHECK(t->boosts(0, BoostKind::Reroll) == 1);
    CHECK_FALSE(t->boost_on(8));
    CHECK(t->active() == 1);
  }
  SECTION("a racer moved onto a Boost marker by a fight on another's turn does not") {
    auto t = field_on_laps(4, 8, 30, 35);
    chance(*t, "die 4");
    act(*t, "move 4");
    chance(*t, "fight 1-6");  // the Crusher wins and moves onto space 9
    CHECK(t->distance(1) == 9);
    CHECK(t->boost_on(8));
    CHECK(t->active() == 1);
    CHECK(t->boosts_held(1) == 0);
  }
}

// Rulebook, End of the game: "The end of the game is triggered as soon as at least one player has three lap
// markers. Play continues until all players have taken an equal number of turns (i.e. to the player to the
// left of the start player)". Example: "Kai (red) triggers the end of the game, since he crossed the finish
// line for the third time. Phil (green) is the start player, so only Jules (blue) and Lars (orange) have each
// one final turn." Awards Ceremony: "The player whose racer has completed three laps on the race track and is
// farthest ahead on the track is the winner!" Example: "With his last turn, Lars (orange) has managed to
// overtake Kai (red) and steals the win!"
TEST_CASE("Example: Kai triggers the end, Jules and Lars take their final turns, and Lars steals the win",
          "[scrap-racer][rules][end][example]") {
  // Phil (seat 1, start), Kai (seat 2), Jules (seat 3), Lars (seat 4).
  auto t = field_on_laps(60, 118, 50, 119);
  chance(*t, "die 1");
  act(*t, "move 1");  // Phil
  chance(*t, "die 5");
  act(*t, "move 5");  // Kai: third lap marker
  CHECK(t->lap_markers(1) == 3);
  CHECK(t->ending());
  CHECK(t->active() == 2);
  CHECK(t->phase() != Phase::Over);
  chance(*t, "die 2");
  act(*t, "move 2");  // Jules
  CHECK(t->active() == 3);
  chance(*t, "die 6");
  act(*t, "move 6");  // Lars, from 119 to 125: three laps and ahead of Kai
  CHECK(t->phase() == Phase::Over);
  CHECK(t->turn() == Turn::Over);
  CHECK(t->turns_played() == 4);  // Phil did not play again
  const Standings st = t->standings();
  REQUIRE(st.placings.size() == 4);
  CHECK(st.winners() == std::vector<PlayerId>{3});
  CHECK(st.placings[0].player == 3);
  CHECK(st.placings[1].player == 1);  // Kai, three laps
  CHECK(st.placings[2].player == 0);  // Phil, 61 spaces
  CHECK(st.placings[3].player == 2);  // Jules, 52
  CHECK(st.placings[0].score == 125);
  CHECK_THAT(st.summary, Catch::Contains("P4 wins with Swifty"));
  CHECK_THAT(st.placings[1].detail, Catch::Contains("3 laps"));
}

// Rulebook, End of the game: if the racer playing just before the start player triggers the end, all players
// have had equal turns at once.
TEST_CASE("End of the game: a trigger by the last player before the start player ends the race at once",
          "[scrap-racer][rules][end]") {
  auto t = field_on_laps(60, 54, 62, 118);
  for (int i = 0; i < 3; ++i) {
    chance(*t, "die 1");
    act(*t, "move 1");
  }
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->phase() == Phase::Over);
  CHECK(t->standings().winners() == std::vector<PlayerId>{3});
}

// Our reading: the 18 lap markers are three per racer; a racer crossing the line a fourth time (in the final
// round) takes nothing and draws no goal card, but the crossing still refills the Boost spaces.
TEST_CASE("Crossing the finish line: a fourth crossing gives no marker and no goal card",
          "[scrap-racer][rules][laps]") {
  auto t = field_on_laps(158, 20, 30, 10);  // three laps done: space 38 of lap 4
  t->test_set_laps(0, 3);
  t->test_set_boost_space(8, false);
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->lap_markers(0) == 3);
  CHECK(t->goal_deck_size() == 16);
  CHECK(t->boost_on(8));
}
