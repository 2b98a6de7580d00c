// The SSH server's tables (net/table_process.h, net/table_broker.h): the
// table process in a child, as `serve --ssh` forks it, with this test as its
// listening process (handing in each player's link with who logged in) and
// as the players' shells, over real socket pairs: hosting, joining, a seat
// that is its owner's key's across a drop and a restart, guests, limits, and
// the shell's Tables page showing names from peers printable.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>

#include "client/remote_table.h"
#include "client/ssh_tables.h"
#include "client/tables_page.h"
#include "core/history.h"
#include "core/save.h"
#include "net/client.h"
#include "net/seat_names.h"
#include "net/ssh_identity.h"
#include "net/ssh_session_process.h"
#include "net/table_broker.h"
#include "net/table_process.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tests/tui/ssh_tables_util.h"
#include "tui/shell/app.h"

using namespace rt;
using namespace rt::net;
using rt::shell::test::FakeTerminal;

using namespace rt::net::sshtest;

TEST_CASE(
    "SSH tables: host and join; a seat is its key's across a drop: another key cannot take it, the owner can",
    "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob), eve = tp.link("eve", kEve);

  const json hosted = host_go_wacky(ana);
  INFO(hosted.dump());
  REQUIRE(hosted.value("type", "") == "hosted");
  const std::string table = hosted.value("table", "");
  CHECK(table == "go-wacky");
  CHECK(hosted.value("seat", 0) == 1);

  Connection ana_conn, bob_conn;
  const json a = sit(ana, table, 1, &ana_conn);
  REQUIRE(a.value("type", "") == "welcome");
  CHECK(a.value("host", "") == "ana");  // the host is a key's player, not this process's account
  REQUIRE(sit(bob, table, 2, &bob_conn).value("type", "") == "welcome");

  // Eve's listing: both seats taken, by their players, none hers.
  json t = table_in(ask(eve, json{{"type", "list"}}), table);
  REQUIRE(t.is_object());
  CHECK(t["seats"][0].value("user", "") == "ana");
  CHECK(t["seats"][1].value("user", "") == "bob");
  CHECK_FALSE(t["seats"][1].value("mine", true));
  CHECK(t.value("access", "") == "public");
  CHECK(t.value("host", "") == "ana");
  // Bob's: seat 2 is his.
  CHECK(table_in(ask(bob, json{{"type", "list"}}), table)["seats"][1].value("mine", false));

  // Bob drops.
  bob_conn.close();
  list_until(eve, [&](const json& l) { return !table_in(l, table)["seats"][1].value("connected", true); });

  // Eve cannot take his seat, by number or as "any free seat".
  const json by_number = sit(eve, table, 2);
  CHECK(by_number.value("type", "") == "refused");
  CHECK(by_number.value("reason", "").find("belongs to bob") != std::string::npos);
  CHECK(sit(eve, table, 0).value("type", "") == "welcome");  // watching is fine
  // ("any free seat" is seat 0 for a player: there is none.)
  {
    int fd = -1;
    REQUIRE(ask(eve, json{{"type", "connect"}, {"table", table}}, &fd).value("type", "") == "connected");
    Connection conn(fd);
    Hello h = rt::client::shell_hello(Role::Play, 0, "", false);
    conn.send(to_json(h));
    std::string error;
    std::optional<json> m;
    do m = conn.wait_message(5000, error);
    while (m && m->value("type", "") != "refused" && m->value("type", "") != "welcome");
    REQUIRE(m);
    CHECK(m->value("type", "") == "refused");
  }
  // The same key comes back to it.
  const json back = sit(bob, table, 2, &bob_conn);
  CHECK(back.value("type", "") == "welcome");
  CHECK(back.value("seat", 0) == 2);
  for (int fd : {ana, bob, eve}) ::close(fd);
}

