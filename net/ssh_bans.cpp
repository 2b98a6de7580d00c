#include "net/ssh_bans.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "core/types.h"
#include "net/protocol.h"
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

bool hex_name(std::string_view s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
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

BanList::BanList(std::string state_dir, bool make) : dir_(std::move(state_dir)), bans_(dir_ + "/banned") {
  if (make) ensure_private_dir(bans_);
}

BanEntry BanList::resolve(std::string_view target) const {
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
    if (const auto id = read_private_file(dir_ + "/keys/" + e.hex, 256)) {
      std::string name = *id;
      while (!name.empty() && (name.back() == '\n' || name.back() == ' ')) name.pop_back();
      if (player_name_problem(name).empty()) e.name = name;
    }
    return e;
  }
  if (const std::string problem = player_name_problem(target); !problem.empty())
    throw UserError(fmt::format("{}: give a player's name or a key's fingerprint (SHA256:...)", problem));
  const auto identity = read_private_file(dir_ + "/players/" + player_id(target) + "/identity");
  if (!identity)
    throw UserError(
        fmt::format("no player is named '{}' on this server ({}); a key that never registered is "
                    "banned by its fingerprint (SHA256:..., in the log)",
                    printable(target, 40), dir_));
  e.fingerprint = key_file_field(*identity, "fingerprint");
  e.hex = fingerprint_hex(e.fingerprint);
  e.name = key_file_field(*identity, "name");
  if (e.hex.empty())
    throw UserError(fmt::format("{}/players/{}/identity: no key fingerprint", dir_, player_id(target)));
  return e;
}

BanList::Banned BanList::ban(std::string_view target) const {
  BanEntry e = resolve(target);
  if (auto known = find(e.hex)) return {*known, false};
  e.since = utc_stamp();
  const bool fresh = write_private_file(
      bans_ + "/" + e.hex,
      fmt::format("fingerprint {}\nname {}\nbanned {}\n", e.fingerprint, e.name, e.since), false);
  if (!fresh)
    if (auto known = find(e.hex)) return {*known, false};
  return {e, fresh};
}

BanEntry BanList::unban(std::string_view target) const {
  const BanEntry e = resolve(target);
  std::optional<BanEntry> known = find(e.hex);
  if (!known)
    throw UserError(
        fmt::format("{} is not banned", e.name.empty() ? e.fingerprint : e.name + "'s key " + e.fingerprint));
  if (::unlink((bans_ + "/" + e.hex).c_str()) != 0 && errno != ENOENT)
    throw UserError(fmt::format("{}/{}: cannot remove: {}", bans_, e.hex, std::strerror(errno)));
  return *known;
}

std::optional<BanEntry> BanList::find(const std::string& hex) const {
  if (!hex_name(hex)) return std::nullopt;
  const auto text = read_private_file(bans_ + "/" + hex, 1024);
  if (!text) return std::nullopt;
  BanEntry e;
  e.hex = hex;
  e.fingerprint = key_file_field(*text, "fingerprint");
  e.name = key_file_field(*text, "name");
  e.since = key_file_field(*text, "banned");
  return e;
}

std::vector<BanEntry> BanList::list() const {
  std::vector<BanEntry> out;
  DIR* d = ::opendir(bans_.c_str());
  if (!d) return out;
  while (const dirent* ent = ::readdir(d)) {
    if (!hex_name(ent->d_name)) continue;
    if (auto e = find(ent->d_name)) out.push_back(*e);
  }
  ::closedir(d);
  std::sort(out.begin(), out.end(), [](const BanEntry& a, const BanEntry& b) { return a.since < b.since; });
  return out;
}

std::int64_t BanList::stamp() const {
  struct stat st {};
  if (::stat(bans_.c_str(), &st) != 0) return -1;
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec +
         static_cast<std::int64_t>(st.st_size) * 7919 + static_cast<std::int64_t>(st.st_ino);
}

}  // namespace rt::net
