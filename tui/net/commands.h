// The CLI commands of shared tables: `host`, `serve`, `tables` and `join`.
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

// `racetable serve FILE`: every table FILE lists (one line of `host`
// arguments each) served by this one process.
struct ServeSettings {
  std::string file;
  bool detach = false;
  int workers = 0;  // processes sharing the tables (0: one per CPU)
};
int serve(const ServeSettings& settings);

struct TablesSettings {
  std::string dir;
  bool ask_code = false;  // --code: prompt for the join code (unless RACETABLE_CODE is set)
  std::string code_file;  // --code-file
  std::string code;       // the join code given ("" none)
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
// The tables under `only_dir`, else every directory we may look in; their
// text made printable. Directories or entries another user planted are left
// out, and said in `ignored`.
std::vector<TableEntry> find_tables(const std::string& only_dir, const std::string& code,
                                    std::vector<std::string>* ignored = nullptr);
// The socket directory of an open table by that name; throws UserError.
std::string find_table_dir(const std::string& table);
// "racetable join NAME [--dir D] --seat N" (or --watch for seat 0).
std::string rejoin_command(const std::string& table, const std::string& dir, int seat);

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

// The names of the tables being served in `dir`, or (dir "") wherever
// `racetable tables` looks; only well-formed names (shell completion prints them).
std::vector<std::string> open_table_names(const std::string& dir);

struct NetCommands {
  CLI::App* host = nullptr;
  CLI::App* serve = nullptr;
  CLI::App* tables = nullptr;
  CLI::App* join = nullptr;
  HostSettings host_settings;
  ServeSettings serve_settings;
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
