// Scrap Racer, A) Move the Racer: dice, bonus cards, racer abilities and
// fights (rulebook pages 5, 11, 12). Track A: straights on spaces 1-8, 13-16,
// 21-28, 33-36; curves on 9-12, 17-20, 29-32, 37-40; Boost spaces 9, 11, 17,
// 19, 29, 31, 37, 39.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "games/scrap_racer/presenter.h"
#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;
using Strings = std::vector<std::string>;

namespace {

// Three racers: seat 1 drives `first` (active), seats 2 and 3 the others.
Race three(const std::string& first, const std::string& second = "crusher",
           const std::string& third = "twister") {
  return start(3, {first, second, third});
}

}  // namespace

// Rulebook, A) 1): "advances their racer the same number of spaces clockwise along the race track, counting
// every space as one, even those that are occupied by another racer."
TEST_CASE("Move 1: every space counts as one, even an occupied one", "[scrap-racer][rules][move]") {
  auto t = three("hover");
  t->test_set_distance(0, 3);
  t->test_set_distance(1, 5);
  t->test_set_distance(2, 6);
  chance(*t, "die 4");
  act(*t, "move 4");
  CHECK(t->distance(0) == 7);
}

// Rulebook, A) 1): "the player may use any number of these before and/or after moving their racer by the
// complete number of spaces according to their total." Example: "Phil (green) uses his bonus card first, and
// advances his racer to the next curved space. Then he uses his dice result."
TEST_CASE("Example: Phil plays a Curve bonus card first, then moves his dice result",
          "[scrap-racer][rules][bonus][example]") {
  auto t = three("hover");
  t->test_set_distance(0, 2);
  t->test_set_bonus_card(0, "curve");
  chance(*t, "die 3");
  act(*t, "move 3");
  CHECK(t->phase() == Phase::MoveBefore);
  CHECK(legal(*t) == Strings{"advance 3", "play curve"});
  act(*t, "play curve");
  CHECK(t->distance(0) == 12);  // curve space 9, then 3 with the dice
  CHECK(t->bonus_cards(0) == 0);
  CHECK(t->bonus_discard_size() == 1);
}

// Rulebook, Bonus cards: "Example: Kai (red) plays two bonus cards first, then uses his dice result. Finally
// he plays another bonus card to cross the finish line this turn."
TEST_CASE("Example: Kai plays two bonus cards, his dice, then a third card to cross the finish line",
          "[scrap-racer][rules][bonus][example]") {
  auto t = three("hover");
  t->test_set_distance(0, 25);
  for (const char* id : {"forward-3", "straight", "forward-5"}) t->test_set_bonus_card(0, id);
  chance(*t, "die 5");
  act(*t, "move 5");
  act(*t, "play forward-3");  // 28
  act(*t, "play straight");   // 33, the next straight space after the curves 29-32
  CHECK(t->distance(0) == 33);
  act(*t, "advance 5");  // 38
  CHECK(t->phase() == Phase::MoveAfter);
  CHECK(legal(*t) == Strings{"end move", "play forward-5"});
  act(*t, "play forward-5");  // 43: space 3 of lap 2
  CHECK(t->distance(0) == 43);
  CHECK(t->lap_markers(0) == 1);
  CHECK(t->phase() == Phase::GoalDraw);
}

// Rulebook, Bonus cards: "3, 5, 7 spaces forward: The racer advances by 3, 5, or 7 spaces."
TEST_CASE("Bonus card: 3, 5 or 7 spaces forward", "[scrap-racer][rules][bonus]") {
  auto t = three("hover");
  t->test_set_distance(0, 10);
  for (const char* id : {"forward-3", "forward-5", "forward-7"}) t->test_set_bonus_card(0, id);
  chance(*t, "die 1");
  act(*t, "move 1");
  CHECK(t->bonus_target(0, 0) == 13);
  CHECK(t->bonus_target(0, 1) == 15);
  CHECK(t->bonus_target(0, 2) == 17);
  act(*t, "play forward-7");
  act(*t, "play forward-3");
  act(*t, "play forward-5");  // then the dice move follows on its own
  CHECK(t->distance(0) == 10 + 7 + 3 + 5 + 1);
}

