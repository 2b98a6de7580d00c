// Rulebook, "1. Programming", "2. Racing" (order, the slowest's penalty) and
// "3. End of Round", played through the game state.
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/rc_racer/presenter.h"
#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

// No movement at all in lane 1 of the Starting Grid: Backwards is ignored there and Diagonal left bumps the
// Blue edge without Damage.
const std::vector<std::string> kStill{"nothing", "battery", "gap",   "decrease",
                                      "fwd1",    "back",    "blue1", "increase"};

// Any slide (the first legal one).
std::string a_slide(const RcRacerState& s, PlayerId p) {
  return test::legal_texts(s, p).front();
}

void program_all(RcRacerState& s, const std::vector<std::string>& program) {
  for (PlayerId p = 0; p < s.num_players(); ++p)
    if (s.racing(p)) s.test_set_grid(p, grid_with_program(program));
}

// Every racing car parked in the Blue lane of the Starting Grid, programmed to stay.
void park_all(RcRacerState& s) {
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    if (!s.racing(p)) continue;
    const Car& c = s.car(p);
    s.test_set_car(p, 0, p, c.batteries, c.shields, c.down);
  }
  program_all(s, kStill);
}

std::vector<std::string> turn_order(const std::vector<Event>& events) {
  std::vector<std::string> out;
  for (const auto& e : events)
    if (e.text.find("'s turn (Smile") != std::string::npos)
      out.push_back(e.text.substr(0, e.text.find('\'')));
  return out;
}

}  // namespace

// Rulebook, Reset step: "each player turns their Controller facedown and randomly shuffles all of the
// commands ... Once all players are done, they pass their Controller facedown to the player on their left."
TEST_CASE("Reset: controllers are scrambled by slides and passed to the left",
          "[rc-racer][rules][programming]") {
  auto game = race_game(3, "sonic-fish,turbobot,brick-gang");
  auto base = game->new_initial_state();
  auto& s = static_cast<RcRacerState&>(*base);
  for (int p = 2; p >= 0; --p) test::act(s, static_cast<PlayerId>(p), "start " + std::to_string(p + 1));
  REQUIRE(s.phase() == Phase::Scramble);
  // The box layout has the gap bottom right: only two slides are possible.
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  std::vector<std::string> texts;
  for (const auto& o : outs) texts.push_back(s.action_text(kChance, o.action));
  CHECK(texts == std::vector<std::string>{"scramble down", "scramble right"});
  std::array<Grid, 3> scrambled{};
  for (PlayerId p = 0; p < 3; ++p) {
    Grid mine = s.grid(p);
    for (int k = 0; k < data().scramble_slides; ++k) {
      REQUIRE(s.phase() == Phase::Scramble);
      outs.clear();
      s.chance_outcomes(outs);
      const Action a = outs[static_cast<std::size_t>(k) % outs.size()].action;
      slide(mine, gap_cell(mine), static_cast<Dir>(a - kScrambleBase), 1);
      s.apply_checked(kChance, a, s.now());
    }
    scrambled[static_cast<std::size_t>(p)] = mine;
  }
  REQUIRE(s.phase() == Phase::Programming);
  CHECK(s.grid(1) == scrambled[0]);  // Ana's controller went to Ben, on her left
  CHECK(s.grid(2) == scrambled[1]);
  CHECK(s.grid(0) == scrambled[2]);
  CHECK(scrambled[0] != data().layout);
  for (PlayerId p = 0; p < 3; ++p) CHECK(parity_class(s.grid(p)) == parity_class(data().layout));
}

// Rulebook, Programming: "Try to put the puzzle pieces in the order that best suits your Racecar’s path." A
// slide moves tiles next to the gap into it; "up 2" pushes two at once.
TEST_CASE("Programming: slides move tiles next to the gap; several count as several",
          "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  Grid g = data().layout;  // gap at cell 15
  s->test_set_grid(0, g);
  CHECK(test::legal_texts(*s, 0) ==
        std::vector<std::string>{"down", "down 2", "down 3", "right", "right 2", "right 3", "done"});
  test::act(*s, 0, "down 2");
  CHECK(s->gap(0) == 7);
  CHECK(s->grid(0)[15] == g[11]);
  CHECK(s->grid(0)[11] == g[7]);
  CHECK(s->slides(0) == 2);
  CHECK(RcRacerPresenter().action_label(*s, 0, slide_action(Dir::Right, 1)) ==
        "Slide " + data().kind_of_tile(g[6]).name + " right");
  test::act(*s, 0, "right");
  CHECK(s->slides(0) == 3);
}

