// The Host page (tui/shell/host_screen.cpp) through the fake terminal at
// 80x24: every row readable with what it does said, Enter and Esc named, a
// problem said in a line, and the choices reaching SharedTables::host_table
// as the page shows them.
#include <catch2/catch.hpp>

#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/host_rows.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/shared_tables.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;

namespace {

// Records what it was asked to host; refuses the name "taken".
class FakeShared final : public SharedTables {
 public:
  mutable HostChoices hosted;
  mutable setup::TableRequest request;
  mutable int hosts = 0;
  std::vector<std::string> groups;
  std::unique_ptr<Screen> tables_page(AppContext&) const override { return nullptr; }
  std::unique_ptr<Screen> host_table(AppContext&, const setup::TableRequest& r, const HostChoices& c,
                                     std::string& error) const override {
    hosted = c;
    request = r;
    ++hosts;
    error = "the fake server opens no table";
    return nullptr;
  }
  HostPlace host_place() const override { return HostPlace{"anyone on this server", groups, 8}; }
  std::string host_problem(const HostChoices& c) const override {
    if (c.name == "taken") return "there is a table named taken already: pick another name";
    if (c.access == TableAccess::Invited && c.invited.empty())
      return "Name the players who may come (Players named).";
    return {};
  }
  std::vector<WatchOffer> watch_offers() const override { return {}; }
  std::unique_ptr<Watchers> open_watchers(const AppContext&, const Table&, const WatchOffer&,
                                          std::function<Millis()>) const override {
    return nullptr;
  }
};

setup::TableRequest go_wacky_request() {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "remote"};
  return req;
}

void type_text(FakeTerminal& term, const std::string& text) {
  for (char c : text) term.press(static_cast<char32_t>(c));
}

}  // namespace

TEST_CASE("Host page: every row readable at 80x24, Open highlighted, the keys named", "[shell][host]") {
  FakeShared shared;
  for (const bool unicode : {false, true}) {
    FakeTerminal term(80, 24, unicode);
    AppContext ctx;
    ctx.shared = &shared;
    App app(term, ctx, make_host_screen(ctx, go_wacky_request()));
    REQUIRE(run_until(app, term, [&] { return term.shows("Host a table: Go Wacky!"); }));
    const std::string text = term.text();
    INFO(text);
    for (const char* row : {"Table name", "go-wacky (the game's)", "Who may come", "anyone on this server",
                            "Watchers", "others may watch", "Watchers' talk", "among watchers only",
                            "Move clock", "none", "Game clock", "Hints", "off", "Open the table"})
      CHECK(term.shows(row));
    CHECK_FALSE(term.shows("Open to"));        // no groups here: the row is not shown
    CHECK_FALSE(term.shows("Players named"));  // not invited-only
    CHECK(term.shows("Enter opens the table and sits you down"));
    CHECK(term.shows("Enter"));
    CHECK(term.shows("Esc"));
    // Each row says what it does while highlighted.
    term.press(KeyType::Home);
    CHECK(run_until(app, term, [&] { return term.shows("1 to 32 letters, digits, - or _."); }));
  }
}