// Rulebook, Bonus cards: "Straight: The racer advances to the next straight space."
TEST_CASE("Bonus card: Straight goes to the next straight space", "[scrap-racer][rules][bonus]") {
  auto t = three("hover");
  t->test_set_bonus_card(0, "straight");
  t->test_set_distance(0, 5);
  CHECK(t->bonus_target(0, 3) == 6);  // from a straight, the very next space
  t->test_set_distance(0, 9);
  CHECK(t->bonus_target(0, 3) == 13);  // from a curve, past the curves
  t->test_set_distance(0, 0);
  CHECK(t->bonus_target(0, 3) == 1);  // from behind the line, space 1
}

// Rulebook, Bonus cards: "Curve: The racer advances to the next curved space."
TEST_CASE("Bonus card: Curve goes to the next curved space", "[scrap-racer][rules][bonus]") {
  auto t = three("hover");
  t->test_set_distance(0, 1);
  CHECK(t->bonus_target(0, 4) == 9);
  t->test_set_distance(0, 9);
  CHECK(t->bonus_target(0, 4) == 10);
  t->test_set_distance(0, 40);
  CHECK(t->bonus_target(0, 4) == 49);  // over the line to space 9 of lap 2
}

// Rulebook, Bonus cards: "Catch up: The racer advances onto the space of the next racer directly in front of
// him following the track. Note: If no other bonus card is played immediately or the racer does not advance
// further due to dice rolls, a fight occurs."
TEST_CASE("Bonus card: Catch up lands on the next racer in front; the fight comes at the end of the move",
          "[scrap-racer][rules][bonus]") {
  SECTION("played before the dice: no fight") {
    auto t = three("hover");
    t->test_set_distance(0, 2);
    t->test_set_distance(1, 14);
    t->test_set_distance(2, 30);
    t->test_set_bonus_card(0, "catch-up");
    chance(*t, "die 3");
    act(*t, "move 3");
    act(*t, "play catch-up");
    CHECK(t->distance(0) == 17);
    CHECK(t->phase() == Phase::BoostReveal);  // no fight: the turn ends collecting the Boost marker on 17
    chance(*t, "boost turn");
    CHECK(t->active() == 1);
  }
  SECTION("played after the dice: a fight") {
    auto t = three("hover");
    t->test_set_distance(0, 2);
    t->test_set_distance(1, 14);
    t->test_set_distance(2, 30);
    t->test_set_bonus_card(0, "catch-up");
    chance(*t, "die 3");
    act(*t, "move 3");
    act(*t, "advance 3");
    CHECK(t->bonus_target(0, 5) == 14);
    act(*t, "play catch-up");
    CHECK(t->phase() == Phase::Fight);
    CHECK(t->distance(0) == 14);
  }
  SECTION("the next racer following the track may be a lap behind") {
    auto t = three("hover");
    t->test_set_distance(0, 35);
    t->test_set_distance(1, 3);  // space 3, a lap behind, but next along the track
    t->test_set_distance(2, 30);
    t->test_set_bonus_card(0, "catch-up");
    chance(*t, "die 1");
    act(*t, "move 1");
    CHECK(t->bonus_target(0, 5) == 43);
  }
  SECTION("with nobody on the track in front it cannot be played") {
    auto t = three("hover");
    t->test_set_distance(0, 2);
    t->test_set_bonus_card(0, "catch-up");
    chance(*t, "die 3");
    act(*t, "move 3");
    CHECK(t->active() == 1);  // no playable card: the move went on and ended
  }
}

// Rulebook, Bonus markers: "draw the top card from the Bonus deck, placing it facedown (hidden from other
// players)".
TEST_CASE("Bonus cards: held face down, hidden from the other players", "[scrap-racer][rules][bonus]") {
  auto t = three("hover");
  t->test_set_bonus_card(0, "forward-7");
  Canvas own(80, 24, false);
  ViewContext ctx;
  ctx.viewer = 0;
  ScrapRacerPresenter().view(*t, own, ctx);
  CHECK_THAT(own.to_text(), Catch::Contains("+7"));
  Canvas other(80, 24, false);
  ctx.viewer = 1;
  ScrapRacerPresenter().view(*t, other, ctx);
  CHECK_THAT(other.to_text(), !Catch::Contains("+7"));
  // A drawn card is told to its owner only.
  EventSink events;
  t->set_event_sink(&events);
  t->test_set_bonus_markers(0, 1);  // Hover: the next marker makes a card
  roll(*t, {4, 4});
  chance(*t, "crash stay-put");
  chance(*t, "bonus curve");
  bool private_seen = false;
  for (const Event& e : events)
    if (e.text.find("Curve") != std::string::npos) {
      CHECK(e.audience == 0);
      private_seen = true;
    }
  CHECK(private_seen);
  t->set_event_sink(nullptr);
}

