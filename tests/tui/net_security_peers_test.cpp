// Shared tables against another local user, part 2: who gets in and what they
// may do (join codes, connections that never say hello, seats, watchers,
// tables served together; a resumed table: net_security_resume_test.cpp). One TEST_CASE per attack, played as
// the attacker would; the attacker: tests/tui/net_attacker.h.
#include <algorithm>
#include <random>

#include "app/commands.h"
#include "net/repeated_lines.h"
#include "net/table_log.h"
#include "net/watch_mirror.h"
#include "tests/tui/net_attacker.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_security_peers_test_cases {

using namespace nettest;
using namespace nettest::attacker;

TEST_CASE("Attack 6: join codes are never taken from argv, wrong ones are logged, and guessing is throttled",
          "[net][security]") {
  SECTION("a code on the command line is refused, saying why") {
    const TempDir d;
    const Ran host =
        run({"host", "go-wacky", "--code", "tulip", "--dir", d.path + "/s", "--detach", "--idle", "2"},
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
        run({"host", "go-wacky", "--code", "--name", "t", "--dir", dir, "--detach", "--idle", "2"},
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
  // They hold only the slots not kept for the host and the three seats' players.
  CHECK(refused >= 60 - (12 - 4));
  // The host and the seated player still get in.
  auto host = connect(h, play_hello(1));
  CHECK(host->welcome["seat"] == 1);
  auto back = connect_as(h, kThird, play_hello(2));
  CHECK(back->welcome["seat"] == 2);
  // The host's own connections take the last slots: a seated player still
  // gets in, in the place of a squatter's connection.
  std::vector<Connection> hosts;
  for (int i = 0; i < 2; ++i) {
    hosts.push_back(Connection::open(h.sock_dir(), "t"));
    h.pump();
  }
  CHECK(connect_as(h, kThird, watch_hello())->welcome["role"] == "watch");
  CHECK(log_has(h, "closed to make room for a player"));
}

TEST_CASE("Attack 25: watchers of many users keep neither the host, a seated player nor a newcomer out",
          "[net][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human", "human"}, 1), group_options(h));  // 48 connections
  // A player sits down and steps away.
  auto ben = connect_as(h, kThird, play_hello(2));
  REQUIRE(ben->welcome["seat"] == 2);
  ben->conn.close();
  for (int i = 0; i < 3; ++i) h.pump();
  std::vector<std::unique_ptr<Scripted>> crowd;
  // Each of `users` (uids from kOther down, skipping kThird) asks to watch `each` times.
  const auto watchers = [&](int users, int each) {
    std::map<std::string, int> answers;  // welcome, or the refusal's reason
    for (int u = 0; u < users; ++u)
      for (int i = 0; i < each; ++i) {
        crowd.push_back(connect_as(h, kOther - 2 * static_cast<uid_t>(u), watch_hello()));
        ++answers[crowd.back()->welcome.is_null() ? crowd.back()->st.error() : "welcome"];
      }
    return answers;
  };
  const std::string extra_watcher =
      "you watch this table from 2 connections already (at most 2 per person): close one first";

  SECTION("one user watches from two connections; the third is refused in one line") {
    const auto answers = watchers(1, 3);
    CHECK(answers.at("welcome") == 2);
    CHECK(answers.size() == 2);
    CHECK_THAT(crowd.back()->st.error(), Catch::Contains(extra_watcher));
    CHECK(crowd.back()->st.error().find('\n') == std::string::npos);
  }
  SECTION("six users with eight watchers each: two each watch, and everyone else still gets in") {
    const auto answers = watchers(6, 8);
    CHECK(answers.at("welcome") == 12);
    CHECK(answers.size() == 2);  // all the others told the one line
    CHECK(connect(h, play_hello(1))->welcome["seat"] == 1);
    CHECK(connect_as(h, kThird, play_hello(2))->welcome["seat"] == 2);
    CHECK(connect_as(h, kOther - 40, play_hello(3))->welcome["seat"] == 3);  // a newcomer
  }
  SECTION("24 users with two watchers each: the last slots are the host's and the seated player's") {
    const auto answers = watchers(24, 2);
    // 48 connections less one for the host and one for each of the three person's seats.
    CHECK(answers.at("welcome") == 44);
    CHECK(answers.at("the table is full of connections: try again later") == 4);
    CHECK(connect(h, play_hello(1))->welcome["seat"] == 1);
    CHECK(connect_as(h, kThird, play_hello(2))->welcome["seat"] == 2);
  }
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

namespace {}  // namespace

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
           "wacky-races --name club --seats human,random --pace 0 --group root --dir " + club + " --save " +
           d.path + "/club.save\n");
  // The group table's seed from the environment: a serve file's --seed is refused there.
  const Ran served = run({"serve", d.path + "/tables.txt", "--detach", "--workers", "2"},
                         {"XDG_STATE_HOME=" + d.path + "/state", "RACETABLE_SEED=4"});
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

