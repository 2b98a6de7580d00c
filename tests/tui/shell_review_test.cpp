// "Review this game" in the shell: v on a finished game of "Finished and
// saved games" runs the expert's review, shows the turning points first, and
// Enter opens the replay viewer at one, seen as the seat, the better move named.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

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

// Runs the app while the review's thread works, until `done()` (at most ~60 s).
template <class Done>
bool wait_for_review(App& app, FakeTerminal& term, Done done) {
  for (int i = 0; i < 1200; ++i) {
    if (run_until(app, term, done, 50)) return true;
    term.advance(200);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

}  // namespace

TEST_CASE("Review: v on a finished game shows the turning points first, Enter opens the replay there",
          "[shell][review]") {
  const TempDir dir;
  // A normal seat against an expert: the expert finds better moves than normal's.
  REQUIRE(clitest::run("sim racesmack --seed 4 --players 2 --seats normal,expert --save " + dir.path() +
                       "/racesmack.save")
              .code == 0);
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.state_dir = dir.path();
  ctx.review_think_percent = 10;
  App app(term, ctx, make_replay_list_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Finished and saved games"); }));
  CHECK(term.shows("v review"));
  term.press(U'v');
  REQUIRE(run_until(app, term, [&] { return term.shows("Review: Racesmack, as Ana"); }));
  REQUIRE(wait_for_review(app, term, [&] { return term.shows(" reviewed, "); }));
  INFO(term.text());
  const bool turning = term.shows("Turning points");
  CHECK((turning || term.shows("No turning points")));
  CHECK(term.shows("games played on per move"));
  if (turning) {
    CHECK(term.shows("points more chance to win"));
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return term.shows("The expert: "); }));
    CHECK(term.shows("as Ana"));
    CHECK(term.shows("Next, Ana chose:"));
    // The move chosen (a label may end in ")") is a sentence before the expert's.
    CHECK_FALSE(term.shows(") The expert:"));
    term.press(KeyType::Escape);
    REQUIRE(run_until(app, term, [&] { return term.shows("Review: Racesmack"); }));
  }
  term.press(KeyType::Escape);
  REQUIRE(run_until(app, term, [&] { return term.shows("Finished and saved games"); }));
}

TEST_CASE("Review: v on a game not finished says so and reviews nothing", "[shell][review]") {
  const TempDir dir;
  const std::string finished = dir.path() + "/whole.save";
  REQUIRE(clitest::run("sim go-wacky --seed 3 --save " + finished).code == 0);
  clitest::write_cut_save(finished, dir.path() + "/cut.save", 30);
  std::filesystem::remove(finished);
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.state_dir = dir.path();
  App app(term, ctx, make_replay_list_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Finished and saved games"); }));
  term.press(U'v');
  REQUIRE(run_until(app, term, [&] { return term.shows("Only a finished game can be reviewed"); }));
}
