// The CLI commands of shared tables: `host`, `serve`, `tables` and `join`.
// cli.cpp registers them with add_net_commands() and runs them with
// run_net_commands(); the table server they drive is in net/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "net/client.h"
#include "net/hosting.h"
#include "net/lobby.h"
#include "net/ssh_limits.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace rt::app {

// `--contest-pace relaxed|normal|quick` for play, sim and host: the
// computers' pace in timed contests (core/contest_pace.h).
void add_contest_pace_option(CLI::App* cmd, setup::TableRequest& request);

int host(net::HostSettings settings);
// A line of `serve FILE` (`where`: FILE:LINE) as `host`'s flags. Throws
// OptionError/UserError starting with `where`.
net::HostSettings host_settings_of(const std::string& line, const std::string& where);

// `racetable serve FILE`: every table FILE lists (one line of `host`
// arguments each) served by this one process. `racetable serve --ssh
// [ADDR:]PORT`: the SSH server (net/ssh_gateway.h), the shell for anyone
// with an SSH client (app/ssh_serve.cpp).
struct ServeSettings {
  std::string file;
  bool detach = false;
  int workers = 0;  // processes sharing the tables (0: one per CPU)
  bool ssh = false;
  std::string ssh_listen;  // "[ADDR:]PORT" ("": 127.0.0.1:2222)
  std::string state_dir;   // "": $XDG_STATE_HOME/racetable/ssh
  bool guests = false;
  bool fingerprint = false;  // print the host key's fingerprint and exit
  std::string ban;           // NAME or SHA256:...: ban that key (a running server ends its sessions)
  std::string unban;         // NAME or SHA256:...: lift its ban
  bool list_bans = false;    // print the banned keys and exit
  net::SshLimits limits;
  int grace_s = 30;  // a computer plays for a player away this long (seconds)
};
int serve(const ServeSettings& settings);
int serve_ssh(const ServeSettings& settings);
// A logged-in SSH player's shell (app/ssh_player_shell.cpp): the main of
// racetable-shell, and of `racetable __ssh-session-shell`
// (net::kSshShellArgument) where that program is missing.
int ssh_session_shell();

// `racetable tables` takes no join code: a table's listing is public to
// whoever may connect to it, and a code is given only to `join`.
struct TablesSettings {
  std::string dir;
  bool json = false;
};
int list_tables(const TablesSettings& settings);

struct JoinSettings {
  std::string table;
  std::string dir;
  bool ask_code = false;  // --code: prompt for the join code (unless RACETABLE_CODE is set)
  std::string code_file;  // --code-file
  std::string code;       // the join code given ("" none)
  int seat = 0;
  bool watch = false;
  bool ascii = false;
  bool line = false;  // plain text on stdin/stdout (automatic without a terminal)
};
int join(const JoinSettings& settings);

struct NetCommands {
  CLI::App* host = nullptr;
  CLI::App* serve = nullptr;
  CLI::App* tables = nullptr;
  CLI::App* join = nullptr;
  CLI::Option* serve_ssh = nullptr;          // --ssh
  std::vector<CLI::Option*> serve_ssh_only;  // what means something only with --ssh
  net::HostSettings host_settings;
  ServeSettings serve_settings;
  TablesSettings tables_settings;
  JoinSettings join_settings;
  std::string host_game;
};
void add_net_commands(CLI::App& app, NetCommands& commands);
// The exit code if one of these commands was given.
std::optional<int> run_net_commands(NetCommands& commands);

// The join code to send: --code-file, else RACETABLE_CODE, else a prompt on
// the terminal when `ask` ("" when none). Throws UserError.
std::string player_code(bool ask, const std::string& code_file);

}  // namespace rt::app
