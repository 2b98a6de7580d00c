// Go Wacky! rules: Set Up, Play, passing. Rulebook: shared/rulebooks/go-wacky.txt.
#include <catch2/catch.hpp>

#include "tests/games/go_wacky/fixture.h"

using namespace rt;
using namespace rt::go_wacky;
using rt::test::act;
using rt::test::chance;
using rt::test::legal_texts;
using Strings = std::vector<std::string>;

TEST_CASE("Set Up: the deck has 88 cards", "[go-wacky][rules][setup]") {
  // Rulebook, Contents: "88 Cards, 6 Dice".
  auto game = rt::test::make_game(entry(), 2);
  auto s = game->new_initial_state();
  CHECK(static_cast<GoWackyState&>(*s).draw_pile_size() == 88);
  CHECK(static_cast<GoWackyState&>(*s).deck().dice.size() == 6);
}

TEST_CASE("Set Up: deal 4 cards to each player, turn up the top card to start the Play Pile",
          "[go-wacky][rules][setup]") {
  // Rulebook, Set Up: "Shuffle and deal 4 cards, face down to each player." ... "Turn up the top card and
  // place it next to the Draw Pile to form the Play Pile."
  auto t = fixture::deal(
      3, 2,
      {{"red", "red", "red", "red"}, {"blue", "blue", "blue", "blue"}, {"green", "green", "green", "green"}},
      "yellow");
  for (PlayerId p = 0; p < 3; ++p) CHECK(t.s->hand_size(p) == 4);
  CHECK(t.s->play_pile_size() == 1);
  CHECK(t.s->draw_pile_size() == 88 - 12 - 1);
  CHECK(t.s->deck().types[static_cast<std::size_t>(t.s->top_card())].id == "yellow");
}

TEST_CASE("Play: the player left of the dealer goes first", "[go-wacky][rules][play]") {
  // Rulebook, Play: "The player left of the dealer goes first, and play passes to the left."
  auto t = fixture::deal(4, 1, fixture::purple_hands(4), "green");
  CHECK(t.s->phase() == Phase::Turn);
  CHECK(t.s->current() == 2);
  auto u = fixture::deal(4, 3, fixture::purple_hands(4), "green");
  CHECK(u.s->current() == 0);
}

TEST_CASE("Play: after playing, draw back to 4; then the turn passes to the left",
          "[go-wacky][rules][play]") {
  // Rulebook, Play: "Once you play a card, draw a card from the Draw Pile to replenish your hand back to 4,
  // and then it becomes the next player's turn."
  auto t = fixture::deal(3, 2, fixture::purple_hands(3), "purple");
  REQUIRE(t.s->current() == 0);
  act(*t.s, 0, "play purple");
  CHECK(t.s->hand_size(0) == 3);
  CHECK(t.s->phase() == Phase::Refill);
  chance(*t.s, "draw blue");
  CHECK(t.s->hand_size(0) == 4);
  CHECK(t.s->current() == 1);
  CHECK(t.s->phase() == Phase::Turn);
}

TEST_CASE("Play: you must play a card that matches the colour of the top card", "[go-wacky][rules][play]") {
  // Rulebook, Play: "On your turn, you must play a card from your hand that matches the COLOR of the top card
  // on the Play Pile."
  auto t = fixture::deal(2, 1, {{"red", "blue", "green", "yellow"}, {"purple", "purple", "purple", "purple"}},
                         "red");
  CHECK(legal_texts(*t.s, 0) == Strings{"play red"});
}

TEST_CASE("Play: exact match — a red card on a red card", "[go-wacky][rules][play]") {
  // Rulebook, Exact match: "you may, for example, play a red card on another red card".
  auto t = fixture::deal(2, 1, {{"red", "orange", "orange", "orange"}, fixture::purple_hands(1)[0]}, "red");
  act(*t.s, 0, "play red");
  CHECK(t.s->deck().types[static_cast<std::size_t>(t.s->top_card())].id == "red");
}

