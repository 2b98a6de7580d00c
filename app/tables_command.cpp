// `racetable tables`: the tables this user may reach (net/lobby.h), as text
// or JSON.
#include <cstdio>

#include <fmt/format.h>

#include "app/command_util.h"
#include "app/commands.h"
#include "core/input_limits.h"
#include "net/lobby.h"
#include "net/seat_names.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

int list_tables(const TablesSettings& s) {
  std::vector<std::string> ignored;
  const std::vector<TableEntry> found = find_tables(s.dir, &ignored);
  for (const std::string& what : ignored)
    std::fputs(fmt::format("racetable tables: {}\n", what).c_str(), stderr);
  json all = json::array();
  for (const TableEntry& e : found) {
    if (e.cut) continue;  // never asked: counted in a line above
    const std::string shown_name = printable(e.name, 64);
    if (s.json) {
      json row = e.listing ? to_json(*e.listing) : json{{"table", e.name}, {"problem", e.problem}};
      if (!e.trusted) row["trusted"] = false;
      if (e.silent) row["answering"] = false;
      row["dir"] = e.dir;
      if (!e.save.empty()) row["save"] = e.save;
      make_printable(row);
      all.push_back(std::move(row));
      continue;
    }
    if (!e.trusted) {  // never asked: no join line for a table that may be an impostor
      out(fmt::format("{:<16} not trusted: {}\n", shown_name, e.problem));
      continue;
    }
    if (e.silent || e.malformed) {
      out(fmt::format("{:<16} {}\n", shown_name, e.problem));
      continue;
    }
    if (!e.listing) {
      out(fmt::format("{:<16} not running{}\n", shown_name,
                      e.save.empty()
                          ? fmt::format(" ({})", e.problem)
                          : fmt::format(": continue it with  racetable host --resume {}", e.save)));
      continue;
    }
    const TableListing& t = *e.listing;
    if (!t.seats) {  // a server of an older racetable lists a coded table no further
      out(fmt::format("{:<16} needs a join code (its server lists nothing more)\n", shown_name));
      continue;
    }
    std::string seats;
    for (std::size_t p = 0; p < t.seats->size(); ++p) {
      const ListedSeat& seat = (*t.seats)[p];
      std::string state;
      if (!seat.human)
        state = net::unmarked_name(seat.name) != seat.name
                    ? printable(seat.level, 64)
                    : fmt::format("computer {}", printable(seat.level, 64));
      else if (!seat.claimed)
        state = "free";
      else if (seat.stand_in)
        state = fmt::format("{}, computer stands in", printable(seat.user, 64));
      else if (!seat.connected)
        state = fmt::format("{}, away", printable(seat.user, 64));
      else
        state = printable(seat.user, 64);
      seats += fmt::format("{}{} {} ({})", seats.empty() ? "" : ", ", p + 1, printable(seat.name, 64), state);
    }
    // How the seed came to be (core/deal.h), before anyone sits down.
    const std::string deal = deal_text(t.deal);
    out(fmt::format(
        "{:<16} {}  [{}]  host {}{}{}{}{}{}\n  seats: {}\n{}  join:  racetable join {}{} {}\n", shown_name,
        printable(t.game_name, 64), printable(t.phase, 64), printable(t.host, 64),
        t.watchers > 0 ? fmt::format(", {} watching", t.watchers) : "", t.code ? ", join code" : "",
        t.invited ? ", invited only" : "",
        t.move_time_s > 0 ? fmt::format(", {} s a move", t.move_time_s) : "",
        t.game_time_min > 0 ? fmt::format(", {} min game clock", t.game_time_min) : "", seats,
        deal.empty() ? std::string() : fmt::format("  {}\n", deal), shown_name,
        printable(dir_flag(e.dir), 300),
        // A local game opened to watchers (net/watch_mirror.h) seats nobody; a table may let nobody watch.
        fmt::format("{}{}",
                    t.watch_only ? "--watch  (watchers only: the host plays it)"
                    : t.watch    ? "--seat N  |  --watch"
                                 : "--seat N  (nobody watches)",
                    t.code ? "  (and --code)" : "")));
  }
  if (s.json) {
    out(dump(all) + "\n");
  } else if (found.empty()) {
    out(fmt::format("No open tables (looked in {}). Open one with: racetable host GAME\n",
                    printable(s.dir.empty() ? default_table_dir() : s.dir, 300)));
  }
  return 0;
}

}  // namespace rt::app
