#include "net/registry_db.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <sqlite3.h>

#include "net/registry_migrate.h"
#include "net/ssh_identity.h"

namespace rt::net {
namespace {

constexpr int kSchemaVersion = 1;
// Session processes queue behind a registration rather than fail it.
constexpr int kBusyTimeoutMs = 10000;
// The log's length (pages) at which a write empties it; this connection
// checkpoints in place of SQLite's automatic one (its wal hook).
constexpr int kLogFramesToEmpty = 64;

int on_log_written(void* db, sqlite3*, const char*, int frames) {
  static_cast<RegistryDb*>(db)->log_written(frames);
  return SQLITE_OK;
}

// key: "TYPE BASE64", NULL (with `damaged` saying why) for a record taken
// over from files that could not be read; the name stays claimed by it.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS players(
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key TEXT UNIQUE,
  key_hex TEXT UNIQUE,
  fingerprint TEXT,
  skeleton TEXT UNIQUE,
  registered TEXT NOT NULL,
  damaged TEXT
);
CREATE TABLE IF NOT EXISTS bans(
  key_hex TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  name TEXT NOT NULL,
  since TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS changes(what TEXT PRIMARY KEY, n INTEGER NOT NULL);
)sql";

// The file must be ours, private and not a link before SQLite opens it
// (SQLite then refuses a link too, and makes -wal and -shm with its mode).
void ensure_private_db_file(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) throw UserError(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0) {
      ::close(fd);
      return;
    }
    if (errno != EEXIST) throw UserError(fmt::format("{}: cannot create: {}", path, std::strerror(errno)));
    if (::lstat(path.c_str(), &st) != 0)
      throw UserError(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0)
    throw UserError(fmt::format(
        "{}: must be a file of this user's that nobody else may read (mode 0600), not a link", path));
}

}  // namespace

std::string registry_db_path(const std::string& state_dir) {
  return registry_dir(state_dir) + "/registry.db";
}

bool key_hash_hex(std::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

RegistryDb::RegistryDb(const std::string& state_dir) : path_(registry_db_path(state_dir)) {
  // Only the registry's own directory is checked: a confined session
  // process may open nothing else of the state directory (net/confine.h).
  ensure_private_dir(registry_dir(state_dir));
  ensure_private_db_file(path_);
  const int rc = ::sqlite3_open_v2(
      path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW, nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db_ ? ::sqlite3_errmsg(db_) : ::sqlite3_errstr(rc);
    ::sqlite3_close_v2(db_);
    db_ = nullptr;
    throw UserError(fmt::format("{}: cannot open: {}", path_, why));
  }
  try {
    ::sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    ::sqlite3_wal_hook(db_, on_log_written, this);
    ::sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    // Each call opens and closes a connection: a checkpoint at every close
    // would cost two more syncs a login (SQLite checkpoints as the WAL grows).
    ::sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    {
      RegistryQuery mode(*this, "PRAGMA journal_mode=WAL");
      if (!mode.step() || mode.text(0) != "wal")
        throw UserError(fmt::format("{}: SQLite cannot keep it in WAL mode", path_));
    }
    // FULL syncs the WAL at each commit: a player told "registered" keeps the
    // name through a power loss too (NORMAL may lose the last commits then).
    exec("PRAGMA synchronous=FULL");
    create_or_migrate(state_dir);
  } catch (...) {
    ::sqlite3_close_v2(db_);
    db_ = nullptr;
    throw;
  }
}

RegistryDb::~RegistryDb() {
  if (db_) ::sqlite3_close_v2(db_);
}

void RegistryDb::create_or_migrate(const std::string& state_dir) {
  const auto version = [this] {
    RegistryQuery q(*this, "PRAGMA user_version");
    return q.step() ? q.integer(0) : 0;
  };
  if (version() >= kSchemaVersion) return;
  write([&] {
    if (version() >= kSchemaVersion) return;  // another process made it meanwhile
    exec(kSchema);
    notes_ = migrate_registry_files(*this, state_dir);
    exec(fmt::format("PRAGMA user_version={}", kSchemaVersion).c_str());
  });
}

void RegistryDb::exec(const char* sql) const {
  const int rc = ::sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) fail(rc);
}

void RegistryDb::commit() const {
  exec("COMMIT");
  if (log_frames_ < kLogFramesToEmpty) return;
  // An opening while no other connection is open reads the whole log back
  // (SQLite's recovery, which also forgets what was checkpointed), so a log
  // left to grow to SQLite's 1000 pages made every login read megabytes.
  // TRUNCATE empties it; without waiting (busy timeout 0) it is PASSIVE when
  // another process holds the database, and the log is emptied at a later write.
  ::sqlite3_busy_timeout(db_, 0);
  ::sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
  ::sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

void RegistryDb::rollback() const noexcept {
  if (!::sqlite3_get_autocommit(db_)) ::sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void RegistryDb::fail(int rc) const {
  const std::string why = db_ ? ::sqlite3_errmsg(db_) : ::sqlite3_errstr(rc);
  switch (rc & 0xff) {
    case SQLITE_CONSTRAINT: throw RegistryConflict(fmt::format("{}: {}", path_, why));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      throw UserError(
          fmt::format("{}: damaged ({}): restore it from a backup (docs/HOSTING.md)", path_, why));
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw UserError(fmt::format("{}: busy for {} s ({}): try again", path_, kBusyTimeoutMs / 1000, why));
    default: throw UserError(fmt::format("{}: {}", path_, why));
  }
}

RegistryQuery::RegistryQuery(const RegistryDb& db, const char* sql) : db_(db) {
  const int rc = ::sqlite3_prepare_v2(db.handle(), sql, -1, &stmt_, nullptr);
  if (rc != SQLITE_OK) db.fail(rc);
}

RegistryQuery::~RegistryQuery() {
  ::sqlite3_finalize(stmt_);
}

RegistryQuery& RegistryQuery::bind(int index, std::string_view text) {
  const int rc = ::sqlite3_bind_text(stmt_, index, text.data(), std::ssize(text), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) db_.fail(rc);
  return *this;
}

RegistryQuery& RegistryQuery::bind_null(int index) {
  const int rc = ::sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) db_.fail(rc);
  return *this;
}

bool RegistryQuery::step() {
  const int rc = ::sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail(rc);
}

std::string RegistryQuery::text(int column) const {
  const unsigned char* p = ::sqlite3_column_text(stmt_, column);
  if (!p) return {};
  return std::string(reinterpret_cast<const char*>(p),
                     static_cast<std::size_t>(::sqlite3_column_bytes(stmt_, column)));
}

bool RegistryQuery::is_null(int column) const {
  return ::sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t RegistryQuery::integer(int column) const {
  return ::sqlite3_column_int64(stmt_, column);
}

}  // namespace rt::net
