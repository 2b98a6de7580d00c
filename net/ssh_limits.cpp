#include "net/ssh_limits.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>

#include <cstring>

#include <fmt/format.h>

namespace rt::net {
namespace {

constexpr ConnectionBook::Millis kMinuteMs = 60000;

bool mapped_v4(const sockaddr_in6& a) {
  return IN6_IS_ADDR_V4MAPPED(&a.sin6_addr);
}

std::string v4_text(const void* addr) {
  char buf[INET_ADDRSTRLEN] = "";
  ::inet_ntop(AF_INET, addr, buf, sizeof buf);
  return buf;
}

void set_limit(int resource, std::uint64_t value) {
  rlimit lim{};
  lim.rlim_cur = static_cast<rlim_t>(value);
  lim.rlim_max = static_cast<rlim_t>(value);
  ::setrlimit(resource, &lim);
}

}  // namespace

std::string pending_limit_problem(int n) {
  if (n >= 1 && n <= kMaxPendingLimit) return {};
  return fmt::format("--max-pending: give 1 to {} connections still logging in (not {})", kMaxPendingLimit,
                     n);
}

int terminal_side(int asked, int fallback, int largest) {
  return asked <= 0 ? fallback : std::min(asked, largest);
}

bool terminfo_known(const std::string& term) {
  if (term.empty()) return false;
  for (const char* dir : {"/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"}) {
    struct stat st {};
    if (::stat(fmt::format("{}/{}/{}", dir, term[0], term).c_str(), &st) == 0) return true;
    if (::stat(fmt::format("{}/{:02x}/{}", dir, static_cast<unsigned char>(term[0]), term).c_str(), &st) == 0)
      return true;
  }
  return false;
}

std::string terminal_name(std::string_view asked) {
  const auto term_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' || c == '-';
  };
  if (asked.empty() || asked.size() > kMaxTerminalName ||
      !std::all_of(asked.begin(), asked.end(), term_char) || !terminfo_known(std::string(asked)))
    return std::string(kFallbackTerminal);
  return std::string(asked);
}

bool locale_says_utf8(std::string_view value) {
  std::string v(value);
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
}

// AddressSanitizer reserves terabytes of address space for its shadow as a
// program starts: a sanitized shell (exec'd afresh) could not start under an
// address-space limit, so a sanitized build (`make sanitize`) goes without.
#if defined(__SANITIZE_ADDRESS__)
#define RACETABLE_SSH_NO_AS_LIMIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RACETABLE_SSH_NO_AS_LIMIT 1
#endif
#endif

void limit_session_process(const SshLimits& lim) {
#ifndef RACETABLE_SSH_NO_AS_LIMIT
  set_limit(RLIMIT_AS, lim.memory_bytes);
#endif
  set_limit(RLIMIT_FSIZE, lim.file_bytes);
  set_limit(RLIMIT_NOFILE, static_cast<std::uint64_t>(lim.open_files));
  set_limit(RLIMIT_CPU, static_cast<std::uint64_t>(lim.cpu_seconds));
  set_limit(RLIMIT_CORE, 0);
}

std::string address_text(const sockaddr_storage& addr) {
  if (addr.ss_family == AF_INET) return v4_text(&reinterpret_cast<const sockaddr_in&>(addr).sin_addr);
  if (addr.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
    if (mapped_v4(a)) return v4_text(a.sin6_addr.s6_addr + 12);
    char buf[INET6_ADDRSTRLEN] = "";
    ::inet_ntop(AF_INET6, &a.sin6_addr, buf, sizeof buf);
    return buf;
  }
  return "unknown address";
}

std::string address_bucket(const sockaddr_storage& addr) {
  if (addr.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
    if (mapped_v4(a)) return v4_text(a.sin6_addr.s6_addr + 12);
    in6_addr prefix = a.sin6_addr;
    std::memset(prefix.s6_addr + 8, 0, 8);
    char buf[INET6_ADDRSTRLEN] = "";
    ::inet_ntop(AF_INET6, &prefix, buf, sizeof buf);
    return std::string(buf) + "/64";
  }
  return address_text(addr);
}

std::string address_source(const sockaddr_storage& addr) {
  const unsigned char* v4 = nullptr;
  if (addr.ss_family == AF_INET) {
    v4 = reinterpret_cast<const unsigned char*>(&reinterpret_cast<const sockaddr_in&>(addr).sin_addr);
  } else if (addr.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
    if (!mapped_v4(a)) return address_bucket(addr);
    v4 = a.sin6_addr.s6_addr + 12;
  } else {
    return address_text(addr);
  }
  unsigned char net[4] = {v4[0], v4[1], v4[2], 0};
  return v4_text(net) + "/24";
}

PeerAddress peer_address(const sockaddr_storage& addr) {
  return PeerAddress{address_text(addr), address_bucket(addr), address_source(addr)};
}

