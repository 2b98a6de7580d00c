// Shared tables against another local user, part 2: who gets in and what they
// may do (join codes, connections that never say hello, seats, watchers,
// tables served together). One TEST_CASE per attack, played as the attacker
// would; the attacker: tests/tui/net_attacker.h.
#include "app/commands.h"
#include "net/watch_mirror.h"
#include "tests/tui/net_attacker.h"

using namespace nettest;
using namespace nettest::attacker;

TEST_CASE("Attack 6: join codes are never taken from argv, wrong ones are logged, and guessing is throttled",
          "[net][security]") {
  SECTION("a code on the command line is refused, saying why") {
    const TempDir d;
    const Ran host =
        run({"host", "go-wacky", "--code", "tulip", "--dir", d.path + "/s", "--detach", "--idle", "0.02"},
            {"XDG_STATE_HOME=" + d.path + "/state"});
    const Detached server(host.out);
    CHECK(host.code == 2);
    CHECK_THAT(host.out, Catch::Contains("never given on the command line"));
    const Ran join = run({"join", "t", "--code", "tulip", "--dir", d.path + "/s"});
    CHECK(join.code == 2);
    CHECK_THAT(join.out, Catch::Contains("never given on the command line"));
  }
  SECTION("--code alone: a generated code shown to the host, given by players through RACETABLE_CODE") {
    const TempDir d;
    const std::string dir = d.path + "/s";
    const Ran host =
        run({"host", "go-wacky", "--code", "--name", "t", "--dir", dir, "--detach", "--idle", "0.05"},
            {"XDG_STATE_HOME=" + d.path + "/state"});
    const Detached server(host.out);
    INFO(host.out);
    REQUIRE(host.code == 0);
    const auto at = host.out.find("Join code: ");
    REQUIRE(at != std::string::npos);
    const std::string code = host.out.substr(at + 11, 19);
    CHECK(code.size() == 19);
    CHECK(code[4] == '-');
    CHECK(slurp(dir + "/t.log").find(code) == std::string::npos);
    const std::string env = "RACETABLE_CODE=" + code;
    // The listing needs no code (and tables takes none): the seats, and that a code is needed.
    const Ran listed = run({"tables", "--dir", dir});
    CHECK_THAT(listed.out, Catch::Contains("1 Ana (free)") && Catch::Contains("join code"));
    const Ran coded_listing = run({"tables", "--dir", dir, "--code"}, {env});
    CHECK(coded_listing.code == 2);
    CHECK_THAT(coded_listing.out, Catch::Contains("tables takes no join code"));
    CHECK(coded_listing.out.find(code) == std::string::npos);
    // From a file only its owner may read.
    const std::string file = d.path + "/code";
    spit(file, code + "\n");
    ::chmod(file.c_str(), 0644);
    CHECK_THAT(run({"join", "t", "--seat", "1", "--line", "--dir", dir, "--code-file", file}).out,
               Catch::Contains("only you can read"));
    ::chmod(file.c_str(), 0600);
    CHECK_THAT(run({"join", "t", "--seat", "1", "--line", "--dir", dir, "--code-file", file}).out,
               Catch::Contains("Joined table 't'"));
    CHECK_THAT(run({"join", "t", "--seat", "2", "--line", "--dir", dir}, {"RACETABLE_CODE=wrong"}).out,
               Catch::Contains("wrong join code"));
    // --code with no terminal to ask on: one line saying what to do.
    const Ran no_tty = run({"join", "t", "--code", "--dir", dir});
    CHECK(no_tty.code == 2);
    CHECK_THAT(no_tty.out, Catch::Contains("RACETABLE_CODE"));
  }
  SECTION("another user's guesses: each logged with the uid, and the rate collapses") {
    if (!root()) return;
    Harness h;
    ServerOptions o = group_options(h);
    o.code = "k7dq-3mxe-9wpa-2hfz";
    h.start(new_table("go-wacky", {"human", "human"}, 1), o);
    // The listing needs no code, and a code sent with it is not even checked: no guesses there.
    Hello info;
    info.role = Role::Info;
    info.code = "a-guess";
    auto lister = connect_as(h, kOther, info);
    CHECK_FALSE(log_has(h, "wrong join code"));
    auto first = connect_as(h, kOther, play_hello(1, "a-guess"));
    CHECK(log_has(h, "wrong join code from nobody (uid 65534"));
    // 200 guesses over 20 seconds, as fast as the socket takes them.
    int checked = 0, throttled = 0;
    const Millis from = h.clock;
    for (int i = 0; i < 200; ++i) {
      auto guess = connect_as(h, kOther, play_hello(1, fmt::format("{:04}", i)));
      if (guess->st.error() == "wrong join code") ++checked;
      if (guess->st.error().find("too many wrong join codes") != std::string::npos) ++throttled;
      while (h.clock < from + (i + 1) * 100) h.clock += 10;
    }
    WARN("guesses checked in 20 s: " << checked << " of 200 (" << throttled << " not even checked)");
    CHECK(checked + throttled == 200);
    CHECK(checked <= 8);
    // The right code while that user waits is not checked either; the host gets in.
    CHECK_THAT(connect_as(h, kOther, play_hello(1, o.code))->st.error(), Catch::Contains("too many"));
    CHECK(connect(h, play_hello(1, o.code))->welcome["seat"] == 1);
  }
}