// Rulebook, Programming: "IMPORTANT: Only the 2nd and 3rd lines of the puzzle will be used to run the
// program! The 1st and 4th lines will be ignored!"
TEST_CASE("Programming: only rows 2 and 3 run, left to right", "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  park_all(*s);
  s->test_set_car(0, 1, 6, 3, 0, false);  // off the Starting Grid, on plain floor
  // Rows 1 and 4 hold Turbo, Jump, Forward 2...: none of them run.
  s->test_set_grid(0, grid_with_program(kOneForward));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(s->car(0).row == 7);
  CHECK(has_event(events, "Ana: step 5 is the gap"));
}

// Rulebook, Programming: "When a player believes they have achieved a desirable program, they MUST call out
// loud that they’ve finished ... take the TOP SMILE TOKEN from the pile".
TEST_CASE("Real time: the finishing order takes the Smiles", "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,brick-gang", {"real-time"}));
  CHECK(s->timed());
  CHECK(s->deadline() == kNoDeadline);
  test::act(*s, 2, a_slide(*s, 2), s->now() + 500);
  test::act(*s, 2, "done", s->now() + 900);
  CHECK(s->smile(2) == 0);
  test::act(*s, 0, "done", s->now() + 400);
  CHECK(s->smile(0) == 1);
  CHECK(s->deadline() != kNoDeadline);
}

// Rulebook, Programming: "When only one player is left programming ... all other players should start a 10
// second countdown aloud ... At the end of the countdown, the last player has to stop programming and take
// the Saddest Smile token."
TEST_CASE("Real time: a 10-second countdown for the last programmer", "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,brick-gang", {"real-time"}));
  park_all(*s);
  test::act(*s, 1, "done", s->now() + 3000);
  CHECK(s->deadline() == kNoDeadline);
  const Tick second = s->now() + 2000;
  test::act(*s, 0, "done", second);
  REQUIRE(s->deadline() == second + 10000);
  test::act(*s, 2, a_slide(*s, 2), second + 9000);
  const Grid stopped = s->grid(2);
  auto events = events_of(*s, [&] { s->apply_checked(kClock, 0, s->deadline()); });
  INFO(joined(events));
  CHECK(has_event(events, "Time is up! Cleo must stop programming"));
  CHECK(has_event(events, "Cleo holds Smile X"));
  CHECK(s->grid(2) == stopped);
  CHECK(s->phase() != Phase::Programming);
}

// Rulebook, Programming: "The last player to finish their programming (the slowest) suffers a penalty: They
// must flip 1 Battery facedown at the start of their turn."
TEST_CASE("The slowest flips 1 Battery facedown at the start of their turn",
          "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot", {"real-time"}));
  park_all(*s);
  auto events = events_of(*s, [&] { all_done(*s, {1, 0}); });
  INFO(joined(events));
  // On the Starting Grid too (our reading: it is not Damage); her Battery command then recharges it.
  CHECK(has_event(events, "Ana flips a Battery facedown (2 of 3 left)"));
  CHECK_FALSE(has_event(events, "Ben flips a Battery facedown"));
  CHECK(has_event(events, "Ana was the slowest to program"));
}

// Our reading (after Board Game Arena's turn-based mode): with counted slides, fewer slides take the happier
// Smile; ties go to whoever said "done" first.
TEST_CASE("Counted slides: fewer slides are happier, ties by who was done first",
          "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(4, "sonic-fish,turbobot,die-liner,brick-gang"));
  CHECK_FALSE(s->timed());
  test::act(*s, 0, a_slide(*s, 0));
  test::act(*s, 0, a_slide(*s, 0));
  test::act(*s, 0, "done");
  test::act(*s, 3, a_slide(*s, 3));
  test::act(*s, 3, "done");
  test::act(*s, 2, "done");
  test::act(*s, 1, a_slide(*s, 1));
  park_all(*s);
  auto events = events_of(*s, [&] { test::act(*s, 1, "done"); });
  INFO(joined(events));
  CHECK(s->smile(2) == 0);  // 0 slides
  CHECK(s->smile(3) == 1);  // 1 slide, done before Ben
  CHECK(s->smile(1) == 2);  // 1 slide
  CHECK(s->smile(0) == 3);  // 2 slides: the Saddest
  CHECK(turn_order(events) == std::vector<std::string>{"Cleo", "Dev", "Ben", "Ana"});
}

// Our reading: a player may make at most 200 slides in a round; then only "done" is left.
TEST_CASE("Programming: at most 200 slides", "[rc-racer][rules][programming]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  for (int i = 0; i < data().max_slides; ++i) {
    const auto legal = test::legal_texts(*s, 0);
    test::act(*s, 0, legal.front());
  }
  CHECK(s->slides(0) == data().max_slides);
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"done"});
}

