#include "net/repeated_lines.h"

#include <fmt/format.h>

namespace rt::net {
namespace {

std::string_view plural(PeerLine kind) {
  switch (kind) {
    case PeerLine::WrongCode: return "wrong join codes";
    case PeerLine::CodeTooSoon: return "join codes not checked (too soon after a wrong one)";
    case PeerLine::Refused: return "refused hellos";
    case PeerLine::NotAllowed: return "connections refused (not allowed at this table)";
    case PeerLine::Left: return "connections closed before joining";
    case PeerLine::Watching: return "watchers coming or going";
    case PeerLine::Seat: return "seat comings and goings";
    case PeerLine::TalkTooFast: return "talk lines refused as too fast";
  }
  return "lines";
}

}  // namespace

bool RepeatedLines::admit(uid_t uid, PeerLine kind, const std::string& user, Millis now,
                          const std::string& stamp) {
  return admit_key(fmt::format("uid {} {}", uid, static_cast<int>(kind)),
                   fmt::format("{} (uid {})", user, uid), plural(kind), now, stamp);
}

bool RepeatedLines::admit_key_peer(const std::string& key, const std::string& who, PeerLine kind, Millis now,
                                   const std::string& stamp) {
  return admit_key(fmt::format("key {} {}", key, static_cast<int>(kind)), who, plural(kind), now, stamp);
}

bool RepeatedLines::admit(const std::string& peer, std::string_view what, Millis now,
                          const std::string& stamp) {
  return admit_key(fmt::format("peer {} {}", peer, what), peer, what, now, stamp);
}

bool RepeatedLines::admit_key(std::string key, std::string who, std::string_view what, Millis now,
                              const std::string& stamp) {
  auto it = windows_.find(key);
  if (it == windows_.end()) {
    if (windows_.size() >= kMaxPeers) return true;
    it = windows_.emplace(std::move(key), Window{now, stamp, std::move(who), std::string(what), 0, 0}).first;
  }
  Window& w = it->second;
  if (w.written < kPerMinute) {
    ++w.written;
    return true;
  }
  ++w.counted;
  return false;
}

std::vector<std::string> RepeatedLines::due(Millis now, bool everything) {
  std::vector<std::string> lines;
  for (auto it = windows_.begin(); it != windows_.end();) {
    const Window& w = it->second;
    if (!everything && now < w.start + kWindowMs) {
      ++it;
      continue;
    }
    if (w.counted > 0)
      lines.push_back(
          fmt::format("{} more {} from {} in the minute from {}", w.counted, w.what, w.who, w.stamp));
    it = windows_.erase(it);
  }
  return lines;
}

RepeatedLines::Millis RepeatedLines::next_due() const {
  Millis next = -1;
  for (const auto& [key, w] : windows_)
    if (w.counted > 0 && (next < 0 || w.start + kWindowMs < next)) next = w.start + kWindowMs;
  return next;
}

}  // namespace rt::net
