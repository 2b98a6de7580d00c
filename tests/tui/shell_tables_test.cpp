// The play screen's tests run through both implementations of the table
// interface: a local game (GameSession in this process) and a shared table
// (a table server in this process, over a real Unix socket, and the remote
// table the shell joins it with). Same keys, same screens; the server renders
// the remote side's board, so these also show that nothing needs a State on
// the client.
#include <catch2/catch.hpp>

#include <csignal>

#include "tests/tui/shell_both_tables.h"

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

setup::TableRequest go_wacky(const std::string& seed) {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "normal", "normal", "normal"};
  req.players = 4;
  req.names = {"Ana", "Ben", "Cleo", "Dev"};
  req.seed_text = seed;
  return req;
}

// At Ana's first question (seed 7: she goes first): she plays her first
// option, and the game goes on to her next question.
void play_first_move(App& app, FakeTerminal& term) {
  const std::size_t before = play(app)->table().log().size();
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] {
    return play(app) && play(app)->table().phase() == Phase::HumanTurn &&
           play(app)->table().log().size() > before;
  }));
}

}  // namespace

TEST_CASE("shell tables: a whole game of Go Wacky! with keys only, at 80x24, local and shared",
          "[shell][tables][app]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.unicode = false;
  TestTable t = make_test_table(where, go_wacky("7"), term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  if (where == Where::Local)
    for (int i = 0; i < 3; ++i) term.press(U'+');
  int answers = 0;
  bool resized = false;
  for (int i = 0; i < 400000 && !term.shows("GAME OVER"); ++i) {
    app.step_once();
    PlayScreen* ps = play(app);
    if (!ps || term.keys_pending()) continue;
    PlayTable& pt = ps->table();
    if (pt.phase() == Phase::HumanTurn) {
      // The question, its options and the key to press are on screen (drawn
      // again first: the last key may have changed it).
      app.step_once();
      if (pt.phase() != Phase::HumanTurn) continue;
      REQUIRE(term.shows("Your move"));
      REQUIRE(term.shows("Enter play"));
      term.press(KeyType::Enter);
      ++answers;
    } else if (pt.phase() == Phase::Contest && !pt.contest_humans().empty()) {
      // At a person's pace: a table drops a client that floods it.
      term.advance(50);
      term.press(U' ');
      ++answers;
    }
    // Only Ana's hand is ever on her screen.
    for (const char* other : {"Ben's hand", "Cleo's hand", "Dev's hand", "Ben (computer)'s hand",
                              "Cleo (computer)'s hand", "Dev (computer)'s hand"})
      REQUIRE_FALSE(term.shows(other));
    if (!resized && answers == 10) {
      resized = true;
      term.resize(60, 18);
      REQUIRE(run_until(app, term, [&] { return term.shows("at least 80x24 (now 60x18)"); }));
      term.resize(80, 24);
      REQUIRE(run_until(app, term, [&] { return term.shows("Draw Pile"); }));
    }
    for (unsigned char ch : term.text()) REQUIRE(ch < 0x80);
  }
  INFO(term.text());
  REQUIRE(term.shows("GAME OVER"));
  CHECK(t.truth->over());
  CHECK(resized);
  CHECK(answers > 5);
  const std::string text = term.text();
  CHECK((text.find("wins with") != std::string::npos || text.find("share the win") != std::string::npos));
  CHECK(text.find("1st") != std::string::npos);
  term.advance(2000);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
}

TEST_CASE("shell tables: the keys, rules and log pages open and close over a local or shared game",
          "[shell][tables][app]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  TestTable t = make_test_table(where, go_wacky("7"), term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  REQUIRE(run_until(app, term, [&] { return play(app) && play(app)->table().phase() == Phase::HumanTurn; }));
  CHECK(term.shows(where == Where::Local ? "seed 7" : "table t"));
  term.press(U'?');
  REQUIRE(run_until(app, term, [&] { return term.shows("Menus and setup"); }));
  CHECK(play(app) == nullptr);
  term.press(U'?');
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
  term.press(U'r');
  REQUIRE(run_until(app, term, [&] { return term.shows("WORD CARDS") || term.shows("SET UP"); }));
  term.press(KeyType::Escape);
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
  term.press(U'l');
  REQUIRE(run_until(app, term, [&] { return term.shows("The whole log"); }));
  CHECK(term.shows("(Set Up)"));
  term.press(U'l');
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr && term.shows("Your move"); }));
  play_first_move(app, term);  // a game nobody has decided anything in is not saved
  // q asks first; a shared table says the seat is kept.
  term.press(U'q');
  REQUIRE(run_until(app, term,
                    [&] { return term.shows(where == Where::Local ? "Save and quit" : "Leave the table"); }));
  term.press(U'n');
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr && term.shows("Your move"); }));
}

