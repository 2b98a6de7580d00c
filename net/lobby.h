// The lobby: the tables this user may reach (own and group directories),
// what each says about itself, and how to come back to one.
#pragma once

#include <string>
#include <vector>

#include "net/table_listing.h"

namespace rt::net {

// One table found where this user may look (ours, our groups').
struct TableEntry {
  std::string dir;
  std::string name;
  std::optional<TableListing> listing;  // its "info" answer, when it answered one well formed
  std::string
      problem;  // why not ("not running", "wrong join code", a malformed listing), or why it is not trusted
  std::string save;  // a dead table's save file, when known
  // False: in a directory that does not say whose it is (unverified_reason()
  // in `problem`): never asked, never sent a code, not found by name.
  bool trusted = true;
  // Its server took the connection (or has a full queue) but did not answer
  // within the lobby's wait (kLobbyWaitMs): "not answering", in `problem`.
  bool silent = false;
  // It answered, but its listing is malformed (`problem` names the field).
  bool malformed = false;
  // Never asked: its directory is another user's and its bounds were
  // reached (net/client.h, kMaxAskedPerDir...). Counted, not listed: one
  // line a directory in `ignored` says how many and why.
  bool cut = false;
};
// The tables under `only_dir`, else every directory we may look in; their
// text made printable. Directories or entries another user planted are left
// out, and said in `ignored` (one line each: "ignored ...", "DIR: 99800 more
// entries not read ..."). No join code is sent: the listing needs none.
std::vector<TableEntry> find_tables(const std::string& only_dir, std::vector<std::string>* ignored = nullptr);
// The socket directory of an open table by that name, among the directories
// that say whose they are (TableDirOwner::verified()); throws UserError.
std::string find_table_dir(const std::string& table);
// "racetable join NAME [--dir D] --seat N" (or --watch for seat 0).
std::string rejoin_command(const std::string& table, const std::string& dir, int seat);

// The names of the tables being served in `dir`, or (dir "") wherever
// `racetable tables` looks; only well-formed names (shell completion prints them).
std::vector<std::string> open_table_names(const std::string& dir);

}  // namespace rt::net