TEST_CASE("SSH tables: a restart brings every unfinished table back with its seats' owners", "[ssh][net]") {
  nettest::TempDir dir;
  std::string table;
  {
    TableProcessChild tp(dir.path);
    const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob);
    table = host_go_wacky(ana).value("table", "");
    Connection a, b;
    REQUIRE(sit(ana, table, 1, &a).value("type", "") == "welcome");
    REQUIRE(sit(bob, table, 2, &b).value("type", "") == "welcome");
    CHECK(tp.stop() == 0);
    ::close(ana);
    ::close(bob);
  }
  // Saved in STATE/tables, private, with each seat's key.
  const std::string save = read_file(dir.path + "/tables/" + table + ".save");
  CHECK(save.find("owner 1 key " + kAna + " ana") != std::string::npos);
  CHECK(save.find("owner 2 key " + kBob + " bob") != std::string::npos);
  CHECK(mode_of(dir.path + "/tables") == 0700);

  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), eve = tp.link("eve", kEve);
  const json t =
      table_in(list_until(eve, [&](const json& l) { return table_in(l, table).is_object(); }), table);
  REQUIRE(t.is_object());
  CHECK(t["seats"][0].value("user", "") == "ana");
  CHECK(t["seats"][1].value("user", "") == "bob");
  CHECK(sit(eve, table, 1).value("type", "") == "refused");
  CHECK(sit(ana, table, 1).value("type", "") == "welcome");
  ::close(ana);
  ::close(eve);
}

TEST_CASE("SSH tables: a guest plays but keeps no seat across a drop, and hosts nothing", "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), guest = tp.link("guest-1", "", true), bob = tp.link("bob", kBob);
  const std::string table = host_go_wacky(ana).value("table", "");
  CHECK(host_go_wacky(guest).value("text", "").find("guests may play and watch") != std::string::npos);
  Connection g;
  REQUIRE(sit(guest, table, 2, &g).value("type", "") == "welcome");
  g.close();
  // Free again: Bob takes it.
  list_until(bob, [&](const json& l) { return !table_in(l, table)["seats"][1].value("claimed", true); });
  CHECK(sit(bob, table, 2).value("type", "") == "welcome");
  for (int fd : {ana, guest, bob}) ::close(fd);
}

TEST_CASE("SSH tables: requests are bounded; bad ones are answered with a reason and the link goes on",
          "[ssh][net][security]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna);
  // Longer than a packet may be (send_packet() never sends one): refused, not read in part.
  CHECK_FALSE(send_packet(ana, json{{"type", "list"}, {"pad", std::string(kMaxBrokerAnswer, 'x')}}));
  const std::string big = dump(json{{"type", "list"}, {"pad", std::string(kMaxBrokerPacket + 100, 'x')}});
  REQUIRE(::send(ana, big.data(), big.size(), 0) == static_cast<ssize_t>(big.size()));
  {
    pollfd p{ana, POLLIN, 0};
    REQUIRE(::poll(&p, 1, 5000) == 1);
    Packet answer = receive_packet(ana, kMaxBrokerAnswer);
    REQUIRE(answer.message);
    CHECK(answer.message->value("type", "") == "error");
    CHECK(answer.message->value("text", "").find("longer than 16384 bytes") != std::string::npos);
  }
  // Too many seats, a bad table name (printable in the answer), an unknown game, an unknown request.
  std::vector<std::string> seats(40, "remote");
  CHECK(ask(ana, json{{"type", "host"}, {"game", "go-wacky"}, {"seats", seats}}).value("type", "") ==
        "error");
  const json bad_name = ask(
      ana,
      json{{"type", "host"}, {"game", "go-wacky"}, {"seats", {"human", "remote"}}, {"table", "x\x1b[2Jy"}});
  CHECK(bad_name.value("type", "") == "error");
  CHECK(bad_name.value("text", "").find('\x1b') == std::string::npos);
  CHECK(ask(ana, json{{"type", "host"}, {"game", "nope"}, {"seats", {"human"}}}).value("type", "") ==
        "error");
  CHECK(ask(ana, json{{"type", "frobnicate"}}).value("type", "") == "error");
  CHECK(ask(ana, json{{"type", "connect"}, {"table", "none"}}).value("type", "") == "error");
  // Not JSON at all.
  REQUIRE(::send(ana, "{{{", 3, 0) == 3);
  {
    pollfd p{ana, POLLIN, 0};
    REQUIRE(::poll(&p, 1, 5000) == 1);
    Packet answer = receive_packet(ana, kMaxBrokerAnswer);
    REQUIRE(answer.message);
    CHECK(answer.message->value("type", "") == "error");
  }
  // A person hosts at most a few tables.
  for (int i = 0; i < kMaxTablesPerPlayer; ++i) CHECK(host_go_wacky(ana).value("type", "") == "hosted");
  CHECK(host_go_wacky(ana).value("text", "").find("finish one first") != std::string::npos);
  // Still answering.
  CHECK(ask(ana, json{{"type", "list"}})["tables"].size() == static_cast<std::size_t>(kMaxTablesPerPlayer));
  ::close(ana);
}

