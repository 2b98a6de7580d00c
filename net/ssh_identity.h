// Who an SSH player is (`racetable serve --ssh`, net/ssh_gateway.h): the
// public key they log in with. The first login with a key registers the
// name typed in `ssh NAME@host`; later logins with that key are that player
// whatever name is typed, and no other key can ever take the name, nor a
// name that looks like it (core/name_skeleton.h).
//
// The registry is one SQLite database in the server's state directory
// (net/registry_db.h): one transaction per registration, names, keys and
// looks unique by constraint, so registrations racing in several session
// processes, or a process killed at any instant, leave each name registered
// to its key or free. Each player also has a directory, players/ID (ID: the
// name in lower case), for saves, settings and history; every directory
// must be this user's with mode 0700.
//
// The server's own host key (Ed25519) is made here too, on first start.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rt::net {

class RegistryDb;

inline constexpr std::size_t kMinPlayerName = 2;
inline constexpr std::size_t kMaxPlayerName = 16;

// "" when `name` may be registered: letters, digits, '-' and '_', 2 to 16 of
// them, not starting with "guest" (guests are guest-N). Else why not, one
// line that quotes the name printably.
std::string player_name_problem(std::string_view name);
// The registry's id of a name: lower case (names are unique whatever their case).
std::string player_id(std::string_view name);

// A directory of this process's user closed to everyone else: created 0700
// (parents too) when missing; an existing one must be a real directory (not
// a link), ours, with no group or other permissions. Throws UserError.
void ensure_private_dir(const std::string& path);
// Writes `text` to a fresh 0600 file next to `path` (O_CREAT|O_EXCL|
// O_NOFOLLOW), syncs it, then renames it over `path` (`replace`) or links it
// into place only if nothing is there (returns false if something is).
// Throws UserError when it cannot be written.
bool write_private_file(const std::string& path, std::string_view text, bool replace);
// A private file of ours (regular, not a link, no group or other bits) of at
// most `max_bytes`; nullopt when there is none. Throws UserError otherwise.
std::optional<std::string> read_private_file(const std::string& path, std::size_t max_bytes = 64 * 1024);
// One field of a small "key value" file of the server's (an identity, a ban):
// the rest of the line after "KEY " ("" when there is none).
std::string key_file_field(const std::string& text, std::string_view key);
// Now in UTC, as these files record it ("2026-11-27T10:02:03Z").
std::string utc_stamp();
// Removes a directory tree of ours without following links (guests' homes).
void remove_tree(const std::string& path);

// A public key as the registry knows it.
struct PlayerKey {
  std::string type;         // "ssh-ed25519"
  std::string base64;       // the key blob
  std::string sha256_hex;   // the SHA-256 of the blob, hex: the file name under keys/
  std::string fingerprint;  // "SHA256:..." as ssh-keygen -l and the client show it
};

class PlayerRegistry {
 public:
  // Opens (makes, or takes over the files of before into) the database.
  // Throws UserError: a damaged database, a state directory not ours.
  explicit PlayerRegistry(std::string state_dir);
  // Names the registry without opening it: a session process opens one
  // connection (net/registry_db.h) for all of a login's questions.
  struct Unopened {};
  PlayerRegistry(std::string state_dir, Unopened) : dir_(std::move(state_dir)) {}

  // Damaged: the name's record could not be read (kept from the files of
  // before): whoever asks for it is told to ask the operator.
  enum class Outcome { Known, Registered, Free, Taken, Invalid, Damaged };
  struct Result {
    Outcome outcome = Outcome::Invalid;
    std::string name;    // the player's name (Known, Registered, Free)
    std::string reason;  // one line (Taken, Invalid, Damaged)
    bool ok() const {
      return outcome == Outcome::Known || outcome == Outcome::Registered || outcome == Outcome::Free;
    }
  };
  // What logging in with `key` as `wanted` would do, changing nothing:
  // Known (the key's own name), Free (would register `wanted`), Taken or Invalid.
  Result check(const PlayerKey& key, const std::string& wanted) const;
  Result check(const RegistryDb& db, const PlayerKey& key, const std::string& wanted) const;
  // Logs in: Known, or registers `wanted` for a new key (Registered), or
  // refuses (Taken, Invalid, Damaged). One transaction: safe against other
  // processes registering at the same time, and against being killed.
  Result login(const PlayerKey& key, const std::string& wanted) const;
  Result login(const RegistryDb& db, const PlayerKey& key, const std::string& wanted) const;
  // The player's own directory (saves, settings, history under it).
  std::string player_dir(const std::string& name) const;
  // Every registered player's name, as registered.
  std::vector<std::string> names() const;
  static std::vector<std::string> names(const RegistryDb& db);
  // The registered name `wanted` looks like (core/name_skeleton.h), if any
  // but `wanted`'s own.
  std::optional<std::string> look_alike(std::string_view wanted) const;
  // What the server says at start, one line each: what taking over the
  // files of before could not read, what the database's check found, each
  // record a player cannot log in with.
  std::vector<std::string> startup_report() const;

 private:
  std::string dir_;
  std::vector<std::string> notes_;  // from taking over the files of before
};

// The server's host key, STATE/host_ed25519_key (OpenSSH's private key
// format, mode 0600), made on first use. Its fingerprint ("SHA256:...").
struct HostKeyFile {
  std::string path;
  std::string fingerprint;
  bool created = false;
};
HostKeyFile ensure_host_key(const std::string& state_dir);

}  // namespace rt::net
