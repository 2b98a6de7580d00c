// What one peer does again and again (wrong join codes, refused hellos,
// connections that come and go) is logged a few times a minute, then
// counted: "47 more wrong join codes from nobody (uid 65534) in the minute
// from 10:02:03". A group member looping hellos cannot grow the host's log
// by more than a few lines a minute. A peer is a local user (by uid) or,
// for the SSH server, a network address (net/ssh_gateway.h).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rt::net {

// The kinds of repeated line, each counted apart.
enum class PeerLine : std::uint8_t {
  WrongCode,    // a wrong join code
  CodeTooSoon,  // a code not checked: too soon after a wrong one
  Refused,      // a hello refused (seat taken, no free seat, ...)
  NotAllowed,   // a connection from outside the table's group
  Left,         // a connection closed before joining
  Watching,     // a watcher came or went
  Seat,         // a player sat down, came back or left
  TalkTooFast,  // a talk line refused: more than one a second
};

class RepeatedLines {
 public:
  using Millis = std::int64_t;
  static constexpr int kPerMinute = 5;  // lines written per peer and kind before counting
  static constexpr Millis kWindowMs = 60000;
  static constexpr std::size_t kMaxPeers = 4096;  // counted apart; beyond, every line is written

  // Whether to write this line; otherwise it was counted.
  bool admit(uid_t uid, PeerLine kind, const std::string& user, Millis now, const std::string& stamp);
  // The same for a peer known by a key (an SSH player): `who` names them in the count.
  bool admit_key_peer(const std::string& key, const std::string& who, PeerLine kind, Millis now,
                      const std::string& stamp);
  // The same for a peer named by text (an address): `what` is the kind's
  // plural as the count says it ("connections closed at the login deadline").
  bool admit(const std::string& peer, std::string_view what, Millis now, const std::string& stamp);
  // The counts whose minute is over (all of them with `everything`, when
  // the table closes), as lines to write; forgotten once said.
  std::vector<std::string> due(Millis now, bool everything = false);
  // When the next count is due (-1: none waiting).
  Millis next_due() const;

 private:
  struct Window {
    Millis start = 0;
    std::string stamp;  // the wall-clock time it started, as the log writes it
    std::string who;    // "bob (uid 1002)", "203.0.113.9"
    std::string what;   // "wrong join codes"
    int written = 0;
    std::uint64_t counted = 0;
  };
  bool admit_key(std::string key, std::string who, std::string_view what, Millis now,
                 const std::string& stamp);
  std::map<std::string, Window> windows_;  // by peer and kind
};

}  // namespace rt::net