// A line that never ends must cost neither memory nor a search of it after
// each read (`join NAME --line`, `play --line`): it is capped as it is read.
TEST_CASE("Attack 12: one endless line to line mode is dropped as it is read, never held",
          "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0755);
  const std::string input = d.path + "/endless";
  {
    std::ofstream f(input, std::ios::binary);
    const std::string chunk(1 << 20, 'x');
    for (int mb = 0; mb < 48; ++mb) f << chunk;  // 48 MB, one line
    f << "\n";
  }
  ::chmod(input.c_str(), 0644);
  // The same runs with one short line: what the program holds anyway (far
  // more under the sanitizers), to compare with.
  const std::string short_input = d.path + "/short";
  spit(short_input, "xx\n");
  ::chmod(short_input.c_str(), 0644);
  const std::string dir = d.path + "/socks", state = "XDG_STATE_HOME=" + d.path + "/state";
  const Ran host = run({"host", "go-wacky", "--seats", "human,normal", "--name", "t", "--group", "root",
                        "--dir", dir, "--detach", "--idle", "2"},
                       {state});
  const Detached server(host.out);
  REQUIRE(host.code == 0);
  const long join_base =
      run({"join", "t", "--dir", dir, "--seat", "1", "--line"}, {}, kOther, {kGroup}, short_input).max_rss_kb;
  const Ran joined = run({"join", "t", "--dir", dir, "--seat", "1", "--line"}, {}, kOther, {kGroup}, input);
  INFO(joined.out.substr(0, 2000));
  CHECK_THAT(joined.out, Catch::Contains("input line 1: longer than 4096 characters ('xxxx"));
  CHECK_THAT(joined.out, Catch::Contains("Input ended: you left the table"));
  CHECK(joined.max_rss_kb - join_base < 24 * 1024);  // the 48 MB line was never in memory

  const std::string other_state = d.path + "/other";
  REQUIRE(::mkdir(other_state.c_str(), 0700) == 0);
  REQUIRE(::chown(other_state.c_str(), kOther, kOther) == 0);
  const long play_base = run({"play", "go-wacky", "--seats", "human,normal", "--line"},
                             {"XDG_STATE_HOME=" + other_state}, kOther, {}, short_input)
                             .max_rss_kb;
  const Ran played = run({"play", "go-wacky", "--seats", "human,normal", "--line"},
                         {"XDG_STATE_HOME=" + other_state}, kOther, {}, input);
  INFO(played.out.substr(0, 2000));
  CHECK(played.code == 2);
  CHECK_THAT(played.out, Catch::Contains("input line 1: longer than 4096 characters ('xxxx"));
  CHECK(played.max_rss_kb - play_base < 24 * 1024);
}

