// Shared tables against another local user, part 3: a seat is its first
// sitter's across a server killed (SIGKILL) and the table resumed. One
// TEST_CASE per attack, played as the attacker would; the attacker:
// tests/tui/net_attacker.h.
#include <random>

#include "tests/tui/net_attacker.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_security_resume_test_cases {

using namespace nettest;
using namespace nettest::attacker;

namespace {

// Asks for seat `seat` of table "t" in `dir` as `uid` (a group member); the answer.
json seat_answer(const std::string& dir, uid_t uid, int seat) {
  Connection conn = [&] {
    const AsUser as(uid, {kGroup});
    return Connection::open(dir, "t");
  }();
  conn.send(to_json(play_hello(seat)));
  for (int i = 0; i < 500; ++i) {
    std::vector<json> msgs;
    std::string error;
    const bool open = conn.receive(msgs, error);
    for (const json& m : msgs)  // a refusal comes with the close: read before giving up
      if (m["type"] == "welcome" || m["type"] == "refused") return m;
    if (!open) return json{{"type", "closed"}, {"error", error}};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return json{{"type", "timeout"}};
}

// A group table of two people's seats whose server was killed (SIGKILL) just
// after uid kThird sat down at seat 2, before anyone moved: its socket
// directory (with the table's log) and its save.
struct KilledTable {
  TempDir d;
  std::string dir = d.path + "/s", save = d.path + "/t.save";
  std::vector<std::string> env{"XDG_STATE_HOME=" + d.path + "/state"};

  KilledTable() {
    ::chmod(d.path.c_str(), 0755);
    const Ran host = run({"host", "go-wacky", "--seats", "human,human", "--name", "t", "--group", "root",
                          "--dir", dir, "--save", save, "--pace", "0", "--detach"},
                         env);
    INFO(host.out);
    REQUIRE(host.code == 0);
    Detached server(host.out);
    REQUIRE(server.pid > 0);
    {
      Connection ben = [&] {
        const AsUser as(kThird, {kGroup});
        return Connection::open(dir, "t");
      }();
      REQUIRE(hello_answer(ben, play_hello(2))["type"] == "welcome");
      ::kill(server.pid, SIGKILL);  // at once: the claim is all the save can have
    }
    server.pid = -1;
    // Gone once its socket refuses connections (the file stays behind, as after a crash).
    bool gone = false;
    for (int i = 0; i < 500 && !gone; ++i) {
      try {
        Connection probe = Connection::open(dir, "t");
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      } catch (const UserError&) {
        gone = true;
      }
    }
    REQUIRE(gone);
  }
  // `host --resume` of the save, as the host, with `more` arguments.
  Ran resume(const std::vector<std::string>& more) {
    std::vector<std::string> args{"host",  "--resume", save,     "--group", "root",
                                  "--dir", dir,        "--pace", "0",       "--detach"};
    args.insert(args.end(), more.begin(), more.end());
    return run(args, env);
  }
  // Asks for seat `seat` as `uid` (a group member); the answer.
  json ask_seat(uid_t uid, int seat) const { return seat_answer(dir, uid, seat); }
};

}  // namespace

TEST_CASE("Attack 10: after the server is killed and the table resumed, a seat is still its first sitter's",
          "[net][security]") {
  if (!root()) return;
  SECTION("another member asking for the seat is refused; its owner gets it back") {
    KilledTable t;
    const Ran resumed = t.resume({});
    INFO(resumed.out);
    REQUIRE(resumed.code == 0);
    const Detached server(resumed.out);
    const json thief = t.ask_seat(kOther, 2);
    CHECK(thief["type"] == "refused");
    CHECK_THAT(thief.value("reason", ""), Catch::Contains("seat 2 belongs to"));
    CHECK(t.ask_seat(kThird, 2)["type"] == "welcome");
  }
  SECTION("the host frees the seat at resume: the log says whose it was, and anyone may take it") {
    KilledTable t;
    const Ran wrong = t.resume({"--free-seat", "3"});
    const Detached stray(wrong.out);  // none, unless it opened
    CHECK(wrong.code == 2);
    CHECK_THAT(wrong.out,
               Catch::Contains("--free-seat: '3' is not a seat of this game (give 1 to 2, or all)"));
    const Ran resumed = t.resume({"--free-seat", "2"});
    INFO(resumed.out);
    REQUIRE(resumed.code == 0);
    const Detached server(resumed.out);
    CHECK(t.ask_seat(kOther, 2)["type"] == "welcome");
    // The seat has its first sitter's name (kThird's, without a passwd entry here or not).
    CHECK_THAT(slurp(t.dir + "/t.log"), Catch::Contains(fmt::format("seat 2 ({}) was ", user_name(kThird))) &&
                                            Catch::Contains("; freed by the host at resume"));
  }
  SECTION("--free-seat all frees every person's seat") {
    KilledTable t;
    const Ran resumed = t.resume({"--free-seat", "all"});
    INFO(resumed.out);
    REQUIRE(resumed.code == 0);
    const Detached server(resumed.out);
    CHECK(t.ask_seat(kOther, 2)["type"] == "welcome");
  }
  SECTION("a save that records no owners is resumed only when the host says its seats are open") {
    KilledTable t;
    // As a racetable before seat owners wrote it: no owner lines.
    std::string old;
    std::istringstream in(slurp(t.save));
    for (std::string line; std::getline(in, line);)
      if (line.rfind("owner ", 0) != 0) old += line + "\n";
    spit(t.save, old);
    const Ran refused = t.resume({});
    const Detached stray(refused.out);  // none, unless it opened
    CHECK(refused.code == 2);
    CHECK_THAT(refused.out, Catch::Contains("--open-seats"));
    CHECK(std::count(refused.out.begin(), refused.out.end(), '\n') == 1);
    const Ran opened = t.resume({"--open-seats"});
    INFO(opened.out);
    REQUIRE(opened.code == 0);
    const Detached server(opened.out);
    CHECK(t.ask_seat(kOther, 2)["type"] == "welcome");
  }
}

namespace {

// A member sitting down at a served table: its connection and whether the
// server told it "you sit" (its welcome arrived).
struct Sitter {
  uid_t uid;
  int seat;
  Connection conn;
  bool told = false;

