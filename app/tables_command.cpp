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

namespace rt::net {

int list_tables(const TablesSettings& s) {
  std::vector<std::string> ignored;
  const std::vector<TableEntry> found = find_tables(s.dir, &ignored);
  for (const std::string& what : ignored)
    std::fputs(fmt::format("racetable tables: {}\n", what).c_str(), stderr);
  json all = json::array();
  const auto text = [](const json& j, const char* key) {
    return printable(j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(), 64);
  };
  for (const TableEntry& e : found) {
    const json& info = e.info;
    const std::string shown_name = printable(e.name, 64);
    if (s.json) {
      json row = e.problem.empty() ? info : json{{"table", e.name}, {"problem", e.problem}};
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
    if (e.silent) {
      out(fmt::format("{:<16} {}\n", shown_name, e.problem));
      continue;
    }
    if (!e.problem.empty()) {
      out(fmt::format("{:<16} not running{}\n", shown_name,
                      e.save.empty()
                          ? fmt::format(" ({})", e.problem)
                          : fmt::format(": continue it with  racetable host --resume {}", e.save)));
      continue;
    }
    if (!info.contains("seats")) {  // a server of an older racetable lists a coded table no further
      out(fmt::format("{:<16} needs a join code (its server lists nothing more)\n", shown_name));
      continue;
    }
    std::string seats;
    for (std::size_t p = 0; p < info["seats"].size(); ++p) {
      const json& seat = info["seats"][p];
      const bool human = seat.value("human", false);
      std::string state;
      if (!human)
        state = net::unmarked_name(text(seat, "name")) != text(seat, "name")
                    ? text(seat, "level")
                    : fmt::format("computer {}", text(seat, "level"));
      else if (!seat.value("claimed", false))
        state = "free";
      else if (seat.value("stand_in", false))
        state = fmt::format("{}, computer stands in", text(seat, "user"));
      else if (!seat.value("connected", false))
        state = fmt::format("{}, away", text(seat, "user"));
      else
        state = text(seat, "user");
      seats += fmt::format("{}{} {} ({})", seats.empty() ? "" : ", ", p + 1, text(seat, "name"), state);
    }
    // How the seed came to be (core/deal.h), before anyone sits down.
    const std::string deal = listed_deal(info);
    out(fmt::format(
        "{:<16} {}  [{}]  host {}{}{}{}{}{}\n  seats: {}\n{}  join:  racetable join {}{} {}\n", shown_name,
        text(info, "game_name"), text(info, "phase"), text(info, "host"),
        info.value("watchers", 0) > 0 ? fmt::format(", {} watching", info.value("watchers", 0)) : "",
        info.value("code", false) ? ", join code" : "", info.value("invited", false) ? ", invited only" : "",
        info.value("move_time", 0) > 0 ? fmt::format(", {} s a move", info.value("move_time", 0)) : "",
        info.value("game_time", 0) > 0 ? fmt::format(", {} min game clock", info.value("game_time", 0)) : "",
        seats, deal.empty() ? std::string() : fmt::format("  {}\n", deal), shown_name,
        printable(dir_flag(e.dir), 300),
        // A local game opened to watchers (net/watch_mirror.h) seats nobody; a table may let nobody watch.
        fmt::format("{}{}",
                    info.value("watch_only", false) ? "--watch  (watchers only: the host plays it)"
                    : info.value("watch", true)     ? "--seat N  |  --watch"
                                                    : "--seat N  (nobody watches)",
                    info.value("code", false) ? "  (and --code)" : "")));
  }
  if (s.json) {
    out(dump(all) + "\n");
  } else if (found.empty()) {
    out(fmt::format("No open tables (looked in {}). Open one with: racetable host GAME\n",
                    printable(s.dir.empty() ? default_table_dir() : s.dir, 300)));
  }
  return 0;
}

}  // namespace rt::net
