// `racetable join`: the shell's play screen in a terminal, the line-mode
// client (client/line_client.h) without one.
#include "app/commands.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "app/command_util.h"
#include "client/line_client.h"
#include "client/remote_table.h"
#include "client/shared_tables.h"
#include "core/input_limits.h"
#include "core/line_reader.h"
#include "net/lobby.h"
#include "net/sockets.h"
#include "net/table_files.h"
#include "net/talk.h"
#include "tui/shell/shell.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

int join(const JoinSettings& s) {
  if (s.watch && s.seat > 0) throw OptionError("give --seat or --watch, not both");
  check_table_name(s.table);
  const std::string dir = s.dir.empty() ? find_table_dir(s.table) : s.dir;
  const bool tty = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO);
  const bool line = s.line || !tty;
  Hello h =
      client::shell_hello(s.watch ? Role::Watch : Role::Play, s.seat, s.code, !s.ascii && utf8_locale());
  if (line) {
    h.board_w = 80;
    h.board_h = 30;
  }
  ::signal(SIGPIPE, SIG_IGN);
  Joined j = join_table(dir, s.table, h);
  JoinSettings settings = s;
  settings.dir = dir;
  settings.ascii = !h.unicode;
  // The finished game is kept in this player's own state directory (the host cannot write it).
  if (line)
    return client::run_line_client(
        j.conn, j.welcome,
        client::LineClientSettings{s.table, dir, setup::state_dir(), DataSource::embedded()});
  // In a terminal: the shell's own play screen (title and Tables after leaving).
  shell::ShellOptions so;
  so.shared = &client::shared_tables();
  so.ascii = s.ascii;
  auto joined = std::make_shared<Joined>(std::move(j));
  const std::string rejoin =
      rejoin_command(s.table, dir == default_table_dir() ? "" : dir, joined->welcome.value("seat", 0));
  so.open_table = [joined, rejoin, settings] {
    return client::make_remote_table(
        std::move(joined->conn), joined->welcome,
        client::RemoteSettings{
            settings.table, settings.dir, rejoin, {}, setup::state_dir(), DataSource::embedded()});
  };
  return shell::run(so);
}

}  // namespace rt::app
