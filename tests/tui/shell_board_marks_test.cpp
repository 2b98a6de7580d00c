// Each game's own board marks a computer's seat where it names it, at
// 80x24 (where the play screen has no Players panel): the whole name and
// its mark readable, said once, and a short mark "(c)" explained on the
// board; in a local game (the shell draws the board) and at a shared table
// (the server draws it, and the seat's name carries the mark already).
#include <catch2/catch.hpp>

#include <vector>

#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"
#include "tui/shell/layout.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"

namespace shell_board_marks_cases {

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

// Ana at the keyboard, Ben and Cleo computers (the integrator's table).
setup::TableRequest ana_ben_cleo(Where where, const std::string& game) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = "5";
  req.players = 3;
  req.seats = {"human", "normal", "easy"};
  if (where == Where::Shared)
    req.names = {"Ana", "Ben (computer)", "Cleo (computer)"};
  else
    req.names = {"Ana", "Ben", "Cleo"};
  return req;
}

// The game's own board as this player sees it: the rows the table draws
// (the shell's for a local game, the server's at a shared table), each
// checked to be on the screen as drawn.
std::string board_text(App& app, FakeTerminal& term) {
  Canvas board(board_columns(term.width()), max_board_rows(term.width(), term.height()), true);
  play(app)->table().draw_board(board, term.now());
  const std::string screen = term.text();
  std::string out;
  std::size_t start = 0;
  const std::string text = board.to_text();
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string row = text.substr(start, end - start);
    // Rows the screen has no room for are not seen: only those it shows count.
    if (!row.empty() && screen.find(row) != std::string::npos) out += row + "\n";
    start = end + 1;
  }
  return out;
}

// Whether `name` is on the board, and every time with its mark after it.
bool names_marked(const std::string& board, const std::string& name) {
  bool seen = false;
  for (std::size_t at = board.find(name); at != std::string::npos; at = board.find(name, at + 1)) {
    const std::string after = board.substr(at + name.size(), 11);
    if (after.rfind(" (computer)", 0) != 0 && after.rfind(" (c)", 0) != 0) return false;
    seen = true;
  }
  return seen;
}

// Every "(comp..." on the board is a whole "(computer)".
bool marks_whole(const std::string& board) {
  for (std::size_t at = board.find("(comp"); at != std::string::npos; at = board.find("(comp", at + 1))
    if (board.compare(at, 10, "(computer)") != 0) return false;
  return true;
}

bool until_question(App& app, FakeTerminal& term) {
  return run_until(app, term, [&] {
    PlayScreen* ps = play(app);
    return ps && (ps->table().phase() == Phase::Over ||
                  (ps->table().phase() == Phase::HumanTurn && !term.keys_pending() && term.frames() > 0));
  });
}

// Plays `game` at 80x24 with Enter until its board names both computers,
// then checks how it names them.
void check_board_marks(const std::string& game) {
  for (Where where : {Where::Local, Where::Shared}) {
    INFO(game << ", " << where_name(where));
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    TestTable t = make_test_table(where, ana_ben_cleo(where, game), term, Pace::Quick, false);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    REQUIRE(until_question(app, term));
    app.step_once();
    std::string board = board_text(app, term);
    for (int i = 0;
         i < 40 && (board.find("Ben") == std::string::npos || board.find("Cleo") == std::string::npos); ++i) {
      term.press(KeyType::Enter);
      REQUIRE(until_question(app, term));
      app.step_once();
      board = board_text(app, term);
    }
    INFO(term.text());
    CHECK(names_marked(board, "Ben"));
    CHECK(names_marked(board, "Cleo"));
    // Said once: never "(computer) (computer)" or "(computer) (c)".
    CHECK_THAT(board, !Catch::Contains("(computer) (c"));
    // Never cut inside the mark.
    CHECK(marks_whole(board));
    // A short mark is explained on the board itself.
    if (board.find(" (c)") != std::string::npos) CHECK_THAT(term.text(), Catch::Contains("(c) computer"));
    // The person at the keyboard is not marked.
    CHECK_THAT(board, !Catch::Contains("Ana (c"));
  }
}

}  // namespace

TEST_CASE("Wacky Races' board marks a computer's seat once, readable whole at 80x24, local and shared",
          "[shell][names]") {
  check_board_marks("wacky-races");
}

TEST_CASE("Scrap Racer's racer table marks a computer's seat once, readable whole at 80x24, local and shared",
          "[shell][names]") {
  check_board_marks("scrap-racer");
}

TEST_CASE("RC Racer's player table marks a computer's seat once, readable whole at 80x24, local and shared",
          "[shell][names]") {
  check_board_marks("rc-racer");
}

TEST_CASE("Go Wacky!'s player table marks a computer's seat once, readable whole at 80x24, local and shared",
          "[shell][names]") {
  check_board_marks("go-wacky");
}

TEST_CASE("Racesmack's player rows mark a computer's seat once, readable whole at 80x24, local and shared",
          "[shell][names]") {
  check_board_marks("racesmack");
}

TEST_CASE(
    "A local game's log names a computer as one (\"Ben (computer) ...\"), while the game's own narration, "
    "which sim and transcripts print, still says \"Ben\"",
    "[shell][names]") {
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  TestTable t =
      make_test_table(Where::Local, ana_ben_cleo(Where::Local, "wacky-races"), term, Pace::Quick, false);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  REQUIRE(until_question(app, term));
  for (int i = 0; i < 3; ++i) {  // a round: both computers move
    term.press(KeyType::Enter);
    REQUIRE(until_question(app, term));
  }
  bool marked = false;
  for (const LogEntry& e : play(app)->table().log()) {
    INFO(e.text);
    CHECK(e.text.find("(computer) (computer)") == std::string::npos);
    for (const std::string name : {"Ben", "Cleo"})
      for (std::size_t at = e.text.find(name); at != std::string::npos; at = e.text.find(name, at + 1)) {
        CHECK(e.text.compare(at + name.size(), 11, " (computer)") == 0);
        marked = true;
      }
  }
  CHECK(marked);

  // The game itself narrates with the seats' own names.
  auto table = setup::make_table(ana_ben_cleo(Where::Local, "wacky-races"), 5);
  EventSink events;
  table->set_event_sink(&events);
  table->advance();
  std::vector<PlayerId> asked;
  std::vector<Action> legal;
  for (int i = 0; i < 3 && !table->over(); ++i) {  // Ana plays, the computers answer
    asked.clear();
    legal.clear();
    table->humans_to_act(asked);
    REQUIRE(asked.size() == 1);
    table->state().legal_actions(asked.front(), legal);
    table->submit(asked.front(), legal.front(), table->state().now());
    table->advance();
  }
  bool plain = false;
  for (const Event& e : events) {
    CHECK(e.text.find("(computer)") == std::string::npos);
    plain = plain || e.text.find("Ben") != std::string::npos || e.text.find("Cleo") != std::string::npos;
  }
  CHECK(plain);
}

}  // namespace shell_board_marks_cases
