// Shared tables against another local user, part 1: what lies on disk and
// what reaches the terminal (symlinks, directory modes, swapped sockets,
// escape sequences, the seed). One TEST_CASE per attack, played as the
// attacker would; the attacker: tests/tui/net_attacker.h.
#include <algorithm>

#include <fmt/format.h>

#include "app/commands.h"
#include "tests/tui/net_attacker.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_security_files_test_cases {

using namespace nettest;
using namespace nettest::attacker;

TEST_CASE("Attack 1: symlinks planted in a table directory or at a temporary file name are never followed",
          "[net][security]") {
  SECTION("write_file_atomically does not open a symlink planted at the name it writes through") {
    const TempDir d;
    const std::string victim = d.path + "/victim", target = d.path + "/t1.table";
    spit(victim, "the host's file\n");
    REQUIRE(::symlink(victim.c_str(), (target + ".tmp").c_str()) == 0);
    write_file_atomically(target, "{\"table\":\"t1\"}\n");
    CHECK(slurp(victim) == "the host's file\n");
    CHECK(slurp(target) == "{\"table\":\"t1\"}\n");
    struct stat st {};
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 077) == 0);  // private to its owner
  }
  SECTION("host --group refuses a table directory another user made, and touches nothing in it") {
    if (!root()) return;
    const TempDir d;
    ::chmod(d.path.c_str(), 0777);
    const std::string planted = d.path + "/group-dir", victim1 = d.path + "/victim1",
                      victim2 = d.path + "/victim2";
    spit(victim1, "the host's file\n");
    spit(victim2, "the host's other file\n");
    {
      const AsUser as(kOther, {kGroup});
      REQUIRE(::mkdir(planted.c_str(), 0777) == 0);
      REQUIRE(::chmod(planted.c_str(), 01777) == 0);
      REQUIRE(::symlink(victim1.c_str(), (planted + "/t1.table.tmp").c_str()) == 0);
      REQUIRE(::symlink(victim2.c_str(), (planted + "/t1.log").c_str()) == 0);
    }
    const Ran host = run({"host", "wacky-races", "--name", "t1", "--group", "root", "--dir", planted,
                          "--detach", "--idle", "2", "--seats", "human,normal"},
                         {"XDG_STATE_HOME=" + d.path + "/state"});
    const Detached server(host.out);
    INFO(host.out);
    CHECK(host.code != 0);
    CHECK_THAT(host.out, Catch::Contains("belongs to nobody"));
    CHECK(slurp(victim1) == "the host's file\n");
    CHECK(slurp(victim2) == "the host's other file\n");
  }
  SECTION("a group member cannot plant anything in the host's own group directory") {
    if (!root()) return;
    Harness h;
    h.start(new_table("go-wacky", {"human", "human"}, 1), group_options(h));
    const AsUser as(kOther, {kGroup});
    CHECK(::symlink("/etc/passwd", (h.sock_dir() + "/t.table.tmp").c_str()) != 0);
    CHECK(errno == EACCES);
  }
}