// Rulebook, Racer abilities: "Steel Jacket: If the racer is on a straight space, it advances by 1 space once
// only."
TEST_CASE("Racer ability: Steel Jacket on a straight space advances 1, once only",
          "[scrap-racer][rules][ability]") {
  auto t = three("steel-jacket");
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->distance(0) == 6);  // 5 is straight: one more space (6 is straight too, but once only)
  auto u = three("steel-jacket");
  u->test_set_distance(0, 5);
  chance(*u, "die 5");
  act(*u, "move 5");
  CHECK(u->distance(0) == 10);  // a curve: nothing
}

// Rulebook, Racer abilities: "Swiftly: If the racer is on a curved space, it advances by 1 space once only."
// A) 2) Example: "Jules (blue) activates her racer ability, since she ended her movement on a curved space.
// She advances her racer one more space."
TEST_CASE("Example: Jules's Swifty ends on a curved space and advances 1 more, once only",
          "[scrap-racer][rules][ability][example]") {
  auto t = three("swifty");
  t->test_set_distance(0, 5);
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->distance(0) == 11);  // 10 is a curve, so is 11, but once only (11 holds a Boost marker)
  auto u = three("swifty");
  chance(*u, "die 5");
  act(*u, "move 5");
  CHECK(u->distance(0) == 5);  // a straight: nothing
}

// Rulebook, Racer abilities: "Twister: If the racer has passed at least one space with another racer during
// its turn, it advances by 1 space."
TEST_CASE("Racer ability: Twister advances 1 after passing a space with another racer",
          "[scrap-racer][rules][ability]") {
  SECTION("passed a racer") {
    auto t = three("twister", "hover", "crusher");
    t->test_set_distance(1, 3);
    chance(*t, "die 6");
    act(*t, "move 6");
    CHECK(t->distance(0) == 7);
  }
  SECTION("landing on a racer is not passing it") {
    auto t = three("twister", "hover", "crusher");
    t->test_set_distance(1, 6);
    chance(*t, "die 6");
    act(*t, "move 6");
    CHECK(t->distance(0) == 6);
    CHECK(t->phase() == Phase::Fight);
  }
  SECTION("nobody passed") {
    auto t = three("twister", "hover", "crusher");
    t->test_set_distance(1, 20);
    chance(*t, "die 6");
    act(*t, "move 6");
    CHECK(t->distance(0) == 6);
  }
}

// Rulebook, Racer abilities: "Crusher: If the racer has passed at least one space with another racer during
// its turn, the player takes one bonus marker from the common supply."
TEST_CASE("Racer ability: Crusher takes a bonus marker after passing a racer",
          "[scrap-racer][rules][ability]") {
  auto t = three("crusher", "hover", "twister");
  t->test_set_distance(1, 2);
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(t->distance(0) == 5);
  CHECK(t->bonus_markers(0) == 1);
  CHECK(t->bonus_supply() == 16);
  auto u = three("crusher", "hover", "twister");
  u->test_set_distance(1, 12);
  chance(*u, "die 5");
  act(*u, "move 5");
  CHECK(u->bonus_markers(0) == 0);
}

