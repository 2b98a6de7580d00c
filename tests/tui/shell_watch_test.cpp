// "Let others watch" (w on the game screen): a local game, played at a fake
// terminal, opened to watchers; a watcher connects over the real socket and
// gets screens as the game goes on, and never a hand: no row that only one
// seat's view has, no log line meant for one seat.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "client/shared_tables.h"
#include "core/presenter.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::net::json;
using rt::shell::test::FakeTerminal;

namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return s.substr(i);
}

// The rows of the board as `viewer` sees it at the watcher's board size.
std::set<std::string> view_rows(const Presenter& shown, const State& st, PlayerId viewer, int w, int h) {
  Canvas c(w, h, true);
  shown.view(st, c, ViewContext{.viewer = viewer, .now = st.now(), .omniscient = false});
  std::set<std::string> rows;
  std::istringstream in(c.to_text());
  for (std::string row; std::getline(in, row);)
    if (std::string t = trimmed(row); !t.empty()) rows.insert(std::move(t));
  return rows;
}

// The rows only one seat's view has: its hand, and whatever else only it knows.
std::vector<std::string> secret_rows(const Presenter& shown, const State& st, int seats, int w, int h) {
  std::vector<std::set<std::string>> views;
  for (PlayerId v = 0; v < seats; ++v) views.push_back(view_rows(shown, st, v, w, h));
  const std::set<std::string> everyone = view_rows(shown, st, kEveryone, w, h);
  std::vector<std::string> out;
  for (PlayerId p = 0; p < seats; ++p)
    for (const std::string& row : views[static_cast<std::size_t>(p)]) {
      bool shared = everyone.count(row) != 0;
      for (PlayerId v = 0; v < seats && !shared; ++v)
        shared = v != p && views[static_cast<std::size_t>(v)].count(row);
      if (!shared) out.push_back(row);
    }
  return out;
}

struct Watcher {
  net::Connection conn;
  net::ClientState st;
  bool open = true;
  std::string error;
  std::string role;
  std::uint64_t screens = 0;
  std::vector<std::string> log;  // every line received
  // Reads what arrived; each screen is handed to `check`.
  template <class Check>
  void poll(Check check) {
    std::vector<json> msgs;
    if (!open) return;
    if (!conn.receive(msgs, error)) open = false;
    for (const json& m : msgs) {
      if (!st.apply(m)) open = false;
      const std::string type = m["type"].get<std::string>();
      if (type == "welcome") role = m["role"].get<std::string>();
      if (type == "screen") {
        ++screens;
        check(st.screen());
      }
      if (type == "log")
        for (const auto& line : m["lines"]) log.push_back(line["text"].get<std::string>());
    }
  }
};

// Seats `req` from the seats page, starts the game, and presses w then o
// ("your account only"): the play screen, whatever the opening came to.
PlayScreen* start_and_open_to_watchers(App& app, FakeTerminal& term) {
  term.press(KeyType::Enter);  // seats as given
  term.press(KeyType::Enter);  // start
  PlayScreen* ps = nullptr;
  for (int i = 0; i < 200 && !ps; ++i) {
    app.step_once();
    ps = dynamic_cast<PlayScreen*>(&app.top());
  }
  REQUIRE(ps);
  term.press(U'w');
  term.press(U'o');
  for (int i = 0; i < 3; ++i) app.step_once();
  return ps;
}

}  // namespace