TEST_CASE("Attack 2: --dir never changes the mode or group of an existing directory", "[net][security]") {
  const TempDir d;
  const std::string home = d.path + "/home";
  REQUIRE(::mkdir(home.c_str(), 0755) == 0);
  REQUIRE(::chmod(home.c_str(), 0755) == 0);
  const Ran host = run(
      {"host", "go-wacky", "--group", std::to_string(::getegid()), "--dir", home, "--detach", "--idle", "2"},
      {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached server(host.out);
  INFO(host.out);
  CHECK(host.code == 2);
  CHECK_THAT(host.out, Catch::Contains("exists with mode 0755"));
  struct stat st {};
  REQUIRE(::stat(home.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0755);
  // A private table in an existing directory of the wrong mode: refused the same way.
  const Ran private_host = run({"host", "go-wacky", "--dir", home, "--detach", "--idle", "2"},
                               {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached private_server(private_host.out);
  CHECK(private_host.code == 2);
  REQUIRE(::stat(home.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0755);
}

TEST_CASE("Attack 3: a socket swapped or planted by another user is refused before a code is sent",
          "[net][security]") {
  if (!root()) return;
  SECTION("a group member cannot rename the host's socket to put its own in its place") {
    Harness h;
    h.start(new_table("go-wacky", {"human", "human"}, 1), group_options(h));
    const std::string sock = h.server->socket_path();
    int impostor = -1;
    {
      const AsUser as(kOther, {kGroup});
      if (::rename(sock.c_str(), (sock + ".old").c_str()) == 0) impostor = listen_at(sock);
    }
    // The friend joins with the code: it must reach the host, not an impostor.
    auto friend_ = std::make_unique<Scripted>();
    std::string error;
    try {
      friend_->conn = Connection::open(h.sock_dir(), "t");
      friend_->conn.send(to_json(play_hello(1, "tulip")));
    } catch (const UserError& e) {
      error = e.what();
    }
    INFO(error);
    CHECK(impostor < 0);
    if (impostor >= 0) {
      CHECK_FALSE(somebody_connected(impostor));
      ::close(impostor);
    }
  }
  SECTION("a directory named after another user's uid, or a socket served by another user, is refused") {
    const TempDir d;
    ::chmod(d.path.c_str(), 0777);
    // Named as root's default (/tmp/racetable-0 when XDG_RUNTIME_DIR is unset), made by nobody.
    const std::string planted = d.path + "/racetable-0";
    int fake = -1;
    {
      const AsUser as(kOther, {});
      REQUIRE(::mkdir(planted.c_str(), 0755) == 0);
      fake = listen_at(planted + "/t.sock");
      ::chmod((planted + "/t.sock").c_str(), 0777);
    }
    REQUIRE(fake >= 0);
    std::string error;
    try {
      Connection c = Connection::open(planted, "t");
      c.send(to_json(play_hello(1, "tulip")));
    } catch (const UserError& e) {
      error = e.what();
    }
    CHECK_THAT(error, Catch::Contains("belongs to nobody, not to root"));
    CHECK_FALSE(somebody_connected(fake));
    ::close(fake);

    // Root's own directory, but the socket in it served by nobody (moved in, owner changed).
    const std::string mine = d.path + "/mine";
    REQUIRE(::mkdir(mine.c_str(), 0700) == 0);
    {
      const AsUser as(kOther, {});
      fake = listen_at(d.path + "/nobody.sock");
    }
    REQUIRE(fake >= 0);
    REQUIRE(::rename((d.path + "/nobody.sock").c_str(), (mine + "/t.sock").c_str()) == 0);
    REQUIRE(::lchown((mine + "/t.sock").c_str(), 0, 0) == 0);
    error.clear();
    try {
      Connection c = Connection::open(mine, "t");
      c.send(to_json(play_hello(1, "tulip")));
    } catch (const UserError& e) {
      error = e.what();
    }
    CHECK_THAT(error, Catch::Contains("runs as nobody, not as root"));
    ::close(fake);
  }
  SECTION("tables ignores a table another user put in a directory, and says so") {
    const TempDir d;
    ::chmod(d.path.c_str(), 0777);
    const std::string dir = d.path + "/tables";
    REQUIRE(::mkdir(dir.c_str(), 0755) == 0);
    REQUIRE(::chmod(dir.c_str(), 0755) == 0);
    int fake = -1;
    {
      const AsUser as(kOther, {});
      fake = listen_at(d.path + "/x.sock");
    }
    REQUIRE(fake >= 0);
    REQUIRE(::rename((d.path + "/x.sock").c_str(), (dir + "/planted.sock").c_str()) == 0);
    const Ran listed = run({"tables", "--dir", dir});
    INFO(listed.out);
    CHECK_THAT(listed.out, Catch::Contains("ignored 1 table in " + dir + " made by another user"));
    CHECK_THAT(listed.out, !Catch::Contains("planted "));
    CHECK_FALSE(somebody_connected(fake));
    ::close(fake);
  }
}

TEST_CASE("Attack 4: escape sequences from a server or a table file never reach the terminal",
          "[net][security]") {
  const TempDir d;
  const std::string dir = d.path + "/socks";
  REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
  const std::string evil =
      "\x1b]0;pwned\x07\x1b[2J\x1b[31mrun: curl x|sh\r\xc2\x9b"
      "1m\xe2\x80\xae";
  SECTION("a fake server's welcome, log, notice and screen") {
    const int lfd = listen_at(dir + "/t.sock");
    REQUIRE(lfd >= 0);
    const pid_t server = ::fork();
    REQUIRE(server >= 0);
    if (server == 0) {
      pollfd p{lfd, POLLIN, 0};
      ::poll(&p, 1, 5000);
      const int c = ::accept(lfd, nullptr, nullptr);
      if (c >= 0) {
        pollfd q{c, POLLIN, 0};
        ::poll(&q, 1, 5000);
      }
      char buf[4096];
      if (c < 0 || ::read(c, buf, sizeof buf) <= 0) ::_exit(1);
      ScreenModel s;
      s.table = "t";
      s.game = "go-wacky";
      s.game_name = evil;
      s.you = 0;
      s.phase = "play";
      s.status = evil;
      s.seats.push_back(SeatView{.name = evil,
                                 .human = true,
                                 .level = "human",
                                 .claimed = true,
                                 .connected = true,
                                 .acting = true,
                                 .you = true,
                                 .user = evil,
                                 .detail = evil,
                                 .score = evil});
      s.board_w = 40;
      s.board_h = 2;
      s.rows = {evil};
      s.runs = {{}};
      s.prompt = evil;
      s.ask = 1;
      s.options = {OptionView{1, evil}};
      std::string out = frame(json{{"type", "welcome"},
                                   {"protocol", 1},
                                   {"table", "t"},
                                   {"game", "go-wacky"},
                                   {"game_name", evil},
                                   {"host", evil},
                                   {"role", "play"},
                                   {"seat", 1},
                                   {"name", evil}});
      out += frame(json{{"type", "log"}, {"lines", json::array({json{{"text", evil}}})}});
      out += frame(json{{"type", "notice"}, {"text", evil}});
      out += frame(to_json(s));
      if (::write(c, out.data(), out.size()) < 0) ::_exit(1);
      ::usleep(300000);
      ::_exit(0);
    }
    ::close(lfd);
    const Ran joined = run({"join", "t", "--dir", dir, "--line", "--seat", "1"});
    ::kill(server, SIGKILL);
    ::waitpid(server, nullptr, 0);
    INFO(joined.out);
    CHECK_THAT(joined.out, Catch::Contains("run: curl x|sh"));  // the text arrived...
    CHECK(joined.out.find('\x1b') == std::string::npos);        // ...without a single escape
    CHECK(joined.out.find('\x07') == std::string::npos);
    CHECK(joined.out.find('\r') == std::string::npos);
    CHECK(joined.out.find("\xc2\x9b") == std::string::npos);
    CHECK(joined.out.find("\xe2\x80\xae") == std::string::npos);
  }
  SECTION("a table file's fields as tables prints them") {
    spit(dir + "/dead.table", dump(json{{"table", "dead"}, {"game", evil}, {"save", evil}, {"host", evil}}));
    ::chmod((dir + "/dead.table").c_str(), 0600);
    const Ran listed = run({"tables", "--dir", dir});
    INFO(listed.out);
    CHECK_THAT(listed.out, Catch::Contains("dead"));
    CHECK(listed.out.find('\x1b') == std::string::npos);
    CHECK(listed.out.find('\x07') == std::string::npos);
  }
  SECTION("the parsers themselves: every string of a server's message is printable") {
    ClientState st;
    st.apply(
        parse_server_message(dump(json{{"type", "log"}, {"lines", json::array({json{{"text", evil}}})}})));
    st.apply(parse_server_message(dump(json{{"type", "notice"}, {"text", evil}})));
    REQUIRE(st.log().size() == 1);
    CHECK(st.log()[0].text == "?]0;pwned??[2J?[31mrun: curl x|sh??1m?");
    CHECK(st.notice() == st.log()[0].text);
    CHECK(printable(std::string(5000, 'a'), 100).size() == 100);
  }
}

TEST_CASE("Attack 5: nothing another user can read holds the seed", "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0755);
  const std::string seed = "987654321012", dir = d.path + "/socks", state = d.path + "/state";
  const Ran host =
      run({"host", "scrap-racer", "--name", "t", "--group", "root", "--dir", dir, "--detach", "--idle", "2"},
          {"XDG_STATE_HOME=" + state, "RACETABLE_SEED=" + seed});
  const Detached server(host.out);
  INFO(host.out);
  REQUIRE(host.code == 0);
  ::chmod(state.c_str(), 0755);  // even a state directory others may list shows no seed
  ::chmod((state + "/racetable").c_str(), 0755);
  // As a group member: every name it can list and every file it can read.
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    const gid_t groups[1] = {kGroup};
    if (::setgroups(1, groups) != 0 || ::setgid(kOther) != 0 || ::setuid(kOther) != 0) ::_exit(120);
    int found = 0;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(
             d.path, std::filesystem::directory_options::skip_permission_denied, ec);
         it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      const std::string path = it->path().string();
      if (path.find(seed) != std::string::npos) ++found;
      if (slurp(path).find(seed) != std::string::npos) ++found;
    }
    ::_exit(found == 0 ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // The host itself still finds its save (tables, as the host).
  const Ran listed = run({"tables", "--dir", dir}, {"XDG_STATE_HOME=" + state});
  CHECK_THAT(listed.out, Catch::Contains("t "));
}

// A seed left in the server's arguments is readable by any user in ps, who
// could then deal every hand with sim.
TEST_CASE("Attack 5b: a host's seed is not in the arguments other users read", "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0755);
  const std::string seed = "424242424242", dir = d.path + "/socks";
  const Ran host =
      run({"host", "go-wacky", "--seed", seed, "--name", "t", "--dir", dir, "--detach", "--idle", "2"},
          {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached server(host.out);
  INFO(host.out);
  REQUIRE(host.code == 0);
  REQUIRE(server.pid > 0);
  std::string cmdline;
  {
    const AsUser as(kOther, {kGroup});  // what `ps -ef` shows any user
    cmdline = slurp(fmt::format("/proc/{}/cmdline", server.pid));
  }
  std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
  INFO(cmdline);
  CHECK(cmdline.find("--name t") != std::string::npos);  // we did read the server's arguments
  CHECK(cmdline.find(seed) == std::string::npos);
  CHECK(cmdline.find("--seed ************") != std::string::npos);

  // At a table others play at, even the instant before the seed is blanked is refused.
  const Ran shared = run({"host", "go-wacky", "--seed", seed, "--name", "g", "--group", "root", "--dir",
                          d.path + "/group", "--detach"},
                         {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached none(shared.out);
  CHECK(shared.code == 2);
  CHECK_THAT(shared.out, Catch::Contains("give the seed as RACETABLE_SEED=N or with --seed-file FILE"));
  CHECK(shared.out.find('\n') == shared.out.size() - 1);  // one line

  // --seed-file: only a private file of the host's.
  const std::string file = d.path + "/seed";
  spit(file, seed + "\n");
  ::chmod(file.c_str(), 0644);
  const Ran readable = run({"host", "go-wacky", "--seed-file", file, "--name", "g", "--group", "root",
                            "--dir", d.path + "/group", "--detach"},
                           {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached none2(readable.out);
  CHECK(readable.code == 2);
  CHECK_THAT(readable.out, Catch::Contains("a seed file must be a file of yours that only you can read"));
  ::chmod(file.c_str(), 0600);
  const Ran from_file = run({"host", "go-wacky", "--seed-file", file, "--name", "g", "--group", "root",
                             "--dir", d.path + "/group", "--detach", "--idle", "2"},
                            {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached served(from_file.out);
  INFO(from_file.out);
  CHECK(from_file.code == 0);
}

}  // namespace net_security_files_test_cases