TEST_CASE("Play: split match — on green/blue play green, blue, green/blue or any split with green or blue",
          "[go-wacky][rules][play]") {
  // Rulebook, Split match: "if the top Play Pile card is, for example, split green/blue, you may play a green
  // card, a blue card, a split green/blue card, or another split color card that contains either green or
  // blue".
  auto t = fixture::deal(
      2, 1,
      {{"green", "blue", "red+green", "orange+blue"}, {"red", "orange+yellow", "purple", "yellow+purple"}},
      "green+blue");
  CHECK(legal_texts(*t.s, 0) == Strings{"play green", "play blue", "play red+green", "play orange+blue"});
  // A split card sharing neither colour does not match.
  auto u =
      fixture::deal(2, 1, {{"red+yellow", "red", "red", "red"}, fixture::purple_hands(1)[0]}, "green+blue");
  CHECK(legal_texts(*u.s, 0) == Strings{"pass"});
}

TEST_CASE("Play: word cards are played only on a colour match", "[go-wacky][rules][play]") {
  // Rulebook, Word cards: "you may play a card that has words on it at any time, as long as it color-matches
  // the top card in the Play Pile".
  auto t = fixture::deal(
      2, 1, {{"egw-red", "gw-blue", "rnr-red+blue", "bull-yellow+blue"}, fixture::purple_hands(1)[0]}, "red");
  CHECK(legal_texts(*t.s, 0) == Strings{"play egw-red", "play rnr-red+blue"});
}

TEST_CASE("Play: with no playable card you pass, and only then", "[go-wacky][rules][play]") {
  // Rulebook, Play: "If you don't have a playable card, say "pass" and it becomes the next player's turn."
  auto t = fixture::deal(3, 2,
                         {{"red", "red", "red", "red"},
                          {"blue", "blue", "blue", "blue"},
                          {"purple", "purple", "purple", "purple"}},
                         "blue");
  CHECK(legal_texts(*t.s, 0) == Strings{"pass"});
  act(*t.s, 0, "pass");
  CHECK(t.s->current() == 1);
  CHECK(legal_texts(*t.s, 1) == Strings{"play blue"});  // a match: passing is not allowed
}

TEST_CASE(
    "Play: when every player passes in succession, the top Draw Pile card is turned up and the first "
    "player who passed goes",
    "[go-wacky][rules][play]") {
  // Rulebook, Play: "In the unlikely event that every player passes in succession, when the turn comes back
  // to the first player who couldn't go, turn the top card from the Draw Pile face up onto the Play Pile and
  // continue playing as before."
  auto t = fixture::deal(
      3, 2,
      {{"red", "red", "red", "red"}, {"blue", "blue", "blue", "blue"}, {"green", "green", "green", "green"}},
      "purple");
  act(*t.s, 0, "pass");
  act(*t.s, 1, "pass");
  act(*t.s, 2, "pass");
  REQUIRE(t.s->phase() == Phase::AllPassFlip);
  chance(*t.s, "draw blue");
  CHECK(t.s->play_pile_size() == 2);
  CHECK(t.s->current() == 0);
  CHECK(legal_texts(*t.s, 0) == Strings{"pass"});
  act(*t.s, 0, "pass");
  CHECK(legal_texts(*t.s, 1) == Strings{"play blue"});
}

TEST_CASE("Play: a pass between plays restarts the count of passes", "[go-wacky][rules][play]") {
  // "every player passes in succession": a play in between breaks the succession.
  auto t = fixture::deal(3, 2,
                         {{"red", "red", "red", "red"},
                          {"purple", "purple", "purple", "purple"},
                          {"green", "green", "green", "green"}},
                         "purple");
  act(*t.s, 0, "pass");
  act(*t.s, 1, "play purple");
  chance(*t.s, "draw red");
  act(*t.s, 2, "pass");
  act(*t.s, 0, "pass");
  CHECK(t.s->phase() == Phase::Turn);  // only two passes in succession
  CHECK(t.s->current() == 1);
}

TEST_CASE("Our reading: a word card turned up is only a colour", "[go-wacky][readings]") {
  auto t = fixture::deal(2, 1, {{"red", "red", "red", "red"}, fixture::purple_hands(1)[0]}, "egw-red");
  CHECK(t.s->phase() == Phase::Turn);
  CHECK(legal_texts(*t.s, 0) == Strings{"play red"});
}
