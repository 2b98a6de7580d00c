// PlayerRegistry (net/ssh_identity.h) over the registry's database
// (net/registry_db.h): each call opens its own connection, so that no
// connection is ever carried into a forked session process.
#include <optional>
#include <string>

#include <fmt/format.h>

#include "core/name_skeleton.h"
#include "core/types.h"
#include "net/protocol.h"
#include "net/registry_db.h"
#include "net/ssh_identity.h"

namespace rt::net {
namespace {

// At most this many lines about damaged records at start, then a count.
constexpr std::size_t kMaxReportedRecords = 50;

struct PlayerRow {
  std::string id, name, key, damaged;
};

std::optional<PlayerRow> player_row(const RegistryDb& db, const char* sql, std::string_view value) {
  RegistryQuery q(db, sql);
  q.bind(1, value);
  if (!q.step()) return std::nullopt;
  return PlayerRow{q.text(0), q.text(1), q.text(2), q.text(3)};
}

std::optional<PlayerRow> row_by_key(const RegistryDb& db, const std::string& hex) {
  return player_row(db, "SELECT id, name, key, damaged FROM players WHERE key_hex = ?", hex);
}

std::optional<PlayerRow> row_by_id(const RegistryDb& db, const std::string& id) {
  return player_row(db, "SELECT id, name, key, damaged FROM players WHERE id = ?", id);
}

std::string key_text(const PlayerKey& key) {
  return key.type + " " + key.base64;
}

std::string damaged_record(std::string_view name) {
  return fmt::format("the record of the name '{}' on this server is damaged: ask the server's operator",
                     printable(name, 24));
}

std::optional<std::string> look_alike_in(const RegistryDb& db, std::string_view wanted) {
  RegistryQuery q(db, "SELECT name FROM players WHERE skeleton = ? AND id <> ? ORDER BY id LIMIT 1");
  q.bind(1, name_skeleton(wanted)).bind(2, player_id(wanted));
  if (!q.step()) return std::nullopt;
  return q.text(0);
}

using Outcome = PlayerRegistry::Outcome;

// What logging in with `key` as `wanted` finds in the database.
PlayerRegistry::Result decide_login(const RegistryDb& db, const PlayerKey& key, const std::string& wanted) {
  if (const auto row = row_by_key(db, key.sha256_hex)) {
    if (row->damaged.empty() && row->key == key_text(key)) return {Outcome::Known, row->name, {}};
    return {Outcome::Damaged, {}, damaged_record(row->name)};
  }
  if (std::string problem = player_name_problem(wanted); !problem.empty())
    return {Outcome::Invalid, {}, std::move(problem)};
  if (const auto row = row_by_id(db, player_id(wanted))) {
    if (!row->damaged.empty() || row->key.empty()) return {Outcome::Damaged, {}, damaged_record(row->name)};
    // The key itself is the proof, whatever became of its hash.
    if (row->key == key_text(key)) return {Outcome::Known, row->name, {}};
    return {Outcome::Taken, {}, fmt::format("the name '{}' belongs to another key", wanted)};
  }
  if (auto other = look_alike_in(db, wanted))
    return {Outcome::Taken,
            {},
            fmt::format("the name '{}' looks like '{}', which is taken", printable(wanted, 24),
                        printable(*other, 24))};
  return {Outcome::Free, wanted, {}};
}

}  // namespace

PlayerRegistry::PlayerRegistry(std::string state_dir) : dir_(std::move(state_dir)) {
  ensure_private_dir(dir_ + "/players");
  const RegistryDb db(dir_);
  notes_ = db.notes();
}

std::vector<std::string> PlayerRegistry::names() const {
  const RegistryDb db(dir_);
  return names(db);
}

std::vector<std::string> PlayerRegistry::names(const RegistryDb& db) {
  std::vector<std::string> out;
  RegistryQuery q(db, "SELECT name FROM players ORDER BY id");
  while (q.step()) out.push_back(q.text(0));
  return out;
}

std::optional<std::string> PlayerRegistry::look_alike(std::string_view wanted) const {
  const RegistryDb db(dir_);
  return look_alike_in(db, wanted);
}

std::string PlayerRegistry::player_dir(const std::string& name) const {
  return dir_ + "/players/" + player_id(name);
}

PlayerRegistry::Result PlayerRegistry::check(const PlayerKey& key, const std::string& wanted) const {
  const RegistryDb db(dir_);
  return check(db, key, wanted);
}

PlayerRegistry::Result PlayerRegistry::check(const RegistryDb& db, const PlayerKey& key,
                                             const std::string& wanted) const {
  return decide_login(db, key, wanted);
}

PlayerRegistry::Result PlayerRegistry::login(const PlayerKey& key, const std::string& wanted) const {
  const RegistryDb db(dir_);
  return login(db, key, wanted);
}

PlayerRegistry::Result PlayerRegistry::login(const RegistryDb& db, const PlayerKey& key,
                                             const std::string& wanted) const {
  const Result r = db.write([&]() -> Result {
    Result d = decide_login(db, key, wanted);
    if (d.outcome != Outcome::Free) return d;
    RegistryQuery q(db,
                    "INSERT INTO players(id, name, key, key_hex, fingerprint, skeleton, registered) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, player_id(wanted))
        .bind(2, wanted)
        .bind(3, key_text(key))
        .bind(4, key.sha256_hex)
        .bind(5, key.fingerprint)
        .bind(6, name_skeleton(wanted))
        .bind(7, utc_stamp());
    try {
      q.step();
    } catch (const RegistryConflict&) {
      // Only a writer outside this transaction's lock could get here first.
      return {Outcome::Taken, {}, "this name or key was registered by another login meanwhile: try again"};
    }
    return {Outcome::Registered, wanted, {}};
  });
  // The directory follows the record: made now, or at the next login if
  // this process is killed first.
  if (r.outcome == Outcome::Known || r.outcome == Outcome::Registered) ensure_private_dir(player_dir(r.name));
  return r;
}

std::vector<std::string> PlayerRegistry::startup_report() const {
  std::vector<std::string> out = notes_;
  const RegistryDb db(dir_);
  RegistryQuery check(db, "PRAGMA quick_check(20)");
  while (check.step())
    if (const std::string line = check.text(0); line != "ok")
      out.push_back(fmt::format("registry: {}: damaged: {}", db.path(), printable(line, 80)));
  RegistryQuery bad(db,
                    "SELECT id, damaged FROM players WHERE damaged IS NOT NULL OR key IS NULL OR "
                    "instr(key, ' ') < 2 OR key_hex IS NULL OR length(key_hex) <> 64 ORDER BY id");
  std::size_t count = 0;
  while (bad.step()) {
    if (++count > kMaxReportedRecords) continue;
    const std::string why = bad.text(1).empty() ? "no key" : bad.text(1);
    out.push_back(fmt::format("registry: cannot use the record of '{}' ({}): the player is told to ask you",
                              printable(bad.text(0), 24), printable(why, 80)));
  }
  if (count > kMaxReportedRecords)
    out.push_back(
        fmt::format("registry: and {} more records that cannot be used", count - kMaxReportedRecords));
  return out;
}

}  // namespace rt::net
