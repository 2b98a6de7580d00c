// How many sessions one key has open at once (`serve --ssh --max-per-key`):
// each logged-in session process holds one of its key's slots,
// STATE/sessions/SHA256-HEX.K for K below the limit, locked with flock(2).
// The kernel drops a lock when its process ends however it ends (kill -9,
// the OOM killer), so a session never outlives its count, and no session
// process asks another how many there are.
#pragma once

#include <optional>
#include <string>

namespace rt::net {

class KeySessionSlot {
 public:
  // One of the `max` slots of the key (its SHA-256 in hex), held until this
  // object is gone; nullopt when all `max` are held. Throws UserError when
  // the directory is not the server's own (0700, not a link).
  static std::optional<KeySessionSlot> take(const std::string& state_dir, const std::string& key_hex,
                                            int max);

  KeySessionSlot(KeySessionSlot&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  KeySessionSlot& operator=(KeySessionSlot&& other) noexcept;
  KeySessionSlot(const KeySessionSlot&) = delete;
  KeySessionSlot& operator=(const KeySessionSlot&) = delete;
  ~KeySessionSlot();

 private:
  explicit KeySessionSlot(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// The line a client refused for its key's sessions is told (after "racetable: ").
std::string key_sessions_full(int max);

}  // namespace rt::net
