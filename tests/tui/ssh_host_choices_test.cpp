// What a host chooses for a table on the SSH server (the Host page's rows,
// net/table_process.cpp): its name, named players, watchers, the move clock
// and watchers' talk; kept across a restart; and `ssh HOST tables`' text.
#include <catch2/catch.hpp>

#include <sys/socket.h>

#include <algorithm>
#include <string>

#include "core/save.h"
#include "net/server.h"
#include "net/ssh_session_process.h"
#include "tests/tui/ssh_tables_util.h"

using namespace rt;
using namespace rt::net;
using namespace rt::net::sshtest;

namespace {

json host_with(int link, json extra) {
  json request{{"type", "host"}, {"game", "go-wacky"}, {"seats", {"human", "remote"}}};
  for (auto& [k, v] : extra.items()) request[k] = v;
  return ask(link, request);
}

}  // namespace

TEST_CASE("SSH host choices: a table for named players refuses a player not named, and hides from them",
          "[ssh][net][security]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob), eve = tp.link("eve", kEve);
  const int guest = tp.link("bob", "guest", true);  // a guest who typed an invited name
  const json hosted = host_with(ana, {{"table", "friends"}, {"access", "named"}, {"players", {"bob"}}});
  INFO(hosted.dump());
  REQUIRE(hosted.value("type", "") == "hosted");
  CHECK(hosted.value("table", "") == "friends");

  // Eve is not named: the table is not on her Tables page, and connecting to it is refused.
  CHECK(table_in(ask(eve, json{{"type", "list"}}), "friends").is_null());
  const json refused = sit(eve, "friends", 2);
  CHECK(refused.value("type", "") == "error");
  CHECK(refused.value("text", "").find("no table friends") != std::string::npos);
  CHECK(sit(eve, "friends", 0).value("type", "") == "error");  // nor as a watcher
  CHECK(sit(guest, "friends", 2).value("type", "") == "error");
  // Bob is: he sees it as invited, and sits down.
  const json t = table_in(ask(bob, json{{"type", "list"}}), "friends");
  REQUIRE(t.is_object());
  CHECK(t.value("access", "") == "named");
  CHECK(t.value("invited", false));
  Connection seated;
  CHECK(sit(bob, "friends", 2, &seated).value("type", "") == "welcome");
}

TEST_CASE("SSH host choices: the table's server itself refuses an uninvited key (not only the list)",
          "[ssh][net][security]") {
  nettest::Harness h;
  ServerOptions o = h.options();
  o.no_socket = true;
  o.host_key = SeatOwner::of_key(kAna, "ana");
  o.invited = {"bob"};
  h.start(nettest::new_table("go-wacky", {"human", "human"}, 7), o);
  auto hello_as = [&](const SeatOwner& who, bool guest, int seat) {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) == 0);
    std::string why;
    REQUIRE(h.server->add_client(pair[0], who, guest, why));
    nettest::Scripted c;
    c.conn = Connection(pair[1]);
    c.conn.send(
        to_json(seat > 0 ? nettest::play_hello(seat) : rt::client::shell_hello(Role::Watch, 0, "", false)));
    for (int i = 0; i < 200 && c.welcome.is_null(); ++i) {
      h.pump();
      for (const json& m : c.poll())
        if (m.value("type", "") == "refused") return m.value("code", "");
    }
    return c.welcome.is_null() ? std::string("nothing") : std::string("welcome");
  };
  CHECK(hello_as(SeatOwner::of_key(kEve, "eve"), false, 2) == "not-invited");
  CHECK(hello_as(SeatOwner::of_key(kEve, "eve"), false, 0) == "not-invited");
  CHECK(hello_as(Server::guest_owner("1", "bob"), true, 2) == "not-invited");
  CHECK(hello_as(SeatOwner::of_key(kBob, "bob"), false, 2) == "welcome");
  CHECK(hello_as(SeatOwner::of_key(kAna, "ana"), false, 1) == "welcome");  // the host is always let in
}

