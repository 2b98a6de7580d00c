// Who a person's seat at a shared table belongs to: the first one to sit
// there, for the whole game and across a restart of its server (the save's
// `owner` lines, core/save.h). Today the table server knows people by their
// Unix account (the kernel's peer credentials); a server that knows them by
// an SSH key records the key's fingerprint instead, and the two never match.
#pragma once

#include <cstdint>
#include <string>

namespace rt {

struct SeatOwner {
  enum class Kind : std::uint8_t { Uid, Key };
  Kind kind = Kind::Uid;
  std::uint32_t uid = 0;  // Kind::Uid: the Unix account
  std::string key;        // Kind::Key: the key's fingerprint ("SHA256:...")
  std::string name;       // shown to people: the user name, or the key's comment

  static SeatOwner of_uid(std::uint32_t uid, std::string name) {
    return SeatOwner{Kind::Uid, uid, {}, std::move(name)};
  }
  static SeatOwner of_key(std::string fingerprint, std::string name) {
    return SeatOwner{Kind::Key, 0, std::move(fingerprint), std::move(name)};
  }
  // The same person: the same account, or the same key (the name aside).
  bool same_person(const SeatOwner& o) const {
    return kind == o.kind && (kind == Kind::Uid ? uid == o.uid : key == o.key);
  }
  bool is_uid(std::uint32_t u) const { return kind == Kind::Uid && uid == u; }
  bool operator==(const SeatOwner&) const = default;
};

}  // namespace rt
