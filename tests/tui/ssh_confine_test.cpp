// Confinement tried from inside (net/confine.h): a forked child takes the
// same confinement a session process, a player's shell or the table process
// takes in the server, then tries what none of them may. On a kernel without
// Landlock or seccomp the cases say so and check only what is there.
#include <fcntl.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/types.h"
#include "net/confine.h"
#include "net/ssh_identity.h"
#include "tests/harness/temp_dir.h"

using namespace rt;
using namespace rt::net;

namespace {

struct ConfineTempDir : rt::test::TempDir {
  ConfineTempDir() : TempDir("confine") {}
};

PlayerKey test_key(int n) {
  PlayerKey k;
  k.type = "ssh-ed25519";
  k.base64 = fmt::format("AAAAC3NzaC1lZDI1NTE5AAAAI{:020d}", n);
  k.sha256_hex = fmt::format("{:064x}", 2000 + n);
  k.fingerprint = fmt::format("SHA256:confine{}", n);
  return k;
}

// A state directory as the server leaves it: the host key, and two players.
struct ServerState {
  ConfineTempDir dir;
  std::string state = dir.path + "/state";
  std::string host_key;
  std::string ana, bob;
  ServerState() {
    host_key = ensure_host_key(state).path;
    PlayerRegistry registry(state);
    REQUIRE(registry.login(test_key(1), "ana").ok());
    REQUIRE(registry.login(test_key(2), "bob").ok());
    ana = registry.player_dir("ana");
    bob = registry.player_dir("bob");
    std::filesystem::create_directories(state + "/tables");
    std::filesystem::create_directories(state + "/sessions");
    std::filesystem::create_directories(state + "/guests");
    std::filesystem::create_directories(state + "/banned");
  }
};

// Runs `body` in a forked child and returns what it wrote ("" all went as it should).
std::string in_child(const std::function<std::string()>& body) {
  int out[2];
  REQUIRE(::pipe(out) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(out[0]);
    std::string said;
    try {
      said = body();
    } catch (const std::exception& e) {
      said = std::string("threw: ") + e.what();
    }
    [[maybe_unused]] const ssize_t n = ::write(out[1], said.data(), said.size());
    ::_exit(0);
  }
  ::close(out[1]);
  std::string said;
  char buf[512];
  ssize_t n;
  while ((n = ::read(out[0], buf, sizeof buf)) > 0) said.append(buf, static_cast<std::size_t>(n));
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    said += fmt::format(" (the child ended with status {:#x})", status);
  return said;
}

// True when the kernel confines fully; else says what is missing.
bool kernel_confines() {
  const ConfineSupport s = confine_support();
  if (s.landlock_abi > 0 && s.seccomp) return true;
  WARN("this kernel lacks a part of the confinement: " << confine_support_line(s));
  return false;
}

bool can_write_in(const std::string& dir) {
  const std::string path = dir + "/written";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  ::close(fd);
  return ::unlink(path.c_str()) == 0;
}

}  // namespace

TEST_CASE("A session process registers a new key confined, yet never opens the host key", "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  const std::string said = in_child([&] {
    confine(session_paths(s.state, -1), SyscallProfile::Session);
    std::string got;
    PlayerRegistry registry(s.state);
    if (!registry.login(test_key(3), "cid").ok()) got += "could not register cid; ";
    if (!registry.login(test_key(1), "ana").ok()) got += "could not log ana in; ";
    if (const int fd = ::open(s.host_key.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0)
      got += "opened the host key; ";
    if (const int fd = ::open(s.state.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd >= 0)
      got += "listed the state directory; ";
    if (const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0); fd >= 0) got += "opened a socket; ";
    return got;
  });
  CHECK(said == "");
}

TEST_CASE(
    "A logged-in session opens no host key and no other player's directory, runs nothing else, opens no "
    "socket",
    "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  const std::string said = in_child([&] {
    confine(session_paths(s.state, -1), SyscallProfile::Session);
    narrow(player_session_paths(s.ana, -1));
    std::string got;
    if (!can_write_in(s.ana)) got += "could not write in its own directory; ";
    got += confined_attempts(s.host_key, s.bob, "/bin/true");
    return got;
  });
  CHECK(said == "");
}

