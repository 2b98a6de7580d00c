// Scrap Racer, B) Doubles rolled and the crash cards (rulebook pages 6, 10).
// Track A: straights 1-8, 13-16, 21-28, 33-36; curves 9-12, 17-20, 29-32,
// 37-40; Boost spaces 9, 11, 17, 19, 29, 31, 37, 39.
#include <catch2/catch.hpp>

#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;

namespace {

// Four racers; seat 1's Hover (no ability to interfere) is active. Distances by seat.
Race field(int hover, int crusher, int twister, int swifty) {
  auto t = start(4, {"hover", "crusher", "twister", "swifty"});
  t->test_set_distance(0, hover);
  t->test_set_distance(1, crusher);
  t->test_set_distance(2, twister);
  t->test_set_distance(3, swifty);
  return t;
}

// Rolls the double for a pile: 1/2, 3/4 or 5/6.
void double_for(ScrapRacerState& s, int pile) {
  roll(s, {2 * pile + 1, 2 * pile + 1});
}

}  // namespace

// Rulebook, B) Doubles 1st: "If, after applying the effect, a racer lands on a space with another racer, a
// fight takes place."
TEST_CASE("Doubles 1: a racer landing on another after the crash card fights",
          "[scrap-racer][rules][crash]") {
  auto t = field(3, 5, 20, 25);
  double_for(*t, 0);
  chance(*t, "crash advance-2");
  CHECK(t->distance(0) == 5);
  CHECK(t->phase() == Phase::Fight);
  chance(*t, "fight 2-6");
  CHECK(t->distance(1) == 6);
  CHECK(t->bonus_markers(0) == 1);  // then the bonus marker
}

// Rulebook, B) Doubles 2nd: "the player takes one bonus marker from the supply and places it on their
// dashboard. If this is their third marker, they return all markers to the common supply, and draw the top
// card from the Bonus deck ... The player may use this card during any of their future turns. Players may
// hold any number of bonus cards."
TEST_CASE("Doubles 2: a bonus marker per crash; the third returns them all for a bonus card",
          "[scrap-racer][rules][crash]") {
  auto t = start(3, {"crusher", "hover", "twister"});
  t->test_set_bonus_markers(0, 2);
  t->test_set_bonus_card(0, "forward-3");
  CHECK(t->bonus_supply() == 15);
  roll(*t, {3, 3});
  chance(*t, "crash stay-put");
  CHECK(t->phase() == Phase::BonusDraw);
  CHECK(t->bonus_markers(0) == 0);
  CHECK(t->bonus_supply() == 17);
  chance(*t, "bonus catch-up");
  CHECK(t->bonus_cards(0) == 2);
  CHECK(t->bonus_cards(0, 5) == 1);
  CHECK(t->bonus_deck_size() == 26);
  CHECK(t->active() == 1);
}

// Rulebook, B) Doubles: "Once the instructions on the crash card have been followed, the card is discarded.
// If the draw deck is now empty, shuffle the discard pile to make a new deck."
TEST_CASE("Doubles: crash cards are discarded; an empty pile is made anew from its discards",
          "[scrap-racer][rules][crash]") {
  auto t = start(3, {"crusher", "hover", "twister"});
  for (int i = 0; i < 17; ++i) {
    double_for(*t, 2);
    settle(*t);
  }
  CHECK(t->crash_pile_size(2) == 3);
  CHECK(t->crash_discard_size(2) == 17);
  for (int i = 0; i < 3; ++i) {
    double_for(*t, 2);
    settle(*t);
  }
  CHECK(t->crash_pile_size(2) == 20);
  CHECK(t->crash_discard_size(2) == 0);
  CHECK(t->check_invariants().empty());
}

// Rulebook, Crash cards: "Advance 2, 3, 5 spaces: The player moves their racer forward by the appropriate
// number of spaces." ... "3 forward: The player moves their racer forward by 3 spaces."
TEST_CASE("Crash card: Advance 2, 3, 5 and 3 forward", "[scrap-racer][rules][crash]") {
  const std::vector<std::tuple<int, std::string, int>> cases{
      {0, "advance-2", 2}, {0, "advance-3", 3}, {0, "advance-5", 5}, {1, "3-forward", 3}};
  for (const auto& [pile, id, spaces] : cases) {
    CAPTURE(id);
    auto t = field(20, 30, 33, 35);
    double_for(*t, pile);
    chance(*t, "crash " + id);
    CHECK(t->distance(0) == 20 + spaces);
  }
}

