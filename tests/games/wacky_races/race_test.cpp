// Rulebook, Winning the Game; the championship (reference); command-line options
// and data files.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/games/wacky_races/fixture.h"
#include "tests/harness/scratch_dir.h"

using namespace rt::wacky_races::fixture;

namespace {
void finish_setup(WackyState& s) {
  while (s.turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    s.apply_checked(kChance, outs.front().action, 0);
  }
}
}  // namespace

// Rulebook, Winning the Game: "The first Racer - player-driven or Neutral - that reaches the Finish Line wins
// the game!" Goal: "The player whose Racer reaches the Finish Line tile first wins the game!"
TEST_CASE("Winning: the first racer onto the Finish Line wins at once", "[wacky-races][rules][winning]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 18);
  put(fx, "rufus-ruffcut", 12);
  put(fx, "ant-hill-mob", 15);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(fx.s().turn() == Turn::Over);
  CHECK(fx.s().winner() == slot(fx, "pat-pending"));
  CHECK(fx.said("Professor Pat Pending (P1) reaches the Finish Line first and wins the race!"));
  const Standings st = fx.s().standings();
  REQUIRE(st.placings.size() == 3);
  CHECK(st.placings[0].player == 0);
  CHECK(st.placings[0].place == 1);
  CHECK(st.placings[1].player == 2);  // the Ant Hill Mob on tile 15
  CHECK(st.placings[2].player == 1);
  CHECK(st.summary == "P1 (Professor Pat Pending) wins the race!");
  ok(fx);
}

// Rulebook, Neutral Racers: "However, they can still win the race! So watch out for them, too!"
TEST_CASE("Winning: a Neutral Racer can win the race", "[wacky-races][rules][winning][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 10);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 18);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "oil"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");  // Oil: every other racer moves 1 - Red Max crosses the line
  CHECK(fx.s().turn() == Turn::Over);
  CHECK(fx.s().winner() == slot(fx, "red-max"));
  const Standings st = fx.s().standings();
  CHECK(st.placings[0].player == 1);  // Rufus is the best player
  CHECK(st.summary.find("Red Max, a Neutral Racer, crossed the Finish Line first") != std::string::npos);
  ok(fx);
}

