// A computer's seat is marked as a computer's wherever a name is shown, in a
// local game as at a shared table, and says "computer" once: the Players
// panel, the seats strip, the end screen, the Stats page and the list of
// saved games. The marks are the screens' own: the game's text and `sim`
// are unchanged. (Each game's own board: shell_board_marks_test.cpp.)
#include <catch2/catch.hpp>

#include "core/history.h"
#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"
#include "tui/shell/stats_report.h"

namespace shell_computer_marks_cases {

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

// Ana at the keyboard, Ben a computer (normal). A shared table names its
// computers with the mark (net::make_shared_table); a local game does not.
setup::TableRequest ana_and_ben(Where where, const std::string& game = "scrap-racer") {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = "1";
  req.players = 2;
  req.seats = {"human", "normal"};
  req.names = {"Ana", where == Where::Shared ? "Ben (computer)" : "Ben"};
  return req;
}

std::string row_text(const Canvas& f, int y, int x = 0) {
  std::string s;
  for (int i = x; i < f.width(); ++i) utf8_append(s, f.at(i, y).ch);
  return s;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

bool until_question(App& app, FakeTerminal& term) {
  return run_until(app, term, [&] {
    PlayScreen* ps = play(app);
    return ps && ps->table().phase() == Phase::HumanTurn && !term.keys_pending() && term.frames() > 0;
  });
}

}  // namespace

TEST_CASE(
    "A computer is marked once wherever the game screen names it: the Players panel, the seats strip and "
    "the end screen, in a local game and at a shared table",
    "[shell][names]") {
  for (Where where : {Where::Local, Where::Shared}) {
    INFO(where_name(where));
    // Wide: the Players panel. "Ben (computer)", then its level alone.
    {
      FakeTerminal term(120, 40, true);
      AppContext ctx;
      TestTable t =
          make_test_table(where, setup::make_table(ana_and_ben(where), 1), term, Pace::Quick, false);
      App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
      REQUIRE(until_question(app, term));
      app.step_once();
      INFO(term.text());
      const Canvas& f = term.frame();
      int at_y = -1;
      std::size_t at_x = 0;
      for (int y = 0; y < f.height() && at_y < 0; ++y)
        if (const std::size_t x = row_text(f, y).find("Ben (computer)"); x != std::string::npos) {
          at_y = y;
          at_x = x;
        }
      REQUIRE(at_y >= 0);
      const std::string about = row_text(f, at_y + 1).substr(at_x);
      CHECK(about.rfind("normal", 0) == 0);
      // Said once wherever Ben is named: the panel, the game's board, the log.
      CHECK(count_of(term.text(), "(computer) (c") == 0);
      // The person is not marked.
      CHECK_THAT(term.text(), !Catch::Contains("Ana (computer)"));
    }
    // 80x24, a game with the seats strip: "Ben (computer, normal)".
    {
      FakeTerminal term(80, 24, true);
      AppContext ctx;
      TestTable t = make_test_table(where, setup::make_table(ana_and_ben(where, "go-wacky"), 1), term,
                                    Pace::Quick, false);
      App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
      REQUIRE(until_question(app, term));
      app.step_once();
      INFO(term.text());
      CHECK_THAT(term.text(), Catch::Contains("Ben (computer, normal)"));
      CHECK_THAT(term.text(), !Catch::Contains("(computer) (normal)"));
    }
    // The end screen's placings.
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    TestTable t = make_test_table(where, setup::make_table(ana_and_ben(where), 1), term, Pace::Quick, false);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    REQUIRE(until_question(app, term));
    for (int i = 0; i < 2000 && play(app) && play(app)->table().phase() != Phase::Over; ++i) {
      term.press(KeyType::Enter);
      run_until(app, term, [&] {
        PlayScreen* ps = play(app);
        return !ps || ps->table().phase() == Phase::Over ||
               (ps->table().phase() == Phase::HumanTurn && !term.keys_pending());
      });
    }
    REQUIRE(play(app));
    REQUIRE(play(app)->table().phase() == Phase::Over);
    REQUIRE(run_until(app, term, [&] { return term.shows("GAME OVER"); }));
    INFO(term.text());
    bool placed = false;
    for (int y = 0; y < term.frame().height(); ++y) {
      const std::string row = row_text(term.frame(), y);
      if ((row.find("1st") != std::string::npos || row.find("2nd") != std::string::npos) &&
          row.find("Ben (computer)") != std::string::npos)
        placed = true;
    }
    CHECK(placed);
  }
}

TEST_CASE(
    "Stats and the list of saved games mark a computer once, with its level, whether the game's names "
    "carry the mark or not",
    "[shell][names]") {
  HistoryRecord local;
  local.seats = {HistorySeat{"Ana", true, "", 1, true}, HistorySeat{"Ben", false, "normal", 2}};
  CHECK(seats_summary(local) == "1st Ana (you), 2nd Ben (computer, normal)");
  // A shared table's names carry the mark already: it is not said twice.
  HistoryRecord shared;
  shared.seats = {HistorySeat{"ana", true, "", 2, true}, HistorySeat{"Cleo (computer)", false, "easy", 1},
                  HistorySeat{"bob", true, "", 3}};
  CHECK(seats_summary(shared) == "1st Cleo (computer, easy), 2nd ana (you), 3rd bob (human)");

  nettest::TempDir dir;
  auto table = setup::make_table(ana_and_ben(Where::Local), 1);
  write_file_atomically(dir.path + "/one.save", save_text(*table));
  const std::vector<SavedGame> saves = list_saved_games(dir.path);
  REQUIRE(saves.size() == 1);
  CHECK(saves[0].seats == std::vector<std::string>{"Ana", "Ben (computer, normal)"});
}

}  // namespace shell_computer_marks_cases