TEST_CASE("SSH tables: a join code table asks for its code; its host and seated players see it",
          "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob);
  const json hosted = host_go_wacky(ana, "code");
  const std::string table = hosted.value("table", ""), code = hosted.value("join_code", "");
  REQUIRE_FALSE(code.empty());
  CHECK(table_in(ask(ana, json{{"type", "list"}}), table).value("join_code", "") == code);
  CHECK_FALSE(table_in(ask(bob, json{{"type", "list"}}), table).contains("join_code"));
  CHECK(sit(bob, table, 2, nullptr, "wrong").value("type", "") == "refused");
  ::usleep(600000);  // past the wait after a wrong code (throttled by key)
  CHECK(sit(bob, table, 2, nullptr, code).value("type", "") == "welcome");
  CHECK(table_in(ask(bob, json{{"type", "list"}}), table).value("join_code", "") == code);
  ::close(ana);
  ::close(bob);
}

TEST_CASE("SSH tables: the Tables page shows names from peers printable", "[ssh][net][shell]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  // The listening process only ever hands in registered names; this one
  // stands in for anything a table's listing could carry.
  const int evil = tp.link("ev\x1b]0;owned\x07il", kEve);
  REQUIRE(host_go_wacky(evil).value("type", "") == "hosted");
  Connection seated;
  REQUIRE(sit(evil, "go-wacky", 1, &seated).value("type", "") == "welcome");

  const int mine = tp.link("ana", kAna);
  FakeTerminal term{80, 24, true};
  shell::AppContext ctx;
  shell::App page(term, ctx, client::make_tables_page(ctx, client::ssh_tables(mine)));
  page.step_once(term.now());
  term.press(shell::KeyType::Down);
  page.step_once(term.now() + 10);
  const std::string text = term.text();
  INFO(text);
  CHECK(text.find("go-wacky: Go Wacky!") != std::string::npos);
  CHECK(text.find("host ev?]0;owned?il") != std::string::npos);
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK(text.find('\x07') == std::string::npos);
  ::close(evil);
}

TEST_CASE(
    "SSH tables: a finished game is in each seated player's own history, their seat theirs; a guest's "
    "nowhere",
    "[ssh][net]") {
  nettest::Harness h;
  nettest::TempDir homes;
  ServerOptions o = h.options();
  o.no_socket = true;
  o.host_key = SeatOwner::of_key(kAna, "ana");
  o.history_dir_of = [&](const SeatOwner& who) {
    if (Server::is_guest_owner(who)) return std::string();
    std::filesystem::create_directories(homes.path + "/" + who.name);
    return homes.path + "/" + who.name;
  };
  h.start(nettest::new_table("go-wacky", {"human", "human", "human"}, 7), o);
  std::vector<std::unique_ptr<nettest::Scripted>> players;
  const SeatOwner who[] = {SeatOwner::of_key(kAna, "ana"), SeatOwner::of_key(kBob, "bob"),
                           Server::guest_owner("1", "guest-1")};
  for (int seat = 1; seat <= 3; ++seat) {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) == 0);
    std::string why;
    REQUIRE(h.server->add_client(pair[0], who[seat - 1], seat == 3, why));
    auto c = std::make_unique<nettest::Scripted>();
    c->conn = Connection(pair[1]);
    c->conn.send(to_json(nettest::play_hello(seat)));
    for (int i = 0; i < 200 && c->welcome.is_null(); ++i) {
      h.pump();
      c->poll();
    }
    REQUIRE(c->welcome.value("seat", 0) == seat);
    players.push_back(std::move(c));
  }
  nettest::play_out(h, {players[0].get(), players[1].get(), players[2].get()});
  REQUIRE(h.server->table().over());
  for (int p = 0; p < 2; ++p) {
    const HistoryRead read = read_history(homes.path + "/" + who[p].name);
    INFO(who[p].name << ": " << read.error);
    REQUIRE(read.records.size() == 1);
    const HistoryRecord& r = read.records[0];
    CHECK(r.table == "t");
    for (std::size_t s = 0; s < r.seats.size(); ++s) CHECK(r.seats[s].you == (static_cast<int>(s) == p));
  }
  CHECK_FALSE(std::filesystem::exists(homes.path + "/guest-1"));
}

