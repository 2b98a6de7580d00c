// The whole shell through a fake terminal: menus to a game of Go Wacky!
// played to the end with keys only, resizing below the minimum and back,
// a hang-up mid-game and resuming it, demos, and the screens in ASCII.
//
// These start at the title and its set-up pages, which make local games.
// Their play-screen part also runs against a shared table in
// shell_tables_test.cpp (both tables, from the play screen on): the whole
// game with a resize (same seed), the readers and q, a click on an option,
// every game taking answers, a hang-up. Local by nature, with no shared
// counterpart: saving and resuming (a shared table is saved by its host),
// demos and "n: the same players again" (no person at a shared table's
// seats to ask), and two humans racing at one keyboard (a shared table's
// client holds one person's seat).
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::play;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

char32_t go_wacky_digit() {
  const auto& all = builtin_registry().all();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].info.id == "go-wacky") return static_cast<char32_t>(U'1' + i);
  FAIL("go-wacky is not registered");
  return U'1';
}

// Title -> game list -> seats (1 human + 3 computers, the default) -> seed 7 -> play.
void start_go_wacky(App& app, FakeTerminal& term) {
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("which game?"); }));
  term.press(go_wacky_digit());
  REQUIRE(run_until(app, term, [&] { return term.shows("who is playing?"); }));
  CHECK(term.shows("Human"));
  CHECK(term.shows("Computer, normal"));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
  term.press(KeyType::Up);  // the seed
  term.press(KeyType::Enter);
  term.press(U'7');
  term.press(KeyType::Enter);
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  // "Draw Pile: N cards" is the board; the variants page names the Draw Pile too.
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr && term.shows("Draw Pile: "); }));
}

// Plays the human's first decision (the first option) and stops at their
// next question: a game nobody has decided anything in is not saved.
void first_decision(App& app, FakeTerminal& term) {
  bool decided = false;
  REQUIRE(run_until(app, term, [&] {
    PlayScreen* p = play(app);
    if (!p || p->session().phase() != Phase::HumanTurn || term.keys_pending()) return false;
    if (!p->session().nothing_played()) return decided = true;
    term.press(U'1');
    return false;
  }));
  CHECK(decided);
}

// One key for whatever the game asks of the human: Enter on a turn, Space in a race.
bool answer(App& app, FakeTerminal& term) {
  PlayScreen* ps = play(app);
  if (!ps || term.keys_pending()) return false;
  GameSession& s = ps->session();
  if (s.phase() == Phase::HumanTurn) {
    term.press(KeyType::Enter);
    return true;
  }
  if (s.phase() == Phase::Contest && !s.contest_humans().empty()) {
    // A held key: a press every 10 ms of the fake clock (presses while the
    // die still rolls are dropped, so time must pass between them).
    term.advance(10);
    term.press(U' ');
    return true;
  }
  return false;
}

}  // namespace

TEST_CASE("shell app: a whole game of Go Wacky! with keys only, at 80x24 in ASCII", "[shell][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.unicode = false;
  App app(term, ctx, make_title_screen(ctx));
  start_go_wacky(app, term);
  CHECK(term.shows("seed 7"));
  term.press(U'+');
  term.press(U'+');
  term.press(U'+');
  int answers = 0;
  bool resized = false;
  for (int i = 0; i < 400000 && !term.shows("GAME OVER"); ++i) {
    app.step_once();
    if (answer(app, term)) ++answers;
    // The window shrinks mid-game, then grows back.
    if (!resized && answers == 10) {
      resized = true;
      term.resize(60, 18);
      REQUIRE(run_until(app, term, [&] { return term.shows("at least 80x24 (now 60x18)"); }));
      GameSession& s = play(app)->session();
      CHECK(s.paused());
      const std::size_t steps = s.table().history().size();
      term.advance(60000);
      app.step_once(term.now() + 1000);
      CHECK(s.table().history().size() == steps);  // nothing moves while it is too small
      term.resize(80, 24);
      REQUIRE(run_until(app, term, [&] { return term.shows("Draw Pile"); }));
      CHECK_FALSE(s.paused());
    }
    // Every frame is exactly the window, ASCII only.
    for (unsigned char ch : term.text()) REQUIRE(ch < 0x80);
  }
  REQUIRE(term.shows("GAME OVER"));
  CHECK(resized);
  CHECK(answers > 5);
  const std::string t = term.text();
  CHECK((t.find("wins with") != std::string::npos || t.find("share the win") != std::string::npos));
  CHECK(t.find("1st") != std::string::npos);
  // The finished game is saved, and Enter goes back to the title (after a moment).
  const auto saves = list_saved_games(ctx.state_dir);
  REQUIRE(saves.size() == 1);
  CHECK(saves[0].over);
  term.advance(2000);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
}