TEST_CASE(
    "A session's shell confined: its own directory only; no host key, no other player, no exec, no "
    "socket",
    "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  const std::string said = in_child([&] {
    // As in the server: the session's layers, then the shell's own.
    confine(session_paths(s.state, -1), SyscallProfile::Session);
    narrow(player_session_paths(s.ana, -1));
    forbid_exec();
    confine(shell_paths(s.ana), SyscallProfile::Shell);
    std::string got;
    if (!can_write_in(s.ana)) got += "could not write in its own directory; ";
    if (const int fd = ::open("/usr/share/terminfo", O_RDONLY | O_DIRECTORY | O_CLOEXEC); fd < 0)
      got += "could not read terminfo; ";
    else
      ::close(fd);
    got += confined_attempts(s.host_key, s.bob, "/bin/true");
    // Not even this program again.
    got += confined_attempts(s.host_key, s.bob, "/proc/self/exe");
    return got;
  });
  CHECK(said == "");
}

TEST_CASE("A guest's session empties its own directory at the end, and touches no other guest's",
          "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  const std::string mine = s.state + "/guests/1";
  const std::string other = s.state + "/guests/2";
  std::filesystem::create_directories(mine + "/state");
  std::filesystem::create_directories(other + "/state");
  const std::string said = in_child([&] {
    confine(session_paths(s.state, -1), SyscallProfile::Session);
    narrow(player_session_paths(mine, -1));
    std::string got;
    if (::rmdir((other + "/state").c_str()) == 0) got += "removed another guest's directory; ";
    remove_tree(mine);
    return got;
  });
  CHECK(said == "");
  CHECK(std::filesystem::is_empty(mine));  // the listening process removes it
  CHECK(std::filesystem::exists(other + "/state"));
}

TEST_CASE("The table process writes tables and players' state, never the host key; no exec, no socket",
          "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  const std::string said = in_child([&] {
    confine(table_paths(s.state), SyscallProfile::Tables);
    std::string got;
    if (!can_write_in(s.state + "/tables")) got += "could not write a table; ";
    if (!can_write_in(s.bob)) got += "could not write a player's state; ";
    if (PlayerRegistry(s.state).names().size() != 2) got += "could not list the players; ";
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
      got += "could not make a socket pair; ";
    got += confined_attempts(s.host_key, s.state + "/no-such", "/bin/true");
    return got;
  });
  CHECK(said == "");
}

TEST_CASE(
    "A confined shell that reaches for another process's memory or a mount is killed; a namespace is "
    "refused",
    "[ssh][security]") {
  const ServerState s;
  if (!kernel_confines()) return;
  // Refused, not killed: a library may try these and go on.
  CHECK(in_child([&] {
          confine(shell_paths(s.ana), SyscallProfile::Shell);
          std::string got;
          if (::syscall(SYS_unshare, CLONE_NEWUSER) == 0 || errno != EPERM)
            got += "unshare was not refused; ";
          if (::syscall(SYS_socket, AF_UNIX, SOCK_STREAM, 0) >= 0) got += "socket was not refused; ";
          return got;
        }) == "");
  for (const long call : {static_cast<long>(SYS_process_vm_readv), static_cast<long>(SYS_mount)}) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        confine(shell_paths(s.ana), SyscallProfile::Shell);
      } catch (const std::exception&) {
        ::_exit(3);
      }
      ::syscall(call, 0, 0, 0, 0, 0, 0);
      ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    INFO("system call " << call);
    CHECK(WIFSIGNALED(status));
    CHECK((WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS));
  }
}

TEST_CASE("A kernel without Landlock or seccomp is said in one line, naming what it lacks", "[ssh]") {
  CHECK(confine_support_line({5, true}) == "");
  CHECK_THAT(confine_support_line({0, true}), Catch::Contains("lacks Landlock:"));
  CHECK_THAT(confine_support_line({3, false}), Catch::Contains("lacks seccomp:"));
  CHECK_THAT(confine_support_line({0, false}), Catch::Contains("lacks Landlock and seccomp"));
  CHECK(confine_support_line({0, false}).find('\n') == std::string::npos);
}
