// Scrap Racer, Changes in a 2-player game and the 3-player variant (rulebook
// page 8): two racers per player. Racer slots 0-1 belong to seat 1, 2-3 to seat 2.
#include <catch2/catch.hpp>

#include "games/scrap_racer/presenter.h"
#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;
using Strings = std::vector<std::string>;

namespace {

// Hendrik (seat 1): Hover and Crusher; Uschi (seat 2): Twister and Swifty. Hendrik starts.
Race duel() {
  return start(2, {"hover", "crusher", "twister", "swifty"});
}

void turn(ScrapRacerState& s, int die) {
  chance(s, "die " + std::to_string(die));
  act(s, "move " + std::to_string(die));
}

}  // namespace

// Rulebook, Changes in a 2-player game, Setup: "Each player randomly takes two dashboards and the
// corresponding racers. Determine a start player."
TEST_CASE("2-player game: each player takes two dashboards and racers", "[scrap-racer][rules][teams]") {
  auto t = duel();
  CHECK(t->teams());
  CHECK(t->racers() == 4);
  CHECK(t->owner(0) == 0);
  CHECK(t->owner(1) == 0);
  CHECK(t->owner(2) == 1);
  CHECK(t->owner(3) == 1);
  CHECK(t->start_player() == 0);
}

// Rulebook, Turn order: "The first player determines a start racer and places the start player marker next to
// that racer's dashboard. Next they play a turn with both of their racers. Then the next player chooses a
// sequence and makes a turn with both of their racers. The turn order is now fixed in this order for the rest
// of the game."
TEST_CASE("2-player game: start racer, then the other player's sequence, fixed for the race",
          "[scrap-racer][rules][teams]") {
  auto t = duel();
  CHECK(t->phase() == Phase::ChooseFirst);
  CHECK(legal(*t) == Strings{"first hover", "first crusher"});
  act(*t, "first crusher");
  CHECK(t->active() == 1);
  turn(*t, 1);
  CHECK(t->active() == 0);
  turn(*t, 2);
  CHECK(t->phase() == Phase::ChooseFirst);  // Uschi chooses now, at her first turn
  CHECK(t->active_player() == 1);
  CHECK(legal(*t) == Strings{"first twister", "first swifty"});
  act(*t, "first swifty");
  CHECK(t->active() == 3);
  turn(*t, 3);
  CHECK(t->active() == 2);
  turn(*t, 4);
  // The order stays: Crusher, Hover, Swifty, Twister.
  std::vector<int> seen;
  for (int i = 0; i < 4; ++i) {
    seen.push_back(t->active());
    t->test_set_distance(t->active(), 60 + 6 * i);  // room to move without meeting anyone
    turn(*t, 1);
  }
  CHECK(seen == std::vector<int>{1, 0, 3, 2});
}

// Rulebook, Fights: "A fight between the two players is handled as usual. If a fight occurs between two
// racers of the same player, the player simply decides which racer wins the fight and advances it by 1 space
// without rolling the dice."
TEST_CASE("2-player game: a fight between one player's racers is decided by that player, without dice",
          "[scrap-racer][rules][teams]") {
  auto t = duel();
  act(*t, "first hover");
  t->test_set_distance(1, 4);
  t->test_set_distance(2, 20);
  turn(*t, 4);
  CHECK(t->phase() == Phase::FightChoose);
  CHECK(legal(*t) == Strings{"winner hover", "winner crusher"});
  act(*t, "winner crusher");
  CHECK(t->distance(1) == 5);
  CHECK(t->distance(0) == 4);
  CHECK(t->active() == 1);
  // Against the other player's racer the fight is rolled as usual.
  roll(*t, {6, 5, 4});
  act(*t, "move 15");
  CHECK(t->distance(1) == 20);
  CHECK(t->phase() == Phase::Fight);
}

// Rulebook, Bonus cards: "All bonus cards are held in common between the player's two racers and may be used
// for either racer, no matter who earned them."
TEST_CASE("2-player game: bonus cards are shared by a player's two racers", "[scrap-racer][rules][teams]") {
  auto t = duel();
  act(*t, "first hover");
  t->test_set_bonus_markers(0, 1);  // Hover: one more marker makes a card
  roll(*t, {3, 3});
  chance(*t, "crash stay-put");
  chance(*t, "bonus forward-5");
  CHECK(t->bonus_cards(0) == 1);
  CHECK(t->active() == 1);  // the Crusher may play the card the Hover earned
  chance(*t, "die 2");
  act(*t, "move 2");
  CHECK(legal(*t) == Strings{"advance 2", "play forward-5"});
  act(*t, "play forward-5");
  CHECK(t->distance(1) == 7);
  CHECK(t->bonus_cards(0) == 0);
}

