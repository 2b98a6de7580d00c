// What an SSH player runs: the shell, in a fresh process that the session
// started on its pseudo-terminal (stdio, environment and directories set by
// the session: net/ssh_shell_exec.cpp). Its own library, linked into
// racetable-shell and racetable alike, so the shell's program needs neither
// libssh nor SQLite.
#include <cstdlib>
#include <memory>

#include "app/commands.h"
#include "client/ssh_tables.h"
#include "core/types.h"
#include "net/ssh_gateway.h"
#include "net/ssh_limits.h"
#include "tui/shell/shell.h"

namespace rt::app {
namespace {

int player_shell(const net::SshPlayer& player) {
  // The session took TERM through terminal_name() and logged a change; a
  // shell started some other way is held to the same.
  const char* term = std::getenv("TERM");
  ::setenv("TERM", net::terminal_name(term ? term : "").c_str(), 1);
  shell::ShellOptions options;
  options.player_name = player.name;
  options.no_commands = true;
  options.window_limit = {net::kMaxShellColumns, net::kMaxShellRows};
  // Shared tables are the server's (its table process, net/table_process.h),
  // reached over the descriptor the listening process gave this session.
  std::unique_ptr<shell::SharedTables> tables;
  if (const int fd = client::take_tables_fd(); fd >= 0) tables = client::make_ssh_shared_tables(fd);
  options.shared = tables.get();
  // `ssh -t HOST watch TABLE`: straight to watching it (a table gone or not
  // to be watched is said in one line, and the session ends with status 1).
  if (!player.watch.empty()) {
    if (!tables) throw UserError("the server's tables are not reachable now");
    options.open_table = client::ssh_watch_opener(*tables, player.watch, player.utf8, player.name);
  }
  return shell::run(options);
}

}  // namespace

int ssh_session_shell() {
  return net::run_ssh_shell_process(player_shell);
}

}  // namespace rt::app
