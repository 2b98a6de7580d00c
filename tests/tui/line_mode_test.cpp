// Line mode driven in-process: answers from a string, output captured.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>

#include "core/table.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tui/line_mode.h"

using namespace rt;

namespace {

struct LineRun {
  int code = 0;
  std::string out, err;
};

LineRun play(const std::string& game_id, const std::string& input, bool interactive) {
  Options o;
  o.players = 2;
  std::shared_ptr<const Game> game = builtin_registry().create(game_id, o, DataSource::embedded());
  Table table(game, {{"Ana", SeatKind::Human}, {"Ben", SeatKind::Bot, BotLevel::Normal}}, 5);
  std::istringstream in(input);
  LineRun r;
  cli::LineModeOptions opt;
  opt.in = &in;
  opt.out = [&](std::string_view s) { r.out += s; };
  opt.err = [&](std::string_view s) { r.err += s; };
  opt.interactive = interactive;
  r.code = cli::play_line_mode(table, opt);
  return r;
}

}  // namespace

TEST_CASE("Line mode: at a terminal an illegal answer is explained and asked again", "[line][errors]") {
  const LineRun r = play("go-wacky", "99\nfly away\n1\n", true);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("input line 1: '99' is not one of the options 1-"));
  CHECK_THAT(r.out, Catch::Contains("input line 2: 'fly away' is not one of the options 1-"));
  // The third answer was taken: the game went on to another question, then input ended.
  CHECK_THAT(r.out, Catch::Contains("Input ended"));
}

TEST_CASE("Line mode: scripted, an illegal answer stops with exit 2 and one line", "[line][errors]") {
  const LineRun r = play("racesmack", "0\n", false);
  CHECK(r.code == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Catch::Contains("input line 1: '0' is not one of the options"));
}

TEST_CASE("Line mode: every game can be played by numbers until input ends", "[line]") {
  for (const auto& e : builtin_registry().all()) {
    CAPTURE(e.info.id);
    const LineRun r = play(e.info.id, "1\n1\n1\n1\n1\n", false);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains("1) "));
  }
}

TEST_CASE("Every game refuses an illegal decision with a RuleError and keeps its state",
          "[errors][contract]") {
  for (const auto& e : builtin_registry().all()) {
    CAPTURE(e.info.id);
    Options o;
    o.players = e.info.min_players;
    std::shared_ptr<const Game> game = builtin_registry().create(e.info.id, o, DataSource::embedded());
    std::vector<Seat> seats(static_cast<std::size_t>(o.players));
    seats[0] = Seat{"Ana", SeatKind::Human};
    Table table(game, seats, 3);
    table.advance();
    std::vector<PlayerId> humans;
    table.humans_to_act(humans);
    REQUIRE(humans.size() == 1);
    std::vector<Action> legal;
    table.state().legal_actions(0, legal);
    REQUIRE_FALSE(legal.empty());
    const std::string before = table.state().debug_string();
    CHECK_THROWS_AS(table.submit(0, legal.back() + 1, table.state().now()), RuleError);
    CHECK_THROWS_AS(table.submit(0, -12345, table.state().now()), RuleError);
    std::vector<PlayerId> actors;
    table.state().actors(actors);
    if (std::find(actors.begin(), actors.end(), PlayerId{1}) == actors.end())
      CHECK_THROWS_AS(table.submit(1, legal.front(), table.state().now()), RuleError);  // not asked
    CHECK(table.state().debug_string() == before);
    table.submit(0, legal.front(), table.state().now());
    CHECK(table.history().back().action == legal.front());
  }
}

// The baseline: with the board at every prompt and every event a line, `play go-wacky --line --seed 3
// --players N` answering "1" 3,000 times prints 6,109 lines with 2 players, 4,621 with 3 and 1,302
// with 4. Printing the board when it changes and a seat's run of events as one line keeps it under a third.
TEST_CASE("Line mode: a Go Wacky! game prints under a third of the lines it printed before",
          "[line][volume]") {
  const std::map<int, int> before = {{2, 6109}, {3, 4621}, {4, 1302}};
  std::string answers;
  for (int i = 0; i < 3000; ++i) answers += "1\n";
  for (const auto& [players, baseline] : before) {
    Options o;
    o.players = players;
    std::shared_ptr<const Game> game = builtin_registry().create("go-wacky", o, DataSource::embedded());
    std::vector<Seat> seats{{"Ana", SeatKind::Human}};
    const char* names[] = {"Ben", "Cleo", "Dev"};
    for (int p = 1; p < players; ++p) seats.push_back({names[p - 1], SeatKind::Bot, BotLevel::Normal});
    Table table(game, seats, 3);
    std::istringstream in(answers);
    std::string out;
    cli::LineModeOptions opt;
    opt.in = &in;
    opt.out = [&](std::string_view s) { out += s; };
    opt.err = [&](std::string_view) {};
    REQUIRE(cli::play_line_mode(table, opt) == 0);
    REQUIRE(table.over());
    const auto lines = std::count(out.begin(), out.end(), '\n');
    INFO(players << " players: " << lines << " lines, before " << baseline);
    CHECK(lines * 3 < baseline);
    // Nothing said is lost: every event sentence of the game is in the output.
    CHECK_THAT(out, Catch::Contains("The Draw Pile is empty: the game is over."));
  }
}

TEST_CASE("Line mode names a computer as one in its narration and on its board, once", "[line][names]") {
  for (const char* game : {"scrap-racer", "wacky-races"}) {
    CAPTURE(game);
    // As `play --line` makes it: the game narrates with the seats' names.
    setup::TableRequest req;
    req.game = game;
    req.seed_text = "5";
    req.seats = {"human", "normal"};
    req.names = {"Ana", "Ben"};
    std::unique_ptr<Table> table = setup::make_table(req, 5);
    std::istringstream in("1\n1\n1\n");
    LineRun r;
    cli::LineModeOptions opt;
    opt.in = &in;
    opt.out = [&](std::string_view s) { r.out += s; };
    opt.err = [&](std::string_view s) { r.err += s; };
    r.code = cli::play_line_mode(*table, opt);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("Ben (computer)"));
    CHECK_THAT(r.out, !Catch::Contains("(computer) (c"));
    // Every "Ben" after the header's seat list is marked (the header says "Ben (normal)").
    const std::size_t from = r.out.find("\n--\n");
    REQUIRE(from != std::string::npos);
    for (std::size_t at = r.out.find("Ben", from); at != std::string::npos; at = r.out.find("Ben", at + 1)) {
      const std::string after = r.out.substr(at + 3, 11);
      INFO(r.out.substr(at, 60));
      CHECK((after.rfind(" (computer)", 0) == 0 || after.rfind(" (c)", 0) == 0));
    }
  }
}