// Rulebook, Racer abilities: "Jackal: This racer automatically wins all fights against other racers, and
// moves forward by 2 spaces (instead of only the usual 1 space). This ability only applies when a fight takes
// place." Playing the Game: "A player may only use the ability of their racer when they are the active
// player."
TEST_CASE("Racer ability: Jackal wins its fights automatically and moves 2, on its own turn",
          "[scrap-racer][rules][ability]") {
  auto t = three("jackal", "hover", "twister");
  t->test_set_distance(1, 4);
  chance(*t, "die 4");
  act(*t, "move 4");
  CHECK(t->distance(0) == 6);  // no dice: Jackal wins and moves 2
  CHECK(t->distance(1) == 4);
  CHECK(t->active() == 1);
  // On Hover's turn the Jackal is not the active racer: the fight is rolled.
  chance(*t, "die 2");
  act(*t, "move 2");
  CHECK(t->phase() == Phase::Fight);
  chance(*t, "fight 5-3");  // Hover (active) rolls 5
  CHECK(t->distance(1) == 7);
  CHECK(t->distance(0) == 6);
}

// Variant jackal-every-fight keeps the Jackal's own sentence, "This racer automatically wins all fights
// against other racers", over Playing the Game's "A player may only use the ability of their racer when they
// are the active player": on Hover's turn the Jackal still wins without dice and moves 2.
TEST_CASE("Variant jackal-every-fight: the Jackal wins every fight, on other racers' turns too",
          "[scrap-racer][variants][ability]") {
  auto t = start(3, {"jackal", "hover", "twister"}, 0, {"jackal-every-fight"});
  t->test_set_distance(1, 4);
  chance(*t, "die 4");
  act(*t, "move 4");
  CHECK(t->distance(0) == 6);  // its own turn, as without the variant
  REQUIRE(t->active() == 1);
  chance(*t, "die 2");
  act(*t, "move 2");                  // Hover lands on the Jackal's space
  CHECK(t->phase() != Phase::Fight);  // no dice are rolled
  CHECK(t->distance(0) == 8);
  CHECK(t->distance(1) == 6);
}

// Rulebook, Racer abilities: "Hover: This racer needs only 2 bonus markers in order to gain a bonus card.
// This applies during the complete race, and is not an activatable ability."
TEST_CASE("Racer ability: Hover needs only 2 bonus markers for a bonus card",
          "[scrap-racer][rules][ability]") {
  auto t = three("hover", "crusher", "twister");
  t->test_set_bonus_markers(0, 1);
  roll(*t, {4, 4});
  chance(*t, "crash stay-put");
  CHECK(t->phase() == Phase::BonusDraw);  // the second marker makes a card
  CHECK(t->bonus_markers(0) == 0);
  chance(*t, "bonus curve");
  CHECK(t->bonus_cards(0) == 1);
  CHECK(t->bonus_supply() == 17);
  // Crusher, like every other racer, needs three.
  auto u = three("crusher", "hover", "twister");
  u->test_set_bonus_markers(0, 1);
  roll(*u, {4, 4});
  chance(*u, "crash stay-put");
  CHECK(u->bonus_markers(0) == 2);
  CHECK(u->bonus_cards(0) == 0);
  CHECK(u->active() == 1);
}

// Rulebook, B) Doubles rolled: "!!! Important: No player can use their racer's ability during this process.
// The racer is moved by the effect of the crash card only, and rolled dice are ignored."
TEST_CASE("Racer abilities: none while a crash card is resolved", "[scrap-racer][rules][ability][crash]") {
  SECTION("Steel Jacket does not step on from a straight") {
    auto t = three("steel-jacket");
    t->test_set_distance(0, 3);
    roll(*t, {1, 1});
    chance(*t, "crash advance-2");
    CHECK(t->distance(0) == 5);
  }
  SECTION("Jackal's fight is rolled") {
    auto t = three("jackal", "hover", "twister");
    t->test_set_distance(0, 3);
    t->test_set_distance(1, 5);
    roll(*t, {1, 1});
    chance(*t, "crash advance-2");
    CHECK(t->phase() == Phase::Fight);
  }
}

// Rulebook, A) 3) Fight: "During a fight, both players roll one die and compare their results. The player
// with the higher result is the winner of the fight and advances their racer by one space." Example: "Jules
// (blue) and Phil (green) are fighting for position. Each rolls a die once and compare the outcome. Jules
// wins with a 5 and advances her racer one space."
TEST_CASE("Example: Jules wins the fight with a 5 and advances one space",
          "[scrap-racer][rules][fight][example]") {
  auto t = three("hover", "crusher", "twister");  // Jules drives Hover, Phil the Crusher
  t->test_set_distance(1, 14);
  t->test_set_distance(0, 10);
  chance(*t, "die 4");
  act(*t, "move 4");
  REQUIRE(t->phase() == Phase::Fight);
  CHECK(t->fighter_a() == 0);  // the active racer's die is the first
  CHECK(t->fighter_b() == 1);
  chance(*t, "fight 5-2");
  CHECK(t->distance(0) == 15);
  CHECK(t->distance(1) == 14);
  // "If there is no other racer on the final space, nothing happens."
  CHECK(t->active() == 1);
}