TEST_CASE("shell app: a hang-up mid-game saves it; resume continues the same game", "[shell][app]") {
  const TempDir tmp;
  const std::string dir = tmp.path();
  std::string board_before;
  std::size_t steps_before = 0;
  {
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    ctx.state_dir = dir;
    App app(term, ctx, make_title_screen(ctx));
    start_go_wacky(app, term);
    int answers = 0;
    for (int i = 0; i < 200000 && answers < 4; ++i) {
      app.step_once();
      if (answer(app, term)) ++answers;
    }
    REQUIRE(run_until(app, term, [&] { return play(app)->session().phase() == Phase::HumanTurn; }));
    GameSession& s = play(app)->session();
    steps_before = s.table().history().size();
    board_before = s.state().debug_string();
    term.send_signal(SIGHUP);
    app.step_once();
    CHECK(app.finished());
    CHECK(app.exit_code() == 128 + SIGHUP);
    REQUIRE(app.messages().size() == 1);
    CHECK(app.messages()[0].find("saved to") != std::string::npos);
  }
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.state_dir = dir;
  App app(term, ctx, make_resume_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Go Wacky!"); }));
  CHECK(term.shows("seed 7"));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr && term.shows("Your move"); }));
  REQUIRE(run_until(app, term, [&] { return term.shows("seed 7"); }));
  GameSession& s = play(app)->session();
  CHECK(s.table().history().size() == steps_before);
  CHECK(s.state().debug_string() == board_before);
  CHECK(term.shows("seed 7"));
}

TEST_CASE("shell app: q asks first, then saves and quits", "[shell][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  start_go_wacky(app, term);
  first_decision(app, term);
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return term.shows("Quit?"); }));
  CHECK(term.shows("Keep playing"));
  term.press(KeyType::Escape);  // the harmless choice
  REQUIRE(run_until(app, term, [&] { return !term.shows("Quit?"); }));
  CHECK_FALSE(app.finished());
  term.press(U'q');
  term.press(U'q');  // q twice: save and quit
  run_until(app, term, [&] { return app.finished(); });
  CHECK(app.finished());
  CHECK(app.exit_code() == 0);
  REQUIRE(app.messages().size() == 1);
  CHECK(app.messages()[0].find("racetable resume") != std::string::npos);
  CHECK(list_saved_games(ctx.state_dir).size() == 1);
}

TEST_CASE("shell app: the help, rules and log pages open and close over the game", "[shell][app]") {
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  start_go_wacky(app, term);
  REQUIRE(
      run_until(app, term, [&] { return play(app) && play(app)->session().phase() == Phase::HumanTurn; }));
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
}

TEST_CASE("shell app: a demo plays itself; any key pauses it", "[shell][app]") {
  FakeTerminal term(100, 30, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_play_screen(ctx, make_demo_session(ctx, "go-wacky", "3")));
  REQUIRE(run_until(app, term, [&] { return play(app)->session().table().decisions() > 2; }));
  CHECK(term.shows("Demo"));
  term.press(U'x');
  REQUIRE(run_until(app, term, [&] { return term.shows("PAUSED"); }));
  const std::size_t steps = play(app)->session().table().history().size();
  term.advance(100000);
  app.step_once(term.now() + 10);
  CHECK(play(app)->session().table().history().size() == steps);
  term.press(U'x');
  for (int i = 0; i < 6; ++i) term.press(U'+');
  REQUIRE(run_until(
      app, term, [&] { return term.shows("GAME OVER"); }, 400000));
  CHECK(list_saved_games(ctx.state_dir).empty());  // demos are not saved
}