// Rulebook, Crash cards: "2 dice: The player rolls 2 dice at once and moves their racer forward according to
// the rolled total. In this case a player does not draw a crash card for a double". Example: "Lukas (yellow)
// has drawn the crash card, and must now roll two dice. He advances his racer according to the result (12).
// He does not draw another crash card or bonus marker for having rolled the same number on both dice."
TEST_CASE("Example: Lukas rolls 12 on the 2-dice crash card: no second crash card, one bonus marker",
          "[scrap-racer][rules][crash][example]") {
  auto t = field(4, 30, 33, 35);
  double_for(*t, 0);
  chance(*t, "crash two-dice");
  CHECK(t->phase() == Phase::CrashTwoDice);
  std::vector<Outcome> outs;
  t->chance_outcomes(outs);
  CHECK(outs.size() == 21);  // 6+6 once, 1+2 twice as likely
  chance(*t, "dice 6+6");
  CHECK(t->distance(0) == 16);
  CHECK(t->bonus_markers(0) == 1);
  CHECK(t->active() == 1);
}

// Rulebook, Crash cards: "5 forward 2 back: First, the racer in front of the player is moved back by 2
// spaces. Then the player moves their racer forward by 5 spaces. If the racer is in first position, no other
// racer is moved back." Example: "Lars (orange) has drawn the crash card and advances his racer 5 spaces.
// Jules (blue), who is one position in front of Lars, has to move her racer 2 spaces back."
TEST_CASE("Example: Lars draws 5 forward 2 back: Jules, one position in front, goes back 2",
          "[scrap-racer][rules][crash][example]") {
  auto t = field(10, 13, 22, 3);  // Lars: Hover on 10; Jules: Crusher on 13
  double_for(*t, 0);
  chance(*t, "crash 5-forward-2-back");
  CHECK(t->distance(1) == 11);
  CHECK(t->distance(0) == 15);
  CHECK(t->distance(2) == 22);
  CHECK(t->distance(3) == 3);
  // In first position nobody goes back.
  auto u = field(30, 13, 22, 3);
  double_for(*u, 0);
  chance(*u, "crash 5-forward-2-back");
  CHECK(u->distance(0) == 35);
  CHECK(u->distance(1) == 13);
  CHECK(u->distance(2) == 22);
}

// Rulebook, Crash cards: "Stay put: The player does not move their racer." B) Example: "Due to the 3/4 Crash
// card the Racer is not moved at all."
TEST_CASE("Example: the 3/4 crash card Stay put does not move the racer at all",
          "[scrap-racer][rules][crash][example]") {
  auto t = field(10, 13, 22, 3);
  double_for(*t, 1);
  chance(*t, "crash stay-put");
  CHECK(t->distance(0) == 10);
  CHECK(t->distance(1) == 13);
}

// Rulebook, Crash cards: "Catching Up 2: The player does not move their racer. The closest racer behind the
// active player moves their racer forward 2 spaces." Example: "Lukas (yellow) has drawn the crash card and
// has to leave his racer where it is. Phil (green), who is one position behind Lukas, is lucky and advances
// his racer 2 spaces."
TEST_CASE("Example: Lukas draws Catching Up 2: Phil, one position behind, advances 2",
          "[scrap-racer][rules][crash][example]") {
  auto t = field(15, 12, 5, 30);  // Lukas: Hover on 15; Phil: Crusher on 12
  double_for(*t, 1);
  chance(*t, "crash catching-up-2");
  CHECK(t->distance(0) == 15);
  CHECK(t->distance(1) == 14);
  CHECK(t->distance(2) == 5);
  CHECK(t->distance(3) == 30);
}

// Rulebook, Crash cards: "Catching Up 4: The player does not move their racer. The closest racer behind the
// active player moves their racer forward 4 spaces."
TEST_CASE("Crash card: Catching Up 4; nobody moves when the active racer is last",
          "[scrap-racer][rules][crash]") {
  auto t = field(15, 12, 5, 30);
  double_for(*t, 2);
  chance(*t, "crash catching-up-4");
  CHECK(t->distance(1) == 16);
  auto u = field(2, 12, 5, 30);
  double_for(*u, 2);
  chance(*u, "crash catching-up-4");
  CHECK(u->distance(0) == 2);
  CHECK(u->distance(1) == 12);
  CHECK(u->distance(2) == 5);
}

// Rulebook, Crash cards: "Backwards die: The player rolls 1 die and moves their racer backwards according to
// the rolled result." (in the 3/4 and the 5/6 piles)
TEST_CASE("Crash card: Backwards die", "[scrap-racer][rules][crash]") {
  for (int pile : {1, 2}) {
    auto t = field(10, 13, 22, 3);
    double_for(*t, pile);
    chance(*t, "crash backwards-die");
    CHECK(t->phase() == Phase::CrashDie);
    chance(*t, "die 4");
    CHECK(t->distance(0) == 6);
  }
}