// Rulebook, A) 3) Fight: "In case of a tie, both players roll again until there is a winner. It is not
// allowed to use Boost markers during a fight in order to manipulate one's die roll."
TEST_CASE("Fight: a tie is rolled again; no Boost markers in a fight", "[scrap-racer][rules][fight]") {
  auto t = three("hover", "crusher", "twister");
  t->test_set_boost(0, BoostKind::Reroll, 2);
  t->test_set_distance(1, 14);
  t->test_set_distance(0, 10);
  chance(*t, "die 4");
  act(*t, "move 4");
  REQUIRE(t->phase() == Phase::Fight);
  chance(*t, "fight 3-3");
  CHECK(t->phase() == Phase::Fight);
  CHECK(t->turn() == Turn::Chance);  // nobody decides anything: no Boost marker can be used
  CHECK(legal(*t).empty());
  chance(*t, "fight 1-4");
  CHECK(t->distance(1) == 15);
  CHECK(t->distance(0) == 14);
  CHECK(t->boosts(0, BoostKind::Reroll) == 2);
}

// Rulebook, A) 3) Fight: "If the winner of the fight moves onto a space with another racer, a new fight
// occurs, etc. until all racers are on a space of their own."
TEST_CASE("Fight: a winner landing on another racer fights again, until every racer has its own space",
          "[scrap-racer][rules][fight]") {
  auto t = three("hover", "crusher", "twister");
  t->test_set_distance(1, 14);
  t->test_set_distance(2, 15);
  t->test_set_distance(0, 10);
  chance(*t, "die 4");
  act(*t, "move 4");
  chance(*t, "fight 6-1");  // Hover beats Crusher onto Twister's space
  REQUIRE(t->phase() == Phase::Fight);
  CHECK(t->fighter_a() == 0);
  CHECK(t->fighter_b() == 2);
  chance(*t, "fight 2-5");  // Twister wins
  CHECK(t->distance(1) == 14);
  CHECK(t->distance(0) == 15);
  CHECK(t->distance(2) == 16);
  CHECK(t->active() == 1);
}

// A Straight bonus card needs a straight space somewhere on the track.
TEST_CASE("Bonus card: Straight cannot be played on a track without straights",
          "[scrap-racer][rules][bonus]") {
  auto t = start(3, {"hover", "crusher", "twister"}, 0, {}, {{"track", "C C C C C C C C"}});
  REQUIRE(t->track().length == 16);
  t->test_set_bonus_card(0, "straight");
  t->test_set_bonus_card(0, "curve");
  chance(*t, "die 3");
  act(*t, "move 3");
  CHECK(legal(*t) == Strings{"advance 3", "play curve"});
}

// Rulebook, Bonus markers: the bonus card is "hidden from other players": a search bot that guesses the other
// hands keeps its own and the sizes of the others.
TEST_CASE("Bonus cards: determinize redeals only what the viewer cannot see", "[scrap-racer][bonus]") {
  auto t = three("hover");
  t->test_set_bonus_card(0, "curve");
  t->test_set_bonus_card(1, "straight");
  t->test_set_bonus_card(1, "forward-7");
  Rng rng(3);
  for (int i = 0; i < 20; ++i) {
    auto copy = t->clone();
    auto& s = static_cast<ScrapRacerState&>(*copy);
    s.determinize(0, rng);
    CHECK(s.bonus_cards(0, 4) == 1);
    CHECK(s.bonus_cards(0) == 1);
    CHECK(s.bonus_cards(1) == 2);
    CHECK(s.bonus_cards(2) == 0);
    CHECK(s.bonus_deck_size() == 25);
    CHECK(s.check_invariants().empty());
  }
}