// Rulebook, Racing: "Starting with the player who has the Happiest Smile token and proceeding in Smile token
// order happiest to saddest ... each player executes all the commands they have programmed on the 2nd and 3rd
// lines".
TEST_CASE("Racing: in Smile order, happiest first", "[rc-racer][rules][racing]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,brick-gang", {"real-time"}));
  park_all(*s);
  auto events = events_of(*s, [&] { all_done(*s, {1, 2, 0}); });
  CHECK(turn_order(events) == std::vector<std::string>{"Ben", "Cleo", "Ana"});
}

// Reference: "If the gap sits in a middle row, that step does nothing." Our reading: a modifier before the
// gap waits for the next command.
TEST_CASE("Racing: a gap does nothing; a modifier waits across it", "[rc-racer][rules][racing]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  park_all(*s);
  s->test_set_car(0, 1, 6, 3, 0, false);
  // Increase, gap, Forward 1 (+1: 2 spaces), Battery, Nothing, Decrease + Missile (no move), Backwards.
  s->test_set_grid(
      0, grid_with_program({"increase", "gap", "fwd1", "battery", "nothing", "decrease", "missile", "back"}));
  all_done(*s, {0, 1});
  CHECK(s->car(0).row == 7);
}

// Rulebook, End of Round: "If only 1 Racecar has crossed the Finish Line, the game is over, and that Racecar
// is the winner!"
TEST_CASE("End of round: the one car across the line wins", "[rc-racer][rules][end]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  park_all(*s);
  const int line = s->track().line_row;
  s->test_set_car(1, 1, line - 1, 3, 0, false);
  s->test_set_grid(1, grid_with_program(kOneForward));
  auto events = events_of(*s, [&] { all_done(*s, {0, 1}); });
  INFO(joined(events));
  CHECK(s->turn() == Turn::Over);
  CHECK(s->standings().winners() == std::vector<PlayerId>{1});
  CHECK(has_event(events, "Ben has crossed the Finish Line: Ben wins the race!"));
}

// Rulebook, End of Round: "If more than one Racecar has crossed the Finish Line in the same round, the
// Racecar that managed to move the furthest past the Finish Line is the winner (even if lying down!). In case
// of a tie, the one with the Happiest Smile token is the winner."
TEST_CASE("End of round: furthest past the line wins, even lying down; ties by the happier Smile",
          "[rc-racer][rules][end]") {
  {
    // Ben is furthest; then Ana's M1 Furry missile lays him down at the end of her turn.
    auto s = programming_state(race_game(3, "m1-furry,turbobot,brick-gang"));
    park_all(*s);
    const int line = s->track().line_row;
    s->test_set_car(0, 3, line + 1, 3, 0, false);
    s->test_set_car(1, 3, line + 3, 1, 0, false);
    s->test_set_grid(0, grid_with_program(kOneForward));
    s->test_set_grid(
        1, grid_with_program({"back", "fwd2", "nothing", "gap", "decrease", "fwd1", "increase", "missile"}));
    auto events = events_of(*s, [&] {
      all_done(*s, {1, 0, 2});
      if (s->phase() == Phase::Shield) test::act(*s, 0, "stop");  // the Shield M1 Furry won
    });
    INFO(joined(events));
    REQUIRE(s->turn() == Turn::Over);
    CHECK(s->car(1).down);
    CHECK(s->standings().winners() == std::vector<PlayerId>{1});
    CHECK(s->standings().placings[1].player == 0);
  }
  {
    auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
    park_all(*s);
    const int line = s->track().line_row;
    s->test_set_car(0, 1, line + 1, 3, 0, false);
    s->test_set_car(1, 3, line + 1, 3, 0, false);
    all_done(*s, {1, 0});  // Ben is done first: the happier Smile
    REQUIRE(s->turn() == Turn::Over);
    CHECK(s->standings().winners() == std::vector<PlayerId>{1});
  }
}

