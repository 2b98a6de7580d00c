// Banned keys of the SSH server (`racetable serve --ssh --ban NAME|SHA256:...`,
// `--unban`, `--bans`): rows of the registry's database (net/registry_db.h),
// one per key, each ban or unban one transaction. Each session process reads
// it at login (a banned key is refused with one line in the userauth
// banner), and the listening process checks a counter the bans bump and
// ends a newly banned player's live sessions within a second. A ban keeps
// the player's name: no other key can take it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rt::net {

class RegistryDb;

// "SHA256:<43 characters of unpadded base64>" (as ssh-keygen -l and the log
// write it) as the 64 hex digits the registry names keys by; "" if it is not one.
std::string fingerprint_hex(std::string_view fingerprint);

struct BanEntry {
  std::string hex;          // the key's SHA-256, hex
  std::string fingerprint;  // "SHA256:..."
  std::string name;         // the player whose key it is ("" if it never registered)
  std::string since;        // when it was banned (UTC)
};

// The ban on a key (by its hex), if any, over a connection the caller
// holds: a login asks this and the name's questions over one opening.
std::optional<BanEntry> find_ban(const RegistryDb& db, const std::string& hex);
// What BanList::stamp() says, over a connection the caller holds.
std::int64_t bans_stamp(const RegistryDb& db);

class BanList {
 public:
  // Opens the registry (made when missing). Throws UserError.
  explicit BanList(std::string state_dir);

  // Bans a registered player's key (NAME, any case) or any key by its
  // fingerprint. Throws UserError: an unknown name, not a fingerprint.
  // Banning a banned key again changes nothing (`fresh` false).
  struct Banned {
    BanEntry entry;
    bool fresh = true;
  };
  Banned ban(std::string_view target) const;
  // Lifts a ban (by NAME or fingerprint). Throws UserError when there is none.
  BanEntry unban(std::string_view target) const;
  // The ban on a key (by its hex), if any.
  std::optional<BanEntry> find(const std::string& hex) const;
  std::vector<BanEntry> list() const;
  // Changes whenever a ban is added or lifted: the listening process
  // re-reads only then.
  std::int64_t stamp() const;

 private:
  std::string dir_;  // the state directory
};

}  // namespace rt::net