TEST_CASE("A local game opened to watchers is watched over its socket and never shows a hand", "[watch]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &rt::client::shared_tables();
  const rt::shell::test::TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.table_dir = tmp.path() + "/tables";
  setup::TableRequest req;
  req.game = "wacky-races";
  req.seats = {"human", "easy", "easy"};
  req.names = {"Ana", "Cleo", "Dev"};
  req.seed_text = "7";
  App app(term, ctx, make_seats_screen(ctx, req));
  term.press(KeyType::Enter);  // seats as given
  term.press(KeyType::Enter);  // start
  PlayScreen* ps = nullptr;
  for (int i = 0; i < 200 && !ps; ++i) {
    app.step_once();
    ps = dynamic_cast<PlayScreen*>(&app.top());
  }
  REQUIRE(ps);

  // The page first, then "o": this account only.
  term.press(U'w');
  for (int i = 0; i < 2; ++i) app.step_once();  // the key, then the frame
  REQUIRE(term.shows("Let others watch"));
  REQUIRE(term.shows("(o)"));
  term.press(U'o');
  for (int i = 0; i < 3; ++i) app.step_once();
  REQUIRE(ps->watchers() != nullptr);
  const Watchers& mirror = *ps->watchers();
  const std::string command = mirror.command();
  CHECK(command == "racetable join wacky-races --dir " + ctx.table_dir + " --watch");
  // The command is in the log (and the header counts watchers).
  const auto& log = ps->session().log();
  CHECK(std::any_of(log.begin(), log.end(),
                    [&](const LogEntry& e) { return e.text.find(command) != std::string::npos; }));
  CHECK(term.shows("0 watching"));
  struct stat sock {};
  REQUIRE(::lstat((ctx.table_dir + "/wacky-races.sock").c_str(), &sock) == 0);
  CHECK((sock.st_mode & 0777) == 0600);

  // A player's hello is refused: the table is for watchers only.
  {
    net::Connection player = net::Connection::open(ctx.table_dir, "wacky-races");
    player.send(net::to_json(nettest::play_hello(1)));
    net::ClientState cs;
    std::string error;
    bool refused = false;
    for (int i = 0; i < 50 && !refused; ++i) {
      app.step_once();
      std::vector<json> msgs;
      player.receive(msgs, error);
      for (const json& m : msgs) refused = refused || m["type"] == "refused";
    }
    CHECK(refused);
  }

  Watcher w;
  w.conn = net::Connection::open(ctx.table_dir, "wacky-races");
  net::Hello hello = nettest::watch_hello();
  hello.board_w = 60;
  hello.board_h = 20;
  w.conn.send(net::to_json(hello));

  const int seats = 3;
  std::vector<std::string> leaks;
  std::size_t checked_rows = 0;
  auto check = [&](const net::ScreenModel& s) {
    const State& st = ps->session().state();
    for (const std::string& secret :
         secret_rows(ps->session().presenter(), st, seats, s.board_w, s.board_h)) {
      ++checked_rows;
      for (const std::string& row : s.rows)
        if (row.find(secret) != std::string::npos) leaks.push_back(secret);
    }
    if (!s.options.empty() || !s.prompt.empty()) leaks.push_back("a question: " + s.prompt);
  };
  std::uint64_t pick = 12345;
  bool over = false;
  for (int i = 0; i < 20000 && !app.finished() && leaks.empty(); ++i) {
    app.step_once();
    w.poll(check);
    if (term.keys_pending()) continue;
    GameSession& s = ps->session();
    if (s.phase() == Phase::Over) {
      over = true;
      break;
    }
    if (s.phase() == Phase::HumanTurn) {
      pick = pick * 6364136223846793005ull + 1442695040888963407ull;
      std::vector<Action> acts;
      s.state().legal_actions(s.asked(), acts);
      const unsigned n = static_cast<unsigned>(std::min<std::size_t>(9, acts.size()));
      term.press(static_cast<char32_t>(U'1' + (pick >> 33) % std::max(1u, n)));
    }
  }
  if (!leaks.empty()) FAIL("seen by the watcher: " << leaks.front());
  REQUIRE(over);
  for (int i = 0; i < 20; ++i) {
    app.step_once();
    term.advance(100);
    w.poll(check);
  }
  if (!leaks.empty()) FAIL("seen by the watcher at the end: " << leaks.front());
  CHECK(w.role == "watch");
  CHECK(w.screens > 20);
  CHECK(checked_rows > 0);  // the game had hands to hide
  REQUIRE(w.st.has_screen());
  CHECK(w.st.screen().phase == "over");
  CHECK(term.shows("1 watching"));

  // Log lines meant for one seat never reach the watcher; the public ones do.
  std::set<std::string> public_lines, private_lines;
  for (const LogEntry& e : ps->session().log())
    (shown_to(e.audience, kPublic) ? public_lines : private_lines).insert(e.text);
  std::size_t public_seen = 0;
  for (const std::string& line : w.log) {
    CHECK((private_lines.count(line) == 0 || public_lines.count(line) != 0));
    public_seen += public_lines.count(line);
  }
  CHECK(public_seen > 10);
  CHECK(!private_lines.empty());

  // Leaving the game closes the watchers' table: the socket goes.
  term.advance(2000);
  term.press(KeyType::Enter);
  for (int i = 0; i < 20 && dynamic_cast<PlayScreen*>(&app.top()); ++i) app.step_once();
  CHECK(::lstat((ctx.table_dir + "/wacky-races.sock").c_str(), &sock) != 0);
  for (int i = 0; i < 20 && w.open; ++i) w.poll(check);
  CHECK(!w.open);
}

