// Who may sit at a shared table: private to its host by default, a group
// opens it, a join code and peer credentials keep others out (a server and
// scripted clients in one process, over real Unix sockets).
#include <catch2/catch.hpp>

#include <grp.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_access_test_cases {

using namespace nettest;

namespace {

// Serves the table until the forked child (another user's client) exits, and
// returns its wait status. A wall-clock bound, not a count of rounds: under
// ASan on a busy machine no fixed count of rounds is enough. Kills a child
// still running after 60 s (the status then says it was killed).
int pump_until_exit(Harness& h, pid_t child) {
  int status = -1;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    h.pump();
    if (::waitpid(child, &status, WNOHANG) == child) return status;
    ::usleep(1000);
  }
  ::kill(child, SIGKILL);
  ::waitpid(child, &status, 0);
  return status;
}

}  // namespace

TEST_CASE(
    "Shared table: private by default, a group opens it, a join code and peer credentials keep others out",
    "[net]") {
  SECTION("private: directory 0700, socket 0600") {
    Harness h;
    h.start(new_table("go-wacky", {"human", "normal"}, 1), h.options());
    struct stat st {};
    REQUIRE(::stat(h.sock_dir().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0700);
    REQUIRE(::stat(h.server->socket_path().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600);
    CHECK(S_ISSOCK(st.st_mode));
  }
  SECTION("a group: directory 0750 (members enter, never write), socket 0660, both of that group") {
    Harness h;
    ServerOptions o = h.options();
    o.group_set = true;
    o.group = ::getgid();
    o.group_name = "mine";
    h.start(new_table("go-wacky", {"human", "normal"}, 1), o);
    struct stat st {};
    REQUIRE(::stat(h.sock_dir().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0750);
    CHECK(st.st_gid == ::getgid());
    REQUIRE(::stat(h.server->socket_path().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0660);
    CHECK(st.st_gid == ::getgid());
  }
  SECTION("a group member is let in by the groups of its process, a non-member is refused") {
    if (::geteuid() != 0) {
      WARN("not root: cannot act as another user here");
      return;
    }
    Harness h;
    ServerOptions o = h.options();
    o.group_set = true;
    o.group = 4242;  // a group nobody is in: only the test's child joins it
    o.group_name = "players";
    h.start(new_table("go-wacky", {"human", "human"}, 1), o);
    ::chmod(h.dir.path.c_str(), 0755);
    auto try_as = [&](bool member) {
      const pid_t child = ::fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        const gid_t groups[1] = {4242};
        if (::setgroups(member ? 1 : 0, groups) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
          ::_exit(3);
        std::string err;
        const int fd = connect_unix(socket_path(h.sock_dir(), "t"), err);
        if (fd < 0) ::_exit(member ? 4 : 0);  // the socket's mode keeps a non-member out
        const std::string hello = frame(to_json(play_hello(0)));
        // send, not write: a server that refuses closes first, and write's SIGPIPE would kill us
        if (::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL) < 0) ::_exit(6);
        char buf[4096];
        std::string got;
        for (;;) {
          const ssize_t n = ::read(fd, buf, sizeof buf);
          if (n <= 0) break;
          got.append(buf, static_cast<std::size_t>(n));
          if (got.find("welcome") != std::string::npos) ::_exit(member ? 0 : 5);
        }
        ::_exit(member ? 7 : 0);
      }
      const int status = pump_until_exit(h, child);
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    CHECK(try_as(true) == 0);
    CHECK(log_has(h, "(uid 65534, pid"));
    CHECK(log_has(h, "takes seat 1 (" + user_name(65534) + ")"));
    CHECK(try_as(false) == 0);
  }
  SECTION("a join code") {
    Harness h;
    ServerOptions o = h.options();
    o.code = "tortoise";
    h.start(new_table("go-wacky", {"human", "human"}, 1), o);
    auto none = connect(h, play_hello(1));
    CHECK_THAT(none->st.error(), Catch::Contains("needs a join code"));
    auto wrong = connect(h, play_hello(1, "hare"));
    CHECK_THAT(wrong->st.error(), Catch::Contains("wrong join code"));
    auto spy = connect(h, watch_hello());
    CHECK_THAT(spy->st.error(), Catch::Contains("needs a join code"));
    auto right = connect(h, play_hello(1, "tortoise"));
    CHECK(right->welcome["seat"] == 1);
    // The listing is public, the same without the code as with it: seats and who sits
    // there, that a code is needed; never the code or the seed.
    Hello info;
    info.role = Role::Info;
    auto lister = connect(h, info);
    for (int i = 0; i < 5; ++i) {
      h.pump();
      lister->poll();
    }
    const std::string sent = h.sent[lister->server_id];
    CHECK_THAT(sent, Catch::Contains("\"code\":true"));
    CHECK_THAT(sent, Catch::Contains("\"name\":\"" + user_name(::getuid()) + "\""));
    CHECK_THAT(sent, !Catch::Contains("tortoise") && !Catch::Contains("seed"));
  }
  SECTION("another user is refused by peer credentials even when the socket lets them connect") {
    if (::geteuid() != 0) {
      WARN("not root: cannot act as another user here");
      return;
    }
    Harness h;
    h.start(new_table("go-wacky", {"human", "human"}, 1), h.options());
    ::chmod(h.dir.path.c_str(), 0777);
    ::chmod(h.sock_dir().c_str(), 0777);
    ::chmod(h.server->socket_path().c_str(), 0666);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(3);
      std::string err;
      const int fd = connect_unix(socket_path(h.sock_dir(), "t"), err);
      if (fd < 0) ::_exit(4);
      const std::string hello = frame(to_json(play_hello(1)));
      // The server may refuse and close before this is sent: an error here, never SIGPIPE.
      if (::send(fd, hello.data(), hello.size(), MSG_NOSIGNAL) < 0) ::_exit(0);
      char buf[4096];
      std::string got;
      for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n <= 0) break;
        got.append(buf, static_cast<std::size_t>(n));
      }
      ::_exit(got.find("welcome") == std::string::npos ? 0 : 5);
    }
    const int status = pump_until_exit(h, child);
    INFO("the other user's client ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(log_has(h, "(uid 65534, pid"));
    CHECK(log_has(h, "not allowed at this table"));
    CHECK_FALSE(h.server->table().seats().empty());
    CHECK(h.server->connected() == 0);
  }
}

}  // namespace net_access_test_cases
