// Scrap Racer, Components and Setup (rulebook pages 1-3), race track
// variants (page 9), options and data files.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/games/scrap_racer/fixture.h"
#include "tests/harness/scratch_dir.h"

using namespace rt;
using namespace rt::scrap_racer;
using rt::scrap_racer::fixture::start;
using Strings = std::vector<std::string>;

namespace {

std::string kinds_of(const Track& t) {
  std::string s;
  for (int i = 0; i < t.length; ++i)
    s += t.kind[static_cast<std::size_t>(i)] == SpaceKind::Straight ? 'S' : 'C';
  return s;
}

std::string boost_spaces(const Track& t) {
  std::string s;
  for (int i = 0; i < t.length; ++i)
    if (t.boost[static_cast<std::size_t>(i)]) s += std::to_string(i + 1) + " ";
  return s;
}

const ScrapRacerGame& game_of(const std::shared_ptr<const Game>& g) {
  return static_cast<const ScrapRacerGame&>(*g);
}

}  // namespace

// Rulebook, Components: "14 Race track segments: 6x straight = green lamps | 8x curve = blue lamps".
// Setup 1: "For your first game, we recommend using the setup as shown here." (Track A)
TEST_CASE("Setup 1: track A, the default, is 14 segments (6 straight, 8 curve) in a 40-space loop",
          "[scrap-racer][rules][setup]") {
  auto g = test::make_game(entry(), 3);
  const Track& t = game_of(g).track();
  CHECK(t.name == "A");
  CHECK(t.segments == "SSCCSCCSSCCSCC");
  CHECK(t.length == 40);
  // A straight segment is 4 straight spaces, a curve 2 curved spaces (our reading of the lost picture).
  CHECK(kinds_of(t) == "SSSSSSSSCCCCSSSSCCCCSSSSSSSSCCCCSSSSCCCC");
  // One Boost space per curve segment, its first space.
  CHECK(boost_spaces(t) == "9 11 17 19 29 31 37 39 ");
}

// Rulebook, Race track Variants: "Following are 6 examples A-F for playable race circuits." ... "To have a
// shorter game, players can decide to remove tiles that are marked in red (X)."
TEST_CASE("Race track Variants: layouts A-F, each also as a short game without the two marked straights",
          "[scrap-racer][rules][setup]") {
  const Strings expect{"SSCCSCCSSCCSCC", "SSSCCCCSSSCCCC", "SCSCSCCSCSCSCC",
                       "SSCSCCCSSCSCCC", "SSCCCSCSSCCCSC", "SCCSSCCSCCSSCC"};
  for (int i = 0; i < 6; ++i) {
    const std::string id(1, static_cast<char>('A' + i));
    CAPTURE(id);
    auto full = test::make_game(entry(), 2, {}, {{"track", id}});
    CHECK(game_of(full).track().segments == expect[static_cast<std::size_t>(i)]);
    CHECK(game_of(full).track().length == 40);
    auto short_game = test::make_game(entry(), 2, {"short"}, {{"track", id}});
    CHECK(game_of(short_game).track().length == 32);
    CHECK(game_of(short_game).track().segments.size() == 12);
    CHECK(game_of(short_game).track().boost_spaces == 8);
    CHECK(game_of(short_game).track().name == id + " (short)");
  }
  // A layout letter in lower case works too.
  CHECK(game_of(test::make_game(entry(), 2, {}, {{"track", "c"}})).track().name == "C");
}

// Rulebook, Race track Variants: "Players can also build their own circuits as long as it is a circular
// track."
TEST_CASE("Race track Variants: a custom order must close a loop (8 curves, opposite sides balanced)",
          "[scrap-racer][rules][setup]") {
  auto custom = test::make_game(entry(), 2, {}, {{"track", "S C C S S C C S C C S S C C"}});
  CHECK(game_of(custom).track().name == "custom");
  CHECK(game_of(custom).track().segments == "SCCSSCCSCCSSCC");
  CHECK(game_of(custom).track().length == 40);
  // Fewer straights (a smaller loop) are fine; spaces in the order are optional.
  CHECK(game_of(test::make_game(entry(), 2, {}, {{"track", "SCCCCSCCCC"}})).track().length == 24);
  // Marked straights make a custom short game.
  CHECK(
      game_of(test::make_game(entry(), 2, {"short"}, {{"track", "S* C C C C S* C C C C"}})).track().length ==
      16);

  auto refused = [](const std::string& order, const std::string& why,
                    std::vector<std::string> variants = {}) {
    CAPTURE(order);
    try {
      test::make_game(entry(), 2, variants, {{"track", order}});
      FAIL("accepted");
    } catch (const OptionError& e) {
      CHECK_THAT(e.what(), Catch::Contains(why));
    }
  };
  refused("S S S C C C C C C C C S S S", "does not close");        // all six straights on one side
  refused("S S C C S C C S S C C S C", "exactly 8 curves");        // a curve missing
  refused("S S S S C C C C S S S S C C C C", "only 6 straights");  // more straights than the box
  refused("S X C C", "not a segment");
  refused("G", "unknown layout");
  refused("S C* C C C S C C C C", "only a straight");
  refused("S C C C C S C C C C", "marked S*", {"short"});
}