TEST_CASE("Attack 7: one user's connections that never say hello do not lock others out", "[net][security]") {
  if (!root()) return;
  Harness h;
  ServerOptions o = group_options(h);
  o.max_connections = 12;
  h.start(new_table("go-wacky", {"human", "human", "human"}, 1), o);
  // A player sits down and steps away.
  auto ben = connect_as(h, kThird, play_hello(2));
  REQUIRE(ben->welcome["seat"] == 2);
  ben->conn.close();
  for (int i = 0; i < 3; ++i) h.pump();
  // Two users fill every slot with silent connections.
  std::vector<Connection> squat;
  int refused = 0;
  for (uid_t uid : {kOther, kOther - 2})
    for (int i = 0; i < 30; ++i) {
      {
        const AsUser as(uid, {kGroup});
        squat.push_back(Connection::open(h.sock_dir(), "t"));
      }
      h.pump();
      std::string err;
      std::vector<json> msgs;
      squat.back().receive(msgs, err);
      for (const json& m : msgs)
        if (m["type"] == "refused") ++refused;
    }
  CHECK(refused >= 60 - 12);
  // The host and the seated player still get in.
  CHECK(connect(h, play_hello(1))->welcome["seat"] == 1);
  CHECK(connect_as(h, kThird, play_hello(2))->welcome["seat"] == 2);
  CHECK(log_has(h, "closed to make room for a player"));
}

TEST_CASE("Attack 8: a seat belongs to whoever sat in it first; the host does not take it",
          "[net][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 1), group_options(h));
  auto nobody = connect_as(h, kOther, play_hello(1));
  REQUIRE(nobody->welcome["seat"] == 1);
  nobody->conn.close();
  for (int i = 0; i < 3; ++i) h.pump();
  auto host = connect(h, play_hello(1));
  CHECK_THAT(host->st.error(), Catch::Contains("seat 1 belongs to nobody"));
  auto back = connect_as(h, kOther, play_hello(1));
  CHECK(back->welcome["seat"] == 1);
}

