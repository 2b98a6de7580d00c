// Shared tables against another local user, part 3: the lobby (`racetable
// tables`, the Tables page, completion, `join NAME`):
// a table planted where the lobby looks must not catch a join code, and what
// other users put there (tables that never answer, 100,000 names) must not
// freeze anyone's lobby. One TEST_CASE per attack, played as the attacker
// would; the attacker: tests/tui/net_attacker.h.
#include <fmt/format.h>

#include "client/shared_tables.h"
#include "tests/tui/net_attacker.h"
#include "tui/shell/screens.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_security_lobby_test_cases {

using namespace nettest;
using namespace nettest::attacker;

namespace {

constexpr const char* kCode = "k7dq-3mxe-9wpa-2hfz";

// A directory of the other user's (mode 0755), made by it at `path` (or
// already made: `made`), removed at the end of the test.
struct OthersDir {
  std::string path;
  explicit OthersDir(std::string p, bool made = false) : path(std::move(p)) {
    if (made) return;
    const AsUser as(kOther, {});
    REQUIRE(::mkdir(path.c_str(), 0755) == 0);
    REQUIRE(::chmod(path.c_str(), 0755) == 0);
  }
  OthersDir(const OthersDir&) = delete;
  OthersDir& operator=(const OthersDir&) = delete;
  ~OthersDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

// A directory under /tmp named racetable-SOMETHING with no uid in its name,
// made by the other user: where every user's lobby looks.
std::string planted_tmp_dir() {
  const AsUser as(kOther, {});
  char tmpl[] = "/tmp/racetable-lobby-XXXXXX";
  const char* d = ::mkdtemp(tmpl);
  REQUIRE(d != nullptr);
  REQUIRE(::chmod(d, 0755) == 0);
  return d;
}

// The other user's socket at `path`, listening and never accepting.
int others_socket(const std::string& path) {
  const AsUser as(kOther, {});
  const int fd = listen_at(path);
  REQUIRE(fd >= 0);
  ::chmod(path.c_str(), 0777);
  return fd;
}

// Everything clients sent to a socket that never accepted: the queued
// connections accepted now and read to their end.
std::string received(int listen_fd) {
  std::string all;
  for (;;) {
    const int c = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK);
    if (c < 0) break;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(c, buf, sizeof buf)) > 0) all.append(buf, static_cast<std::size_t>(n));
    ::close(c);
  }
  return all;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Users of their own, so that their directories under /tmp are this test's alone.
constexpr uid_t kPlanter = 65520;    // plants sockets that never answer
constexpr uid_t kTableHost = 65525;  // hosts a real group table

// A directory under /tmp of `owner`'s (group `group`, `mode`) holding
// `count` sockets that listen and never accept: every one takes a lobby's
// connection and never answers it.
struct PlantedSockets {
  std::string path;
  std::vector<int> fds;
  PlantedSockets(std::string p, uid_t owner, gid_t group, mode_t mode, int count) : path(std::move(p)) {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);  // what a killed run left
    const AsUser as(owner, {group});
    REQUIRE(::mkdir(path.c_str(), 0700) == 0);
    REQUIRE(::chown(path.c_str(), owner, group) == 0);
    REQUIRE(::chmod(path.c_str(), mode) == 0);
    for (int i = 0; i < count; ++i) {
      const std::string sock = fmt::format("{}/a{:03}.sock", path, i);
      fds.push_back(listen_at(sock));
      REQUIRE(fds.back() >= 0);
      ::chmod(sock.c_str(), 0777);
    }
  }
  PlantedSockets(const PlantedSockets&) = delete;
  PlantedSockets& operator=(const PlantedSockets&) = delete;
  ~PlantedSockets() {
    for (int fd : fds) ::close(fd);
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

// The line of `text` that starts with `start` ("" when none).
std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) return line;
  return {};
}

}  // namespace

