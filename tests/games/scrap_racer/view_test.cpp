// Scrap Racer on screen: the board, prompts, action labels, events and the
// rules text.
#include <catch2/catch.hpp>

#include <sstream>

#include "games/scrap_racer/presenter.h"
#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;
using Strings = std::vector<std::string>;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Hover on 3, Crusher on 15, Twister on space 1 of lap 2, Swifty on 22; space 9's Boost marker taken.
Race midrace(int players = 4) {
  const std::vector<std::string> all{"hover", "crusher", "twister", "swifty", "jackal", "steel-jacket"};
  auto t = start(players, std::vector<std::string>(all.begin(), all.begin() + players));
  const int d[] = {3, 15, 41, 22, 30, 35};
  for (int r = 0; r < players; ++r) t->test_set_distance(r, d[r]);
  t->test_set_boost_space(8, false);
  return t;
}

std::string draw(const ScrapRacerState& s, int w, int h, bool unicode, PlayerId viewer = 0) {
  Canvas c(w, h, unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  ScrapRacerPresenter().view(s, c, ctx);
  return c.to_text();
}

}  // namespace

TEST_CASE("View: the loop track with straights, curves, Boost markers, racers and the finish line",
          "[scrap-racer][view]") {
  auto t = midrace();
  roll(*t, {4, 5});
  const std::string text = draw(*t, 80, 20, false);
  const auto rows = lines_of(text);
  INFO(text);
  REQUIRE(rows.size() >= 12);
  CHECK(rows.size() <= 20);
  CHECK_THAT(rows[0], Catch::Contains("track A (40 spaces a lap)"));
  // The top row: the finish line, then spaces 1-14 (straights [ ], curves ( )).
  CHECK(rows[2] == " F> [T ][  ][H ][  ][  ][  ][  ][  ](. )(  )(* )(  )[  ][  ]");
  CHECK(rows[3].substr(60) == "[C ]15");                   // space 15, first of the right side
  CHECK(rows[9].substr(52, 4) == "[S ]");                  // space 22 on the bottom row
  CHECK(rows[8].substr(0, 4) == "[  ]");                   // space 35; the left side climbs to 40
  CHECK_THAT(rows[3], Catch::Contains("P1 - Hover (H)"));  // the turn inside the ring
  CHECK_THAT(rows[4], Catch::Contains("Dice [4][5] = 9  next die: 2 of 6 is a double"));
  CHECK_THAT(text, Catch::Contains("> H Hover"));
  CHECK_THAT(text, Catch::Contains("F> finish line"));
}

TEST_CASE("View: fits 80x20 with six racers; ASCII only on an ASCII canvas; smaller canvases degrade",
          "[scrap-racer][view]") {
  auto t = midrace(6);
  const std::string ascii = draw(*t, 80, 20, false);
  const auto rows = lines_of(ascii);
  CHECK(rows.size() == 20);
  for (const auto& r : rows) {
    CHECK(r.size() <= 80);
    for (char ch : r) CHECK(static_cast<unsigned char>(ch) < 0x80);
  }
  // The shell of an 80x24 terminal gives the board 16 rows: the ring stays, the space numbers go.
  const std::string shell = draw(*t, 80, 16, false);
  CHECK(lines_of(shell).size() == 16);
  CHECK_THAT(shell, Catch::Contains("F> [T ]"));
  CHECK_THAT(shell, Catch::Contains("K Steel Jacket"));
  const std::string uni = draw(*t, 80, 20, true);
  CHECK_THAT(uni, Catch::Contains("·"));  // the empty Boost space
  // No room for the ring: the turn and the dashboards still show.
  const std::string small = draw(*t, 50, 12, true);
  CHECK_THAT(small, !Catch::Contains("F>"));
  CHECK_THAT(small, Catch::Contains("Hover"));
  const std::string tiny = draw(*t, 10, 3, false);
  CHECK(lines_of(tiny).size() <= 3);
}

TEST_CASE("View: crash and goal cards are shown as they resolve", "[scrap-racer][view]") {
  auto t = midrace();
  roll(*t, {2, 2});
  chance(*t, "crash two-dice");
  CHECK_THAT(draw(*t, 80, 20, false), Catch::Contains("Crash 1/2: 2 dice - roll 2 dice"));
  auto u = midrace();
  u->test_set_distance(0, 38);
  chance(*u, "die 4");
  act(*u, "move 4");
  chance(*u, "goal last-7");
  CHECK_THAT(draw(*u, 80, 20, false), Catch::Contains("Goal 7: Last place - the last racer moves forward 7"));
}

// A clear prompt: "Roll again (risk: 1 of 6 numbers is a double) / Move 13".
TEST_CASE("Prompt: roll again with the risk of a double, or move the total", "[scrap-racer][view]") {
  auto t = midrace();
  chance(*t, "die 6");
  CHECK(ScrapRacerPresenter().prompt(*t, 0) ==
        "Hover: dice 6. Roll again (risk: 1 of 6 numbers is a double) / Move 6");
}

