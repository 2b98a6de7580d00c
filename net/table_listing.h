// One table as a listing describes it: a socket table's "info" answer and
// each table of the SSH server's "tables" answer alike. Read from JSON here
// and nowhere else; `racetable tables` (and --json), the Tables page,
// `ssh HOST tables` and completion read this type.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/deal_json.h"
#include "net/protocol.h"

namespace rt::net {

struct ListedSeat {
  std::string name;
  bool human = false;
  std::string level;  // "human", or a computer's level
  bool claimed = false;
  bool connected = false;
  bool stand_in = false;  // a computer plays it while its player is away
  std::string user;       // who holds it ("" free)
  bool mine = false;      // the SSH server's: held by the asking key
  bool operator==(const ListedSeat&) const = default;
};

// Who may sit down at an SSH server's table (a socket table says `code`
// and `invited` instead).
enum class ListedAccess { Unstated, Anyone, Code, Named };

struct TableListing {
  std::string table;
  std::string game;       // its id
  std::string game_name;  // its name, for people
  std::string phase;
  std::string host;
  int protocol = 0;
  long pid = 0;
  // nullopt: the server listed no seats (an older server's coded table).
  std::optional<std::vector<ListedSeat>> seats;
  int watchers = 0;
  bool watch = true;        // others may watch
  bool watch_only = false;  // a local game opened to watchers: nobody sits
  bool code = false;        // a socket table wants a join code
  bool invited = false;     // a socket table takes invited players only
  int move_time_s = 0;      // the move clock (0 none)
  int game_time_min = 0;    // each player's game clock (0 none)
  std::optional<DealRead> deal;
  // The SSH server's: who may come, whether the asker hosts it, and its code
  // for its host and those already seated.
  ListedAccess access = ListedAccess::Unstated;
  bool you_host = false;
  std::string join_code;

  int free_seats() const;  // people's seats nobody holds
  int players() const;     // people's seats someone holds
  bool wants_code() const { return code || access == ListedAccess::Code; }
  bool operator==(const TableListing&) const = default;
};

// The listing in `j` with every text made printable; throws ProtocolError
// naming the field that is missing, of the wrong type or out of bounds.
TableListing read_listing(const json& j);
// The JSON read_listing reads (a socket table's "info" fields, the SSH
// server's where set).
json to_json(const TableListing& t);

// The SSH server's "tables" answer: its tables, and how many more it had no room for.
struct TablesAnswer {
  std::vector<TableListing> tables;
  int more = 0;
};
// Throws ProtocolError naming the table and field (`tables[3].seats`).
TablesAnswer read_tables_answer(const json& answer);
// An answer of changes (asked "since" the version of `before`): the tables
// changed since, and in "order" every listed table's name; the others as
// they were in `before`. Throws ProtocolError, also for a name in neither.
TablesAnswer read_tables_changes(const json& answer, const std::vector<TableListing>& before);

// What a listing's (or a welcome's) deal says (core/deal.h), in words:
// "deal committed: SHA-256 <hex>", "seed 4242, chosen by the host",
// "deal revealed: ..."; "" for none.
std::string deal_text(const std::optional<DealRead>& d);
// The same as a sentence for a page: "Seed 4242, chosen by the host."
std::string deal_sentence(const std::optional<DealRead>& d);
// The same, short enough for a screen's header: "deal 3f7a9c1e...", "seed 4242 (host's)".
std::string deal_short(const std::optional<DealRead>& d);
// The "deal" member of a listing or a welcome, when well formed.
std::optional<DealRead> deal_of_message(const json& j);

}  // namespace rt::net
