// A shared table as the shell's play screen sees it: the socket to a table
// server and what it has said (ClientState). The server renders this
// viewer's screen model, so nothing here ever holds another seat's secrets;
// this class only turns the model into the PlayTable the screen draws, and
// keys into "act" messages.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/data.h"
#include "net/client.h"
#include "tui/shell/clock.h"
#include "tui/shell/play_table.h"

namespace rt::client {

struct RemoteSettings {
  std::string table;   // its name
  std::string dir;     // its socket directory
  std::string rejoin;  // the command that comes back to this seat
  // Tests: runs the in-process server before each read (its clock is fake),
  // and makes wake_at() poll since nothing wakes a fake terminal.
  std::function<void()> pump;
  // Where the finished game the table sends is kept (client/finished_copy.h):
  // this player's own state directory ("": not kept here) and the data to replay it with.
  std::string state_dir = {};
  DataSource data = DataSource::embedded();
};

// `conn` has said hello and received `welcome` (join_table()).
std::unique_ptr<shell::PlayTable> make_remote_table(net::Connection conn, const net::json& welcome,
                                                    RemoteSettings settings);

// The hello of a shell client (the board size is sent again once laid out).
net::Hello shell_hello(net::Role role, int seat, const std::string& code, bool unicode);

}  // namespace rt::client
