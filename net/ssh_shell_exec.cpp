// The shell's start (net/ssh_gateway.h): the child the session process
// starts execs a fresh program, so the shell begins with a clean memory
// image. Before, the forked child ran the shell in a copy of the session's
// memory: the host key, libssh's session keys and buffers stayed readable by
// whatever the shell did. The program is racetable-shell, which the listening
// process opened at start: it loads no libssh, OpenSSL, Kerberos or SQLite,
// so it starts in about half the CPU of racetable itself. The player's
// identity travels in the environment, never in argv (`ps` shows argv to
// every user).
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/types.h"
#include "net/close_fds.h"
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

// Everything the child needs, made before it starts: it shares the
// session's memory until its exec, so it may not allocate or change it.
struct ShellPlan {
  const char* slave_name = nullptr;
  int tables_fd = -1;
  int program_fd = -1;
  const char* home = nullptr;
  char* const* argv = nullptr;
  char* const* envp = nullptr;
  sigset_t mask{};  // the session's own, restored before the exec
};

void write_all(int fd, const char* text) {
  [[maybe_unused]] const ssize_t n = ::write(fd, text, std::strlen(text));
}

// Says why on the terminal (the player sees it) and ends the child.
[[noreturn]] void give_up(const char* what) {
  const char* why = ::strerrordesc_np(errno);
  write_all(2, "racetable: cannot start the game: ");
  write_all(2, what);
  write_all(2, " (");
  write_all(2, why ? why : "unknown error");
  write_all(2, ")\r\n");
  ::_exit(126);
}

// The child, between clone and exec: system calls only.
int exec_ssh_shell(void* arg) {
  const ShellPlan& plan = *static_cast<const ShellPlan*>(arg);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGPIPE, SIGCHLD, SIGQUIT, SIGUSR1})
    ::sigaction(sig, &dfl, nullptr);
  ::alarm(0);
  ::setsid();
  const int slave = ::open(plan.slave_name, O_RDWR);
  if (slave < 0) ::_exit(126);
  ::ioctl(slave, TIOCSCTTY, 0);
  for (int fd = 0; fd < 3; ++fd) ::dup2(slave, fd);
  // Nothing of the connection reaches the shell: not the socket, the
  // master, the listening process's report socket or anything else; only
  // the descriptor the session marked for the shell, if any. The program's
  // own descriptor is close-on-exec: the exec itself ends it.
  close_all_but({plan.tables_fd, plan.program_fd});
  if (plan.tables_fd > 2) ::fcntl(plan.tables_fd, F_SETFD, 0);  // kept across the exec
  ::umask(077);
  if (::chdir(plan.home) != 0) give_up("no home directory");
  ::sigprocmask(SIG_SETMASK, &plan.mask, nullptr);
  if (plan.program_fd >= 0) {
    ::fexecve(plan.program_fd, plan.argv, plan.envp);
    give_up("cannot run racetable-shell");
  }
  ::execve(kSelf, plan.argv, plan.envp);
  give_up("cannot run the program again");
}

// The shell's whole environment (it starts with nothing of the session's).
std::vector<std::string> shell_environment(const SshPlayer& player, const std::string& ssh_connection,
                                           int tables_fd) {
  const std::string& home = player.home;
  std::vector<std::string> env = {
      "TERM=" + player.term,
      std::string("LANG=") + (player.utf8 ? "C.UTF-8" : "C"),
      "HOME=" + home,
      "XDG_STATE_HOME=" + home + "/state",
      "XDG_CONFIG_HOME=" + home + "/config",
      "XDG_RUNTIME_DIR=" + home + "/run",
      "PATH=/usr/local/bin:/usr/bin:/bin:/usr/games",
      "SSH_CONNECTION=" + ssh_connection,
      fmt::format("{}={}", kPlayerVariable, player.name),
  };
  if (player.guest) env.push_back(fmt::format("{}=1", kGuestVariable));
  if (!player.fingerprint.empty()) env.push_back(fmt::format("{}={}", kKeyVariable, player.fingerprint));
  if (!player.watch.empty()) env.push_back(fmt::format("{}={}", kWatchVariable, player.watch));
  if (tables_fd > 2) env.push_back(fmt::format("{}={}", kSshTablesFdVariable, tables_fd));
  return env;
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
  std::vector<std::string> env = shell_environment(player, ssh_connection, tables_fd);
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::string arg0 = program.fd >= 0 ? kShellProgramName : "racetable";
  std::string arg1 = kSshShellArgument;
  char* argv[] = {arg0.data(), program.fd >= 0 ? nullptr : arg1.data(), nullptr};
  ShellPlan plan;
  plan.slave_name = slave_name;
  plan.tables_fd = tables_fd;
  plan.program_fd = program.fd;
  plan.home = player.home.c_str();
  plan.argv = argv;
  plan.envp = envp.data();
  // The child shares this process's memory until its exec (CLONE_VM, the
  // session waiting: CLONE_VFORK), so no page of the session is copied or
  // made copy-on-write for a process that is about to replace it. Every
  // signal stays blocked until the child has set its handlers to default.
  sigset_t all;
  ::sigfillset(&all);
  ::sigprocmask(SIG_SETMASK, &all, &plan.mask);
  constexpr std::size_t kChildStack = 64 * 1024;
  std::vector<std::byte> stack(kChildStack);
  out.pid = ::clone(exec_ssh_shell, stack.data() + stack.size(), CLONE_VM | CLONE_VFORK | SIGCHLD, &plan);
  const int clone_errno = errno;
  ::sigprocmask(SIG_SETMASK, &plan.mask, nullptr);
  errno = clone_errno;
  if (out.pid < 0) throw UserError("cannot start the shell (clone failed)");
  ::fcntl(out.master, F_SETFL, ::fcntl(out.master, F_GETFL) | O_NONBLOCK);
  return out;
}

}  // namespace rt::net
