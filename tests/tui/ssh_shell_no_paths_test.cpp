// An SSH player's shell (ShellOptions::no_commands, as `serve --ssh` starts
// it) shows nothing of the server's filesystem: the Stats page and the lists
// of saved and finished games name a file at most, never where it is.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "core/history.h"
#include "core/save.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/no_paths.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/screens.h"

namespace ssh_shell_no_paths_test_cases {

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

TEST_CASE("A path in a line is cut to its file's name", "[shell][paths]") {
  CHECK(without_paths("/srv/rt/players/ana/state/racetable/x.save: line 3: bad") == "x.save: line 3: bad");
  CHECK(without_paths("Cannot read /srv/rt/history.jsonl: Permission denied") ==
        "Cannot read history.jsonl: Permission denied");
  CHECK(without_paths("cannot open '/srv/rt/tables/t.save'") == "cannot open 't.save'");
  CHECK(without_paths("a/b is not a path, 1/2 neither") == "a/b is not a path, 1/2 neither");
}

TEST_CASE("SSH players' Stats and saved-games pages show no path under the state directory",
          "[shell][paths][ssh]") {
  const TempDir tmp;
  AppContext ctx;
  ctx.state_dir = tmp.path();
  ctx.no_commands = true;  // as the SSH server's shell is started
  const auto shows_no_path = [&](FakeTerminal& term) {
    const std::string text = term.text();
    INFO(text);
    CHECK(text.find(tmp.path()) == std::string::npos);
    // A cut path would show its start: no directory of the state's at all.
    CHECK(text.find("/tmp/") == std::string::npos);
  };
  SECTION("empty pages") {
    FakeTerminal term(80, 24, false);
    App stats(term, ctx, make_stats_screen(ctx));
    REQUIRE(run_until(stats, term, [&] { return term.shows("No finished games yet."); }));
    shows_no_path(term);
    FakeTerminal term2(80, 24, false);
    App saved(term2, ctx, make_replay_list_screen(ctx));
    REQUIRE(run_until(saved, term2, [&] { return term2.shows("No games yet."); }));
    shows_no_path(term2);
  }
  SECTION("a damaged save and a game whose save is gone") {
    std::ofstream(tmp.path() + "/broken.save") << "racetable-save 1\ngame nope\n";
    setup::TableRequest req;
    req.game = "go-wacky";
    req.seed_text = "4";
    req.default_seat = "normal";
    auto table = setup::make_table(req, 1);
    table->advance();
    REQUIRE(table->over());
    REQUIRE(append_history(tmp.path(), finished_game_record(*table, 0, tmp.path() + "/gone.save", "", {0}))
                .empty());
    FakeTerminal term(80, 24, false);
    App saved(term, ctx, make_replay_list_screen(ctx));
    REQUIRE(run_until(saved, term, [&] { return term.shows("broken.save"); }));
    shows_no_path(term);
    term.press(shell::KeyType::Enter);
    run_until(
        saved, term, [&] { return false; }, 20);
    shows_no_path(term);
    FakeTerminal term2(80, 24, false);
    App stats(term2, ctx, make_stats_screen(ctx));
    REQUIRE(run_until(stats, term2, [&] { return term2.shows("Last games"); }));
    term2.press(shell::KeyType::Enter);
    REQUIRE(run_until(stats, term2, [&] { return term2.shows("gone.save"); }));
    shows_no_path(term2);
  }
}

}  // namespace ssh_shell_no_paths_test_cases