TEST_CASE("shell tables: a click on an option plays it, local and shared", "[shell][tables][app]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  TestTable t = make_test_table(where, go_wacky("7"), term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  REQUIRE(run_until(app, term, [&] {
    return play(app) && play(app)->table().phase() == Phase::HumanTurn && term.shows("Your move");
  }));
  const std::size_t steps = t.truth->history().size();
  int row = -1;
  for (int y = 0; y < term.frame().height() && row < 0; ++y)
    for (int x = 0; x + 2 < term.frame().width(); ++x)
      if (term.frame().at(x, y).ch == U'▶' && term.frame().at(x + 2, y).ch == U'1') row = y;
  REQUIRE(row >= 0);
  term.press(Key::click(10, row));
  REQUIRE(run_until(
      app, term, [&] { return t.truth->history().size() > steps; }, 200));
}

TEST_CASE("shell tables: RC Racer in real time, programmed with the arrow keys to the end, local and shared",
          "[shell][tables][arrows][contest]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal", "normal"};
  req.players = 3;
  req.variants = {"real-time"};
  req.options = {"racers=die-liner,turbobot,dogtor"};
  req.seed_text = "11";
  TestTable t = make_test_table(where, req, term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  if (where == Where::Local)
    for (int i = 0; i < 6; ++i) term.press(U'+');
  int arrows = 0, dones = 0;
  bool help_seen = false;
  const KeyType kArrows[] = {KeyType::Up, KeyType::Down, KeyType::Left, KeyType::Right};
  for (int i = 0; i < 400000 && !t.truth->over(); ++i) {
    app.step_once();
    PlayScreen* ps = play(app);
    if (!ps || term.keys_pending()) continue;
    PlayTable& pt = ps->table();
    if (pt.phase() == Phase::HumanTurn) {
      term.press(KeyType::Enter);
    } else if (pt.phase() == Phase::Contest && pt.contest_humans().size() == 1) {
      const Question q = pt.question(0);
      if (!q.arrows) {
        term.press(KeyType::Enter);
        continue;
      }
      help_seen = help_seen || term.shows("Arrows slide the tile beside the gap that way");
      term.advance(200);
      if (arrows % 5 == 4) {
        term.press(KeyType::Enter);  // the highlight starts on "done"
        ++dones;
        ++arrows;
      } else {
        // The next arrow, in turn, that has a tile to slide.
        KeyType key = kArrows[0];
        for (int k = 0; k < 4; ++k) {
          const int d = (arrows + k) % 4;
          key = kArrows[d];
          if (q.directions[static_cast<std::size_t>(d)]) break;
        }
        term.press(key);
        ++arrows;
      }
    }
  }
  REQUIRE(t.truth->over());
  CHECK(help_seen);
  CHECK(dones >= 1);
  // Slides of the human went in as single-tile moves.
  int slides = 0;
  for (const Step& st : t.truth->history()) {
    if (st.player != 0) continue;
    const std::string text = t.truth->state().action_text(0, st.action);
    for (const char* word : {"up", "down", "left", "right"})
      if (text == word) ++slides;
  }
  CHECK(slides > 3);
  REQUIRE(run_until(
      app, term, [&] { return term.shows("GAME OVER"); }, 2000));
}

