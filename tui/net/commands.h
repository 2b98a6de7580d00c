// The CLI commands of shared tables: `host`, `tables` and `join`.
// cli.cpp registers them with add_net_commands() and runs them with
// run_net_commands(); everything else lives here and in tui/net/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tui/net/client.h"
#include "tui/setup.h"

namespace CLI {
class App;
}

namespace rt::net {

struct HostSettings {
  cli::TableRequest request;  // the game, its seats and options
  std::string resume_file;    // --resume: continue a saved game
  std::string name;           // --name (default: the game id)
  std::string dir;            // --dir (default: default_table_dir())
  std::string group;          // --group
  std::string code;           // --code
  std::string save_path;      // --save
  std::string stand_in;       // --stand-in LEVEL
  double grace_s = 30;        // --grace
  int pace_ms = 800;          // --pace
  bool detach = false;        // --detach: serve in the background
  double idle_minutes = 120;  // --idle: close after this long with nobody there
};
int host(HostSettings settings);

struct TablesSettings {
  std::string dir;
  std::string code;
  bool json = false;
};
int list_tables(const TablesSettings& settings);

// One table found where this user may look (ours, our groups').
struct TableEntry {
  std::string dir;
  std::string name;
  json info;            // its "info" answer, when it answered
  std::string problem;  // why it did not ("not running", "wrong join code")
  std::string save;     // a dead table's save file, when known
};
// The tables under `only_dir`, else every directory we may look in.
std::vector<TableEntry> find_tables(const std::string& only_dir, const std::string& code);
// The socket directory of an open table by that name; throws UserError.
std::string find_table_dir(const std::string& table);
// "racetable join NAME [--dir D] --seat N" (or --watch for seat 0).
std::string rejoin_command(const std::string& table, const std::string& dir, int seat);

struct JoinSettings {
  std::string table;
  std::string dir;
  std::string code;
  int seat = 0;
  bool watch = false;
  bool ascii = false;
  bool line = false;  // plain text on stdin/stdout (automatic without a terminal)
};
int join(const JoinSettings& settings);

// Line mode client: prints each question and reads answers from stdin.
int run_line_client(Connection& conn, const json& welcome, const JoinSettings& settings);

// The names of the tables being served in `dir`, or (dir "") wherever
// `racetable tables` looks; only well-formed names (shell completion prints them).
std::vector<std::string> open_table_names(const std::string& dir);

struct NetCommands {
  CLI::App* host = nullptr;
  CLI::App* tables = nullptr;
  CLI::App* join = nullptr;
  HostSettings host_settings;
  TablesSettings tables_settings;
  JoinSettings join_settings;
  std::string host_game;
};
void add_net_commands(CLI::App& app, NetCommands& commands);
// The exit code if one of these commands was given.
std::optional<int> run_net_commands(NetCommands& commands);

}  // namespace rt::net