TEST_CASE(
    "SSH host choices: no watchers, a move clock, a game clock and watchers' talk, kept across a restart",
    "[ssh][net]") {
  nettest::TempDir dir;
  {
    TableProcessChild tp(dir.path);
    const int ana = tp.link("ana", kAna), eve = tp.link("eve", kEve);
    REQUIRE(host_with(ana, {{"table", "quiet"}, {"watchers", false}, {"move_time", 30}, {"game_time", 10}})
                .value("type", "") == "hosted");
    REQUIRE(host_with(ana, {{"table", "chatty"}, {"watchers_talk", true}}).value("type", "") == "hosted");
    const json quiet = table_in(ask(eve, json{{"type", "list"}}), "quiet");
    CHECK_FALSE(quiet.value("watch", true));
    CHECK(quiet.value("move_time", 0) == 30);
    CHECK(quiet.value("game_time", 0) == 10);
    const json refused = sit(eve, "quiet", 0);
    CHECK(refused.value("code", "") == "no-watchers");
    CHECK(refused.value("reason", "").find("nobody watch") != std::string::npos);
    CHECK(sit(eve, "chatty", 0).value("type", "") == "welcome");
    // Out of bounds: refused with the bounds.
    const json fast = host_with(ana, {{"table", "fast"}, {"move_time", 2}});
    CHECK(fast.value("text", "").find("seconds from 5 to 86400") != std::string::npos);
    const json long_game = host_with(ana, {{"table", "long"}, {"game_time", 2000}});
    CHECK(long_game.value("text", "").find("minutes from 1 to 1440") != std::string::npos);
    CHECK(host_with(ana, {{"table", "odd"}, {"watchers", "yes"}}).value("text", "").find("true or false") !=
          std::string::npos);
    CHECK(tp.stop() == 0);
  }
  // The table file holds every choice itself, not only where the save's
  // clock line happens to say it too.
  const json file = json::parse(read_file(dir.path + "/tables/quiet.table"));
  CHECK_FALSE(file.value("watchers", true));
  CHECK(file.value("move_time", 0) == 30);
  CHECK(file.value("game_time", 0) == 10);
  TableProcessChild again(dir.path);
  const int eve = again.link("eve", kEve);
  const json quiet = table_in(ask(eve, json{{"type", "list"}}), "quiet");
  REQUIRE(quiet.is_object());
  CHECK_FALSE(quiet.value("watch", true));
  CHECK(quiet.value("move_time", 0) == 30);
  CHECK(quiet.value("game_time", 0) == 10);
  CHECK(sit(eve, "quiet", 0).value("code", "") == "no-watchers");
}

TEST_CASE("SSH host choices: a table name taken, or with escapes, is refused in one printable line",
          "[ssh][net][security]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob);
  REQUIRE(host_with(ana, {{"table", "mine"}}).value("type", "") == "hosted");
  const std::string taken = host_with(bob, {{"table", "mine"}}).value("text", "");
  CHECK(taken == "there is a table named mine already: pick another name");
  const std::string evil = host_with(bob, {{"table", "a\x1b[2J\x07"}}).value("text", "");
  INFO(evil);
  CHECK(evil.find("bad table name") == 0);
  CHECK(evil.find('\x1b') == std::string::npos);
  CHECK(evil.find('\x07') == std::string::npos);
  CHECK(evil.find('\n') == std::string::npos);
}

TEST_CASE("ssh HOST tables: one printable tab-separated line per table, bounded", "[ssh][net][security]") {
  json answer{{"type", "tables"}, {"tables", json::array()}};
  json t{{"table", "friends"},
         {"game", "go-wacky"},
         {"phase", "waiting"},
         {"host", "ev\x1b]0;x\x07il\tme"},
         {"access", "named"},
         {"watch", false},
         {"move_time", 60},
         {"watchers", 2},
         {"seats", {{{"human", true}, {"claimed", true}}, {{"human", true}, {"claimed", false}}}}};
  answer["tables"].push_back(t);
  const std::string text = ssh_detail::tables_text(read_tables_answer(answer));
  INFO(text);
  CHECK(text ==
        "friends\tgo-wacky\twaiting\tev?]0;x?il?me\t1 free\t1 playing\t2 "
        "watching\tnamed,no-watchers,clock-60s\n");
  for (int i = 0; i < 500; ++i) answer["tables"].push_back(t);
  const std::string many = ssh_detail::tables_text(read_tables_answer(answer));
  CHECK(std::count(many.begin(), many.end(), '\n') == kMaxTables);
  CHECK_THROWS_WITH(read_tables_answer(json{{"tables", "not a list"}}), "\"tables\" is not a list");
}
