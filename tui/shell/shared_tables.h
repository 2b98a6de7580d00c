// What the shell asks of shared tables. The shell includes no table-server
// header: the client layer (client/shared_tables.cpp) fills this with the
// server's code and hands it over in AppContext::shared. Without it (a test
// of the shell alone) the Tables page and "Let others watch" say they are not
// available.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/pacer.h"
#include "core/table.h"
#include "games/setup.h"
#include "tui/shell/screen.h"

namespace rt::shell {

// A local game opened to watchers (the play screen's "Let others watch").
// The game stays here; the shell hands over each of its steps and its pace.
class Watchers {
 public:
  virtual ~Watchers() = default;
  // The game's new steps and its pace (phase, tick, picture, contest result).
  // Throws RuleError if the copy watchers see and the game part ways.
  virtual void follow(const Table& source, const MirrorPace& pace) = 0;
  // Serves what is ready; never waits.
  virtual void serve(Millis real) = 0;
  virtual Millis wake_at(Millis real) const = 0;
  // Readable when a watcher's socket is: for the shell's single poll.
  virtual int wake_fd() const = 0;
  virtual int count() const = 0;
  // "your account only", "group friends, with a join code".
  virtual std::string who() const = 0;
  // What a watcher runs to watch.
  virtual std::string command() const = 0;
  // The join code watchers must give ("" none): shown to the host only.
  virtual std::string code() const = 0;
};

// One answer to "who may watch?".
struct WatchOffer {
  std::string label;  // "Your account (ana) only"
  char32_t hotkey = 0;
  std::string group;  // "" this account only
  bool code = false;  // watchers must give a fresh join code
};

// Who may come to a hosted table.
enum class TableAccess {
  Open,     // whoever may reach it: this account (or group) on a machine, anyone on an SSH server
  Code,     // they must give the join code, shown to the host
  Invited,  // only the players named (and the host)
};

// How a shared table is hosted: what the Host page asks (host_screen.cpp,
// its rows in host_rows.cpp), given to SharedTables::host_table.
struct HostChoices {
  std::string name;  // "" the game's id (or the next one free)
  TableAccess access = TableAccess::Open;
  std::vector<std::string> invited;  // TableAccess::Invited: who besides the host
  std::string group;                 // a table on this machine: a Unix group ("" this account only)
  bool watchers = true;              // others may watch
  bool watchers_talk = false;        // watchers' talk reaches the players
  int move_time_s = 0;               // a clock per move (0: none)
  int game_time_min = 0;             // a game clock per player, minutes (0: none)
  bool hints = false;                // players may ask for a hint on their move (host --hints)
};

// What this place offers for hosting: the Host page's words and choices.
struct HostPlace {
  std::string open_words;           // what TableAccess::Open means here: "anyone on this server"
  std::vector<std::string> groups;  // Unix groups a table may be opened to (none: the row is not shown)
  std::size_t max_invited = 8;
};

class SharedTables {
 public:
  virtual ~SharedTables() = default;
  // The Tables page: the tables this user can reach, to join, watch or rejoin.
  virtual std::unique_ptr<Screen> tables_page(AppContext& ctx) const = 0;
  // Hosts `request` (seats "remote" are people at other terminals) as a
  // shared table in the background and sits down at it; nullptr and `error`
  // when it fails.
  // `choices`: as the Host page left them (host_problem() said nothing).
  virtual std::unique_ptr<Screen> host_table(AppContext& ctx, const setup::TableRequest& request,
                                             const HostChoices& choices, std::string& error) const = 0;
  virtual HostPlace host_place() const = 0;
  // "" when `choices` may be hosted, else one line saying why not (a name
  // not allowed or taken, an invited name that cannot be): the page shows it.
  virtual std::string host_problem(const HostChoices& choices) const = 0;
  // The ways this user may open a local game to watchers.
  virtual std::vector<WatchOffer> watch_offers() const = 0;
  // Opens `source` to watchers as `offer` says. Throws UserError with the
  // reason (a directory not safe, a name taken...).
  virtual std::unique_ptr<Watchers> open_watchers(const AppContext& ctx, const Table& source,
                                                  const WatchOffer& offer,
                                                  std::function<Millis()> clock) const = 0;
};

}  // namespace rt::shell
