// The host of an SSH table frees the seat of a player who is away, from the
// table's menu on the Tables page (as `host --resume --free-seat` does at a
// local table): the seat is nobody's from then on, anyone may take it, and
// the table says whose it was. Only the host may, and never the seat of a
// player who is there. The table process in a child, real socket pairs.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <string>

#include "client/ssh_tables.h"
#include "client/tables_page.h"
#include "net/client.h"
#include "net/table_broker.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tests/tui/ssh_tables_util.h"
#include "tui/shell/app.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace ssh_free_seat_test_cases {

using namespace rt;
using namespace rt::net;
using namespace rt::net::sshtest;
using rt::shell::test::FakeTerminal;

TEST_CASE("SSH tables: the host frees an away player's seat from the table's menu; anyone may take it then",
          "[ssh][net][shell]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob), eve = tp.link("eve", kEve);
  const std::string table = host_go_wacky(ana).value("table", "");
  REQUIRE(table == "go-wacky");
  Connection ana_conn, bob_conn;
  REQUIRE(sit(ana, table, 1, &ana_conn).value("type", "") == "welcome");
  REQUIRE(sit(bob, table, 2, &bob_conn).value("type", "") == "welcome");

  // Nobody frees the seat of a player who is there, and only the host frees one.
  const json here = ask(ana, json{{"type", "free"}, {"table", table}, {"seat", 2}});
  CHECK(here.value("type", "") == "error");
  CHECK_THAT(here.value("text", ""), Catch::Contains("only the seat of a player who is away can be freed"));
  bob_conn.close();
  list_until(eve, [&](const json& l) { return !table_in(l, table)["seats"][1].value("connected", true); });
  const json not_host = ask(eve, json{{"type", "free"}, {"table", table}, {"seat", 2}});
  CHECK(not_host.value("type", "") == "error");
  CHECK_THAT(not_host.value("text", ""), Catch::Contains("only the table's host frees a seat"));
  CHECK(sit(eve, table, 2).value("type", "") == "refused");  // still bob's

  // Ana's Tables page: Enter on the table, the key that frees a seat, the seat's number.
  FakeTerminal term{80, 24, true};
  shell::AppContext ctx;
  shell::App page(term, ctx, client::make_tables_page(ctx, client::ssh_tables(ana)));
  Millis t = term.now();
  page.step_once(t);
  // A key, then the screen drawn whole (a dialog is drawn over a few steps).
  const auto key = [&](shell::Key k) {
    term.press(k);
    page.step_once(t += 10);
    for (int i = 0; i < 3; ++i) page.step_once(t += 500);
  };
  key(shell::Key::of(shell::KeyType::Down));
  key(shell::Key::of(shell::KeyType::Enter));
  {
    const std::string text = term.text();
    INFO(text);
    CHECK_THAT(text, Catch::Contains("Free the seat of a player who is away"));
    CHECK_THAT(text, Catch::Contains("(f)"));
  }
  key(shell::Key::chr(U'f'));
  {
    const std::string text = term.text();
    INFO(text);
    CHECK_THAT(text, Catch::Contains("Free seat 2 ("));
    CHECK_THAT(text, Catch::Contains("bob's)"));
    CHECK_THAT(text, Catch::Contains("(2)"));
  }
  key(shell::Key::chr(U'2'));
  {
    const std::string text = term.text();
    INFO(text);
    CHECK_THAT(text, Catch::Contains("Tables: games on this server"));
    CHECK_THAT(text, Catch::Contains("Seat 2 of table go-wacky is free now."));
  }
  // The seat is nobody's: listed free, and eve sits there.
  CHECK_FALSE(table_in(ask(eve, json{{"type", "list"}}), table)["seats"][1].value("claimed", true));
  Connection eve_conn;
  const json sat = sit(eve, table, 2, &eve_conn);
  CHECK(sat.value("type", "") == "welcome");
  // The table's log says whose it was, to every seat.
  ClientState seen;
  std::string error;
  bool said = false;
  for (int i = 0; i < 50 && !said; ++i) {
    const std::optional<json> m = eve_conn.wait_message(200, error);
    if (!m) continue;
    seen.apply(*m);
    for (const LogLine& l : seen.log())
      said = said || l.text.find("was bob's; freed by the host") != std::string::npos;
  }
  CHECK(said);
  ::close(bob);
  ::close(eve);
}

}  // namespace ssh_free_seat_test_cases