// Rulebook, Setup 2: "Shuffle the Boost markers facedown, then place one facedown on each track space marked
// accordingly. Stack the remaining markers facedown near the race track as a common supply."
TEST_CASE("Setup 2: a face-down Boost marker on each Boost space, the other 10 as the supply",
          "[scrap-racer][rules][setup]") {
  auto t = start(3, {"swifty", "jackal", "hover"});
  int on_track = 0;
  for (int s = 0; s < t->track().length; ++s) {
    CHECK(t->boost_on(s) == t->track().boost[static_cast<std::size_t>(s)]);
    on_track += t->boost_on(s) ? 1 : 0;
  }
  CHECK(on_track == 8);
  CHECK(t->boost_supply() == 18 - 8);
  // "18 Boost markers: 6 each of +/- 1, turn, re-roll".
  CHECK(t->data().boost_copies.values == std::array<int, 3>{6, 6, 6});
}

// Rulebook, Setup 3, 4 and 6: "The bonus cards are shuffled and placed next to the race track facedown. The
// bonus markers go next to the cards." ... "The goal cards are shuffled" ... "Sort all crash cards by their
// reverse sides (1/2, 3/4, 5/6), shuffle them separately and stack them in three face down piles".
TEST_CASE("Setup 3-6: bonus deck and markers, goal deck, three crash piles", "[scrap-racer][rules][setup]") {
  auto t = start(2, {"swifty", "jackal", "hover", "twister"});
  CHECK(t->bonus_deck_size() == 28);  // "28 Bonus cards"
  CHECK(t->bonus_supply() == 17);     // "17 Bonus markers"
  CHECK(t->goal_deck_size() == 16);   // "16 Goal cards: 4 each of 2, 3, 5, 7"
  CHECK(t->crash_pile_size(0) + t->crash_pile_size(1) + t->crash_pile_size(2) == 56);  // "56 Crash cards"
  CHECK(t->crash_pile_size(0) == 18);
  CHECK(t->crash_pile_size(1) == 18);
  CHECK(t->crash_pile_size(2) == 20);
  for (const CrashCard& c : t->data().crash)
    CHECK(t->crash_deck_count(c.pile, static_cast<int>(&c - t->data().crash.data())) == c.copies);
  for (const GoalCard& g : t->data().goals) CHECK(g.copies == 4);
}

// Rulebook, Setup 7: "The dashboards are shuffled. Each player randomly draws one, places it faceup in front
// of them, and takes the corresponding racer."
TEST_CASE("Setup 7: each player draws a dashboard at random and takes that racer",
          "[scrap-racer][rules][setup]") {
  auto g = test::make_game(entry(), 3);
  auto s = g->new_initial_state();
  auto& st = static_cast<ScrapRacerState&>(*s);
  std::vector<Outcome> outs;
  st.chance_outcomes(outs);
  CHECK(outs.size() == 6);  // six dashboards, equally likely
  test::chance(st, "deal hover");
  outs.clear();
  st.chance_outcomes(outs);
  CHECK(outs.size() == 5);
  for (const Outcome& o : outs) CHECK(st.action_text(kChance, o.action) != "deal hover");
  test::chance(st, "deal jackal");
  test::chance(st, "deal crusher");
  CHECK(st.info(0).name == "Hover");
  CHECK(st.owner(0) == 0);
  CHECK(st.info(2).name == "Crusher");
  CHECK(st.owner(2) == 2);
  CHECK(st.phase() == Phase::ChooseStart);
}