// Rulebook, Crash cards: "Push 5: The player moves their racer forward by up to 5 spaces, stopping
// immediately when landing on a space with another racer on it. The other racer on this space moves forward
// by 2 spaces." "Example A: Shows a situation in which no push occurs." "Example B: Shows a situation in
// which a push occurs."
TEST_CASE("Example A and B: Push 5 without and with a racer in reach",
          "[scrap-racer][rules][crash][example]") {
  SECTION("A: no racer within 5 spaces") {
    auto t = field(10, 16, 22, 3);
    double_for(*t, 1);
    chance(*t, "crash push-5");
    CHECK(t->distance(0) == 15);
    CHECK(t->distance(1) == 16);
  }
  SECTION("B: a racer 3 spaces ahead is pushed 2") {
    auto t = field(10, 13, 22, 3);
    double_for(*t, 1);
    chance(*t, "crash push-5");
    CHECK(t->distance(0) == 13);
    CHECK(t->distance(1) == 15);
    CHECK(t->active() == 1);  // everyone on a space of their own: no fight
  }
}

// Rulebook, Crash cards: "4, 6 backwards: The player moves their racer backwards by the given number of
// spaces."
TEST_CASE("Crash card: 4 and 6 backwards", "[scrap-racer][rules][crash]") {
  auto t = field(20, 13, 25, 3);
  double_for(*t, 2);
  chance(*t, "crash 4-backwards");
  CHECK(t->distance(0) == 16);
  auto u = field(20, 13, 25, 3);
  double_for(*u, 2);
  chance(*u, "crash 6-backwards");
  CHECK(u->distance(0) == 14);
}

// Rulebook, Crash cards: "!!! Important: A racer forced to move backwards because of a crash card will never
// move behind the finish line, no matter what lap it is on. Instead, it stops on the space right in front of
// the finish line."
TEST_CASE("Crash cards: a racer moved back never passes behind the finish line",
          "[scrap-racer][rules][crash]") {
  auto t = field(43, 13, 25, 3);  // space 3 of lap 2
  t->test_set_laps(0, 1);
  double_for(*t, 2);
  chance(*t, "crash 6-backwards");
  CHECK(t->distance(0) == 41);  // space 1 of lap 2
  CHECK(t->lap_markers(0) == 1);
  auto u = field(3, 13, 25, 30);
  double_for(*u, 1);
  chance(*u, "crash backwards-die");
  chance(*u, "die 6");
  CHECK(u->distance(0) == 1);
}

// Rulebook, Crash cards: "Loss of position: The player places their racer on the track just behind the racer
// in last position." Notes: "If the active player is in last position already, their racer does not move."
TEST_CASE("Crash card: Loss of position puts the racer just behind the last racer",
          "[scrap-racer][rules][crash]") {
  auto t = field(30, 13, 25, 10);
  double_for(*t, 2);
  chance(*t, "crash loss-of-position");
  CHECK(t->distance(0) == 9);
  auto u = field(5, 13, 25, 10);
  double_for(*u, 2);
  chance(*u, "crash loss-of-position");
  CHECK(u->distance(0) == 5);
}

// Rulebook, Loss of position, note: "The racer cannot be placed behind the finish line. If it would do so, it
// remains on the last space before the finish line." Example: "Phil (green) draws a crash card and has to
// fall back into last place behind Jules (blue). But since no racer is allowed to be placed behind the finish
// line, he only has to fall back to the first space in front of the finish line. There he engages in a fight
// with Kai (red)."
TEST_CASE("Example: Phil loses position but stops in front of the finish line and fights Kai",
          "[scrap-racer][rules][crash][example]") {
  auto t = field(45, 38, 41,
                 48);  // Phil: Hover on space 5 of lap 2; Jules on 38 of lap 1; Kai on space 1 of lap 2
  for (int r : {0, 2, 3}) t->test_set_laps(r, 1);
  double_for(*t, 2);
  chance(*t, "crash loss-of-position");
  CHECK(t->distance(0) == 41);
  CHECK(t->phase() == Phase::Fight);
  CHECK(t->fighter_a() == 0);
  CHECK(t->fighter_b() == 2);
}

