// Opening a table to host: what `racetable host` and `serve` share. The
// game is built (or resumed from a save), every setting checked and the
// socket made; nothing is served until the caller runs the Server.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/save.h"
#include "games/setup.h"
#include "net/server.h"
#include "net/table_log.h"
#include "net/table_spec.h"

namespace rt::net {

// Where a `--seed N` was written: others may read it on a command line
// (ps) or in a serve FILE (its lines are often world-readable).
enum class SeedWritten { Privately, CommandLine, ServeFile };

// `host`'s flags (and a line of `serve FILE`): the table they describe, and
// how this process serves it.
struct HostSettings {
  // GAME, --seats ("human": a person at another terminal), --names,
  // --variant, --option, --seed, --name, --code, --invite, --group,
  // --no-watchers, --watchers-talk, --move-time, --game-time, --hints...
  TableSpec spec;
  std::string resume_file;  // --resume: continue a saved game
  // --free-seat: seats of the resumed game (numbers from 1, or "all") that
  // anyone may take again, whoever the save says they belong to.
  std::vector<std::string> free_seats;
  // --open-seats: a resumed group table's seats that the save records no
  // owner for (a save from before seats had owners) are open to anyone.
  bool open_seats = false;
  // Asks the host a yes/no question on its terminal (unset: no terminal):
  // instead of --open-seats.
  std::function<bool(const std::string& question)> confirm;
  std::string dir;             // --dir (default: default_table_dir())
  std::string code_file;       // --code-file: the join code from a 0600 file
  std::string seed_file;       // --seed-file: the seed from a 0600 file
  SeedWritten seed_written{};  // where --seed N was written (check_seed_is_private)
  std::string save_path;       // --save
  std::string stand_in;        // --stand-in LEVEL
  double grace_s = 30;         // --grace
  int pace_ms = 800;           // --pace
  bool detach = false;         // --detach: serve in the background
  double idle_minutes = 120;   // --idle: close after this long with nobody there
  double away_minutes = 3;     // --away: no key this long shows a player as away
  int spec_fd = -1;            // the spec from a hand-off (net/host_handoff.h), not flags
};

// The game and seats `host`'s flags gave, as a TableSpec says them: each
// "human" is a person at another terminal (whoever runs `host` sits nowhere).
void take_host_flags(HostSettings& s, const std::string& game);

// A table `host` (or `serve`) has opened: its server listens, nothing is
// served yet.
struct OpenedTable {
  std::unique_ptr<Server> server;
  std::string name, dir, save_path, game_id;
  std::string how;                // what the host is told: the table, its seats, how to join
  std::string code_text;          // the join code, for the host's eyes only
  std::string code;               // the join code in use ("" none)
  std::shared_ptr<TableLog> log;  // where the server's log lines go
};
// Builds the game (or resumes it), checks every setting, opens the socket.
// `log_to_file`: the table logs to DIR/NAME.log (else stderr). `writer`:
// saves go through it (a host of many tables), else in the serving loop.
// Throws UserError/OptionError.
OpenedTable open_hosted_table(HostSettings& s, bool log_to_file, SaveWriter* writer);
// The Table of a game more than one person may sit at: its seed drawn by
// the server and committed to, or the host's own (`req.seed_text`, a
// TableSpec's seed policy) chosen
// openly (core/deal.h). Every way of opening a shared table makes it here.
std::unique_ptr<Table> make_shared_table(const setup::TableRequest& req);
// A saved game replayed, with the events its steps told (`earlier`): what a
// resumed table's log shows of the game before it. `data_dir`: "" the built-in data.
std::unique_ptr<Table> restore_with_events(const SaveFile& save, const std::string& data_dir,
                                           std::vector<Event>& earlier);
// A table for the members of `group` (`host --group`, a local game opened to
// a group's watchers): the player must be in it, and its directory (`dir`,
// when empty) is the group's own. Throws UserError starting with `what`.
void open_to_group(ServerOptions& opt, const std::string& group, std::string& dir, const std::string& what);
// A table others play at (--group) takes no `--seed N` that others may have
// read (`seed_written`): the seed deals every hand. Throws UserError saying
// how to give it instead. `host` and `serve FILE` alike.
void check_seed_is_private(const HostSettings& s);
// DIR/NAME.table for `racetable tables`, with this process's pid.
void write_table_info(const OpenedTable& t);

}  // namespace rt::net