// Rulebook, Setup 8: "Give the start marker to the youngest player" and Playing the Game: "Play begins with
// the start player and continues in a clockwise order."
TEST_CASE("Setup 8: the start player begins, then play passes clockwise", "[scrap-racer][rules][setup]") {
  auto t = start(4, {"swifty", "jackal", "hover", "twister"}, 2);
  CHECK(t->start_player() == 2);
  CHECK(t->active_player() == 2);
  fixture::pass_turn(*t, 5);
  CHECK(t->active_player() == 3);
  fixture::pass_turn(*t, 2);
  CHECK(t->active_player() == 0);
  fixture::pass_turn(*t, 1);
  CHECK(t->active_player() == 1);
}

// Rulebook, A) Move the Racer: "When moving your racer the first time, place your racer on the space behind
// the finish line and begin counting from here." Example: "Kai (red) roled an 8 and places his racer on the
// 8th space after the finish line."
TEST_CASE("Example: Kai's first roll of 8 puts his racer on the 8th space after the finish line",
          "[scrap-racer][rules][example]") {
  auto t = start(3, {"swifty", "jackal", "hover"});
  CHECK(t->distance(0) == 0);
  CHECK_FALSE(t->on_track(0));
  fixture::roll(*t, {3, 5});
  fixture::act(*t, "move 8");
  CHECK(t->distance(0) == 8);
  CHECK(t->track().space_of(t->distance(0)) == 7);  // the 8th space (0-based 7)
  CHECK(t->lap_markers(0) == 0);                    // starting is not crossing the line
}

TEST_CASE("Options: two-racers is for 2 or 3 players; other options are refused", "[scrap-racer][setup]") {
  CHECK(game_of(test::make_game(entry(), 2)).teams());  // automatic with 2
  CHECK(game_of(test::make_game(entry(), 3, {"two-racers"})).teams());
  CHECK_FALSE(game_of(test::make_game(entry(), 3)).teams());
  CHECK_THROWS_AS(test::make_game(entry(), 4, {"two-racers"}), OptionError);
  CHECK_THROWS_AS(test::make_game(entry(), 3, {}, {{"races", "3"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(entry(), 3, {"reverse"}), OptionError);
}

namespace {

// Copies data/scrap-racer to a temporary directory with one file replaced.
std::string data_with(const std::string& file, const std::string& from, const std::string& to) {
  namespace fs = std::filesystem;
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src != nullptr);
  const fs::path dir = rt::test::scratch_dir("scrap-racer-data");
  fs::create_directories(dir / "scrap-racer");
  for (const auto& f : fs::directory_iterator(fs::path(src) / "data" / "scrap-racer"))
    fs::copy_file(f.path(), dir / "scrap-racer" / f.path().filename(), fs::copy_options::overwrite_existing);
  std::ifstream in(dir / "scrap-racer" / file);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(dir / "scrap-racer" / file) << text;
  return dir.string();
}

std::string load_error(const std::string& dir) {
  try {
    load_data(DataSource::directory(dir));
  } catch (const DataError& e) {
    return e.what();
  }
  return "loaded";
}

}  // namespace

TEST_CASE("Data: a bad data file names the file, the field and what is wrong", "[scrap-racer][data]") {
  CHECK_NOTHROW(load_data(DataSource::embedded()));
  CHECK_THAT(load_error(data_with("cards.json", "\"copies\": 4}", "\"copies\": 0}")),
             Catch::Contains("scrap-racer/cards.json: crash[0].copies: 0 is out of range 1..40"));
  CHECK_THAT(load_error(data_with("racers.json", "\"ability\": \"curve-step\"", "\"ability\": \"fly\"")),
             Catch::Contains("scrap-racer/racers.json: racers[0].ability: 'fly' is not one of"));
  CHECK_THAT(load_error(data_with("track.json", "\"S* S S C C C C S* S S C C C C\"",
                                  "\"S S S C C C C C C C C S S S\"")),
             Catch::Contains("scrap-racer/track.json: layouts[1].order: the track does not close"));
  CHECK_THAT(load_error(data_with("cards.json", "\"pile\": \"3/4\", \"id\": \"stay-put\"",
                                  "\"pile\": \"7/8\", \"id\": \"stay-put\"")),
             Catch::Contains("crash[6].pile: '7/8' is not one of: 1/2, 3/4, 5/6"));
  CHECK_THAT(load_error(data_with("cards.json", "\"bonus\": 17", "\"bonus\": 5")),
             Catch::Contains("markers.bonus: 5 is out of range 13..99"));
  CHECK_THAT(load_error(data_with("racers.json", "\"letter\": \"J\"", "\"letter\": \"S\"")),
             Catch::Contains("racers[1].letter: letter S is already Swifty's"));
}