// Rulebook, End of the game and presentation ceremony: "The end of the game is triggered as soon as at least
// one racer of one player has gained its third lap marker. All racers that still have a turn remaining before
// the start racer (the one with the start marker) must perform their turn. 1) If only one racer of one player
// has earned a third lap marker, the owner of that racer has won the race." Example: "Since Hendrik is the
// only player with a racer (red) that has three lap markers at the end of the game, they are declared the
// winner."
TEST_CASE("Example: Hendrik is the only player with a racer on three laps and wins",
          "[scrap-racer][rules][teams][example]") {
  auto t = duel();
  act(*t, "first hover");
  const int d[] = {118, 26, 100, 112};
  for (int r = 0; r < 4; ++r) {
    t->test_set_distance(r, d[r]);
    t->test_set_laps(r, t->track().laps_of(d[r]));
  }
  turn(*t, 5);  // Hendrik's Hover: third lap marker, the end is triggered
  CHECK(t->ending());
  CHECK(t->phase() != Phase::Over);
  turn(*t, 1);  // Hendrik's Crusher
  act(*t, "first twister");
  turn(*t, 1);  // Uschi's Twister
  CHECK(t->phase() != Phase::Over);
  turn(*t, 1);  // Uschi's Swifty: the last racer before the start racer
  CHECK(t->phase() == Phase::Over);
  const Standings st = t->standings();
  CHECK(st.winners() == std::vector<PlayerId>{0});
  CHECK_THAT(st.summary, Catch::Contains("only player"));
  CHECK(st.placings[1].player == 1);
}

// Rulebook, End of the game: "2) If at least two racers have three goal markers, the winner is determined by
// the second racer of those players. The player which second racer is furthest ahead wins. In this case it
// does not matter which racer is in first position!" Example: "Both players have a racer with 3 lap markers
// (red/orange). The second racer of each player will be the deciding factor. Therefore, Uschi is the winner,
// since her second racer (blue) is further ahead as Hendrik's second racer (purple)."
TEST_CASE(
    "Example: both players have a racer on three laps; Uschi's second racer is further ahead, Uschi wins",
    "[scrap-racer][rules][teams][example]") {
  auto t = duel();
  act(*t, "first hover");
  const int d[] = {119, 60, 118,
                   92};  // Hendrik: red Hover, purple Crusher; Uschi: orange Twister, blue Swifty
  for (int r = 0; r < 4; ++r) {
    t->test_set_distance(r, d[r]);
    t->test_set_laps(r, t->track().laps_of(d[r]));
  }
  turn(*t, 6);  // red to 125, in first position
  turn(*t, 1);  // purple to 61
  act(*t, "first twister");
  turn(*t, 5);  // orange to 123: three laps
  turn(*t, 1);  // blue to 93
  REQUIRE(t->phase() == Phase::Over);
  const Standings st = t->standings();
  CHECK(st.winners() == std::vector<PlayerId>{1});
  CHECK(st.placings[0].score == 93);  // the second racer's distance decides
  CHECK(st.placings[1].score == 61);
  CHECK_THAT(st.summary, Catch::Contains("second racer (Swifty)"));
}

// Rulebook, 3-Player Variant: "With three players you can also choose to play with two racers each. Apply the
// same rules as above."
TEST_CASE("3-player variant: two racers each with two-racers", "[scrap-racer][rules][teams]") {
  auto t = start(3, {"hover", "crusher", "twister", "swifty", "jackal", "steel-jacket"}, 2, {"two-racers"});
  CHECK(t->racers() == 6);
  CHECK(t->owner(5) == 2);
  CHECK(t->phase() == Phase::ChooseFirst);
  CHECK(legal(*t) == Strings{"first jackal", "first steel-jacket"});
  act(*t, "first steel-jacket");
  turn(*t, 1);
  turn(*t, 3);                              // Jackal
  CHECK(t->phase() == Phase::ChooseFirst);  // then seat 1 (clockwise after seat 3)
  CHECK(t->active_player() == 0);
  // Without the variant, three players race one racer each.
  auto u = start(3, {"hover", "crusher", "twister"});
  CHECK(u->racers() == 3);
  CHECK_FALSE(u->teams());
}

// Our reading: abilities must be used, so on its own move turn the Jackal beats even its teammate, without
// dice and without its owner choosing.
TEST_CASE("2-player game: on its own move turn the Jackal beats its teammate automatically",
          "[scrap-racer][rules][teams]") {
  auto t = start(2, {"jackal", "hover", "twister", "swifty"});
  act(*t, "first jackal");
  t->test_set_distance(1, 4);
  turn(*t, 4);
  CHECK(t->distance(0) == 6);
  CHECK(t->distance(1) == 4);
  CHECK(t->active() == 1);
  // On the Hover's turn the owner chooses.
  turn(*t, 2);
  CHECK(t->phase() == Phase::FightChoose);
}

TEST_CASE("2-player game: the leader's words and the shared bonus cards read whole",
          "[scrap-racer][teams][view]") {
  auto t = duel();
  act(*t, "first crusher");
  turn(*t, 3);  // Crusher moves; Hover is still behind the finish line
  const std::string summary = t->standings().summary;
  INFO(summary);
  CHECK_THAT(summary, Catch::Contains("still behind the finish line"));
  CHECK_THAT(summary, !Catch::Contains(" on behind"));
  // The dashboards at 80 columns: the second racer of a player says its cards
  // are shared with the first, in words that fit.
  Canvas c(80, 20, false);
  ViewContext ctx;
  ctx.viewer = 0;
  ScrapRacerPresenter().view(*t, c, ctx);
  const std::string text = c.to_text();
  INFO(text);
  CHECK_THAT(text, Catch::Contains(" shared"));
  CHECK_THAT(text, !Catch::Contains("\""));
}