TEST_CASE("SSH tables: a list of as many tables as the server takes reaches every reader", "[ssh][net]") {
  // `ssh HOST tables` once read the answer with a request's limit (16 KiB):
  // past about 23 tables it said the tables did not answer in time.
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const std::vector<std::string> six{"human", "remote", "remote", "remote", "remote", "remote"};
  int host = -1;
  for (int i = 0; i < kMaxTables; ++i) {
    if (i % kMaxTablesPerPlayer == 0)
      host = tp.link(fmt::format("p{:03}", i), fmt::format("SHA256:key{:03}", i));
    REQUIRE(ask(host, json{{"type", "host"}, {"game", "go-wacky"}, {"seats", six}}).value("type", "") ==
            "hosted");
  }
  TablesLink link(tp.link("ana", kAna));
  const json answer = link.ask(json{{"type", "list"}});
  CHECK(dump(answer).size() > 96 * 1024);
  CHECK(answer.value("tables", json::array()).size() == static_cast<std::size_t>(kMaxTables));
  CHECK_FALSE(answer.contains("more"));
  const std::string text = ssh_detail::tables_text(read_tables_answer(answer));
  CHECK(std::count(text.begin(), text.end(), '\n') == kMaxTables);
  CHECK(text.find(fmt::format("go-wacky-{}\tgo-wacky\t", kMaxTables)) != std::string::npos);
  // The link goes on: the next question is answered.
  CHECK(link.ask(json{{"type", "list"}}).value("tables", json::array()).size() ==
        static_cast<std::size_t>(kMaxTables));
}

TEST_CASE("SSH tables: a player back at once waits for the seat their dropped connection still holds",
          "[ssh][net]") {
  // A shell killed and started again at once: its old connection holds the
  // seat until the table has read it closed. Sitting down asks again, as a
  // local table's client does, instead of refusing "seat 1 is taken".
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int bob = tp.link("bob", kBob);
  const auto ana = client::ssh_tables(tp.link("ana", kAna));
  REQUIRE(host_go_wacky(bob).value("type", "") == "hosted");
  Connection old;
  REQUIRE(sit(bob, "go-wacky", 2, &old).value("type", "") == "welcome");
  const auto bob_again = client::ssh_tables(tp.link("bob", kBob));
  std::thread drop([&] {
    ::usleep(400000);
    old.close();
  });
  shell::AppContext ctx;
  std::unique_ptr<shell::PlayTable> back;
  std::string why;
  try {
    back = bob_again->sit(ctx, client::SitAt{"go-wacky", "", 2, ""});
  } catch (const UserError& e) {
    why = e.what();
  }
  drop.join();
  INFO(why);
  CHECK(back);
  // Once the seat is free of any connection, another key is refused at once,
  // with the table's reason.
  back.reset();
  const int eve = tp.link("eve", kEve);
  list_until(eve,
             [](const json& l) { return !table_in(l, "go-wacky")["seats"][1].value("connected", true); });
  const auto started = std::chrono::steady_clock::now();
  CHECK_THROWS_WITH(ana->sit(ctx, client::SitAt{"go-wacky", "", 2, ""}),
                    Catch::Contains("table go-wacky: seat 2 belongs to bob"));
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::milliseconds(kHeldSeatWaitMs));
}

