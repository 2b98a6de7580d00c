// The SSH server's table process (`serve --ssh`): one process, forked by the
// listening process at start (and again if it dies), that serves every table
// hosted from an SSH session with a Hub (net/hub.h). libssh never runs in it.
//
// It hears from the listening process on `control_fd` (a SOCK_SEQPACKET
// socket): each logged-in session's end of its tables pair, with who logged
// in ({"type":"player","name","key","guest"} and the descriptor). Over that
// descriptor the session's shell lists tables, hosts one and connects to one
// (net/table_broker.h, docs/PROTOCOL.md); a connection is a socket pair whose
// one end is handed to the table's Server with the player's key as their
// identity. Tables are saved in STATE/tables (NAME.save, NAME.table: host
// and access) and come back from there when the process starts again. Its
// log lines go to the listening process ({"type":"log","line"}).
#pragma once

#include <functional>
#include <string>

namespace rt::net {

struct TableProcessSettings {
  std::string state_dir;  // the SSH server's: tables/ and players/ are in it
  int pace_ms = 800;      // after each computer decision
  int grace_ms = 30000;   // a computer stands in for a person away this long
};

// Serves until SIGINT or SIGTERM (every table saved), or until the control
// socket closes (the listening process is gone). Returns the exit code.
int run_table_process(int control_fd, const TableProcessSettings& settings);

}  // namespace rt::net
