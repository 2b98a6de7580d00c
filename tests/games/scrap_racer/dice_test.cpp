// Scrap Racer, Roll the dice and Boost markers (rulebook page 4).
#include <catch2/catch.hpp>

#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;
using Strings = std::vector<std::string>;

namespace {

Strings crash_outcomes(const ScrapRacerState& s) {
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  Strings texts;
  for (const Outcome& o : outs) texts.push_back(s.action_text(kChance, o.action));
  return texts;
}

}  // namespace

// Rulebook, Roll the dice: "The active player rolls one die and checks the result." ... "If the active player
// has not yet rolled a double, they must decide to either roll another die (keeping all previously rolled
// results) or keep what they have rolled so far and move their racer."
TEST_CASE("Roll the dice: one die at a time, then roll another or keep the dice and move",
          "[scrap-racer][rules][dice]") {
  auto t = start(3, {"swifty", "jackal", "hover"});
  CHECK(t->phase() == Phase::RollDie);  // the first die needs no decision
  CHECK(t->turn() == Turn::Chance);
  chance(*t, "die 4");
  CHECK(legal(*t) == Strings{"roll", "move 4"});
  act(*t, "roll");
  chance(*t, "die 2");
  CHECK(legal(*t) == Strings{"roll", "move 6"});
  CHECK(t->dice_rolled() == 2);
  CHECK(t->die(0) == 4);  // previous results are kept
}

// Rulebook, Roll the dice: "If they have rolled the same number as any of their previously rolled dice, they
// immediately draw a crash card without moving their racer." Example: "With their third die, the player
// rolled a second 3, and must now draw the corresponding crash card. They may not roll again."
TEST_CASE("Example: a second 3 with the third die draws a 3/4 crash card; no move, no more dice",
          "[scrap-racer][rules][dice][example]") {
  auto t = start(3, {"swifty", "jackal", "hover"});
  t->test_set_distance(0, 5);
  roll(*t, {3, 5, 3});
  CHECK(t->phase() == Phase::CrashDraw);  // no decision left: no roll, no move
  CHECK(t->crash_turn());
  CHECK(t->distance(0) == 5);
  CHECK(crash_outcomes(*t) == Strings{"crash 3-forward", "crash stay-put", "crash catching-up-2",
                                      "crash backwards-die", "crash push-5"});
}

// Rulebook, B) Doubles rolled, 1st: "The player draws the top card from the crash deck that matches the
// number of the rolled double".
TEST_CASE("Doubles: the crash pile matches the doubled number (1/2, 3/4, 5/6)",
          "[scrap-racer][rules][dice]") {
  const std::vector<std::pair<int, std::string>> cases{{1, "crash advance-2"},
                                                       {2, "crash advance-2"},
                                                       {4, "crash 3-forward"},
                                                       {5, "crash 4-backwards"},
                                                       {6, "crash 4-backwards"}};
  for (const auto& [face, first] : cases) {
    CAPTURE(face);
    auto t = start(2, {"swifty", "jackal", "hover", "twister"});
    act(*t, "first swifty");
    roll(*t, {face, face});
    REQUIRE(t->phase() == Phase::CrashDraw);
    CHECK(crash_outcomes(*t).front() == first);
  }
}

// Rulebook, Roll the dice: "If they have already rolled all 6 dice they must keep their results."
TEST_CASE("Roll the dice: after six different dice the player must keep them and move 21",
          "[scrap-racer][rules][dice]") {
  auto t = start(3, {"swifty", "jackal", "hover"});
  roll(*t, {1, 2, 3, 4, 5});
  CHECK(legal(*t) == Strings{"roll", "move 15"});
  act(*t, "roll");
  chance(*t, "die 6");
  // No choice left: the racer moved 21 (and Swifty's curve ability does not apply on space 21, a straight).
  CHECK(t->active() == 1);
  CHECK(t->distance(0) == 21);
}

// Rulebook, Roll the dice: "Example: The player decides after the 4th die to not make another roll. Therefore
// they must move their racer 13 spaces."
TEST_CASE("Example: stopping after the 4th die moves the racer 13 spaces",
          "[scrap-racer][rules][dice][example]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  roll(*t, {1, 2, 4, 6});
  CHECK(legal(*t) == Strings{"roll", "move 13"});
  act(*t, "move 13");
  CHECK(t->distance(0) == 13);
}

// Rulebook, Boost markers, Re-roll: "Re-roll the just rolled die. Only the new result counts."
TEST_CASE("Boost markers: re-roll the die just rolled; only the new result counts",
          "[scrap-racer][rules][boost]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::Reroll, 1);
  roll(*t, {2, 5});
  CHECK(legal(*t) == Strings{"roll", "move 7", "boost reroll"});
  act(*t, "boost reroll");
  CHECK(t->phase() == Phase::RollDie);
  chance(*t, "die 6");
  CHECK(t->dice_rolled() == 2);
  CHECK(t->die(1) == 6);
  CHECK(legal(*t) == Strings{"roll", "move 8"});
  CHECK(t->boosts(0, BoostKind::Reroll) == 0);
}

