// Inside the SSH server (net/ssh_gateway.h): what the listening process,
// the session processes and the registry share, with libssh's types.
#pragma once

#include <sys/types.h>

#include <string>

#include <libssh/libssh.h>
#include <libssh/server.h>

#include "net/ssh_gateway.h"
#include "net/ssh_identity.h"

namespace rt::net {

// strerror(errno), for the SSH server's log lines.
std::string errno_text();

PlayerKey player_key_of(ssh_key key);
// The host key (made on first use); the caller owns it.
ssh_key load_host_key(const std::string& state_dir, HostKeyFile* info);

// Reports from a session process to the listening process: one datagram
// each, "KIND\tPID\tTEXT" (at most kMaxReport bytes), on a socket the
// listening process reads. KIND:
//   K  a key was offered (TEXT: its fingerprint)
//   A  logged in (TEXT: name \t fingerprint)
//   R  a refusal to log (TEXT: what \t line), counted per address and what
//   L  a line to log as it is
inline constexpr std::size_t kMaxReport = 1024;

// The program a player's shell runs: racetable-shell, opened (O_PATH) by
// the listening process at start, beside this program or in
// ../libexec/racetable; the sessions exec that descriptor, so no path is
// looked up, nor can be swapped, at a login. fd -1: not found, and the
// shell is this program as kSshShellArgument.
struct ShellProgram {
  int fd = -1;
  std::string path;  // as found, for the log
};
ShellProgram open_shell_program();

// What the listening process hands a session process it forked.
struct SessionStart {
  int fd = -1;         // the accepted connection
  int report_fd = -1;  // where reports go
  // The session's end of its tables pair (net/table_broker.h): the shell
  // gets it as descriptor 3, named in RACETABLE_TABLES_FD (-1: none).
  int tables_fd = -1;
  ssh_bind bind = nullptr;
  std::string address;  // the client's, as logged
  std::string client_port;
  std::string full;  // "" or why no session may start now (said after the key exchange)
  int local_port = 0;
  std::string local_address;
  const SshServerSettings* settings = nullptr;
  ShellProgram shell;  // the listening process's descriptor, inherited
};

// The session process: never returns.
[[noreturn]] void run_ssh_session(SessionStart start);

// The shell of a logged-in player (net/ssh_shell_exec.cpp): a new
// pseudo-terminal of cols x rows, and a child on it that closes every other
// descriptor but `tables_fd` (-1: none; else its number goes in
// kSshTablesFdVariable), sets the player's environment and execs `program`.
// Throws UserError when it cannot.
struct ShellChild {
  int master = -1;  // non-blocking
  pid_t pid = -1;
};
ShellChild start_ssh_shell(const ShellProgram& program, const SshPlayer& player,
                           const std::string& ssh_connection, int tables_fd, int cols, int rows);

}  // namespace rt::net