ConnectionBook::Admission ConnectionBook::admit(const PeerAddress& peer, Millis now) {
  const std::string& bucket = peer.bucket;
  Admission a;
  // The address's connections in the last minute.
  auto it = recent_.find(bucket);
  if (it == recent_.end()) {
    if (recent_.size() >= kMaxRememberedAddresses)
      for (auto r = recent_.begin(); r != recent_.end();)
        r = r->second.empty() || r->second.back() + kMinuteMs <= now ? recent_.erase(r) : std::next(r);
    if (recent_.size() >= kMaxRememberedAddresses) {
      a.rate_limited = true;  // a flood from more addresses than are remembered
      return a;
    }
    it = recent_.emplace(bucket, std::deque<Millis>{}).first;
  }
  std::deque<Millis>& times = it->second;
  while (!times.empty() && times.front() + kMinuteMs <= now) times.pop_front();
  if (std::ssize(times) >= limits_.per_minute) {
    a.rate_limited = true;
    return a;
  }
  times.push_back(now);

  if (sessions() >= limits_.max_sessions)
    a.full = fmt::format("the server is full ({} players): try again later", limits_.max_sessions);
  else if (sessions_from(bucket) >= limits_.max_per_address)
    a.full = fmt::format("your address has {} open already (at most {}): close one first",
                         sessions_from(bucket) == 1 ? std::string("a session")
                                                    : fmt::format("{} sessions", sessions_from(bucket)),
                         limits_.max_per_address);

  // Room among the connections still logging in: a newcomer always gets a
  // chance, at the cost of the oldest one of its own address when that holds
  // too many, else of the source holding the most. Ties go by age, never by
  // address order, so no address is the first to give way for its number.
  auto crowd_out = [&](pid_t victim) {
    if (victim <= 0) return;
    a.crowded_out.push_back(victim);
    closing(victim);
  };
  if (pending_from(bucket) >= limits_.max_pending_per_address) crowd_out(oldest_pending(bucket));
  if (pending() >= limits_.max_pending) crowd_out(flood_victim());
  return a;
}

void ConnectionBook::started(pid_t pid, const PeerAddress& peer, Millis now) {
  Entry e;
  e.bucket = peer.bucket;
  e.source = peer.source;
  e.address = peer.text;
  e.started = now;
  e.arrival = arrivals_++;
  entries_[pid] = std::move(e);
}

bool ConnectionBook::logged_in(pid_t pid, const std::string& name, const std::string& fingerprint) {
  auto it = entries_.find(pid);
  if (it == entries_.end() || it->second.closing) return false;
  Entry& e = it->second;
  e.logged_in = true;
  e.name = name;
  if (!fingerprint.empty()) e.fingerprint = fingerprint;
  return sessions() <= limits_.max_sessions && sessions_from(e.bucket) <= limits_.max_per_address;
}

void ConnectionBook::offered(pid_t pid, const std::string& fingerprint) {
  auto it = entries_.find(pid);
  if (it != entries_.end() && !it->second.logged_in) it->second.fingerprint = fingerprint;
}

void ConnectionBook::closing(pid_t pid) {
  auto it = entries_.find(pid);
  if (it != entries_.end()) it->second.closing = true;
}

const ConnectionBook::Entry* ConnectionBook::find(pid_t pid) const {
  auto it = entries_.find(pid);
  return it == entries_.end() ? nullptr : &it->second;
}

ConnectionBook::Entry ConnectionBook::ended(pid_t pid) {
  auto it = entries_.find(pid);
  if (it == entries_.end()) return {};
  Entry e = std::move(it->second);
  entries_.erase(it);
  return e;
}

std::vector<pid_t> ConnectionBook::overdue(Millis now) const {
  std::vector<pid_t> out;
  for (const auto& [pid, e] : entries_)
    if (!e.logged_in && !e.closing && now >= e.started + limits_.login_seconds * 1000ll) out.push_back(pid);
  return out;
}

ConnectionBook::Millis ConnectionBook::next_deadline() const {
  Millis next = -1;
  for (const auto& [pid, e] : entries_)
    if (!e.logged_in && !e.closing) {
      const Millis at = e.started + limits_.login_seconds * 1000ll;
      if (next < 0 || at < next) next = at;
    }
  return next;
}

int ConnectionBook::sessions() const {
  int n = 0;
  for (const auto& [pid, e] : entries_) n += e.logged_in ? 1 : 0;
  return n;
}

int ConnectionBook::sessions_from(const std::string& bucket) const {
  int n = 0;
  for (const auto& [pid, e] : entries_) n += e.logged_in && e.bucket == bucket ? 1 : 0;
  return n;
}

int ConnectionBook::pending() const {
  int n = 0;
  for (const auto& [pid, e] : entries_) n += !e.logged_in && !e.closing ? 1 : 0;
  return n;
}

int ConnectionBook::pending_from(const std::string& bucket) const {
  int n = 0;
  for (const auto& [pid, e] : entries_) n += !e.logged_in && !e.closing && e.bucket == bucket ? 1 : 0;
  return n;
}

std::vector<pid_t> ConnectionBook::pids() const {
  std::vector<pid_t> out;
  for (const auto& [pid, e] : entries_) out.push_back(pid);
  return out;
}

pid_t ConnectionBook::oldest_pending(const std::string& bucket) const {
  pid_t best = -1;
  std::uint64_t at = 0;
  for (const auto& [pid, e] : entries_)
    if (!e.logged_in && !e.closing && e.bucket == bucket && (best < 0 || e.arrival < at)) {
      best = pid;
      at = e.arrival;
    }
  return best;
}

pid_t ConnectionBook::flood_victim() const {
  struct Source {
    int pending = 0;
    pid_t oldest = -1;
    std::uint64_t oldest_arrival = 0;
  };
  std::map<std::string, Source> sources;
  for (const auto& [pid, e] : entries_) {
    if (e.logged_in || e.closing) continue;
    Source& s = sources[e.source];
    ++s.pending;
    if (s.oldest < 0 || e.arrival < s.oldest_arrival) {
      s.oldest = pid;
      s.oldest_arrival = e.arrival;
    }
  }
  const Source* heaviest = nullptr;
  for (const auto& [name, s] : sources)
    if (!heaviest || s.pending > heaviest->pending ||
        (s.pending == heaviest->pending && s.oldest_arrival < heaviest->oldest_arrival))
      heaviest = &s;
  return heaviest ? heaviest->oldest : -1;
}

}  // namespace rt::net
