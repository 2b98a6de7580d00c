// Finding the tables this user may reach (`racetable tables`, the Tables
// page, completion), and the command that rejoins one.
#include "net/lobby.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/save.h"
#include "net/client.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::net {
namespace {

bool verified_dir(const std::string& dir) {
  try {
    return table_dir_owner(dir).verified();
  } catch (const UserError&) {
    return false;
  }
}

// One line for each directory whose tables were not all asked (net/client.h's bounds).
void say_cut(const std::vector<InfoAsk>& asks, const std::function<void(const std::string&)>& say) {
  std::map<std::pair<std::string, std::string>, std::size_t> cut;  // (directory, why): how many
  std::map<std::string, uid_t> owner;
  for (const InfoAsk& a : asks)
    if (a.cut) {
      ++cut[{a.dir, a.problem}];
      owner[a.dir] = a.owner;
    }
  for (const auto& [where, count] : cut)
    say(fmt::format("{}: {} table{} of {} not asked ({})", where.first, count, count == 1 ? "" : "s",
                    user_name(owner[where.first]), where.second));
}

}  // namespace

std::string rejoin_command(const std::string& table, const std::string& dir, int seat) {
  return fmt::format("racetable join {}{}{}", table, dir.empty() ? std::string() : dir_flag(dir),
                     seat > 0 ? fmt::format(" --seat {}", seat) : std::string(" --watch"));
}

std::vector<std::string> open_table_names(const std::string& dir) {
  std::set<std::string> names;  // linear enough: 100,000 planted names cost no more than their reading
  for (const std::string& d : dir.empty() ? candidate_dirs() : std::vector<std::string>{dir}) {
    // `join NAME` finds a table only where the directory says whose it is (find_table_dir).
    if (dir.empty() && !verified_dir(d)) continue;
    struct stat st {};
    if (::lstat(d.c_str(), &st) != 0) continue;
    for (std::string& name : names_in(d, {".sock"}, names_limit(st.st_uid)).names) {
      try {
        check_table_name(name);  // another user's file name, shown in this terminal
      } catch (const UserError&) {
        continue;
      }
      names.insert(std::move(name));
    }
  }
  return {names.begin(), names.end()};
}

std::vector<TableEntry> find_tables(const std::string& only_dir, std::vector<std::string>* ignored) {
  std::vector<TableEntry> found;
  // The tables to ask, all at once once every directory is read: found[entry[k]] is asks[k]'s.
  std::vector<InfoAsk> asks;
  std::vector<std::size_t> entry;
  std::vector<bool> host_file;  // per ask: its .table file is ours (the save is named there)
  // What another user put where we look is not listed, and the caller may say so.
  const auto ignore = [&](const std::string& what) {
    if (ignored) ignored->push_back(printable(what, 300));
  };
  std::vector<std::string> left_out;
  const std::vector<std::string> dirs =
      only_dir.empty() ? candidate_dirs(&left_out) : std::vector<std::string>{only_dir};
  for (const std::string& what : left_out) ignore(what);
  for (const std::string& dir : dirs) {
    TableDirOwner dir_owner;
    if (!exists(dir)) continue;  // no tables opened here yet
    try {
      dir_owner = table_dir_owner(dir);
    } catch (const UserError& e) {
      ignore(fmt::format("ignored {}", e.what()));
      continue;
    }
    const uid_t owner = dir_owner.uid;
    const DirNames read = names_in(dir, {".sock", ".table"}, names_limit(owner));
    const std::vector<std::string>& names = read.names;
    if (read.more > 0)
      ignore(fmt::format("{}: {} more entries not read (at most {} are read from a directory of {})", dir,
                         read.more, kMaxNamesPerDir, user_name(owner)));
    if (!dir_owner.verified()) {
      // Anyone's table by name, for all we know: listed as such, never asked.
      const std::string why = printable(unverified_reason(dir, dir_owner), 300);
      for (const std::string& name : names) {
        TableEntry e;
        e.dir = dir;
        e.name = printable(name, 64);
        e.problem = why;
        e.trusted = false;
        found.push_back(std::move(e));
      }
      continue;
    }
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
        entry.push_back(found.size());
        // The bounds share the lobby's turn between directories: one asked alone (--dir) is asked whole.
        asks.push_back(InfoAsk{dir, name, {}, {}, false, only_dir.empty() && owner != ::geteuid(), owner});
        // The table file is the host's (mode 0600): only the host reads where the save is.
        host_file.push_back(has_meta && S_ISREG(meta.st_mode) && meta.st_uid == ::geteuid());
      } catch (const UserError& err) {
        e.problem = printable(err.what(), 200);
      }
      found.push_back(std::move(e));
    }
    if (planted > 0)
      ignore(fmt::format("ignored {} table{} in {} made by another user than its owner {}", planted,
                         planted == 1 ? "" : "s", dir, user_name(owner)));
  }
  // Every table at once, kLobbyWaitMs in all: one that never answers holds up
  // nobody, and another user's directory is asked within its bounds.
  ask_tables(asks);
  say_cut(asks, ignore);
  for (std::size_t k = 0; k < asks.size(); ++k) {
    TableEntry& e = found[entry[k]];
    e.cut = asks[k].cut;
    e.problem = printable(asks[k].problem, 200);
    e.silent = asks[k].silent;
    if (e.problem.empty()) {
      try {
        e.listing = read_listing(asks[k].info);
      } catch (const ProtocolError& err) {
        e.malformed = true;
        e.problem = printable(fmt::format("its listing is malformed: {}", err.what()), 200);
        continue;
      }
    }
    if (e.problem.empty() || e.silent || !host_file[k]) continue;
    try {
      const json m = json::parse(read_file(info_path(e.dir, e.name)), nullptr, false);
      if (m.is_object() && m.contains("save") && m["save"].is_string()) {
        const std::string save = m["save"].get<std::string>();
        if (exists(save)) e.save = printable(save, 400);  // never point at a save that is not there
      }
    } catch (const UserError&) {
    }
  }
  return found;
}

// Only directories that say whose they are, and are; two hosts with a
// table of this name: the player says which (--dir), never a guess.
std::string find_table_dir(const std::string& table) {
  std::vector<std::string> found;
  std::string untrusted;  // a table of that name where we cannot tell whose it is
  for (const std::string& d : candidate_dirs()) {
    if (!exists(socket_path(d, table))) continue;
    try {
      const TableDirOwner owner = table_dir_owner(d);
      if (owner.verified())
        found.push_back(d);
      else if (untrusted.empty())
        untrusted = unverified_reason(d, owner);
    } catch (const UserError&) {
    }
  }
  if (found.empty())
    throw UserError(
        fmt::format("no table named '{}' is open here{} (see racetable tables)", printable(table, 64),
                    untrusted.empty()
                        ? ""
                        : fmt::format("; {}, so its '{}' is not trusted", untrusted, printable(table, 64))));
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
