// The one way above the table server to shared tables: list them, host one,
// sit at one, watch one. Two backends answer it: the tables of this machine's
// users over Unix sockets (client/local_tables.h) and the SSH server's table
// process over a session's tables link (client/ssh_tables.h). The Tables
// page (client/tables_page.h) and the shell's SharedTables are written
// against it once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/setup.h"
#include "net/client.h"
#include "net/table_listing.h"
#include "tui/shell/play_table.h"
#include "tui/shell/shared_tables.h"

namespace rt::client {

// One table of a list: its listing when it can be sat at or watched, else
// what the page says of it instead.
struct TableRow {
  std::string name;
  std::string where;  // the socket directory (local tables; "" on the SSH server)
  std::optional<net::TableListing> listing;
  std::string note;    // no listing: the row's line ("not running", "not trusted: ...")
  std::string detail;  // no listing: said in full when the row is highlighted
};

struct TableList {
  std::vector<TableRow> rows;
  int more = 0;     // tables the answer had no room for
  int stopped = 0;  // tables whose server is gone with nothing to resume: counted, not listed
  // Tables in other users' directories left unasked (planted ones that never
  // answer take no one else's turn: net/client.h): counted, not listed.
  int not_asked = 0;
  std::string error;
};

// Where to sit: a listed table, a seat (0: watch) and its join code.
struct SitAt {
  std::string table;
  std::string where;
  int seat = 0;
  std::string code;
};

// What the page says that differs between a machine and a server.
struct TablesWords {
  std::string title;         // the page's bar
  std::string none;          // no tables
  Millis refresh_ms = 3000;  // how often the list is read again
};

class Tables {
 public:
  virtual ~Tables() = default;
  // The tables this player may see, each listing's seat of this player
  // marked `mine`. Never throws: a failure is the list's `error`.
  virtual TableList list() = 0;
  // Says hello at `at` (a seat still held by this player's dropped
  // connection asked for again, net::say_hello) and opens the play screen's
  // table. Throws UserError with the table's reason.
  virtual std::unique_ptr<shell::PlayTable> sit(const shell::AppContext& ctx, const SitAt& at) = 0;
  // Opens `request` with the Host page's `choices`: where to sit (the
  // host's seat, and the join code to show the host, if any). Throws UserError.
  virtual SitAt host(shell::AppContext& ctx, const setup::TableRequest& request,
                     const shell::HostChoices& choices) = 0;
  // The host frees `seat` (from 1) of `table`, whose player is away:
  // anyone may sit there then. Throws UserError with the table's reason.
  virtual void free_seat(const std::string& table, int seat) = 0;
  // Why `choices` cannot be hosted here ("" they can).
  virtual std::string host_problem(const shell::AppContext* ctx, const shell::HostChoices& choices) const = 0;
  virtual TablesWords words() const = 0;
  // The confirm page's lines about a listed table (who hosts it, who may come, clocks, the deal).
  virtual std::vector<std::string> describe(const net::TableListing& t) const = 0;
  // "" when the page may ask for the code of a table that wants one; else
  // why it does not (a local table's code is typed to `join`, unechoed).
  virtual std::string code_elsewhere(const TableRow& row) const = 0;
};

}  // namespace rt::client
