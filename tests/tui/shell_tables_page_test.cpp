// The title screen's "Tables" page (client/tables_page.cpp) against a real
// table server in a child process (the page's look-ups and joins block, as
// they do for a person): it lists the table with its game, host, free seats,
// players and watchers; Enter on it offers the free seats and watching; a
// seat taken opens the play screen; a player who dropped is offered their
// own seat back.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client/shared_tables.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;

namespace {

// A table server in a child process (real clock, real socket), killed when
// the test ends.
struct ChildServer {
  nettest::TempDir dir;
  pid_t pid = -1;
  std::string sock_dir() const { return dir.path + "/sock"; }

  explicit ChildServer(std::unique_ptr<Table> table) {
    int ready[2];
    REQUIRE(::pipe(ready) == 0);
    pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::close(ready[0]);
      try {
        net::ServerOptions o;
        o.dir = sock_dir();
        o.name = std::string("t");  // not `= "t"`: GCC 12 warns falsely there (-Wrestrict, PR 105329)
        o.pace_ms = 0;
        net::Server server(std::move(table), o);
        server.open();
        if (::write(ready[1], "r", 1) != 1) ::_exit(1);
        server.run();
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    ::close(ready[1]);
    char c = 0;
    const bool opened = ::read(ready[0], &c, 1) == 1;
    ::close(ready[0]);
    REQUIRE(opened);
  }
  ~ChildServer() {
    if (pid <= 0) return;
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
};

// Steps the app (the server answers in its own time) until `done`.
template <class Done>
bool wait_for(App& app, FakeTerminal& term, Done done) {
  for (int i = 0; i < 3000; ++i) {
    app.step_once(term.now() + 10);
    if (done()) return true;
    ::usleep(1000);
  }
  return false;
}

// The Tables page, looked at afresh (it reads the tables when it opens).
struct Visitor {
  FakeTerminal term{80, 24, true};
  AppContext ctx;
  std::unique_ptr<App> app;
  explicit Visitor(const std::string& table_dir) {
    ctx.shared = &rt::client::shared_tables();
    ctx.table_dir = table_dir;
    app = std::make_unique<App>(term, ctx, ctx.shared->tables_page(ctx));
    app->step_once(term.now());
  }
  bool shows(const std::string& text) {
    return wait_for(*app, term, [&] { return term.shows(text); });
  }
  // Looks again (the page reads the tables every 3 s) until `text` shows.
  bool shows_after_refresh(const std::string& text) {
    for (int i = 0; i < 50; ++i) {
      term.advance(3000);
      app->step_once(term.now());
      if (term.shows(text)) return true;
      ::usleep(20000);
    }
    return false;
  }
};

}  // namespace

TEST_CASE("Tables page: lists a table, sits at a free seat, watches, and rejoins a dropped seat",
          "[shell][tables][net]") {
  ChildServer server(nettest::new_table("go-wacky", {"human", "human", "normal"}, 3));
  const std::string me = net::user_name(::getuid());

  // The list: the game, its host, free seats, players, watchers; the
  // highlighted table's seats in full.
  Visitor ana(server.sock_dir());
  INFO(ana.term.text());
  REQUIRE(ana.shows("t: Go Wacky!"));
  CHECK(ana.term.shows("waiting · host " + me + " · 2 free · 0 playing · 0 watching"));
  CHECK(ana.term.shows("Host a new table"));
  ana.term.press(KeyType::Down);
  REQUIRE(ana.shows("seat 1: Ana (free)"));
  CHECK(ana.term.shows("seat 2: Ben (free)"));
  CHECK(ana.term.shows("seat 3: Cleo (computer, normal)"));
  // Enter: the free seats and Watch, each with its key.
  ana.term.press(KeyType::Enter);
  REQUIRE(ana.shows("Sit at seat 1 (Ana)"));
  CHECK(ana.term.shows("Sit at seat 2 (Ben)"));
  CHECK(ana.term.shows("Watch"));
  CHECK_FALSE(ana.term.shows("Cleo)"));  // a computer's seat is nobody's to take
  ana.term.press(U'1');
  // The play screen over the table, waiting for the second player.
  REQUIRE(ana.shows("table t"));
  REQUIRE(ana.shows("Waiting for players"));

  // A second look: one seat taken (by this user: "you"), one free.
  {
    Visitor look(server.sock_dir());
    INFO(look.term.text());
    REQUIRE(look.shows("1 free · 1 playing · 0 watching"));
    look.term.press(KeyType::Down);
    // Seated, the seat has its sitter's name.
    REQUIRE(look.shows("seat 1: " + me + " (you)"));
    // Enter offers only the free seat (Ana is seated and here) and Watch.
    look.term.press(KeyType::Enter);
    REQUIRE(look.shows("Sit at seat 2 (Ben)"));
    CHECK_FALSE(look.term.shows("seat 1 (" + me + ")"));
    look.term.press(U'w');
    REQUIRE(look.shows("table t · watching"));
  }
  // The watcher left with its page; one watching while it was there was
  // counted by the table (checked on the next look, after Ana drops).

  // Ana's terminal goes away: her seat is kept, and the page offers it back.
  ana.app.reset();
  Visitor back(server.sock_dir());
  INFO(back.term.text());
  back.term.press(KeyType::Down);
  REQUIRE(back.shows_after_refresh("seat 1: " + me + " (you, away)"));
  CHECK(back.term.shows("2 free") == false);
  back.term.press(KeyType::Enter);
  REQUIRE(back.shows("Back to your seat 1 (" + me + ")"));
  CHECK(back.term.shows("Sit at seat 2 (Ben)"));
  back.term.press(U'1');
  REQUIRE(back.shows("table t"));
  CHECK(back.shows("Waiting for players"));
}

TEST_CASE("Tables page: a watcher is counted in the list", "[shell][tables][net]") {
  ChildServer server(nettest::new_table("go-wacky", {"human", "normal"}, 4));
  Visitor watcher(server.sock_dir());
  REQUIRE(watcher.shows("t: Go Wacky!"));
  watcher.term.press(KeyType::Down);
  watcher.term.press(KeyType::Enter);
  REQUIRE(watcher.shows("Sit at seat 1 (Ana)"));
  watcher.term.press(U'w');
  REQUIRE(watcher.shows("table t · watching"));
  Visitor look(server.sock_dir());
  INFO(look.term.text());
  REQUIRE(look.shows("1 free · 0 playing · 1 watching"));
  // Leaving, a watcher is told how to watch again, not that a seat is kept.
  watcher.term.press(U'q');
  REQUIRE(watcher.shows("Leave the table?"));
  CHECK(watcher.shows("Watch again from Tables"));
  CHECK_FALSE(watcher.shows("seat is kept"));
  CHECK(watcher.shows("Keep watching"));
}