// A watcher gets the public twin of a seat's private line ("Ben draws a
// card"), never marked "mine" as if it were the watcher's own.
TEST_CASE("Attack 13: log lines are marked as a viewer's own only when they are its seat's",
          "[net][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 5), group_options(h));
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  auto watcher = connect_as(h, kOther, watch_hello());
  REQUIRE(watcher->welcome["role"] == "watch");
  for (int i = 0; i < 400; ++i) {
    h.pump();
    for (Scripted* c : {ana.get(), ben.get(), watcher.get()}) c->poll();
    ana->play();
    ben->play();
  }
  REQUIRE(ana->decisions + ben->decisions > 4);
  int watcher_lines = 0, watcher_mine = 0, ana_mine = 0;
  for (const auto& l : watcher->st.log()) {
    ++watcher_lines;
    if (l.mine) ++watcher_mine;
  }
  for (const auto& l : ana->st.log())
    if (l.mine) ++ana_mine;
  CHECK(watcher_lines > 4);
  CHECK(watcher_mine == 0);
  CHECK(ana_mine > 0);  // Ana's own draws are hers
}

// A group member looping hellos with a wrong code would grow the host's
// table log without bound if each were written.
TEST_CASE("Attack 14: another user's repeated hellos are counted in the log, not written each time",
          "[net][security]") {
  if (!root()) return;
  Harness h;
  ServerOptions o = group_options(h);
  o.code = "k7dq-3mxe-9wpa-2hfz";
  h.start(new_table("go-wacky", {"human", "human"}, 1), o);
  const std::size_t before = h.log.size();
  // 300 hellos in 30 s of the table's clock: wrong codes, watchers, seats.
  for (int i = 0; i < 300; ++i) {
    Hello hello = i % 3 == 0 ? watch_hello() : play_hello(1 + i % 2, fmt::format("{:04}", i));
    if (i % 3 == 0) hello.code = "nope";
    auto c = connect_as(h, kOther, hello);
    c->conn.close();
    h.pump();
    h.clock += 100;
  }
  std::size_t about_other = 0;
  for (std::size_t i = before; i < h.log.size(); ++i)
    if (h.log[i].find("uid 65534") != std::string::npos) ++about_other;
  WARN("log lines about uid 65534 for 300 hellos: " << about_other);
  // At most kPerMinute lines per kind: wrong code, too soon, refused, closed before joining.
  CHECK(about_other <= 4 * RepeatedLines::kPerMinute);
  // When the minute is over, what was left out is counted in one line per kind.
  h.clock += RepeatedLines::kWindowMs;
  h.pump();
  CHECK(log_has(h, "more refused hellos from nobody (uid 65534) in the minute from"));
  CHECK(log_has(h, "more join codes not checked (too soon after a wrong one) from nobody (uid 65534)"));
}

TEST_CASE("A table's log file is capped, rotated once, and kept in the host's state directory when it closes",
          "[net][security]") {
  const TempDir d;
  const std::string dir = d.path + "/t", keep = d.path + "/kept";
  REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
  REQUIRE(::mkdir(keep.c_str(), 0700) == 0);
  for (int table = 0; table < RepeatedLines::kPerMinute + int(kKeptTableLogs); ++table) {
    const auto log = TableLog::open_file(dir, fmt::format("t{:02}", table), 4096);
    for (int i = 0; i < 1000; ++i) log->write(fmt::format("line {:04} of a table that talks a lot", i));
    CHECK(std::filesystem::file_size(log->path()) <= 4096);
    CHECK(std::filesystem::file_size(log->path() + ".1") <= 4096);
    const std::string kept = log->keep_in(keep);
    REQUIRE_FALSE(kept.empty());
    CHECK_FALSE(std::filesystem::exists(log->path()));
    CHECK_FALSE(std::filesystem::exists(log->path() + ".1"));
    CHECK_THAT(slurp(kept), Catch::Contains("line 0999 of a table"));
    CHECK((std::filesystem::status(kept).permissions() & std::filesystem::perms::group_all) ==
          std::filesystem::perms::none);
  }
  int kept_logs = 0;
  for (const auto& e : std::filesystem::directory_iterator(keep)) kept_logs += e.path().extension() == ".log";
  CHECK(kept_logs == int(kKeptTableLogs));
}

}  // namespace net_security_peers_test_cases
