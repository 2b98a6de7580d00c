// Scripting interfaces and line mode's printing, through the real binary:
// `list --json`, `rules GAME --json`, the fields of JSON events and results
// (docs/EVENTS.md), the one default for computer seats, and a line-mode game
// that prints the board only when it changes.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/tui/cli_run.h"

namespace {

using rt::clitest::Run;
using rt::clitest::run;
using rt::clitest::temp_dir;

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line));
  return out;
}

int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace

TEST_CASE("CLI: list --json names every game with its players, variants and options", "[cli][json]") {
  const Run r = run("list --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.at("games").size() == 5);
  for (const auto& g : j.at("games")) {
    CHECK(g.at("id").is_string());
    CHECK(g.at("name").is_string());
    CHECK(g.at("pitch").is_string());
    CHECK(g.at("min_players").get<int>() >= 2);
    CHECK(g.at("max_players").get<int>() >= g.at("min_players").get<int>());
    for (const auto& v : g.at("variants")) {
      CHECK(v.at("name").is_string());
      CHECK(v.at("summary").is_string());
      CHECK(v.at("group").is_string());
    }
    for (const auto& p : g.at("params")) CHECK(p.at("summary").is_string());
  }
  CHECK(j.at("games")[0].at("id") != "");
}

TEST_CASE("CLI: rules GAME --json gives the sections, variants and our readings", "[cli][json]") {
  const Run r = run("rules go-wacky --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("id") == "go-wacky");
  CHECK(j.at("name") == "Go Wacky!");
  std::vector<std::string> titles;
  for (const auto& s : j.at("sections")) {
    titles.push_back(s.at("title").get<std::string>());
    CHECK(s.at("text").is_string());
  }
  CHECK(std::find(titles.begin(), titles.end(), "WINNING") != titles.end());
  REQUIRE(j.at("variants").size() >= 1);
  CHECK(j.at("variants")[0].at("name") == "play-out");
  REQUIRE(j.at("readings").size() >= 5);
  bool draw_pile = false;
  for (const auto& reading : j.at("readings"))
    draw_pile = draw_pile || reading.get<std::string>().find("game ends at once") != std::string::npos;
  CHECK(draw_pile);
  for (const char* game : {"wacky-races", "scrap-racer", "rc-racer", "racesmack"}) {
    const Run g = run(std::string("rules ") + game + " --json");
    REQUIRE(g.code == 0);
    const auto k = nlohmann::json::parse(g.out);
    CHECK(k.at("sections").size() >= 3);
    CHECK(k.at("readings").size() >= 1);
  }
}

TEST_CASE("CLI: every JSON event of every game carries its step's seat, action and rule", "[cli][json]") {
  // A small soak: several seeds and player counts of every game, every line parsed.
  const auto games = nlohmann::json::parse(run("list --json").out).at("games");
  for (const auto& g : games) {
    for (int players : {g.at("min_players").get<int>(), std::min(4, g.at("max_players").get<int>())}) {
      for (int seed : {1, 2, 3}) {
        const std::string args = "sim " + g.at("id").get<std::string>() + " --seed " + std::to_string(seed) +
                                 " --players " + std::to_string(players) + " --seats " +
                                 [&] {
                                   std::string s;
                                   for (int p = 0; p < players; ++p) s += p ? ",random" : "random";
                                   return s;
                                 }() +
                                 " --json";
        INFO(args);
        const Run r = run(args);
        REQUIRE(r.code == 0);
        const auto lines = json_lines(r.out);
        REQUIRE(lines.size() > 2);
        CHECK(lines.front().at("type") == "header");
        int events = 0;
        for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
          const auto& e = lines[i];
          REQUIRE(e.at("type") == "event");
          CHECK(e.at("at").is_number_integer());
          CHECK(e.at("rule").is_string());
          CHECK(!e.at("rule").get<std::string>().empty());
          CHECK(e.at("text").is_string());
          const std::string by = e.at("by").get<std::string>();
          CHECK((by == "seat" || by == "chance" || by == "clock"));
          if (by == "seat") {
            CHECK(e.at("seat").get<int>() >= 1);
            CHECK(e.at("seat").get<int>() <= players);
          } else {
            CHECK(e.at("seat").is_null());
          }
          CHECK(e.at("action").at("id").is_number_integer());
          CHECK(!e.at("action").at("name").get<std::string>().empty());
          if (by == "clock") CHECK(e.at("action").at("name") == "time");
          ++events;
        }
        CHECK(events > 5);
        const auto& result = lines.back();
        REQUIRE(result.at("type") == "result");
        CHECK(result.at("winners").is_array());
        CHECK((result.at("non_seat_winner").is_null() || result.at("non_seat_winner").is_string()));
      }
    }
  }
}

TEST_CASE("CLI: a JSON event's action is the step's own (a seat's play names the card played)",
          "[cli][json]") {
  const auto lines = json_lines(run("sim go-wacky --seed 7 --players 2 --json").out);
  bool seen = false;
  for (const auto& e : lines) {
    if (e.at("type") != "event" || e.at("by") != "seat") continue;
    const std::string name = e.at("action").at("name").get<std::string>();
    const std::string text = e.at("text").get<std::string>();
    if (name.rfind("play ", 0) == 0 && text.find(" plays ") != std::string::npos) seen = true;
  }
  CHECK(seen);
}

TEST_CASE("CLI: Wacky Races: a Neutral Racer first over the line: the result names it and no seat wins",
          "[cli][json]") {
  // Rulebook, Winning the Game: "The first Racer - player-driven or Neutral - that reaches the Finish Line
  // wins the game!" Seed 5 with random computers ends with a Neutral Racer over the line first.
  const auto lines = json_lines(run("sim wacky-races --seed 5 --players 2 --seats random,random --json").out);
  REQUIRE(!lines.empty());
  const auto& result = lines.back();
  REQUIRE(result.at("type") == "result");
  CHECK(result.at("winners").empty());
  REQUIRE(result.at("non_seat_winner").is_string());
  CHECK_THAT(result.at("non_seat_winner").get<std::string>(), Catch::Contains("Neutral Racer"));
  for (const auto& p : result.at("standings")) CHECK(p.at("place").get<int>() >= 2);
  const Run text = run("sim wacky-races --seed 5 --players 2 --seats random,random");
  CHECK_THAT(text.out, Catch::Contains("(Neutral Racer) — no seat won\n"));
}

TEST_CASE("CLI: --json with --board is refused in one line", "[cli][json][errors]") {
  const Run r = run("sim go-wacky --json --board");
  CHECK(r.code == 2);
  CHECK_THAT(r.err, Catch::Contains("--board") && Catch::Contains("--json"));
  CHECK(r.out.empty());
}

TEST_CASE("CLI: one default for computer seats, named in --help, and what play in a terminal does instead",
          "[cli]") {
  const Run help = run("--help");
  CHECK_THAT(help.out, Catch::Contains("play at level normal in sim, demo, host and play --line"));
  CHECK_THAT(help.out, Catch::Contains("play in a terminal opens the seats page at the seats last chosen"));
  CHECK_THAT(run("play --help").out, Catch::Contains("seats last chosen for the game"));
  const auto lines = json_lines(run("sim go-wacky --seed 3 --players 3 --json").out);
  REQUIRE(!lines.empty());
  for (const auto& seat : lines.front().at("seats")) CHECK(seat.at("kind") == "normal");
  const Run line = run("play go-wacky --line --seed 3 --players 3 --save " + temp_dir() + "/d.save", "");
  CHECK_THAT(line.out, Catch::Contains("2 Ben (normal)") && Catch::Contains("3 Cleo (normal)"));
}

TEST_CASE("CLI: Go Wacky! ends the moment the Draw Pile is empty (sim go-wacky --seed 20 --players 2)",
          "[cli][go-wacky]") {
  // Rulebook, Winning: "As soon as the last card is taken from the Draw Pile, the game is over."
  for (const std::string seats : {"", " --seats random,random"}) {
    const auto lines = json_lines(run("sim go-wacky --seed 20 --players 2 --json" + seats).out);
    REQUIRE(lines.size() > 3);
    // The game-over event is the last; the one before it took the last card of the Draw Pile.
    std::vector<nlohmann::json> events;
    for (const auto& e : lines)
      if (e.at("type") == "event") events.push_back(e);
    REQUIRE(events.size() > 2);
    const auto& over = events.back();
    const auto& last_card = events[events.size() - 2];
    INFO(last_card.dump());
    CHECK(over.at("rule") == "Winning");
    CHECK_THAT(over.at("text").get<std::string>(),
               Catch::Contains("The Draw Pile is empty: the game is over"));
    const std::string took = last_card.at("text").get<std::string>();
    CHECK((took.find("the last card of the Draw Pile") != std::string::npos ||
           took.find("(0 left in the Draw Pile)") != std::string::npos ||
           took.find("is turned up onto the Play Pile") != std::string::npos));
    if (!seats.empty())  // a game whose last card is turned over in a Go Wacky! contest, which ends it
      CHECK(took == "Ana turns over orange/yellow, the last card of the Draw Pile.");
  }
}

TEST_CASE("Line mode: the board is printed when it changes for the person answering, or on b",
          "[cli][line]") {
  const std::string save = temp_dir() + "/line-board.save";
  std::string answers;
  for (int i = 0; i < 400; ++i) answers += "1\n";
  const Run r = run("play go-wacky --line --seed 3 --players 2 --seats human,normal --save " + save, answers);
  REQUIRE(r.code == 0);
  const int boards = [&] {
    int n = 0;
    for (std::size_t at = r.out.find("Draw Pile:"); at != std::string::npos;
         at = r.out.find("Draw Pile:", at + 1))
      ++n;
    return n;
  }();
  int prompts = 0;
  for (std::size_t at = r.out.find("\n> "); at != std::string::npos; at = r.out.find("\n> ", at + 1))
    ++prompts;
  INFO(count_lines(r.out) << " lines, " << boards << " boards, " << prompts << " prompts");
  CHECK(boards < prompts);  // not at every prompt
  // b prints the board again; ? prints the help and the game's legend.
  const Run b =
      run("play go-wacky --line --seed 3 --players 2 --seats human,normal --save " + save + "-b", "b\n?\n");
  CHECK(b.code == 0);
  int b_boards = 0;
  for (std::size_t at = b.out.find("Draw Pile:"); at != std::string::npos;
       at = b.out.find("Draw Pile:", at + 1))
    ++b_boards;
  CHECK(b_boards == 2);
  CHECK_THAT(b.out, Catch::Contains("b: the board again"));
  const Run legend =
      run("play racesmack --line --seed 3 --players 2 --seats human,normal --save " + save + "-r", "?\n");
  CHECK_THAT(legend.out, Catch::Contains("shapes: S square"));
}

TEST_CASE("Line mode: Bull's-eye lets the player choose when to throw and says where the needle will be",
          "[cli][line][go-wacky]") {
  // Find a Bull's-eye prompt for the human in a scripted game: answer 1 until then.
  std::string answers;
  for (int i = 0; i < 600; ++i) answers += "1@5\n";
  const Run r =
      run("play go-wacky --line --seed 3 --players 2 --seats human,normal --save " + temp_dir() + "/be.save",
          answers);
  REQUIRE(r.code == 0);
  const auto at = r.out.find("Answer 1@D to act D tenths of a second from now");
  REQUIRE(at != std::string::npos);
  CHECK_THAT(r.out.substr(at, 400), Catch::Contains("@0  needle -100 (off the card)"));
  CHECK_THAT(r.out, Catch::Contains("acts at @5: needle"));
}