TEST_CASE("shell app: every game in the registry can be seated and started", "[shell][app]") {
  const auto& all = builtin_registry().all();
  for (std::size_t i = 0; i < all.size(); ++i) {
    INFO(all[i].info.id);
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_title_screen(ctx));
    term.press(KeyType::Enter);
    term.press(static_cast<char32_t>(U'1' + i));
    REQUIRE(run_until(app, term, [&] { return term.shows("who is playing?"); }));
    CHECK(term.shows(all[i].info.name));
    term.press(KeyType::Enter);
    term.press(KeyType::End);
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
    // A few answers in: the screen holds together.
    int answers = 0;
    for (int k = 0; k < 20000 && answers < 3 && play(app) && play(app)->session().phase() != Phase::Over;
         ++k) {
      app.step_once();
      if (answer(app, term)) ++answers;
    }
    CHECK(term.shows(all[i].info.name));
  }
}

TEST_CASE("shell app: screens at 80x24 show what a newcomer needs", "[shell][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  CHECK(term.shows("Watch a demo"));
  CHECK(term.shows("Quit"));
  CHECK(term.shows("Enter choose"));
  term.press(U'2');  // no saved games yet
  REQUIRE(run_until(app, term, [&] { return term.shows("No saved games yet."); }));
  term.press(KeyType::Escape);
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  term.press(U'q');  // asks first
  term.press(U'q');  // Quit
  run_until(app, term, [&] { return app.finished(); });
  CHECK(app.finished());
  CHECK(app.exit_code() == 0);
}

TEST_CASE("shell app: a click on an option plays it", "[shell][app]") {
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  start_go_wacky(app, term);
  REQUIRE(run_until(app, term, [&] {
    return play(app) && play(app)->session().phase() == Phase::HumanTurn && term.shows("Your move");
  }));
  GameSession& s = play(app)->session();
  const std::size_t steps = s.table().history().size();
  // The first option's row: "▶ 1 ...".
  int row = -1;
  for (int y = 0; y < term.frame().height() && row < 0; ++y)
    for (int x = 0; x + 2 < term.frame().width(); ++x)
      if (term.frame().at(x, y).ch == U'▶' && term.frame().at(x + 2, y).ch == U'1') row = y;
  REQUIRE(row >= 0);
  term.press(Key::click(10, row));
  app.step_once();
  CHECK(s.table().history().size() > steps);
}

TEST_CASE("shell app: two humans race with their own keys, shown on screen", "[shell][app][contest]") {
  bool raced = false;
  for (int seed = 1; seed < 30 && !raced; ++seed) {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    setup::TableRequest req;
    req.game = "go-wacky";
    req.seats = {"human", "human", "normal"};
    req.seed_text = std::to_string(seed);
    App app(term, ctx, make_seats_screen(ctx, req));
    term.press(KeyType::Enter);  // seats as given
    term.press(KeyType::Enter);  // start
    REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
    for (int i = 0; i < 100000 && !raced; ++i) {
      app.step_once();
      GameSession& s = play(app)->session();
      if (s.phase() == Phase::Over) break;
      if (term.keys_pending()) continue;
      if (s.phase() == Phase::PassDevice) {
        app.step_once();  // the frame for this phase
        CHECK(term.shows("Pass the keyboard to"));
        CHECK_FALSE(term.shows("'s hand:"));  // nobody's hand while the keyboard changes hands
        term.press(KeyType::Enter);
      } else if (s.phase() == Phase::HumanTurn) {
        term.press(KeyType::Enter);
      } else if (s.phase() == Phase::Contest && s.contest_humans().size() == 2 && term.shows("[z]") &&
                 term.shows("[/]")) {
        CHECK(s.viewer() == kEveryone);  // both at the keyboard: no hand on show
        const std::size_t before = s.table().history().size();
        term.press(U'/');  // the second human's key
        app.step_once();
        bool second_acted = false;
        for (std::size_t k = before; k < s.table().history().size(); ++k)
          second_acted = second_acted || s.table().history()[k].player == 1;
        CHECK(second_acted);
        raced = true;
      }
    }
  }
  CHECK(raced);
}

TEST_CASE("shell app: after a game, n sets up the same players again", "[shell][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_play_screen(ctx, make_demo_session(ctx, "go-wacky", "4")));
  for (int i = 0; i < 6; ++i) term.press(U'+');
  REQUIRE(run_until(
      app, term, [&] { return term.shows("GAME OVER"); }, 400000));
  term.press(U'n');  // too soon: the result stays up a moment
  app.step_once();
  CHECK(term.shows("GAME OVER"));
  term.advance(1500);
  term.press(U'n');
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
}