// Rulebook, Crash cards: "Last Place 4: The player does not move their racer. The racer in last position
// moves 4 spaces forward. Note: If the active player is in last position, they move forward by 4 spaces."
TEST_CASE("Crash card: Last Place 4, also for the active racer when last", "[scrap-racer][rules][crash]") {
  auto t = field(30, 13, 25, 10);
  double_for(*t, 2);
  chance(*t, "crash last-place-4");
  CHECK(t->distance(0) == 30);
  CHECK(t->distance(3) == 14);
  auto u = field(5, 13, 25, 10);
  double_for(*u, 2);
  chance(*u, "crash last-place-4");
  CHECK(u->distance(0) == 9);
}

// Rulebook, Crash cards, Clarification: "At the start of the game the player order determines the position of
// those racers not on the race track yet. If a crash card at the beginning of the game applies to any players
// whose racer(s) is not on the race track yet, the player order decides whose racer will move. In that case
// racers are only moved forward, not backwards."
TEST_CASE("Crash cards at the start: racers not on the track rank by player order and only move forward",
          "[scrap-racer][rules][crash]") {
  SECTION("Catching Up: the next player's racer is the closest behind") {
    auto t = start(4, {"hover", "crusher", "twister", "swifty"}, 1);  // Crusher's player starts
    double_for(*t, 1);
    chance(*t, "crash catching-up-2");
    CHECK(t->distance(2) == 2);  // the next in player order
    CHECK(t->distance(3) == 0);
    CHECK(t->distance(0) == 0);
  }
  SECTION("Last Place: the last in player order moves") {
    auto t = start(4, {"hover", "crusher", "twister", "swifty"}, 1);
    double_for(*t, 2);
    chance(*t, "crash last-place-4");
    CHECK(t->distance(0) == 4);  // seat 1 plays last in the order 2, 3, 4, 1
  }
  SECTION("Backwards: a racer not on the track does not move") {
    auto t = start(4, {"hover", "crusher", "twister", "swifty"});
    double_for(*t, 2);
    chance(*t, "crash 6-backwards");
    CHECK(t->distance(0) == 0);
    CHECK(t->active() == 1);
  }
  SECTION("5 forward 2 back: the racer in front is not on the track, so it is not moved back") {
    auto t = start(4, {"hover", "crusher", "twister", "swifty"});
    chance(*t, "die 3");
    act(*t, "move 3");  // seat 1 on space 3
    double_for(*t, 1);
    chance(*t, "crash stay-put");  // seat 2 still behind the line
    double_for(*t, 0);
    chance(*t, "crash 5-forward-2-back");  // seat 3: seat 2 is in front of it
    CHECK(t->distance(1) == 0);
    CHECK(t->distance(2) == 5);
    CHECK(t->distance(0) == 3);
  }
}

// Our reading: the rulebook reshuffles only the crash piles; an empty bonus deck is made anew from the played
// bonus cards in the same way, and with every card in a hand the markers go back without a card.
TEST_CASE("Bonus deck: made anew from played cards when empty; no card when all are in hands",
          "[scrap-racer][rules][crash]") {
  const std::vector<std::pair<std::string, int>> all{{"forward-3", 6}, {"forward-5", 5}, {"forward-7", 3},
                                                     {"straight", 5},  {"curve", 5},     {"catch-up", 4}};
  SECTION("every card in a hand") {
    auto t = start(3, {"hover", "crusher", "twister"});
    for (const auto& [id, n] : all)
      for (int i = 0; i < n; ++i) t->test_set_bonus_card(1, id);
    REQUIRE(t->bonus_deck_size() == 0);
    t->test_set_bonus_markers(0, 1);
    double_for(*t, 1);
    chance(*t, "crash stay-put");
    CHECK(t->bonus_markers(0) == 0);
    CHECK(t->bonus_supply() == 17);
    CHECK(t->bonus_cards(0) == 0);
    CHECK(t->active() == 1);
  }
  SECTION("played cards become the new deck") {
    auto t = start(3, {"crusher", "hover", "twister"});
    for (const auto& [id, n] : all)
      for (int i = 0; i < n; ++i) t->test_set_bonus_card(0, id);
    chance(*t, "die 1");
    act(*t, "move 1");
    act(*t, "play forward-7");
    act(*t, "advance 1");
    act(*t, "end move");
    REQUIRE(t->bonus_discard_size() == 1);
    t->test_set_bonus_markers(1, 1);  // the Hover's next marker makes a card
    double_for(*t, 1);
    chance(*t, "crash stay-put");
    CHECK(t->phase() == Phase::BonusDraw);
    CHECK(t->bonus_deck_size() == 1);
    CHECK(t->bonus_discard_size() == 0);
    chance(*t, "bonus forward-7");
    CHECK(t->bonus_cards(1) == 1);
  }
}
