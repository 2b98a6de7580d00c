// The two lists of saved games are one screen (tui/shell/saved_list.*):
// "Continue a saved game" lists what can go on, "Finished and saved games"
// every game, and both answer the same keys.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "tests/tui/cli_run.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

bool is_move(const std::string& line) {
  return line.rfind("step ", 0) == 0 && line.rfind("step chance", 0) != 0 && line.rfind("step clock", 0) != 0;
}

// A finished Go Wacky! (seed 3), the same game cut after its first 30 steps
//, and a file that is not a save.
// Returns the finished game's moves.
int three_saves(const std::string& dir) {
  const std::string finished = dir + "/finished.save";
  REQUIRE(clitest::run("sim go-wacky --seed 3 --save " + finished).code == 0);
  std::ifstream in(finished);
  std::ostringstream cut;
  std::string line;
  int steps = 0, moves = 0;
  while (std::getline(in, line)) {
    if (line.rfind("step ", 0) == 0) ++steps;
    moves += is_move(line);
    if (steps <= 30 && line != "end") cut << line << '\n';
  }
  std::ofstream(dir + "/unfinished.save") << cut.str() << "end\n";
  std::ofstream(dir + "/junk.save") << "not a save\n";
  return moves;
}

int moves_in(const std::string& save) {
  std::ifstream in(save);
  std::string line;
  int moves = 0;
  while (std::getline(in, line)) moves += is_move(line);
  return moves;
}

}  // namespace

TEST_CASE("Saved games: Continue lists the games that can go on, and files that cannot be read",
          "[shell][saves]") {
  const TempDir dir;
  three_saves(dir.path());
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.state_dir = dir.path();
  App app(term, ctx, make_resume_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Continue a saved game"); }));
  INFO(term.text());
  CHECK(term.shows(fmt::format("{} moves played", moves_in(dir.path() + "/unfinished.save"))));
  CHECK(term.shows("junk.save"));
  CHECK(term.shows("cannot be resumed"));
  CHECK_FALSE(term.shows("seed 3  " + std::to_string(moves_in(dir.path() + "/finished.save"))));
  CHECK(term.shows("Enter continue"));
  CHECK(term.shows("x delete"));
}

TEST_CASE("Saved games: Finished and saved games lists every game; x asks, then deletes", "[shell][saves]") {
  const TempDir dir;
  const int moves = three_saves(dir.path());
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.state_dir = dir.path();
  App app(term, ctx, make_replay_list_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Finished and saved games"); }));
  INFO(term.text());
  CHECK(term.shows(fmt::format("finished, {} moves", moves)));
  CHECK(term.shows(fmt::format("not finished, {} moves so far", moves_in(dir.path() + "/unfinished.save"))));
  CHECK(term.shows("cannot be read"));
  CHECK(term.shows("Enter watch again"));
  term.press(KeyType::End);  // the last of three
  term.press(U'x');
  REQUIRE(run_until(app, term, [&] { return term.shows("Delete?"); }));
  term.press(U'y');
  REQUIRE(run_until(app, term, [&] { return !term.shows("Delete?"); }));
  int left = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path()))
    left += e.path().extension() == ".save";
  CHECK(left == 2);
}

TEST_CASE("Saved games: a list longer than the page says how many more are above and below",
          "[shell][saves]") {
  // Six games fill 80x24: a seventh is below, and the page says so.
  const TempDir dir;
  three_saves(dir.path());
  for (int i = 0; i < 5; ++i)
    std::filesystem::copy_file(dir.path() + "/unfinished.save", dir.path() + fmt::format("/more{}.save", i));
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir.path();
  App app(term, ctx, make_resume_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Continue a saved game"); }));
  INFO(term.text());
  CHECK(term.shows("1 of 7"));
  CHECK(term.shows("v 1 more below"));
  CHECK_FALSE(term.shows("more above"));
  for (int i = 0; i < 6; ++i) term.press(KeyType::Down);
  REQUIRE(run_until(app, term, [&] { return term.shows("7 of 7"); }));
  INFO(term.text());
  CHECK(term.shows("^ 1 more above"));
  CHECK_FALSE(term.shows("more below"));
}