  Sitter(uid_t u, int s, const std::string& dir) : uid(u), seat(s) {
    {
      const AsUser as(uid, {kGroup});
      conn = Connection::open(dir, "t");
    }
    conn.send(to_json(play_hello(seat)));
  }
  // Reads what has arrived.
  void read() {
    std::vector<json> msgs;
    std::string error;
    conn.receive(msgs, error);
    for (const json& m : msgs)
      if (m["type"] == "welcome") told = true;
  }
};

// Waits (at most 5 s) until one of the sitters is told it sits.
bool first_told(std::vector<Sitter>& sitters) {
  for (int i = 0; i < 1000; ++i) {
    std::vector<pollfd> fds;
    for (Sitter& s : sitters) fds.push_back(pollfd{s.conn.fd(), POLLIN, 0});
    ::poll(fds.data(), fds.size(), 5);
    for (Sitter& s : sitters) {
      s.read();
      if (s.told) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE(
    "Attack 26: under serve, a seat's owner is on disk before its player is told: kill -9 at random "
    "instants after the welcome, then resume",
    "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0755);
  const std::string dir = d.path + "/s", save = d.path + "/t.save", file = d.path + "/tables.txt";
  spit(file, "go-wacky --name t --seats human,human,human --group root --dir " + dir + " --save " + save +
                 " --pace 0\n");
  const std::vector<std::string> env{"XDG_STATE_HOME=" + d.path + "/state"};
  std::minstd_rand random(42);
  int told = 0;
  for (int round = 0; round < 30; ++round) {
    std::filesystem::remove(save);
    const Ran served = run({"serve", file, "--detach"}, env);
    INFO(served.out);
    REQUIRE(served.code == 0);
    Detached server(served.out);
    REQUIRE(server.pid > 0);
    // Two members sit down at once; the server is killed 0-2.8 ms after the first is told.
    std::vector<Sitter> sitters;
    sitters.emplace_back(kThird, 2, dir);
    sitters.emplace_back(kOther, 3, dir);
    REQUIRE(first_told(sitters));
    std::this_thread::sleep_for(std::chrono::microseconds(random() % 2800));
    ::kill(server.pid, SIGKILL);
    while (Detached::running(server.pid)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server.pid = -1;
    // What was sent before the kill is still in the sockets.
    const SaveFile on_disk = parse_save(slurp(save), save);
    for (Sitter& s : sitters) {
      s.read();
      if (!s.told) continue;
      ++told;
      const auto& owner = on_disk.owners[static_cast<PlayerId>(s.seat - 1)].owner;
      INFO("round " << round << ", seat " << s.seat);
      CHECK((owner && owner->is_uid(s.uid)));
    }
  }
  WARN(told << " seats told \"you sit\" in 30 kills");
  // The last table resumed: a seat told is its sitter's, never another member's.
  const SaveFile last = parse_save(slurp(save), save);
  const int seat = last.owners[1].owner ? 2 : 3;
  const auto& seat_owner = last.owners[static_cast<PlayerId>(seat - 1)].owner;
  REQUIRE(seat_owner);
  const Ran resumed =
      run({"host", "--resume", save, "--group", "root", "--dir", dir, "--pace", "0", "--detach"}, env);
  INFO(resumed.out);
  REQUIRE(resumed.code == 0);
  const Detached server(resumed.out);
  const json thief = seat_answer(dir, kOther - 2, seat);
  CHECK(thief["type"] == "refused");
  CHECK_THAT(thief.value("reason", ""), Catch::Contains(fmt::format("seat {} belongs to", seat)));
  CHECK(seat_answer(dir, seat_owner->uid, seat)["type"] == "welcome");
  // Nothing half-written of 30 kills is left beside the save.
  for (const auto& e : std::filesystem::directory_iterator(d.path))
    CHECK(e.path().filename().string().rfind("t.save.tmp-", 0) != 0);
}

}  // namespace net_security_resume_test_cases