namespace {

// Says hello on `conn` and waits (at most ~5 s) for the welcome or a refusal.
json hello_answer(Connection& conn, const Hello& hello) {
  conn.send(to_json(hello));
  ClientState st;
  for (int i = 0; i < 500; ++i) {
    std::vector<json> msgs;
    std::string error;
    if (!conn.receive(msgs, error)) return json{{"type", "closed"}, {"error", error}};
    for (const json& m : msgs)
      if (m["type"] == "welcome" || m["type"] == "refused") return m;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return json{{"type", "timeout"}};
}

}  // namespace

TEST_CASE(
    "Served together: tables of one `racetable serve` keep their own sockets, permissions and peer checks",
    "[net][security]") {
  const TempDir d;
  ::chmod(d.path.c_str(), 0755);
  const std::string mine = d.path + "/mine", club = d.path + "/club";
  spit(d.path + "/tables.txt",
       "# two tables, one process each (--workers 2)\n"
       "wacky-races --name solo --seats human,random --seed 3 --pace 0 --dir " +
           mine + " --save " + d.path + "/solo.save\n" +
           "wacky-races --name club --seats human,random --seed 4 --pace 0 --group root --dir " + club +
           " --save " + d.path + "/club.save\n");
  const Ran served = run({"serve", d.path + "/tables.txt", "--detach", "--workers", "2"});
  INFO(served.out);
  REQUIRE(served.code == 0);
  Detached server(served.out);
  CHECK(served.out.find("2 server processes serve these 2 tables in the background") != std::string::npos);
  CHECK(::access((mine + "/solo.sock").c_str(), F_OK) == 0);
  CHECK(::access((club + "/club.sock").c_str(), F_OK) == 0);

  // The host sits at each table.
  for (const auto& [dir, name] :
       {std::pair{mine, std::string("solo")}, std::pair{club, std::string("club")}}) {
    Connection conn = Connection::open(dir, name);
    CHECK(hello_answer(conn, play_hello(1))["type"] == "welcome");
  }
  if (root()) {
    {
      // Another user cannot even reach the private table's socket...
      const AsUser as(kOther, {});
      CHECK_THROWS_AS(Connection::open(mine, "solo"), UserError);
    }
    // ...and reaches the group table only as a member, where the server
    // checks its groups itself (SO_PEERGROUPS) and lets it watch.
    Connection member = [&] {
      const AsUser as(kOther, {kGroup});
      return Connection::open(club, "club");
    }();
    CHECK(hello_answer(member, watch_hello())["type"] == "welcome");
  }
  // Stopping the first process stops the other: both tables saved and gone.
  ::kill(server.pid, SIGTERM);
  for (int i = 0; i < 300 && (::access((mine + "/solo.sock").c_str(), F_OK) == 0 ||
                              ::access((club + "/club.sock").c_str(), F_OK) == 0);
       ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(::access((mine + "/solo.sock").c_str(), F_OK) != 0);
  CHECK(::access((club + "/club.sock").c_str(), F_OK) != 0);
  CHECK(slurp(d.path + "/solo.save").find("table solo") != std::string::npos);
  CHECK(slurp(d.path + "/club.save").find("table club") != std::string::npos);
  server.pid = -1;
}

TEST_CASE("Attack 9: a local game opened to watchers lets in only whom its player chose, and only to watch",
          "[net][security][watch]") {
  if (!root()) return;
  const TempDir tmp;
  ::chmod(tmp.path.c_str(), 0755);  // the other user may reach the directories below
  auto game = new_table("wacky-races", {"human", "easy", "easy"}, 7);
  game->advance();
  Millis clock = 1000;
  auto pump = [&](WatchMirror& m) {
    m.follow(*game,
             MirrorPace{
                 .phase = PacePhase::People, .view_tick = game->state().now(), .picture = -1, .result = {}});
    m.serve(clock);
    clock += 20;
  };
  // Says hello as the other user (in the table's group) and reads the answer.
  auto hello_as_other = [&](WatchMirror& m, const std::string& dir, Hello hello) {
    Connection conn;
    {
      const AsUser as(kOther, {kGroup});
      conn = Connection::open(dir, m.name());
    }
    conn.send(to_json(hello));
    std::string error;
    for (int i = 0; i < 100; ++i) {
      pump(m);
      std::vector<json> msgs;
      conn.receive(msgs, error);
      for (const json& msg : msgs)
        if (msg["type"] == "welcome" || msg["type"] == "refused") return msg;
    }
    return json{};
  };

  // Opened to this account only: the other user cannot even reach the socket.
  {
    WatchSettings mine;
    mine.dir = tmp.path + "/mine";
    WatchMirror m(*game, mine, [&] { return clock; });
    pump(m);
    struct stat st {};
    REQUIRE(::lstat(mine.dir.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);
    REQUIRE(::lstat((mine.dir + "/" + m.name() + ".sock").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    uid_t host = 0;
    std::string error;
    int fd = -1;
    {
      const AsUser as(kOther, {kGroup});
      fd = connect_table(mine.dir, m.name(), host, error);
    }
    CHECK(fd < 0);
    if (fd >= 0) ::close(fd);
    CHECK(m.watchers() == 0);
  }

  // Opened to a group with a join code: a member watches with the code,
  // never without it, and never sits down.
  WatchSettings group;
  group.dir = tmp.path + "/group";
  group.group = "root";
  group.code = true;
  WatchMirror m(*game, group, [&] { return clock; });
  REQUIRE(!m.code().empty());
  CHECK(m.command() == "racetable join wacky-races --dir " + group.dir + " --watch --code");
  Hello watch = watch_hello();
  json answer = hello_as_other(m, group.dir, watch);
  CHECK(answer["type"] == "refused");
  CHECK(answer["code"] == "code");
  Hello play = play_hello(1, m.code());
  answer = hello_as_other(m, group.dir, play);
  CHECK(answer["type"] == "refused");
  CHECK(answer["code"] == "watch-only");
  watch.code = m.code();
  answer = hello_as_other(m, group.dir, watch);
  CHECK(answer["type"] == "welcome");
  CHECK(answer["role"] == "watch");
}
