// The shell's start (net/ssh_shell_exec.cpp) from a session: what the
// exec'd program is given, and what starting it costs the session.
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "net/ssh_internal.h"
#include "tests/harness/temp_dir.h"

using namespace rt;
using namespace rt::net;

namespace {

SshPlayer test_player(const std::string& home) {
  SshPlayer p;
  p.name = "ana";
  p.fingerprint = "SHA256:abc";
  p.home = home;
  p.term = "xterm-256color";
  return p;
}

ShellProgram program_at(const char* path) {
  ShellProgram program;
  program.fd = ::open(path, O_PATH | O_CLOEXEC);
  program.path = path;
  return program;
}

// Everything the child writes on its terminal until it ends.
std::string read_until_end(int master) {
  std::string out;
  for (;;) {
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 5000) <= 0) break;
    char buf[4096];
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has closed the terminal
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

long minor_faults() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return ru.ru_minflt;
}

}  // namespace

TEST_CASE("SSH: the shell is given only the player's environment, whatever the session's", "[ssh]") {
  test::TempDir home("shellstart");
  ::setenv("RACETABLE_TEST_LEAK", "1", 1);
  const ShellProgram env = program_at("/usr/bin/env");
  REQUIRE(env.fd >= 0);
  int pair[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0);
  const ShellChild child =
      start_ssh_shell(env, test_player(home.path), "127.0.0.9 5000 127.0.0.1 22", pair[1], 80, 24);
  const std::string out = read_until_end(child.master);
  int status = 0;
  REQUIRE(::waitpid(child.pid, &status, 0) == child.pid);
  ::unsetenv("RACETABLE_TEST_LEAK");
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.find("RACETABLE_SSH_PLAYER=ana") != std::string::npos);
  CHECK(out.find("RACETABLE_SSH_KEY=SHA256:abc") != std::string::npos);
  CHECK(out.find("HOME=" + home.path) != std::string::npos);
  CHECK(out.find("XDG_STATE_HOME=" + home.path + "/state") != std::string::npos);
  CHECK(out.find("TERM=xterm-256color") != std::string::npos);
  CHECK(out.find("SSH_CONNECTION=127.0.0.9 5000 127.0.0.1 22") != std::string::npos);
  CHECK(out.find("RACETABLE_TABLES_FD=" + std::to_string(pair[1])) != std::string::npos);
  CHECK(out.find("RACETABLE_SSH_GUEST") == std::string::npos);
  CHECK(out.find("RACETABLE_TEST_LEAK") == std::string::npos);
  ::close(child.master);
  ::close(pair[0]);
  ::close(pair[1]);
  ::close(env.fd);
}

TEST_CASE("SSH: starting the shell makes none of the session's memory copy-on-write", "[ssh]") {
  test::TempDir home("shellstart");
  const ShellProgram program = program_at("/bin/true");
  REQUIRE(program.fd >= 0);
  // 32 MiB the session has written: a fork would make each of its 8,192
  // pages fault again at the next write.
  std::vector<char> memory(32u << 20, 1);
  const long before = minor_faults();
  const ShellChild child = start_ssh_shell(program, test_player(home.path), "", -1, 80, 24);
  int status = 0;
  REQUIRE(::waitpid(child.pid, &status, 0) == child.pid);
  for (std::size_t i = 0; i < memory.size(); i += 4096) memory[i] = 2;
  const long faults = minor_faults() - before;
  CHECK(WIFEXITED(status));
  CHECK(faults < 1000);
  ::close(child.master);
  ::close(program.fd);
}

TEST_CASE("SSH: a shell program that cannot run is said on the player's terminal", "[ssh]") {
  test::TempDir home("shellstart");
  ShellProgram program = program_at(home.path.c_str());  // a directory: exec fails
  REQUIRE(program.fd >= 0);
  const ShellChild child = start_ssh_shell(program, test_player(home.path), "", -1, 80, 24);
  const std::string out = read_until_end(child.master);
  int status = 0;
  REQUIRE(::waitpid(child.pid, &status, 0) == child.pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 126);
  CHECK(out.find("racetable: cannot start the game: cannot run racetable-shell") != std::string::npos);
  ::close(child.master);
  ::close(program.fd);
}
