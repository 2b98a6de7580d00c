// The shell's start (net/ssh_gateway.h): the child the session process
// forks execs a fresh program, so the shell begins with a clean memory
// image. Before, the forked child ran the shell in a copy of the session's
// memory: the host key, libssh's session keys and buffers stayed readable by
// whatever the shell did. The program is racetable-shell, which the listening
// process opened at start: it loads no libssh, OpenSSL, Kerberos or SQLite,
// so it starts in about half the CPU of racetable itself. The player's
// identity travels in the environment, never in argv (`ps` shows argv to
// every user).
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "core/types.h"
#include "net/confine.h"
#include "net/protocol.h"
#include "net/ssh_identity.h"
#include "net/ssh_internal.h"
#include "net/ssh_shell_env.h"
#include "net/table_broker.h"

namespace rt::net {
namespace {

constexpr const char* kSelf = "/proc/self/exe";
constexpr const char* kShellProgramName = "racetable-shell";

// Closes every descriptor from 3 up but those in `keep` (-1: none).
void close_all_but(std::array<int, 2> keep) {
  std::sort(keep.begin(), keep.end());
  unsigned from = 3;
  for (const int fd : keep) {
    if (fd < 3 || static_cast<unsigned>(fd) < from) continue;
    if (static_cast<unsigned>(fd) > from) ::close_range(from, static_cast<unsigned>(fd) - 1, 0);
    from = static_cast<unsigned>(fd) + 1;
  }
  ::close_range(from, ~0u, 0);
}

// Says why on the terminal (the player sees it) and ends the child.
[[noreturn]] void give_up(const char* what) {
  const std::string line =
      fmt::format("racetable: cannot start the game: {} ({})\r\n", what, std::strerror(errno));
  [[maybe_unused]] const ssize_t n = ::write(2, line.data(), line.size());
  ::_exit(126);
}

[[noreturn]] void exec_ssh_shell(const ShellProgram& program, const char* slave_name, const SshPlayer& player,
                                 const std::string& ssh_connection, int tables_fd) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGPIPE, SIGCHLD, SIGQUIT, SIGUSR1})
    std::signal(sig, SIG_DFL);
  ::alarm(0);
  ::setsid();
  const int slave = ::open(slave_name, O_RDWR);
  if (slave < 0) ::_exit(126);
  ::ioctl(slave, TIOCSCTTY, 0);
  for (int fd = 0; fd < 3; ++fd) ::dup2(slave, fd);
  // Nothing of the connection reaches the shell: not the socket, the
  // master, the listening process's report socket or anything else; only
  // the descriptor the session marked for the shell, if any. The program's
  // own descriptor is close-on-exec: the exec itself ends it.
  close_all_but({tables_fd > 2 ? tables_fd : -1, program.fd});
  if (tables_fd > 2) ::fcntl(tables_fd, F_SETFD, 0);  // kept across the exec
  ::clearenv();
  const std::string& home = player.home;
  ::setenv("TERM", player.term.c_str(), 1);
  ::setenv("LANG", player.utf8 ? "C.UTF-8" : "C", 1);
  ::setenv("HOME", home.c_str(), 1);
  ::setenv("XDG_STATE_HOME", (home + "/state").c_str(), 1);
  ::setenv("XDG_CONFIG_HOME", (home + "/config").c_str(), 1);
  ::setenv("XDG_RUNTIME_DIR", (home + "/run").c_str(), 1);
  ::setenv("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/games", 1);
  ::setenv("SSH_CONNECTION", ssh_connection.c_str(), 1);
  ::setenv(kPlayerVariable, player.name.c_str(), 1);
  if (player.guest) ::setenv(kGuestVariable, "1", 1);
  if (!player.fingerprint.empty()) ::setenv(kKeyVariable, player.fingerprint.c_str(), 1);
  if (!player.watch.empty()) ::setenv(kWatchVariable, player.watch.c_str(), 1);
  if (tables_fd > 2) ::setenv(kSshTablesFdVariable, std::to_string(tables_fd).c_str(), 1);
  ::umask(077);
  if (::chdir(home.c_str()) != 0) give_up("no home directory");
  if (program.fd >= 0) {
    std::string arg0 = kShellProgramName;
    char* argv[] = {arg0.data(), nullptr};
    ::fexecve(program.fd, argv, environ);
    give_up("cannot run racetable-shell");
  }
  char arg0[] = "racetable";
  std::string arg1 = kSshShellArgument;
  char* argv[] = {arg0, arg1.data(), nullptr};
  ::execve(kSelf, argv, environ);
  give_up("cannot run the program again");
}

}  // namespace

ShellProgram open_shell_program() {
  ShellProgram program;
  char self[4096];
  const ssize_t n = ::readlink(kSelf, self, sizeof self - 1);
  if (n <= 0) return program;
  const std::string here(self, static_cast<std::size_t>(n));
  const std::string dir = here.substr(0, here.rfind('/'));
  // Beside the program (a build tree, or both in one directory), else where
  // an install puts it: PREFIX/libexec/racetable beside PREFIX/games.
  for (const std::string& path :
       {dir + "/" + kShellProgramName, dir + "/../libexec/racetable/" + kShellProgramName}) {
    const int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st {};
    // Only a file that no other user could have written.
    const bool usable = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & S_IXUSR) != 0 &&
                        (st.st_uid == 0 || st.st_uid == ::geteuid()) &&
                        (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
    if (usable) {
      program.fd = fd;
      program.path = path;
      return program;
    }
    ::close(fd);
  }
  return program;
}

ShellChild start_ssh_shell(const ShellProgram& program, const SshPlayer& player,
                           const std::string& ssh_connection, int tables_fd, int cols, int rows) {
  ShellChild out;
  out.master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  char slave_name[128] = "";
  if (out.master < 0 || ::grantpt(out.master) != 0 || ::unlockpt(out.master) != 0 ||
      ::ptsname_r(out.master, slave_name, sizeof slave_name) != 0)
    throw UserError("cannot make a pseudo-terminal");
  winsize ws{};
  ws.ws_col = static_cast<unsigned short>(cols);
  ws.ws_row = static_cast<unsigned short>(rows);
  ::ioctl(out.master, TIOCSWINSZ, &ws);
  out.pid = ::fork();
  if (out.pid < 0) throw UserError("cannot start the shell (fork failed)");
  if (out.pid == 0) exec_ssh_shell(program, slave_name, player, ssh_connection, tables_fd);
  ::fcntl(out.master, F_SETFL, ::fcntl(out.master, F_GETFL) | O_NONBLOCK);
  return out;
}

}  // namespace rt::net
