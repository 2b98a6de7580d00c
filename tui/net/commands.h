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
  bool want_code = false;     // --code: a join code (RACETABLE_CODE, or a generated one)
  std::string code_file;      // --code-file: the join code from a 0600 file
  std::string code;           // the join code in use ("" none)
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
  bool ask_code = false;  // --code: prompt for the join code (unless RACETABLE_CODE is set)
  std::string code_file;  // --code-file
  std::string code;       // the join code given ("" none)
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

// Line mode client: prints each question and reads answers from stdin.
int run_line_client(Connection& conn, const json& welcome, const JoinSettings& settings);
// Full-screen client (curses_ui.cpp, the only ncurses code here).
int run_curses_client(Connection& conn, const json& welcome, const JoinSettings& settings);
// The terminal's size (80x24 when unknown).
BoardSize terminal_size();

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

// Join codes never come from the command line (every user sees it in ps):
// a file only its owner can read, RACETABLE_CODE, or a prompt on the terminal.
inline constexpr const char* kCodeEnv = "RACETABLE_CODE";
// The code in a file that is ours, not a symlink, and private (mode 0600 or
// stricter). Throws UserError.
std::string read_code_file(const std::string& path);
// A fresh code to tell players: 16 letters and digits (80 bits) in groups of 4.
std::string generate_code();
// The join code to send: --code-file, else RACETABLE_CODE, else a prompt on
// the terminal when `ask` ("" when none). Throws UserError.
std::string player_code(bool ask, const std::string& code_file);

}  // namespace rt::net