TEST_CASE(
    "Attack 15: a table planted in a directory whose name does not say whose it is never gets a join code",
    "[net][security]") {
  if (!root()) return;
  const OthersDir planted(planted_tmp_dir(), true);
  const std::string name = fmt::format("planted-{}", ::getpid());
  const int fake = others_socket(planted.path + "/" + name + ".sock");
  const std::string env = std::string("RACETABLE_CODE=") + kCode;

  SECTION("tables, with a code in the environment, sends none and lists the table as not trusted") {
    const Ran listed = run({"tables"}, {env});
    const std::string got = received(fake);
    INFO(listed.out);
    INFO(got);
    CHECK(got.find(kCode) == std::string::npos);
    CHECK(got.find("\"code\"") == std::string::npos);
    CHECK_THAT(listed.out, Catch::Contains(name) && Catch::Contains("not trusted") &&
                               Catch::Contains("belongs to nobody"));
    CHECK_THAT(listed.out, !Catch::Contains("racetable join " + name));
  }
  SECTION("join NAME with a code does not connect there, found by name or given with --dir") {
    const Ran by_name = run({"join", name, "--watch"}, {env});
    INFO(by_name.out);
    CHECK(by_name.code != 0);
    const Ran by_dir = run({"join", name, "--watch", "--dir", planted.path}, {env});
    INFO(by_dir.out);
    CHECK(by_dir.code != 0);
    CHECK_THAT(by_dir.out, Catch::Contains("not sent"));
    const std::string got = received(fake);
    INFO(got);
    CHECK(got.find(kCode) == std::string::npos);
    CHECK(got.empty());
  }
  SECTION("a directory named after its owner, another user outside our groups: no code either") {
    const TempDir d;
    ::chmod(d.path.c_str(), 0777);  // the other user makes its directory here
    const OthersDir named(fmt::format("{}/racetable-{}", d.path, kOther));
    const int named_fake = others_socket(named.path + "/" + name + ".sock");
    const Ran joined = run({"join", name, "--watch", "--dir", named.path}, {env});
    const std::string got = received(named_fake);
    INFO(joined.out);
    CHECK(joined.code != 0);
    CHECK(got.find(kCode) == std::string::npos);
    ::close(named_fake);
  }
  ::close(fake);
}

TEST_CASE("Attack 16: tables that never answer do not hold up anyone's lobby", "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0777);  // the other user makes its directory here
  // Named after its owner: a directory the lobby trusts to be nobody's, so it asks each table there.
  const OthersDir silent(fmt::format("{}/racetable-{}", d.path, kOther));
  std::vector<int> fds;
  for (int i = 0; i < 10; ++i) fds.push_back(others_socket(fmt::format("{}/silent{}.sock", silent.path, i)));

  // `racetable tables`: ten tables, each would have been waited on for 2 s.
  const auto t0 = std::chrono::steady_clock::now();
  const Ran listed = run({"tables", "--dir", silent.path});
  const double took = seconds_since(t0);
  INFO(listed.out);
  WARN("tables with ten tables that never answer: " << took << " s");
  CHECK(took < 3.0);
  for (int i = 0; i < 10; ++i) CHECK_THAT(listed.out, Catch::Contains(fmt::format("silent{}", i)));
  CHECK(lines(listed.out) >= 10);
  CHECK_THAT(listed.out, Catch::Contains("not answering"));

  // The shell's Tables page looks at them when it opens: it must come back as soon.
  rt::shell::AppContext ctx;
  ctx.shared = &rt::client::shared_tables();
  ctx.table_dir = silent.path;
  const auto t1 = std::chrono::steady_clock::now();
  const auto page = ctx.shared->tables_page(ctx);
  const double page_took = seconds_since(t1);
  WARN("the Tables page's look at them: " << page_took << " s");
  CHECK(page_took < 3.0);
  rt::Canvas c(100, 30);
  page->draw(c, 0);
  INFO(c.to_text());
  CHECK_THAT(c.to_text(), Catch::Contains("not answering"));
  for (int fd : fds) ::close(fd);
}

