#include "net/registry_migrate.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "core/name_skeleton.h"
#include "core/types.h"
#include "net/protocol.h"
#include "net/registry_db.h"
#include "net/ssh_bans.h"
#include "net/ssh_identity.h"

namespace rt::net {
namespace {

// The entries of a directory, sorted (none when it is missing).
std::vector<std::string> old_entries(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return out;
  while (const dirent* ent = ::readdir(d)) {
    const std::string name = ent->d_name;
    if (name != "." && name != "..") out.push_back(name);
  }
  ::closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

std::string old_first_line(const std::string& text) {
  std::string out = text.substr(0, text.find('\n'));
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

struct OldPlayer {
  std::string id, name, key, hex, fingerprint, registered;
  std::string damaged;  // why its identity cannot be trusted ("" when it can)
};

// One players/ID directory as the files of before left it; nullopt when it
// holds no claim at all (an empty directory: a registration cut short).
std::optional<OldPlayer> read_old_player(const std::string& state_dir, const std::string& id,
                                         std::vector<std::string>& notes) {
  const std::string dir = state_dir + "/players/" + id;
  const std::string file = "players/" + id + "/identity";
  OldPlayer p;
  p.id = id;
  p.name = id;
  std::optional<std::string> text;
  try {
    text = read_private_file(dir + "/identity");
  } catch (const UserError& e) {
    p.damaged = printable(e.what(), 80);
    return p;
  }
  if (!text) {
    if (old_entries(dir).empty()) {
      ::rmdir(dir.c_str());
      notes.push_back(fmt::format("registry: {}: none (a registration cut short): the name is free", file));
      return std::nullopt;
    }
    p.damaged = fmt::format("{}: missing", file);
    return p;
  }
  const std::string name = key_file_field(*text, "name");
  const std::string key = key_file_field(*text, "key");
  const std::string fingerprint = key_file_field(*text, "fingerprint");
  const std::size_t space = key.find(' ');
  if (name.empty() || player_id(name) != id || !player_name_problem(name).empty())
    p.damaged = fmt::format("{}: no name line for '{}'", file, id);
  else if (space == std::string::npos || space == 0 || space + 1 == key.size())
    p.damaged = fmt::format("{}: no key line", file);
  else if (fingerprint_hex(fingerprint).empty())
    p.damaged = fmt::format("{}: no fingerprint line", file);
  if (!p.damaged.empty()) return p;
  p.name = name;
  p.key = key;
  p.fingerprint = fingerprint;
  p.hex = fingerprint_hex(fingerprint);
  p.registered = key_file_field(*text, "registered");
  return p;
}

}  // namespace

std::vector<std::string> migrate_registry_files(const RegistryDb& db, const std::string& state_dir) {
  std::vector<std::string> notes;
  std::vector<OldPlayer> players;
  for (const std::string& id : old_entries(state_dir + "/players")) {
    struct stat st {};
    const std::string dir = state_dir + "/players/" + id;
    if (!player_name_problem(id).empty() || player_id(id) != id || ::lstat(dir.c_str(), &st) != 0 ||
        !S_ISDIR(st.st_mode))
      continue;  // not a player's directory: nothing of the registry
    if (auto p = read_old_player(state_dir, id, notes)) players.push_back(std::move(*p));
  }
  // Two identities with one key: the key's index file says whose it is (the
  // other was a registration being withdrawn).
  std::map<std::string, std::vector<std::size_t>> by_key;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (players[i].damaged.empty()) by_key[players[i].hex].push_back(i);
  std::set<std::size_t> dropped;
  for (const auto& [hex, which] : by_key) {
    if (which.size() < 2) continue;
    std::string owner;
    try {
      owner = old_first_line(read_private_file(state_dir + "/keys/" + hex, 256).value_or(""));
    } catch (const UserError&) {
    }
    std::size_t keep = which.front();
    for (const std::size_t i : which)
      if (players[i].id == owner) keep = i;
    for (const std::size_t i : which)
      if (i != keep) {
        dropped.insert(i);
        notes.push_back(fmt::format("registry: players/{}/identity: its key is {}'s: the name is free",
                                    players[i].id, players[keep].name));
      }
  }
  std::set<std::string> looks;
  std::size_t moved = 0;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (dropped.count(i)) continue;
    const OldPlayer& p = players[i];
    const std::string look = name_skeleton(p.name);
    RegistryQuery q(db,
                    "INSERT INTO players(id, name, key, key_hex, fingerprint, skeleton, registered, damaged) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, p.id).bind(2, p.name);
    if (p.damaged.empty())
      q.bind(3, p.key).bind(4, p.hex).bind(5, p.fingerprint).bind_null(8);
    else
      q.bind_null(3).bind_null(4).bind_null(5).bind(8, p.damaged);
    // Look-alikes registered before looks were claimed keep their names.
    if (looks.insert(look).second)
      q.bind(6, look);
    else
      q.bind_null(6);
    q.bind(7, p.registered.empty() ? utc_stamp() : p.registered);
    try {
      q.step();
    } catch (const RegistryConflict&) {
      notes.push_back(
          fmt::format("registry: players/{}/identity: its key is another player's: the name is free", p.id));
      continue;
    }
    ++moved;
  }
  std::size_t bans = 0;
  for (const std::string& hex : old_entries(state_dir + "/banned")) {
    if (!key_hash_hex(hex)) continue;  // a temporary file of before
    std::string text;
    try {
      text = read_private_file(state_dir + "/banned/" + hex, 1024).value_or("");
    } catch (const UserError& e) {
      notes.push_back(fmt::format("registry: {}: the key stays banned", printable(e.what(), 80)));
    }
    RegistryQuery q(db, "INSERT OR IGNORE INTO bans(key_hex, fingerprint, name, since) VALUES (?, ?, ?, ?)");
    q.bind(1, hex)
        .bind(2, key_file_field(text, "fingerprint"))
        .bind(3, key_file_field(text, "name"))
        .bind(4, key_file_field(text, "banned"));
    q.step();
    ++bans;
  }
  if (moved + bans > 0) {
    RegistryQuery q(db, "INSERT OR REPLACE INTO changes(what, n) VALUES ('bans', 1)");
    q.step();
    notes.push_back(fmt::format(
        "registry: took over {} players and {} bans from the files of before (left in place, unused now)",
        moved, bans));
  }
  return notes;
}

}  // namespace rt::net