TEST_CASE("Host page: a named-players table with a clock, hints and no watchers reaches the host as shown",
          "[shell][host]") {
  FakeShared shared;
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.shared = &shared;
  App app(term, ctx, make_host_screen(ctx, go_wacky_request()));
  REQUIRE(run_until(app, term, [&] { return term.shows("Open the table"); }));
  // Name.
  term.press(KeyType::Home);
  term.press(KeyType::Enter);
  type_text(term, "friends");
  term.press(KeyType::Enter);
  // Who may come: open -> join code -> named.
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("players with the join code (shown to you)"); }));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("only the players you name"); }));
  CHECK(term.shows("Players named"));
  // Opening with nobody named is refused in a line, on the page.
  term.press(KeyType::End);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("Name the players who may come"); }));
  CHECK(shared.hosts == 0);
  // The names.
  term.press(KeyType::Home);
  term.press(KeyType::Down);
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  type_text(term, "bob, cat");
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("bob, cat"); }));
  // Watchers: no (the talk row goes); the clock: 30 s, then 60 s.
  term.press(KeyType::Down);
  term.press(U' ');
  REQUIRE(run_until(app, term, [&] { return term.shows("nobody watches"); }));
  CHECK_FALSE(term.shows("Watchers' talk"));
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("1 min a move"); }));
  CHECK(term.shows("A player who has not moved in this time gets a computer's move"));
  // Game clock: 5 min, then 10 min each.
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("10 min each"); }));
  CHECK(term.shows("running only on their own turn"));
  // Hints: allowed.
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("allowed (h on a move)"); }));
  CHECK(term.shows("Whether players may press h"));
  term.press(KeyType::End);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("the fake server opens no table"); }));
  REQUIRE(shared.hosts == 1);
  CHECK(shared.hosted.name == "friends");
  CHECK(shared.hosted.access == TableAccess::Invited);
  CHECK(shared.hosted.invited == std::vector<std::string>{"bob", "cat"});
  CHECK_FALSE(shared.hosted.watchers);
  CHECK(shared.hosted.move_time_s == 60);
  CHECK(shared.hosted.game_time_min == 10);
  CHECK(shared.hosted.hints);
}

TEST_CASE("Host page: a taken name is said at once, in one line", "[shell][host]") {
  FakeShared shared;
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &shared;
  App app(term, ctx, make_host_screen(ctx, go_wacky_request()));
  REQUIRE(run_until(app, term, [&] { return term.shows("Open the table"); }));
  term.press(KeyType::Home);
  term.press(KeyType::Enter);
  type_text(term, "taken");
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("there is a table named taken already"); }));
}

TEST_CASE("Host page: a machine's groups add the Open to row", "[shell][host]") {
  FakeShared shared;
  shared.groups = {"friends", "club"};
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &shared;
  App app(term, ctx, make_host_screen(ctx, go_wacky_request()));
  REQUIRE(run_until(app, term, [&] { return term.shows("your account only"); }));
  term.press(KeyType::Home);
  term.press(KeyType::Down);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("group friends"); }));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("group club"); }));
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("your account only"); }));
}

TEST_CASE("Host page: names are split at commas and spaces", "[shell][host]") {
  CHECK(split_names(" bob,cat ,, dan ") == std::vector<std::string>{"bob", "cat", "dan"});
  CHECK(split_names("").empty());
}

TEST_CASE("Host page: where a game played here cannot be watched (an SSH session), w says how to host one",
          "[shell][host][watch]") {
  FakeShared shared;  // offers no way to open a game played here
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.shared = &shared;
  const rt::shell::test::TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "wacky-races";
  req.seats = {"human", "easy"};
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
  term.press(U'w');
  REQUIRE(run_until(app, term, [&] { return term.shows("Others cannot reach a game played here."); }));
  CHECK(term.shows("Host a new"));
  CHECK(term.shows("Back to the game"));
}

TEST_CASE("Host page: the set-up page sends no seed for a shared table unless one was typed, shown openly",
          "[shell][host][fair]") {
  for (const std::string typed : {"", "4242"}) {
    FakeShared shared;
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    ctx.shared = &shared;
    App app(term, ctx, make_options_screen(ctx, go_wacky_request()));
    REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
    // The seed row says the table draws it, and that a typed one is shown to every player.
    CHECK(term.shows("(drawn by the table)"));
    CHECK(term.shows("The table draws a seed nobody knows"));
    if (!typed.empty()) {
      term.press(KeyType::End);  // Start, and the Seed row above it
      term.press(KeyType::Up);
      term.press(KeyType::Enter);
      type_text(term, typed);
      term.press(KeyType::Enter);
      REQUIRE(run_until(app, term, [&] { return term.shows(typed); }));
    }
    term.press(KeyType::End);
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return term.shows("Open the table"); }));
    term.press(KeyType::End);
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return shared.hosts == 1; }));
    CHECK(shared.request.seed_text == typed);
  }
}