TEST_CASE("shell tables: every game starts and takes answers from its keys, local and shared",
          "[shell][tables][app]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  for (const auto& entry : builtin_registry().all()) {
    INFO(entry.info.id);
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    ctx.unicode = false;
    setup::TableRequest req;
    req.game = entry.info.id;
    req.players = std::max(2, entry.info.min_players);
    req.seats.assign(static_cast<std::size_t>(req.players), "normal");
    req.seats[0] = "human";
    req.seed_text = "5";
    TestTable t = make_test_table(where, req, term);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    int answers = 0;
    for (int k = 0; k < 40000 && answers < 3 && !t.truth->over(); ++k) {
      app.step_once();
      PlayScreen* ps = play(app);
      if (!ps || term.keys_pending()) continue;
      const Phase ph = ps->table().phase();
      if (ph == Phase::HumanTurn || (ph == Phase::Contest && !ps->table().contest_humans().empty())) {
        term.advance(50);
        term.press(KeyType::Enter);
        ++answers;
      }
    }
    CHECK(answers == 3);
    CHECK(term.shows(entry.info.name));
  }
}

TEST_CASE("shell tables: with counted slides an arrow is a turn, local and shared",
          "[shell][tables][arrows]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal"};
  req.players = 2;
  req.variants = {"counted-slides"};
  req.options = {"racers=die-liner,turbobot"};
  req.seed_text = "11";
  TestTable t = make_test_table(where, req, term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  // Enter through the starting space until the controller asks.
  REQUIRE(run_until(app, term, [&] {
    PlayScreen* ps = play(app);
    if (!ps || ps->table().phase() != Phase::HumanTurn) return false;
    if (ps->table().question(0).arrows) return true;
    if (!term.keys_pending()) term.press(KeyType::Enter);
    return false;
  }));
  app.step_once();
  CHECK(term.shows("←↑↓→ slide the tile beside the gap that way"));
  CHECK(term.shows("←↑↓→ move"));
  const Question q = play(app)->table().question(0);
  const int way = q.directions[2] ? 2 : 3;  // left, else right
  REQUIRE(q.directions[static_cast<std::size_t>(way)]);
  const std::size_t steps = t.truth->history().size();
  term.press(way == 2 ? KeyType::Left : KeyType::Right);
  REQUIRE(run_until(
      app, term, [&] { return t.truth->history().size() > steps; }, 200));
  CHECK(t.truth->history()[steps].player == 0);
  CHECK(t.truth->history()[steps].action == *q.directions[static_cast<std::size_t>(way)]);
}

TEST_CASE(
    "shell tables: a hang-up leaves a shared table with the command to come back; a local game is saved",
    "[shell][tables][app]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  TestTable t = make_test_table(where, go_wacky("7"), term);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  REQUIRE(run_until(app, term, [&] { return play(app) && play(app)->table().phase() == Phase::HumanTurn; }));
  play_first_move(app, term);  // a game nobody has decided anything in is not saved
  term.send_signal(SIGHUP);
  app.step_once();
  REQUIRE(app.finished());
  CHECK(app.exit_code() == 128 + SIGHUP);
  REQUIRE(app.messages().size() == 1);
  if (where == Where::Shared) {
    CHECK_THAT(app.messages()[0],
               Catch::Contains("your seat is kept") && Catch::Contains("racetable join t --seat 1"));
    // The server hears that the player left: the seat is away, not taken.
    for (int i = 0; i < 20; ++i) t.harness->server->poll_once(0);
    CHECK(t.harness->server->connected() == 0);
  } else {
    CHECK_THAT(app.messages()[0], Catch::Contains("game saved to " + t.saves->path));
  }
}