TEST_CASE("Prompt and labels say what each choice would do", "[scrap-racer][view]") {
  auto t = midrace();
  t->test_set_boost(0, BoostKind::Turn, 1);
  t->test_set_boost(0, BoostKind::PlusMinus, 1);
  t->test_set_boost(0, BoostKind::Reroll, 1);
  roll(*t, {1, 3, 4, 5});
  CHECK(ScrapRacerPresenter().prompt(*t, 0) ==
        "Hover: dice 1 3 4 5. Roll again (risk: 4 of 6 numbers are a double) / Move 13 (or a Boost marker on "
        "the 5)");
  std::vector<Action> acts;
  t->legal_actions(0, acts);
  Strings labels;
  for (Action a : acts) labels.push_back(ScrapRacerPresenter().action_label(*t, 0, a));
  CHECK(labels == Strings{"Roll again (risk: 4 in 6 of a double)", "Move 13 (to space 16 of lap 1)",
                          "Boost Re-roll: roll the 5 again", "Boost +1: the 5 becomes 6",
                          "Boost -1: the 5 becomes 4", "Boost Turn: the 5 becomes 2"});
  act(*t, "roll");
  chance(*t, "die 3");
  CHECK_THAT(ScrapRacerPresenter().prompt(*t, 0),
             Catch::StartsWith("Hover: dice 1 3 4 5 3. Double 3! Take the crash card (pile 3/4)"));
  CHECK(ScrapRacerPresenter().action_label(*t, 0, kCrash) == "Take the crash card (double 3: pile 3/4)");
  // What waits where a move ends.
  auto w = midrace();
  roll(*w, {5, 3});
  CHECK(ScrapRacerPresenter().action_label(*w, 0, kMove) == "Move 8 (to space 11 of lap 1, a Boost marker)");
  more(*w, {4});
  CHECK(ScrapRacerPresenter().action_label(*w, 0, kMove) ==
        "Move 12 (to space 15 of lap 1, a fight with Crusher)");
  w->test_set_distance(0, 35);
  CHECK(ScrapRacerPresenter().action_label(*w, 0, kMove) ==
        "Move 12 (to space 7 of lap 2, over the finish line)");
  // Bonus cards and the 2-player choices.
  auto u = midrace();
  u->test_set_bonus_card(0, "curve");
  chance(*u, "die 2");
  act(*u, "move 2");
  CHECK(ScrapRacerPresenter().prompt(*u, 0) == "Hover: move 2. Play bonus cards before moving, or advance.");
  CHECK(ScrapRacerPresenter().action_label(*u, 0, kAdvance) ==
        "Advance 2 with the dice (to space 5 of lap 1)");
  // Played before the dice, the card stops on the way: the dice move follows.
  CHECK(ScrapRacerPresenter().action_label(*u, 0, kPlayBase + 4) ==
        "Play Curve (to space 9 of lap 1, then the dice move 2)");
  auto v = start(2, {"hover", "crusher", "twister", "swifty"});
  CHECK(ScrapRacerPresenter().prompt(*v, 0) ==
        "Choose which racer starts, Hover or Crusher: your turns keep this order all race.");
  CHECK(ScrapRacerPresenter().action_label(*v, 0, kFirstBase + 1) == "Crusher takes the first turn");
}

TEST_CASE("Events: every event names the rule that fired", "[scrap-racer][view]") {
  auto game = test::make_game(entry(), 4);
  std::vector<Seat> seats(4, Seat{"P", SeatKind::Bot, BotLevel::Normal});
  Table table(game, seats, 5);
  EventSink events;
  table.set_event_sink(&events);
  table.advance();
  CHECK(events.size() > 100);
  for (const Event& e : events) {
    CHECK(!e.rule.empty());
    CHECK(!e.text.empty());
  }
}

TEST_CASE("Rules text: setup, a turn, every card, racer and variant, and Our readings, in 80 columns",
          "[scrap-racer][rules-text]") {
  auto game = test::make_game(entry(), 3);
  const std::string text = game->rules_text();
  for (const auto& line : lines_of(text)) CHECK(line.size() <= 80);
  for (const char* must : {"SETUP", "A TURN", "BOOST MARKERS", "FIGHT", "CRASH CARDS", "GOAL CARDS",
                           "BONUS CARDS", "RACERS", "2 PLAYERS", "TRACKS", "OUR READINGS"})
    CHECK_THAT(text, Catch::Contains(must));
  const auto& d = static_cast<const ScrapRacerGame&>(*game).data();
  for (const auto& c : d.crash) CHECK_THAT(text, Catch::Contains(c.name));
  for (const auto& g : d.goals) CHECK_THAT(text, Catch::Contains(g.name));
  for (const auto& r : d.racers) CHECK_THAT(text, Catch::Contains(r.name));
  for (const auto& l : d.layouts) CHECK_THAT(text, Catch::Contains(l.id + "  " + l.order));
}