// Rulebook, Boost markers, +/- 1: "You may change the result, of the just rolled die, up or down by one pip.
// Turn that die to show the result. It is not allowed to change a result from 6 to 1 or vice versa."
TEST_CASE("Boost markers: +/-1 changes the die by one pip, never 6 to 1 or 1 to 6",
          "[scrap-racer][rules][boost]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::PlusMinus, 3);
  chance(*t, "die 6");
  CHECK(legal(*t) == Strings{"roll", "move 6", "boost -1"});
  act(*t, "roll");
  chance(*t, "die 1");
  CHECK(legal(*t) == Strings{"roll", "move 7", "boost +1"});
  act(*t, "roll");
  chance(*t, "die 3");
  CHECK(legal(*t) == Strings{"roll", "move 10", "boost +1", "boost -1"});
  act(*t, "boost +1");
  CHECK(t->die(2) == 4);
  CHECK(t->boosts(0, BoostKind::PlusMinus) == 2);
}

// Rulebook, Boost markers, Turn: "Turn the just rolled die to its opposite face."
TEST_CASE("Boost markers: turn the die to its opposite face", "[scrap-racer][rules][boost]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::Turn, 1);
  chance(*t, "die 2");
  act(*t, "boost turn");
  CHECK(t->die(0) == 5);
  CHECK(legal(*t) == Strings{"roll", "move 5"});
}

// Rulebook, Roll the dice: "By using Boost markers, the player may manipulate the result of the die they just
// rolled before checking the result for doubles. The player may use as many Boost markers they possess as
// they want during their turn, including more than one for a single die. Return used Boost markers to the
// game box; they are removed from the game."
TEST_CASE("Boost markers: before the double check, several on one die; used ones leave the game",
          "[scrap-racer][rules][boost]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::PlusMinus, 2);
  t->test_set_boost(0, BoostKind::Turn, 1);
  // A double: instead of the crash card, a Boost marker may still change the die.
  roll(*t, {4, 3, 3});
  REQUIRE(t->last_die_is_double());
  CHECK(legal(*t) == Strings{"crash", "boost +1", "boost -1", "boost turn"});
  act(*t, "boost +1");  // 4: still a double
  CHECK(legal(*t) == Strings{"crash", "boost +1", "boost -1", "boost turn"});
  act(*t, "boost +1");  // 5: no double
  CHECK(legal(*t) == Strings{"roll", "move 12", "boost turn"});
  CHECK(t->boosts_used(BoostKind::PlusMinus) == 2);
  CHECK(t->boosts_held(0) == 1);
  CHECK(t->check_invariants().empty());
}

// Rulebook, Roll the dice, Boost example: "1) On their third roll the player uses a Boost marker to turn a 1
// into a
// 6. 2) On the next roll, they spend two markers to reroll two times, avoiding a double. 3) The player used 3
// Boost markers during their turn and gets a total of 18."
TEST_CASE("Example: turn a 1 into a 6, re-roll twice to avoid a double: 3 Boost markers and a total of 18",
          "[scrap-racer][rules][boost][example]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::Turn, 1);
  t->test_set_boost(0, BoostKind::Reroll, 2);
  roll(*t, {4, 5, 1});
  act(*t, "boost turn");  // the 1 becomes a 6
  act(*t, "roll");
  chance(*t, "die 5");  // a double
  act(*t, "boost reroll");
  chance(*t, "die 4");  // a double again
  act(*t, "boost reroll");
  chance(*t, "die 3");
  CHECK(t->boosts_used(BoostKind::Turn) + t->boosts_used(BoostKind::Reroll) == 3);
  CHECK(t->boosts_held(0) == 0);
  act(*t, "move 18");
  CHECK(t->distance(0) == 18);
}

// Rulebook, Roll the dice: with no Boost marker to use, the double "immediately" draws a crash card.
TEST_CASE("Roll the dice: a double with no Boost marker left goes straight to the crash card",
          "[scrap-racer][rules][dice]") {
  auto t = start(3, {"hover", "jackal", "swifty"});
  t->test_set_boost(0, BoostKind::Turn, 1);
  roll(*t, {2, 5, 2});
  act(*t, "boost turn");  // 2 -> 5: still a double, and no marker left
  CHECK(t->phase() == Phase::CrashDraw);
  CHECK(crash_outcomes(*t).back() == "crash last-place-4");  // the 5/6 pile
}
