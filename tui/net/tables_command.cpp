// `racetable tables` and what the Tables page shares with it: finding the
// tables this user may reach, and the command that rejoins one.
#include "tui/net/commands.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/save.h"
#include "tui/net/commands_internal.h"
#include "tui/net/sockets.h"

namespace rt::net {

std::string rejoin_command(const std::string& table, const std::string& dir, int seat) {
  return fmt::format("racetable join {}{}{}", table, dir.empty() ? std::string() : dir_flag(dir),
                     seat > 0 ? fmt::format(" --seat {}", seat) : std::string(" --watch"));
}

std::vector<std::string> open_table_names(const std::string& dir) {
  std::vector<std::string> names;
  for (const std::string& d : dir.empty() ? candidate_dirs() : std::vector<std::string>{dir})
    for (const std::string& name : names_in(d, ".sock")) {
      try {
        check_table_name(name);  // another user's file name, shown in this terminal
      } catch (const UserError&) {
        continue;
      }
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  return names;
}

std::vector<TableEntry> find_tables(const std::string& only_dir, const std::string& code,
                                    std::vector<std::string>* ignored) {
  const std::vector<std::string> dirs =
      only_dir.empty() ? candidate_dirs() : std::vector<std::string>{only_dir};
  std::vector<TableEntry> found;
  // What another user put where we look is not listed, and the caller may say so.
  const auto ignore = [&](const std::string& what) {
    if (ignored) ignored->push_back(printable(what, 300));
  };
  for (const std::string& dir : dirs) {
    uid_t owner = 0;
    if (!exists(dir)) continue;  // no tables opened here yet
    try {
      owner = trusted_table_dir_owner(dir);
    } catch (const UserError& e) {
      ignore(e.what());
      continue;
    }
    std::vector<std::string> names = names_in(dir, ".sock");
    for (const std::string& n : names_in(dir, ".table"))
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    std::size_t planted = 0;
    for (const std::string& name : names) {
      struct stat sock {
      }, meta{};
      const bool has_sock = ::lstat(socket_path(dir, name).c_str(), &sock) == 0;
      const bool has_meta = ::lstat(info_path(dir, name).c_str(), &meta) == 0;
      if ((has_sock && sock.st_uid != owner) || (has_meta && meta.st_uid != owner)) {
        ++planted;
        continue;
      }
      TableEntry e;
      e.dir = dir;
      e.name = name;
      try {
        check_table_name(name);
        e.info = table_info(dir, name, code);
        make_printable(e.info);
      } catch (const UserError& err) {
        e.problem = printable(err.what(), 200);
      }
      // The table file is the host's (mode 0600): only the host reads where the save is.
      if (!e.problem.empty() && has_meta && S_ISREG(meta.st_mode) && meta.st_uid == ::geteuid()) {
        try {
          const json m = json::parse(read_file(info_path(dir, name)), nullptr, false);
          if (m.is_object() && m.contains("save") && m["save"].is_string()) {
            const std::string save = m["save"].get<std::string>();
            if (exists(save)) e.save = printable(save, 400);  // never point at a save that is not there
          }
        } catch (const UserError&) {
        }
      }
      found.push_back(std::move(e));
    }
    if (planted > 0)
      ignore(fmt::format("{} table{} in {} made by another user than its owner {}", planted,
                         planted == 1 ? "" : "s", dir, user_name(owner)));
  }
  return found;
}

int list_tables(const TablesSettings& s) {
  std::vector<std::string> ignored;
  const std::vector<TableEntry> found = find_tables(s.dir, s.code, &ignored);
  for (const std::string& what : ignored)
    std::fputs(fmt::format("racetable tables: ignored {}\n", what).c_str(), stderr);
  json all = json::array();
  const auto text = [](const json& j, const char* key) {
    return printable(j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(), 64);
  };
  for (const TableEntry& e : found) {
    const json& info = e.info;
    const std::string shown_name = printable(e.name, 64);
    if (s.json) {
      json row = e.problem.empty() ? info : json{{"table", e.name}, {"problem", e.problem}};
      row["dir"] = e.dir;
      if (!e.save.empty()) row["save"] = e.save;
      make_printable(row);
      all.push_back(std::move(row));
      continue;
    }
    if (!e.problem.empty()) {
      out(fmt::format("{:<16} not running{}\n", shown_name,
                      e.save.empty()
                          ? fmt::format(" ({})", e.problem)
                          : fmt::format(": continue it with  racetable host --resume {}", e.save)));
      continue;
    }
    if (!info.contains("seats")) {
      out(fmt::format("{:<16} needs a join code (give --code to see more)\n", shown_name));
      continue;
    }
    std::string seats;
    for (std::size_t p = 0; p < info["seats"].size(); ++p) {
      const json& seat = info["seats"][p];
      const bool human = seat.value("human", false);
      std::string state;
      if (!human)
        state = fmt::format("computer {}", text(seat, "level"));
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
    out(fmt::format(
        "{:<16} {}  [{}]  host {}{}{}\n  seats: {}\n  join:  racetable join {}{} {}\n", shown_name,
        text(info, "game_name"), text(info, "phase"), text(info, "host"),
        info.value("watchers", 0) > 0 ? fmt::format(", {} watching", info.value("watchers", 0)) : "",
        info.value("code", false) ? ", join code" : "", seats, shown_name, printable(dir_flag(e.dir), 300),
        // A local game opened to watchers (tui/net/watch_mirror.h) seats nobody.
        info.value("watch_only", false) ? "--watch  (watchers only: the host plays it)"
                                        : "--seat N  |  --watch"));
  }
  if (s.json) {
    out(dump(all) + "\n");
  } else if (found.empty()) {
    const std::vector<std::string> dirs = s.dir.empty() ? candidate_dirs() : std::vector<std::string>{s.dir};
    out(fmt::format("No open tables (looked in {}). Open one with: racetable host GAME\n",
                    printable(dirs.front(), 300)));
  }
  return 0;
}

// Only directories whose owner is who they claim to be; two hosts with a
// table of this name: the player says which (--dir), never a guess.
std::string find_table_dir(const std::string& table) {
  std::vector<std::string> found;
  for (const std::string& d : candidate_dirs()) {
    if (!exists(socket_path(d, table))) continue;
    try {
      (void)trusted_table_dir_owner(d);
      found.push_back(d);
    } catch (const UserError&) {
    }
  }
  if (found.empty())
    throw UserError(
        fmt::format("no table named '{}' is open here (see racetable tables)", printable(table, 64)));
  if (found.size() > 1) {
    std::string which;
    for (const std::string& d : found)
      which += fmt::format("{}--dir {} (host {})", which.empty() ? "" : ", ", d,
                           user_name(trusted_table_dir_owner(d)));
    throw UserError(
        fmt::format("several tables are named '{}': give one of {}", printable(table, 64), which));
  }
  return found.front();
}

}  // namespace rt::net
