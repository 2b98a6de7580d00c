// The shell's own start (net/ssh_gateway.h, run_ssh_shell_process): in the
// program the session process exec'd (racetable-shell, or racetable as
// kSshShellArgument), the player taken from the environment, the process
// confined, and the shell run. Nothing here needs libssh or SQLite.
#include <sys/prctl.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

#include "core/types.h"
#include "net/confine.h"
#include "net/protocol.h"
#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"
#include "net/ssh_shell_env.h"

namespace rt::net {
namespace {

// A guest's name as the session makes it: guest-N.
bool guest_name(const std::string& name) {
  if (name.size() < 7 || name.size() > 12 || name.rfind("guest-", 0) != 0) return false;
  for (std::size_t i = 6; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

}  // namespace

int run_ssh_shell_process(const SshShell& shell) {
  SshPlayer player;
  const char* name = std::getenv(kPlayerVariable);
  player.name = name ? name : "";
  player.guest = std::getenv(kGuestVariable) != nullptr;
  if (const char* key = std::getenv(kKeyVariable)) player.fingerprint = key;
  const bool named = player.guest ? guest_name(player.name) : player_name_problem(player.name).empty();
  if (!named) {
    std::fprintf(stderr,
                 "racetable: a player's shell is started by `racetable serve --ssh` for a logged-in player, "
                 "not by hand\n");
    return 2;
  }
  // Exec'd from a descriptor, the kernel names the process after its
  // number; `top` and `ps -e` show this instead.
  ::prctl(PR_SET_NAME, "racetable-shell");
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