TEST_CASE("shell app: q after a game goes back to the title, as Enter does", "[shell][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_play_screen(ctx, make_demo_session(ctx, "go-wacky", "4")));
  for (int i = 0; i < 6; ++i) term.press(U'+');
  REQUIRE(run_until(
      app, term, [&] { return term.shows("GAME OVER"); }, 400000));
  CHECK(term.shows("Enter or q: title"));
  CHECK_FALSE(term.shows("q: quit"));
  term.advance(1500);
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  CHECK_FALSE(app.finished());
  term.press(U'q');  // the title's q asks, and q again quits
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return app.finished(); }));
  CHECK(app.exit_code() == 0);
  CHECK(app.messages().empty());
}

TEST_CASE("shell app: Ctrl-C and SIGTERM save the game too; over a finished game nothing is said",
          "[shell][app]") {
  for (int sig : {SIGINT, SIGTERM}) {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_title_screen(ctx));
    start_go_wacky(app, term);
    first_decision(app, term);
    term.send_signal(sig);
    run_until(app, term, [&] { return app.finished(); });
    CHECK(app.exit_code() == 128 + sig);
    REQUIRE(app.messages().size() == 1);
    CHECK(app.messages()[0].find("game saved to") != std::string::npos);
    CHECK(list_saved_games(ctx.state_dir).size() == 1);
  }
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  term.send_signal(SIGHUP);  // on the title screen there is nothing to save
  run_until(app, term, [&] { return app.finished(); });
  CHECK(app.exit_code() == 128 + SIGHUP);
  CHECK(app.messages().empty());
}

// On the title Esc, Backspace and q ask first (backing out of menus with
// Backspace must not walk out of the program), and a host quitting decides
// what their table's players are told.
TEST_CASE("shell app: the title asks before quitting; a host is asked what becomes of their tables",
          "[shell][app]") {
  for (const KeyType back : {KeyType::Escape, KeyType::Backspace}) {
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_title_screen(ctx));
    REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
    term.press(back);
    REQUIRE(run_until(app, term, [&] { return term.shows("Leave racetable?"); }));
    CHECK_FALSE(app.finished());
    CHECK((term.shows("Quit") && term.shows("(q)") && term.shows("Stay") && term.shows("(n)")));
    term.press(back);  // Esc or Backspace again: the harmless choice
    REQUIRE(run_until(app, term, [&] { return !term.shows("Leave racetable?"); }));
    CHECK_FALSE(app.finished());
    term.press(U'q');
    term.press(U'q');  // q, then q for Quit
    REQUIRE(run_until(app, term, [&] { return app.finished(); }));
    CHECK(app.exit_code() == 0);
  }
  // A table this shell hosts, served by a process of ours (a stand-in for the server).
  // SIGTERM stays blocked until the child has dropped the test framework's handler:
  // a SIGTERM sent before that ran Catch's reporter in the child, which could hang.
  sigset_t term_only, before;
  ::sigemptyset(&term_only);
  ::sigaddset(&term_only, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &term_only, &before);
  const pid_t server = ::fork();
  if (server == 0) {
    ::signal(SIGTERM, SIG_DFL);
    ::sigprocmask(SIG_SETMASK, &before, nullptr);
    for (;;) ::pause();
  }
  ::sigprocmask(SIG_SETMASK, &before, nullptr);
  REQUIRE(server >= 0);
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.hosted.push_back(AppContext::HostedTable{"friday", server});
  App app(term, ctx, make_title_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return term.shows("You host table 'friday'"); }));
  CHECK(term.shows("close my tables"));
  CHECK(term.shows("a computer plays my seat"));
  term.press(U'c');
  REQUIRE(run_until(app, term, [&] { return app.finished(); }));
  int status = 0;
  REQUIRE(::waitpid(server, &status, 0) == server);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGTERM);
}