TEST_CASE("Attack 17: 100,000 names planted in another user's directory: completion and tables stay bounded",
          "[net][security]") {
  if (!root()) return;
  const TempDir d;
  ::chmod(d.path.c_str(), 0777);  // the other user makes its directory here
  const OthersDir flood(fmt::format("{}/racetable-{}", d.path, kOther));
  {
    // Plain files named like sockets, as fast as the other user can make them.
    const AsUser as(kOther, {});
    int made = 0;
    for (int i = 0; i < 100000; ++i) {
      const int fd = ::open(fmt::format("{}/t{:06}.sock", flood.path, i).c_str(), O_CREAT | O_WRONLY, 0644);
      if (fd >= 0) ++made;
      ::close(fd);
    }
    REQUIRE(made == 100000);
  }
  // Bounded by what is read and printed, not by a time (speed is for benchmarks).
  const Ran completed = run({"complete", "--", "join", "--dir", flood.path, ""});
  CHECK(lines(completed.out) <= 1000);

  const Ran listed = run({"tables", "--dir", flood.path});
  CHECK(lines(listed.out) <= 1000);
  CHECK_THAT(listed.out, Catch::Contains("more entries not read"));
}

TEST_CASE(
    "Attack 24: 200 sockets that never answer, planted in another user's directory, hide no table of our "
    "group from tables or the Tables page",
    "[net][security]") {
  if (!root()) return;
  // The real table: a third user's group table in its own group directory,
  // which sorts after any /tmp/racetable-UID (and after the planter's group
  // directory below).
  const TempDir state;
  ::chmod(state.path.c_str(), 0777);
  const OthersDir real_dir(fmt::format("/tmp/racetable-group-root-{}", kTableHost), true);
  std::error_code ec;
  std::filesystem::remove_all(real_dir.path, ec);  // what a killed run left
  const std::string name = fmt::format("real-{}", ::getpid());
  const Ran hosted =
      run({"host", "go-wacky", "--seats", "human,human", "--name", name, "--group", "root", "--detach"},
          {"XDG_STATE_HOME=" + state.path}, kTableHost, {kGroup});
  INFO(hosted.out);
  REQUIRE(hosted.code == 0);
  const Detached server(hosted.out);

  const auto nothing_hidden = [&](const PlantedSockets& planted) {
    const Ran listed = run({"tables"});
    INFO(listed.out);
    // The real table answered: its listing and the line that joins it.
    const std::string row = line_starting(listed.out, name);
    CHECK_THAT(row, Catch::Contains("Go Wacky!") && Catch::Contains("host"));
    CHECK_THAT(row, !Catch::Contains("not answering"));
    CHECK_THAT(listed.out, Catch::Contains(fmt::format("racetable join {} --dir {}", name, real_dir.path)));
    // The planted directory: eight asked at once, the rest said in one line, never listed one by one.
    CHECK_THAT(listed.out, Catch::Contains(fmt::format("racetable tables: {}: 192 tables of {} not asked "
                                                       "(another user's directory is asked for at most 100 "
                                                       "ms, 8 tables at a time)\n",
                                                       planted.path, user_name(kPlanter))));
    CHECK(lines(listed.out) < 100);

    // The Tables page asks the same way: the table with its game, the rest in one line.
    rt::shell::AppContext ctx;
    ctx.shared = &rt::client::shared_tables();
    const auto page = ctx.shared->tables_page(ctx);
    rt::Canvas c(120, 300);
    page->draw(c, 0);
    INFO(c.to_text());
    CHECK_THAT(c.to_text(), Catch::Contains(fmt::format("{}: Go Wacky!", name)));
    CHECK_THAT(c.to_text(), Catch::Contains("192 more tables of other users not asked: too slow to answer."));
  };
  SECTION("in a directory of the planter's own, outside our groups") {
    const PlantedSockets planted(fmt::format("/tmp/racetable-{}", kPlanter), kPlanter, kPlanter, 0755, 200);
    nothing_hidden(planted);
  }
  SECTION("in the planter's directory of a group we are in, sorted before the real table's") {
    const PlantedSockets planted(fmt::format("/tmp/racetable-group-root-{}", kPlanter), kPlanter, kGroup,
                                 0750, 200);
    nothing_hidden(planted);
  }
}

}  // namespace net_security_lobby_test_cases