TEST_CASE("SSH tables: no computer seat passes for a player, and the host's seat has the host's name",
          "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  PlayerKey ana_key{"ssh-ed25519", "AAAAana", std::string(64, 'a'), kAna};
  REQUIRE(PlayerRegistry(dir.path).login(ana_key, "ana").outcome == PlayerRegistry::Outcome::Registered);
  const int eve = tp.link("eve", kEve);
  auto host = [&](const json& names) {
    return ask(eve, json{{"type", "host"},
                         {"game", "go-wacky"},
                         {"seats", {"human", "remote", "normal"}},
                         {"names", names}});
  };
  // A registered player's name, a look-alike of it, the host's own: refused, one line each.
  for (const char* bot : {"ana", "\u0430na", "Ana_", "EVE"}) {
    const json refused = host(json{"Ana", "Ben", bot});
    INFO(refused.dump());
    CHECK(refused.value("type", "") == "error");
    CHECK_THAT(refused.value("text", ""), Catch::Contains("seat 3 is a computer's"));
    CHECK(refused.value("text", "").find('\n') == std::string::npos);
  }
  // A name nobody has is fine; the host's seat, named "ana" by eve, is eve's.
  const json hosted = host(json{"ana", "Ben", "Dev"});
  INFO(hosted.dump());
  REQUIRE(hosted.value("type", "") == "hosted");
  Connection eve_conn;
  REQUIRE(sit(eve, hosted.value("table", ""), 1, &eve_conn).value("type", "") == "welcome");
  const json t = table_in(ask(eve, json{{"type", "list"}}), hosted.value("table", ""));
  INFO(t.dump());
  CHECK(t["seats"][0].value("name", "") == "eve");
  CHECK(t["seats"][2].value("name", "") == "Dev (computer)");  // marked as a computer
  ::close(eve);
}

TEST_CASE("A computer seat's name is checked against people's, by their skeletons", "[ssh]") {
  const std::vector<std::string> seats{"human", "remote", "normal"};
  CHECK(computer_seat_name_problem(seats, {"ana", "ana", "Dev"}, {"ana"}).empty());
  CHECK(computer_seat_name_problem(seats, {"A", "B"}, {"ana"}).empty());
  CHECK(computer_seat_name_problem(seats, {"A", "B", "AIice"}, {"ana", "alice"}) ==
        "seat 3 is a computer's: its name 'AIice' looks like the player 'alice'");
  // Printable, however the name is made.
  CHECK(computer_seat_name_problem(seats, {"A", "B", "\x1b[2Jana"}, {"\x1b[2Jana"}).find('\x1b') ==
        std::string::npos);
}

TEST_CASE("SSH tables: a wrong join code is said on the player's Tables page", "[ssh][net][shell]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna);
  const json hosted = host_go_wacky(ana, "code");
  REQUIRE(hosted.value("type", "") == "hosted");

  const int bob = tp.link("bob", kBob);
  FakeTerminal term{80, 24, true};
  shell::AppContext ctx;
  shell::App page(term, ctx, client::make_tables_page(ctx, client::ssh_tables(bob)));
  Millis t = term.now();
  page.step_once(t);
  const auto key = [&](shell::Key k) {
    term.press(k);
    page.step_once(t += 10);
  };
  key(shell::Key::of(shell::KeyType::Down));
  key(shell::Key::of(shell::KeyType::Enter));
  key(shell::Key::chr(U'1'));  // sit at the free seat: the code is asked
  for (char32_t c : std::u32string(U"WRONG")) key(shell::Key::chr(c));
  key(shell::Key::of(shell::KeyType::Enter));
  // Back on the Tables page, which reads the list again, and still says why.
  page.step_once(t += 5000);
  const std::string text = term.text();
  INFO(text);
  CHECK(text.find("Tables: games on this server") != std::string::npos);
  CHECK(text.find("wrong join code") != std::string::npos);
  ::close(ana);
}

TEST_CASE("SSH tables: logins of one key racing for a seat: those who lose are told so", "[ssh][net]") {
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna);
  REQUIRE(host_go_wacky(ana).value("type", "") == "hosted");
  const int bob = tp.link("bob", kBob);
  Connection won;
  REQUIRE(sit(bob, "go-wacky", 2, &won).value("type", "") == "welcome");
  const auto lost = client::ssh_tables(tp.link("bob", kBob));
  shell::AppContext ctx;
  CHECK_THROWS_WITH(lost->sit(ctx, client::SitAt{"go-wacky", "", 2, ""}),
                    Catch::Contains("seat 2 is taken: another login of yours sat down there first"));
  ::close(ana);
  ::close(bob);
}
