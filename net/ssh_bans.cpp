#include "net/ssh_bans.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/types.h"
#include "net/protocol.h"
#include "net/registry_db.h"
#include "net/ssh_identity.h"

namespace rt::net {
namespace {

constexpr std::string_view kPrefix = "SHA256:";

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string fingerprint_hex(std::string_view fp) {
  if (fp.substr(0, kPrefix.size()) != kPrefix) return {};
  fp.remove_prefix(kPrefix.size());
  while (!fp.empty() && fp.back() == '=') fp.remove_suffix(1);
  if (fp.size() != 43) return {};  // 32 bytes, unpadded
  std::string bytes;
  unsigned bits = 0;
  int count = 0;
  for (char c : fp) {
    const int v = base64_value(c);
    if (v < 0) return {};
    bits = (bits << 6) | static_cast<unsigned>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes.push_back(static_cast<char>((bits >> count) & 0xff));
    }
  }
  if (bytes.size() != 32) return {};
  std::string hex;
  for (char b : bytes) hex += fmt::format("{:02x}", static_cast<unsigned char>(b));
  return hex;
}

std::optional<BanEntry> find_ban(const RegistryDb& db, const std::string& hex) {
  if (!key_hash_hex(hex)) return std::nullopt;
  RegistryQuery q(db, "SELECT fingerprint, name, since FROM bans WHERE key_hex = ?");
  q.bind(1, hex);
  if (!q.step()) return std::nullopt;
  return BanEntry{hex, q.text(0), q.text(1), q.text(2)};
}

std::int64_t bans_stamp(const RegistryDb& db) {
  RegistryQuery q(db, "SELECT n FROM changes WHERE what = 'bans'");
  return q.step() ? q.integer(0) : 0;
}

namespace {

void bump_bans(const RegistryDb& db) {
  RegistryQuery q(db,
                  "INSERT INTO changes(what, n) VALUES ('bans', 1) "
                  "ON CONFLICT(what) DO UPDATE SET n = n + 1");
  q.step();
}

// The key a ban names: a fingerprint, or a registered player's name.
BanEntry resolve(const RegistryDb& db, const std::string& dir, std::string_view target) {
  BanEntry e;
  if (target.substr(0, kPrefix.size()) == kPrefix) {
    e.hex = fingerprint_hex(target);
    if (e.hex.empty())
      throw UserError(
          fmt::format("'{}' is not a key fingerprint (SHA256: and 43 characters, as ssh-keygen -l "
                      "and the server's log write it)",
                      printable(target, 80)));
    e.fingerprint = std::string(target);
    while (!e.fingerprint.empty() && e.fingerprint.back() == '=') e.fingerprint.pop_back();
    // Whose key it is, when a player registered it.
    RegistryQuery q(db, "SELECT name FROM players WHERE key_hex = ?");
    q.bind(1, e.hex);
    if (q.step()) e.name = q.text(0);
    return e;
  }
  if (const std::string problem = player_name_problem(target); !problem.empty())
    throw UserError(fmt::format("{}: give a player's name or a key's fingerprint (SHA256:...)", problem));
  RegistryQuery q(db, "SELECT name, fingerprint, key_hex FROM players WHERE id = ?");
  q.bind(1, player_id(target));
  if (!q.step())
    throw UserError(
        fmt::format("no player is named '{}' on this server ({}); a key that never registered is "
                    "banned by its fingerprint (SHA256:..., in the log)",
                    printable(target, 40), dir));
  e.name = q.text(0);
  e.fingerprint = q.text(1);
  e.hex = q.text(2);
  if (!key_hash_hex(e.hex))
    throw UserError(fmt::format("the record of '{}' has no key: ban the key by its fingerprint (SHA256:...)",
                                printable(e.name, 24)));
  return e;
}

}  // namespace

BanList::BanList(std::string state_dir) : dir_(std::move(state_dir)) {
  static_cast<void>(RegistryDb(dir_));  // made, taken over from the files of before, or refused now
}

BanList::Banned BanList::ban(std::string_view target) const {
  const RegistryDb db(dir_);
  return db.write([&]() -> Banned {
    BanEntry e = resolve(db, dir_, target);
    if (auto known = find_ban(db, e.hex)) return {*known, false};
    e.since = utc_stamp();
    RegistryQuery q(db, "INSERT INTO bans(key_hex, fingerprint, name, since) VALUES (?, ?, ?, ?)");
    q.bind(1, e.hex).bind(2, e.fingerprint).bind(3, e.name).bind(4, e.since);
    q.step();
    bump_bans(db);
    return {e, true};
  });
}

BanEntry BanList::unban(std::string_view target) const {
  const RegistryDb db(dir_);
  return db.write([&] {
    const BanEntry e = resolve(db, dir_, target);
    std::optional<BanEntry> known = find_ban(db, e.hex);
    if (!known)
      throw UserError(fmt::format("{} is not banned",
                                  e.name.empty() ? e.fingerprint : e.name + "'s key " + e.fingerprint));
    RegistryQuery q(db, "DELETE FROM bans WHERE key_hex = ?");
    q.bind(1, e.hex);
    q.step();
    bump_bans(db);
    return *known;
  });
}

std::optional<BanEntry> BanList::find(const std::string& hex) const {
  const RegistryDb db(dir_);
  return find_ban(db, hex);
}

std::vector<BanEntry> BanList::list() const {
  const RegistryDb db(dir_);
  std::vector<BanEntry> out;
  RegistryQuery q(db, "SELECT key_hex, fingerprint, name, since FROM bans ORDER BY since, rowid");
  while (q.step()) out.push_back({q.text(0), q.text(1), q.text(2), q.text(3)});
  return out;
}

std::int64_t BanList::stamp() const {
  const RegistryDb db(dir_);
  return bans_stamp(db);
}

}  // namespace rt::net