// Rulebook, If no car has crossed the finish line: "Return all Smile tokens to the center of the table
// forming the Smile token pile again. After that, players are ready to start a new round with the Programming
// phase." Energy Shields: "At the end of each round, all players check their position in the race and gain 1
// Energy Shield for each Racecar ahead of them on the Track."
TEST_CASE("End of round: Shields for each car ahead, then a new round", "[rc-racer][rules][end][shields]") {
  auto s = programming_state(race_game(4, "sonic-fish,turbobot,die-liner,brick-gang"));
  program_all(*s, kOneForward);
  s->test_set_car(0, 0, 10, 3, 0, false);
  s->test_set_car(1, 1, 7, 3, 0, false);
  s->test_set_car(2, 4, 7, 3, 0, false);
  s->test_set_car(3, 0, 2, 3, 0, false);
  auto events = events_of(*s, [&] { all_done(*s, {3, 0, 1, 2}); });
  INFO(joined(events));
  REQUIRE(s->phase() == Phase::Scramble);
  CHECK(s->round() == 2);
  CHECK(s->car(0).shields == 0);  // first
  CHECK(s->car(1).shields == 1);  // level with Cleo: only Ana is ahead
  CHECK(s->car(2).shields == 1);
  CHECK(s->car(3).shields == 3);
  CHECK(s->race().shield_supply == 2);
  skip_scramble(*s);
  for (PlayerId p = 0; p < 4; ++p) CHECK(s->smile(p) == -1);  // the pile is whole again
}

// Rulebook, Energy Shields: "At the end of your turn, if you still have any Shield token(s) left, you may
// discard them, one at a time, to move 2 spaces forward for each token."
TEST_CASE("Energy Shields: chosen one at a time at the end of the turn", "[rc-racer][rules][shields]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  park_all(*s);
  s->test_set_car(0, 4, 14, 3, 3, false);
  s->test_set_grid(0, grid_with_program(kOneForward));
  all_done(*s, {0, 1});
  REQUIRE(s->phase() == Phase::Shield);
  CHECK(s->car(0).row == 15);
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"shield", "stop"});
  test::act(*s, 0, "shield");
  CHECK(s->car(0).row == 17);
  CHECK(s->car(0).shields == 2);
  REQUIRE(s->phase() == Phase::Shield);
  auto events = events_of(*s, [&] { test::act(*s, 0, "stop"); });
  CHECK(has_event(events, "Ana discards 2 leftover Energy Shields"));  // "discard all remaining tokens"
}

// Our reading: "play on for final standings" is --option play-on=yes: the others race on, finished cars
// leave.
TEST_CASE("Play on: the others race on for their places", "[rc-racer][rules][end]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,brick-gang", {}, {{"play-on", "yes"}}));
  park_all(*s);
  const int line = s->track().line_row;
  s->test_set_car(0, 1, line + 1, 3, 0, false);
  s->test_set_grid(0, grid_with_program(kOneForward));
  all_done(*s, {0, 1, 2});
  REQUIRE(s->turn() != Turn::Over);
  CHECK(s->finish_place(0) == 1);
  CHECK_FALSE(s->racing(0));
  CHECK(s->racing_count() == 2);
  skip_scramble(*s);
  std::vector<PlayerId> actors;
  s->actors(actors);
  CHECK(actors == std::vector<PlayerId>{1, 2});
  park_all(*s);
  s->test_set_car(2, 3, line - 1, 3, 0, false);
  s->test_set_grid(2, grid_with_program(kOneForward));
  all_done(*s, {1, 2});
  while (s->phase() == Phase::Shield) test::act(*s, s->active(), "stop");  // Shields won last round
  CHECK(s->turn() == Turn::Over);
  const Standings st = s->standings();
  CHECK(st.placings[0].player == 0);
  CHECK(st.placings[1].player == 2);
  CHECK(st.placings[2].player == 1);
}

// Our reading: a race not over after the round limit is called; the cars are ranked by how far they got.
TEST_CASE("Safety net: the race is called after the round limit", "[rc-racer][rules][end]") {
  Data d = data();
  d.max_rounds = 5;
  auto game = make_game(2, {}, {{"racers", "sonic-fish,turbobot"}, {"track", "first-game"}}, &d);
  auto s = programming_state(game);
  for (int round = 1; round <= 5; ++round) {
    REQUIRE(s->round() == round);
    park_all(*s);
    all_done(*s, {1, 0});
    skip_scramble(*s);
  }
  CHECK(s->turn() == Turn::Over);
  CHECK(s->called());
  CHECK(s->standings().summary.find("called after 5 rounds") != std::string::npos);
}

// Rulebook, Smile tokens: "Smile tokens are also used as tie-breakers in any other game situation!"
TEST_CASE("Smiles break every tie: level cars are ranked by the happier Smile", "[rc-racer][rules][end]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,brick-gang"));
  park_all(*s);
  all_done(*s, {2, 0, 1});
  REQUIRE(s->phase() == Phase::Scramble);
  for (PlayerId p = 0; p < 3; ++p) s->test_set_car(p, p, 20, 3, 0, false);
  CHECK(s->place_of(2) == 1);
  CHECK(s->place_of(0) == 2);
  CHECK(s->place_of(1) == 3);
  CHECK(s->check_invariants().empty());
}