TEST_CASE("A game that cannot be opened to watchers says why on one line", "[watch]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &rt::client::shared_tables();
  const rt::shell::test::TempDir tmp;
  ctx.state_dir = tmp.path();
  // A table directory another process could write to is not safe: refused.
  ctx.table_dir = tmp.path() + "/open";
  REQUIRE(::mkdir(ctx.table_dir.c_str(), 0777) == 0);
  REQUIRE(::chmod(ctx.table_dir.c_str(), 0777) == 0);
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "easy"};
  req.seed_text = "3";
  App app(term, ctx, make_seats_screen(ctx, req));
  PlayScreen* ps = start_and_open_to_watchers(app, term);
  CHECK(ps->watchers() == nullptr);
  CHECK(term.shows("Not opened to watchers: see the log (l)"));
  const auto& log = ps->session().log();
  CHECK(std::any_of(log.begin(), log.end(), [](const LogEntry& e) {
    return e.text.find("Cannot open the game to watchers") != std::string::npos;
  }));
}

TEST_CASE("A watcher of a local game sees the contest Result pane the player sees", "[watch][contest]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &rt::client::shared_tables();
  const rt::shell::test::TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.table_dir = tmp.path() + "/tables";
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "easy", "easy"};
  req.seed_text = "3";
  App app(term, ctx, make_seats_screen(ctx, req));
  PlayScreen* ps = start_and_open_to_watchers(app, term);
  REQUIRE(ps->watchers() != nullptr);
  Watcher w;
  w.conn = net::Connection::open(ctx.table_dir, "go-wacky");
  w.conn.send(net::to_json(nettest::watch_hello()));
  std::vector<std::string> seen;  // the Result lines the watcher was shown
  auto check = [&](const net::ScreenModel& s) {
    if (!s.contest_result.empty()) seen = s.contest_result;
  };
  GameSession& s = ps->session();
  std::vector<std::string> shown_here;
  for (int i = 0; i < 100000 && s.phase() != Phase::Over && seen.empty(); ++i) {
    if (!term.keys_pending() && s.contest_result().empty()) {
      if (s.phase() == Phase::HumanTurn) term.press(KeyType::Enter);
      if (s.phase() == Phase::Contest && !s.contest_humans().empty()) term.press(U' ');
    }
    term.advance(50);  // the watcher's socket wakes the loop before a deadline would
    app.step_once();
    if (!s.contest_result().empty()) shown_here = s.contest_result();
    w.poll(check);
  }
  INFO("over " << (s.phase() == Phase::Over) << " seen " << seen.size() << " screens " << w.screens);
  REQUIRE(!shown_here.empty());
  for (int i = 0; i < 50 && seen.empty(); ++i) {
    term.advance(20);
    app.step_once();
    w.poll(check);
  }
  REQUIRE(!seen.empty());
  CHECK(seen == shown_here);
}
