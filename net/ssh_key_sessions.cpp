#include "net/ssh_key_sessions.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include <fmt/format.h>

#include "core/types.h"
#include "net/ssh_internal.h"

namespace rt::net {
namespace {

bool is_key_hex(const std::string& hex) {
  return hex.size() == 64 && std::all_of(hex.begin(), hex.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

std::optional<KeySessionSlot> KeySessionSlot::take(const std::string& state_dir, const std::string& key_hex,
                                                   int max) {
  if (!is_key_hex(key_hex)) throw UserError("not a key's SHA-256");
  const std::string dir = state_dir + "/sessions";
  ensure_private_dir(dir);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) throw UserError(fmt::format("{}: cannot open: {}", dir, errno_text()));
  std::optional<KeySessionSlot> slot;
  for (int k = 0; k < max && !slot; ++k) {
    const std::string name = fmt::format("{}.{}", key_hex, k);
    const int fd = ::openat(dfd, name.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
      const std::string why = errno_text();
      ::close(dfd);
      throw UserError(fmt::format("{}/{}: cannot open: {}", dir, name, why));
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
      slot = KeySessionSlot(fd);
    else
      ::close(fd);
  }
  ::close(dfd);
  return slot;
}

KeySessionSlot& KeySessionSlot::operator=(KeySessionSlot&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

KeySessionSlot::~KeySessionSlot() {
  if (fd_ >= 0) ::close(fd_);
}

std::string key_sessions_full(int max) {
  return fmt::format("this key has {} open already (at most {}): close one first",
                     max == 1 ? std::string("a session") : fmt::format("{} sessions", max), max);
}

}  // namespace rt::net
