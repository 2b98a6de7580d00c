// The shell's start (net/ssh_gateway.h, kSshShellArgument): the child the
// session process forks execs this very program, so the shell begins with
// a clean memory image. Before, the forked child ran the shell in a copy of
// the session's memory: the host key, libssh's session keys and buffers
// stayed readable by whatever the shell did. The player's identity travels
// in the environment, never in argv (`ps` shows argv to every user).
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

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
#include "net/table_broker.h"

namespace rt::net {
namespace {

constexpr const char* kPlayerVariable = "RACETABLE_SSH_PLAYER";  // the name (or guest-N)
constexpr const char* kGuestVariable = "RACETABLE_SSH_GUEST";    // "1" for a guest
constexpr const char* kKeyVariable = "RACETABLE_SSH_KEY";        // the key's fingerprint
constexpr const char* kWatchVariable = "RACETABLE_SSH_WATCH";    // the table `ssh -t HOST watch TABLE` names
constexpr const char* kSelf = "/proc/self/exe";

// Says why on the terminal (the player sees it) and ends the child.
[[noreturn]] void give_up(const char* what) {
  const std::string line =
      fmt::format("racetable: cannot start the game: {} ({})\r\n", what, std::strerror(errno));
  [[maybe_unused]] const ssize_t n = ::write(2, line.data(), line.size());
  ::_exit(126);
}

// A guest's name as the session makes it: guest-N.
bool guest_name(const std::string& name) {
  if (name.size() < 7 || name.size() > 12 || name.rfind("guest-", 0) != 0) return false;
  for (std::size_t i = 6; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

[[noreturn]] void exec_ssh_shell(const char* slave_name, const SshPlayer& player,
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
  // the descriptor the session marked for the shell, if any.
  if (tables_fd > 2) {
    ::close_range(3, static_cast<unsigned>(tables_fd) - 1, 0);
    ::close_range(static_cast<unsigned>(tables_fd) + 1, ~0u, 0);
    ::fcntl(tables_fd, F_SETFD, 0);  // kept across the exec
  } else {
    ::close_range(3, ~0u, 0);
  }
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
  char arg0[] = "racetable";
  std::string arg1 = kSshShellArgument;
  char* argv[] = {arg0, arg1.data(), nullptr};
  ::execve(kSelf, argv, environ);
  give_up("cannot run the program again");
}

}  // namespace

ShellChild start_ssh_shell(const SshPlayer& player, const std::string& ssh_connection, int tables_fd,
                           int cols, int rows) {
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
  if (out.pid == 0) exec_ssh_shell(slave_name, player, ssh_connection, tables_fd);
  ::fcntl(out.master, F_SETFL, ::fcntl(out.master, F_GETFL) | O_NONBLOCK);
  return out;
}

int run_ssh_shell_process(const SshShell& shell) {
  SshPlayer player;
  const char* name = std::getenv(kPlayerVariable);
  player.name = name ? name : "";
  player.guest = std::getenv(kGuestVariable) != nullptr;
  if (const char* key = std::getenv(kKeyVariable)) player.fingerprint = key;
  const bool named = player.guest ? guest_name(player.name) : player_name_problem(player.name).empty();
  if (!named) {
    std::fprintf(stderr,
                 "racetable: %s is started by `racetable serve --ssh` for a logged-in player, not by hand\n",
                 kSshShellArgument);
    return 2;
  }
  // Only a table name is taken (the session checked it; so does this).
  if (const char* watch = std::getenv(kWatchVariable); watch && *watch)
    if (table_name_problem(watch).empty()) player.watch = watch;
  // Nothing the shell starts needs them.
  for (const char* v : {kPlayerVariable, kGuestVariable, kKeyVariable, kWatchVariable}) ::unsetenv(v);
  if (const char* home = std::getenv("HOME")) player.home = home;
  if (const char* term = std::getenv("TERM")) player.term = term;
  if (const char* conn = std::getenv("SSH_CONNECTION")) {
    const std::string c = conn;
    player.address = c.substr(0, c.find(' '));
  }
  const char* lang = std::getenv("LANG");
  player.utf8 = lang && std::string_view(lang) == "C.UTF-8";
  int code = 1;
  try {
    // Before a key of the player's is read: their own directory and the
    // program's files, no exec, no new socket.
    if (player.home.empty()) throw UserError("no home directory");
    confine(shell_paths(player.home), SyscallProfile::Shell);
    code = shell(player);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "racetable: %s\r\n", printable(e.what(), 200).c_str());
  }
  std::fflush(nullptr);
  return code;
}

}  // namespace rt::net