// Rulebook, Winning the Game: "The first Racer - player-driven or Neutral - that reaches the Finish Line wins
// the game!" A Neutral Racer has no seat: the standings say no seat won and name the Neutral in first place.
TEST_CASE("Winning: when the first Racer over the line is a Neutral Racer, no seat wins",
          "[wacky-races][rules][winning][neutral]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  put(fx, "rufus-ruffcut", 10);
  put(fx, "ant-hill-mob", 2);
  put(fx, "red-max", 18);
  fx.s().put_trap(tile(fx, 2), trap_id(fx, "oil"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  REQUIRE(fx.s().turn() == Turn::Over);
  const Standings st = fx.s().standings();
  CHECK(st.no_seat_won());
  CHECK(st.non_seat_winner == "Red Max (Neutral Racer)");
  CHECK(st.winners().empty());
  std::vector<PlayerId> fast;
  fx.s().winners(fast);
  CHECK(fast.empty());
  CHECK(st.placings[0].place == 2);  // the best player is second: first place is Red Max's
  CHECK(st.summary.find("no player wins") != std::string::npos);
}

// Reference, Championship: "a series of races ..., each on a freshly drawn course with a different Special
// tile; points per race 3 / 2 / 1 for 1st-3rd ... Hands, powers and traps reset between races."
TEST_CASE("Championship: 3/2/1 points a race, then a fresh course with another Special tile",
          "[wacky-races][rules][championship]") {
  Setup su;
  su.variants = {"championship"};
  su.params = {{"races", "2"}};
  Fixture fx = start(su);
  WackyState& s = fx.s();
  CHECK(s.races() == 2);
  no_dastardly(fx);
  put(fx, "pat-pending", 18);
  put(fx, "rufus-ruffcut", 16);
  put(fx, "red-max", 17);
  s.set_exhausted(0, 0, true);
  s.put_trap(tile(fx, 5), trap_id(fx, "log"));
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  CHECK(s.points(slot(fx, "pat-pending")) == 3);
  CHECK(s.points(slot(fx, "red-max")) == 2);
  CHECK(s.points(slot(fx, "rufus-ruffcut")) == 1);
  CHECK(s.wins(slot(fx, "pat-pending")) == 1);
  CHECK(s.seconds(slot(fx, "red-max")) == 1);
  // Race 2 is being set up.
  CHECK(s.race() == 2);
  CHECK(s.turn() == Turn::Chance);
  CHECK(fx.said("Race 1 result: 1. Professor Pat Pending (P1), 2. Red Max (Neutral), 3. Rufus Ruffcut"));
  while (s.top()->kind != TaskKind::PickSpecial) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    s.apply_checked(kChance, outs.front().action, 0);
  }
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  CHECK(outs.size() == 3);  // not the Swamp again
  for (const auto& o : outs) CHECK(s.action_text(kChance, o.action) != "special swamp");
  finish_setup(s);
  CHECK(s.starting_player() == 1);  // the Starting Player passed on
  CHECK(s.pos(slot(fx, "rufus-ruffcut")) == 0);
  CHECK(s.pos(slot(fx, "ant-hill-mob")) == 1);
  CHECK(s.pos(slot(fx, "pat-pending")) == 2);
  CHECK(s.current() == 1);
  CHECK_FALSE(s.exhausted(0, 0));
  CHECK(s.hand_total(0) == 3);
  CHECK(s.trap_deck_total() == 16);
  CHECK(s.dastardly() == -1);
  CHECK_FALSE(s.dastardly_out());
  CHECK(s.round() == 1);
  ok(fx);
}

// Reference: "ties broken by most wins, then most seconds"; "a Neutral Racer can place but not win the
// Championship".
TEST_CASE("Championship: most points wins, ties by wins then seconds; a Neutral Racer cannot win it",
          "[wacky-races][rules][championship]") {
  Setup su;
  su.variants = {"championship"};
  su.params = {{"races", "2"}};
  Fixture fx = start(su);
  WackyState& s = fx.s();
  no_dastardly(fx);
  // Race 1: Pat wins, Rufus 2nd, Red Max 3rd.
  put(fx, "pat-pending", 18);
  put(fx, "rufus-ruffcut", 17);
  put(fx, "red-max", 16);
  hand(fx, 0, "DDD");
  act(fx, 0, "play desert");
  finish_setup(s);
  // Race 2: Red Max (Neutral) wins through an Oil, Slag 2nd, Rufus 3rd.
  no_dastardly(fx);
  put(fx, "rufus-ruffcut", 1);
  put(fx, "pat-pending", 2);
  put(fx, "ant-hill-mob", 3);
  put(fx, "red-max", 18);
  put(fx, "slag-brothers", 17);
  put(fx, "penelope-pitstop", 4);
  put(fx, "rufus-ruffcut", 15);
  s.put_trap(tile(fx, 16), trap_id(fx, "oil"));
  hand(fx, 1, "DDD");
  act(fx, 1, "play desert");  // Rufus onto the Oil
  CHECK(s.over());
  CHECK(s.points(slot(fx, "pat-pending")) == 3);    // one win
  CHECK(s.points(slot(fx, "rufus-ruffcut")) == 3);  // 2 + 1, no win
  CHECK(s.points(slot(fx, "red-max")) == 4);        // 1 + 3
  const Standings st = s.standings();
  CHECK(st.placings[0].player == 0);  // Pat: as many points as Rufus, and a win
  CHECK(st.placings[0].place == 1);
  CHECK(st.placings[1].player == 1);
  CHECK(st.placings[1].place == 2);
  CHECK(st.placings[0].score == 3);
  CHECK(st.summary.find("P1 (Professor Pat Pending) wins the Championship with 3 points.") == 0);
  CHECK(st.summary.find("Red Max scored more, but a Neutral Racer cannot win the Championship.") !=
        std::string::npos);
  ok(fx);
}

// The command line: variant "championship" with races=N; racers=A,B.
TEST_CASE("Options: races needs the championship; racers names each seat's team", "[wacky-races][options]") {
  const GameEntry e = wacky_races::entry();
  CHECK_THROWS_AS(test::make_game(e, 2, {}, {{"races", "3"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {"championship"}, {{"races", "0"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {"championship"}, {{"races", "17"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {"championship"}, {{"races", "x"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {}, {{"racers", "red-max"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {}, {{"racers", "red-max,red-max"}}), OptionError);
  CHECK_THROWS_AS(test::make_game(e, 2, {}, {{"racers", "red-max,speed-buggy"}}), OptionError);
  auto g = test::make_game(e, 2, {"championship"}, {{"races", "16"}, {"racers", "Penelope,Red Max"}});
  const auto& wg = static_cast<const WackyGame&>(*g);
  CHECK(wg.races() == 16);
  CHECK(wg.chosen_teams().values() ==
        std::vector<int>{wg.catalog().team_index("penelope-pitstop"), wg.catalog().team_index("red-max")});
  CHECK(static_cast<const WackyGame&>(*test::make_game(e, 3, {"championship"})).races() == 4);
  CHECK(static_cast<const WackyGame&>(*test::make_game(e, 3)).races() == 1);
}

// Data files are checked on load: a bad one names the file, the field and what is wrong.
TEST_CASE("Data: a malformed data file gives 'file: field: what is wrong'", "[wacky-races][data]") {
  namespace fs = std::filesystem;
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src != nullptr);
  const fs::path dir = rt::test::scratch_dir("wacky-races-data-test");
  fs::remove_all(dir);
  fs::create_directories(dir / "wacky-races");
  for (const char* f : {"course.json", "traps.json", "racers.json", "rules.txt"})
    fs::copy_file(fs::path(src) / "data/wacky-races" / f, dir / "wacky-races" / f);
  const auto data = DataSource::directory(dir.string());
  CHECK_NOTHROW(load_catalog(data));
  auto edit = [&](const char* file, const std::string& from, const std::string& to) {
    const fs::path p = dir / "wacky-races" / file;
    std::ifstream in(p);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(p) << text;
  };
  edit("racers.json", "\"code\": \"MOVE\", \"n\": 1}", "\"code\": \"FLY\", \"n\": 1}");
  try {
    load_catalog(data);
    FAIL("a bad effect code loaded");
  } catch (const DataError& e) {
    CHECK(std::string(e.what()).find(
              "wacky-races/racers.json: racers[0].powers[0].effects[0].code: 'FLY' is not one "
              "of") != std::string::npos);
  }
  edit("racers.json", "\"code\": \"FLY\", \"n\": 1}", "\"code\": \"MOVE\", \"n\": 1}");
  edit("traps.json", "\"copies\": 2, \"effect\": \"OTHERS_FORWARD\", \"n\": 1",
       "\"copies\": 2, \"effect\": \"OTHERS_FORWARD\", \"n\": 0");
  try {
    load_catalog(data);
    FAIL("a zero-space Oil loaded");
  } catch (const DataError& e) {
    CHECK(std::string(e.what()).find("wacky-races/traps.json: traps[1].n: 0 is out of range 1..6") !=
          std::string::npos);
  }
  fs::remove_all(dir);
}

// The rules screen: setup, a turn, every element and power, and "Our readings", in 80 columns.
TEST_CASE("Rules text: every trap, special tile and power, our readings, 80 columns",
          "[wacky-races][rules-text]") {
  auto game = test::make_game(wacky_races::entry(), 2);
  const std::string text = game->rules_text();
  const auto& c = static_cast<const WackyGame&>(*game).catalog();
  CHECK(text.find("OUR READINGS") != std::string::npos);
  CHECK(text.find("YOUR TURN") != std::string::npos);
  for (const auto& t : c.teams)
    for (const auto& p : t.powers) {
      INFO(p.name);
      CHECK(text.find(p.name) != std::string::npos);
    }
  for (const auto& t : c.traps) {
    const std::string first_word = t.name.substr(0, t.name.find(' ', 4));
    INFO(first_word);
    CHECK(text.find(first_word) != std::string::npos);
  }
  for (const auto& s : c.specials) CHECK(text.find(s.name) != std::string::npos);
  std::size_t start = 0;
  int line = 1;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    INFO("line " << line);
    CHECK(utf8_length(text.substr(start, end - start)) <= 80);
    start = end + 1;
    ++line;
  }
}