TEST_CASE("shell app: Ctrl-C or q before anything is decided keeps no save, and says so",
          "[shell][app][saves]") {
  {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_title_screen(ctx));
    start_go_wacky(app, term);  // seed 7: the human is asked first
    REQUIRE(
        run_until(app, term, [&] { return play(app) && play(app)->session().phase() == Phase::HumanTurn; }));
    REQUIRE(play(app)->session().nothing_played());
    term.send_signal(SIGINT);
    run_until(app, term, [&] { return app.finished(); });
    CHECK(app.exit_code() == 128 + SIGINT);
    REQUIRE(app.messages().size() == 1);
    CHECK(app.messages()[0] == "racetable: nothing was played yet, so no game was saved");
    CHECK(list_saved_games(ctx.state_dir).empty());
  }
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  start_go_wacky(app, term);
  REQUIRE(
      run_until(app, term, [&] { return play(app) && play(app)->session().phase() == Phase::HumanTurn; }));
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return term.shows("Quit?"); }));
  CHECK(term.shows("Nothing has been played yet: quitting keeps no saved game."));
  CHECK_FALSE(term.shows("The game is saved"));
  term.press(U'q');
  run_until(app, term, [&] { return app.finished(); });
  CHECK(app.exit_code() == 0);
  CHECK(app.messages().empty());
  CHECK(list_saved_games(ctx.state_dir).empty());
}

TEST_CASE("Continue a saved game: no finished game, no empty save; the title counts the same",
          "[shell][app][saves]") {
  const TempDir tmp;
  auto write_save = [&](const std::string& name, const std::vector<std::string>& seats,
                        const std::string& seed, int decisions) {
    setup::TableRequest req;
    req.game = "go-wacky";
    req.seats = seats;
    req.seed_text = seed;
    auto table = setup::make_table(req, 1);
    // Computers play to the end; a human's first `decisions` choices are the first option.
    for (int made = 0;;) {
      table->advance();
      std::vector<PlayerId> humans;
      table->humans_to_act(humans);
      if (table->over() || humans.empty() || made == decisions) break;
      std::vector<Action> acts;
      table->state().legal_actions(humans.front(), acts);
      table->submit(humans.front(), acts.front(), table->state().now());
      ++made;
    }
    write_file_atomically(tmp.path() + "/" + name, save_text(*table));
  };
  write_save("finished.save", {"normal", "normal"}, "11", 0);
  write_save("empty.save", {"human", "normal", "normal", "normal"}, "7",
             0);  // nothing decided: Ctrl-C at once
  write_save("going.save", {"human", "normal", "normal", "normal"}, "13", 2);
  const auto all = list_saved_games(tmp.path());
  REQUIRE(all.size() == 3);
  for (const SavedGame& g : all) {
    INFO(g.file);
    CHECK(continuable(g) == (g.file == "going.save"));
  }
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_title_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Continue a saved game"); }));
  CHECK(term.shows("1 saved"));
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("seed 13"); }));
  CHECK_FALSE(term.shows("seed 11"));
  CHECK_FALSE(term.shows("seed 7 "));
}

TEST_CASE("shell app: the bottom line names the largest window a server draws and the page sits above it",
          "[shell][app]") {
  FakeTerminal term(300, 100, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.window_limit = {300, 100};
  App app(term, ctx, make_title_screen(ctx));
  const std::string said = "This server draws at most 300×100 cells: the rest of the window stays empty.";
  const auto row = [&](int y) {
    std::string line;
    for (int x = 0; x < term.frame().width(); ++x) utf8_append(line, term.frame().at(x, y).ch);
    return line;
  };
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  CHECK(row(99).find(said) != std::string::npos);
  // The page is drawn a row shorter: its own key line is whole, above it.
  CHECK(row(98).find("Enter choose") != std::string::npos);
  // One side at the limit is enough (the window is wider than the server draws).
  term.resize(300, 40);
  REQUIRE(run_until(app, term, [&] { return term.frame().height() == 40; }));
  CHECK(row(39).find(said) != std::string::npos);
  CHECK(row(38).find("Enter choose") != std::string::npos);
  // Below the limit nothing is said; at 24 rows there is no row to spare,
  // and the page keeps all of them.
  for (const auto& [cols, rows] : {std::pair{299, 99}, std::pair{300, 24}}) {
    term.resize(cols, rows);
    REQUIRE(run_until(app, term, [&, rows = rows] { return term.frame().height() == rows; }));
    CHECK_FALSE(term.shows("This server draws"));
    CHECK(row(rows - 1).find("Enter choose") != std::string::npos);
  }
  // A shell with no limit (at a local terminal) never says it.
  FakeTerminal local(300, 100, true);
  AppContext local_ctx;
  local_ctx.state_dir = tmp.path();
  App local_app(local, local_ctx, make_title_screen(local_ctx));
  REQUIRE(run_until(local_app, local, [&] { return local.shows("Play a game"); }));
  CHECK_FALSE(local.shows("This server draws"));
}
