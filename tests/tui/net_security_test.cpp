// Shared tables against another local user (issue #16, docs/PROTOCOL.md
// "Threat model"): one TEST_CASE per attack, played as the attacker would.
// The other user is uid 65534 (nobody): a forked child that setuid()s, or
// this process with seteuid() for a moment (SO_PEERCRED records the
// effective uid at connect). The table's group is gid 0, which root is in
// by the user database, so no user or group is added to the machine. Tests
// that need root say so and skip when not root (CI runs as root).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/tui/net_test_util.h"
#include "tui/net/commands.h"
#include "tui/net/watch_mirror.h"

using namespace nettest;

namespace {

constexpr uid_t kOther = 65534;  // nobody: the other user
constexpr uid_t kThird = 65533;  // a third user, a seated player
constexpr gid_t kGroup = 0;      // the table's group: root is in it, the others get it by setgroups()

bool root() {
  if (::geteuid() == 0) return true;
  WARN("skipped: playing another user (setuid 65534) needs root; CI runs as root");
  return false;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void spit(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string binary() {
  const char* b = std::getenv("RACETABLE_BINARY");
  return b ? b : RACETABLE_BINARY_PATH;
}

// This process as another user for a moment: effective ids and groups.
struct AsUser {
  std::vector<gid_t> saved;
  AsUser(uid_t uid, std::vector<gid_t> groups) {
    saved.resize(static_cast<std::size_t>(std::max(0, ::getgroups(0, nullptr))));
    REQUIRE(::getgroups(static_cast<int>(saved.size()), saved.data()) >= 0);
    REQUIRE(::setgroups(groups.size(), groups.data()) == 0);
    REQUIRE(::setegid(uid) == 0);
    REQUIRE(::seteuid(uid) == 0);
  }
  ~AsUser() {
    if (::seteuid(0) != 0 || ::setegid(0) != 0 || ::setgroups(saved.size(), saved.data()) != 0) std::abort();
  }
  AsUser(const AsUser&) = delete;
  AsUser& operator=(const AsUser&) = delete;
};

struct Ran {
  int code = -1;
  std::string out;  // stdout and stderr
};

// Runs racetable with `args`, as `uid` (with `groups`) when given.
Ran run(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
        std::optional<uid_t> as = std::nullopt, std::vector<gid_t> groups = {}) {
  const TempDir out_dir;
  ::chmod(out_dir.path.c_str(), 0777);
  const std::string out = out_dir.path + "/out";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    const int null = ::open("/dev/null", O_RDONLY);
    ::dup2(null, 0);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::setsid();  // no terminal: --code cannot prompt
    for (const std::string& e : env) ::putenv(const_cast<char*>(e.c_str()));
    if (as && (::setgroups(groups.size(), groups.data()) != 0 || ::setgid(*as) != 0 || ::setuid(*as) != 0))
      ::_exit(120);
    std::vector<char*> argv;
    const std::string bin = binary();
    argv.push_back(const_cast<char*>(bin.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(bin.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return Ran{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out)};
}

// A detached server's pid from host's output; stopped at the end of a test.
struct Detached {
  pid_t pid = -1;
  explicit Detached(const std::string& out) {
    const auto at = out.find("(pid ");
    if (at != std::string::npos) pid = static_cast<pid_t>(std::stol(out.substr(at + 5)));
  }
  ~Detached() {
    if (pid > 0) ::kill(pid, SIGTERM);
  }
};

// A socket bound and listening at `path` (by whoever calls it); accept() does not wait.
int listen_at(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 8) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

// Whether anyone connected to a listening socket (without waiting).
bool somebody_connected(int listen_fd) {
  const int c = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK);
  if (c < 0) return false;
  ::close(c);
  return true;
}

bool log_has(const Harness& h, const std::string& what) {
  for (const std::string& l : h.log)
    if (l.find(what) != std::string::npos) return true;
  return false;
}

ServerOptions group_options(Harness& h) {
  ServerOptions o = h.options();
  o.group_set = true;
  o.group = kGroup;
  o.group_name = "root";
  ::chmod(h.dir.path.c_str(), 0755);  // the other users may reach the socket directory
  return o;
}

// Connects as `uid` (in the table's group) and says hello; the answer pumped in.
std::unique_ptr<Scripted> connect_as(Harness& h, uid_t uid, const Hello& hello) {
  auto c = std::make_unique<Scripted>();
  {
    const AsUser as(uid, {kGroup});
    c->conn = Connection::open(h.sock_dir(), "t");
  }
  c->conn.send(to_json(hello));
  for (int i = 0; i < 50 && c->welcome.is_null() && c->open && c->st.error().empty(); ++i) {
    h.pump();
    c->poll();
  }
  return c;
}

}  // namespace

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
                          "--detach", "--idle", "0.02", "--seats", "human,normal"},
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
  const Ran host = run({"host", "go-wacky", "--group", std::to_string(::getegid()), "--dir", home, "--detach",
                        "--idle", "0.02"},
                       {"XDG_STATE_HOME=" + d.path + "/state"});
  const Detached server(host.out);
  INFO(host.out);
  CHECK(host.code == 2);
  CHECK_THAT(host.out, Catch::Contains("exists with mode 0755"));
  struct stat st {};
  REQUIRE(::stat(home.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0755);
  // A private table in an existing directory of the wrong mode: refused the same way.
  const Ran private_host = run({"host", "go-wacky", "--dir", home, "--detach", "--idle", "0.02"},
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
  const Ran host = run({"host", "scrap-racer", "--seed", seed, "--name", "t", "--group", "root", "--dir", dir,
                        "--detach", "--idle", "0.05"},
                       {"XDG_STATE_HOME=" + state});
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
    CHECK_THAT(run({"tables", "--dir", dir}, {env}).out, Catch::Contains("1 Ana (free)"));
    CHECK_THAT(run({"tables", "--dir", dir}, {"RACETABLE_CODE=wrong"}).out,
               Catch::Contains("needs a join code"));
    // From a file only its owner may read.
    const std::string file = d.path + "/code";
    spit(file, code + "\n");
    ::chmod(file.c_str(), 0644);
    CHECK_THAT(run({"tables", "--dir", dir, "--code-file", file}).out, Catch::Contains("only you can read"));
    ::chmod(file.c_str(), 0600);
    CHECK_THAT(run({"tables", "--dir", dir, "--code-file", file}).out, Catch::Contains("1 Ana (free)"));
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
    Hello info;
    info.role = Role::Info;
    info.code = "a-guess";
    auto lister = connect_as(h, kOther, info);
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
