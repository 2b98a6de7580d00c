// The SSH server's player registry on disk: one SQLite database,
// STATE/registry/registry.db (with its -wal and -shm files beside it: a
// directory of its own, which Landlock can grant whole while SQLite makes
// and removes those files; net/confine.h), holding the
// players (name, key, the look of the name) and the banned keys. Every
// registration or ban is one transaction, names, keys and looks are unique
// by constraint, so a process killed at any instant leaves each name either
// registered to its key or free. Each process opens its own connection (one
// per session process, the table process, the listener at start); none is
// ever carried across fork().
//
// At its first opening the database takes over the files of before
// (players/ID/identity, keys/, banned/: net/registry_migrate.cpp) in the same
// transaction that makes its tables; those files are left where they were.
// The players' own directories (saves, settings, history) stay files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace rt::net {

// The registry's own directory, and the one file in it the registry opens
// (SQLite adds "-wal" and "-shm" beside it).
inline std::string registry_dir(const std::string& state_dir) {
  return state_dir + "/registry";
}
std::string registry_db_path(const std::string& state_dir);

// A constraint refused a row (a name, key or look registered meanwhile).
struct RegistryConflict : UserError {
  using UserError::UserError;
};

// One connection, opened on a private state directory (made 0700 when
// missing) and a private database file (0600, never a link), in WAL mode.
// Throws UserError with one line naming the file: damaged, not ours, locked.
class RegistryDb {
 public:
  explicit RegistryDb(const std::string& state_dir);
  ~RegistryDb();
  RegistryDb(const RegistryDb&) = delete;
  RegistryDb& operator=(const RegistryDb&) = delete;

  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }
  // What taking over the files of before could not read, one line each
  // (empty unless this opening took them over).
  const std::vector<std::string>& notes() const { return notes_; }

  void exec(const char* sql) const;
  // Runs `body` in one write transaction: committed when it returns,
  // rolled back when it throws.
  template <class F>
  auto write(F&& body) const {
    exec("BEGIN IMMEDIATE");
    try {
      if constexpr (std::is_void_v<decltype(body())>) {
        body();
        commit();
      } else {
        auto out = body();
        commit();
        return out;
      }
    } catch (...) {
      rollback();
      throw;
    }
  }
  // Throws UserError (or RegistryConflict) for SQLite's result `rc`.
  [[noreturn]] void fail(int rc) const;
  // SQLite's word after a commit: the write-ahead log holds `frames` pages.
  void log_written(int frames) const { log_frames_ = frames; }

 private:
  void commit() const;
  void rollback() const noexcept;
  void create_or_migrate(const std::string& state_dir);
  std::string path_;
  sqlite3* db_ = nullptr;
  std::vector<std::string> notes_;
  mutable int log_frames_ = 0;  // pages in the write-ahead log at the last commit
};

// One prepared statement: bind by position (from 1), step through rows.
class RegistryQuery {
 public:
  RegistryQuery(const RegistryDb& db, const char* sql);
  ~RegistryQuery();
  RegistryQuery(const RegistryQuery&) = delete;
  RegistryQuery& operator=(const RegistryQuery&) = delete;

  RegistryQuery& bind(int index, std::string_view text);
  RegistryQuery& bind_null(int index);
  // True while there is a row; false when done. Throws as RegistryDb::fail.
  bool step();
  std::string text(int column) const;  // "" for NULL
  bool is_null(int column) const;
  std::int64_t integer(int column) const;

 private:
  const RegistryDb& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Whether `s` is a key's SHA-256 as the registry writes it (64 lower-case hex digits).
bool key_hash_hex(std::string_view s);

}  // namespace rt::net
