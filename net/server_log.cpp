// The table's log: one line per event, stamped with the wall clock; what a
// peer does again and again is counted past a few lines a minute
// (net/repeated_lines.h).
#include <ctime>

#include <fmt/format.h>

#include "net/server_internal.h"
#include "net/table_log.h"

namespace rt::net {

void Server::say(std::string_view line) {
  if (!opt_.log) return;
  opt_.log(fmt::format("{} {}", clock_stamp(), line));
}

void Server::say_peer(const Client& c, PeerLine kind, std::string_view line) {
  if (!opt_.log) return;
  // The host's own account could flood its own log anyway: every line of its is written.
  if (c.key) {  // an SSH player: counted by key (every one of them has this process's uid)
    if (repeated_.admit_key_peer(peer_of(c), fmt::format("{} ({})", c.user, peer_of(c)), kind, now(),
                                 clock_stamp()))
      say(line);
    return;
  }
  if (c.cred.uid == host_uid_ || repeated_.admit(c.cred.uid, kind, c.user, now(), clock_stamp())) say(line);
}

void Server::say_counts(Millis real, bool everything) {
  for (const std::string& line : repeated_.due(real, everything)) say(line);
}

}  // namespace rt::net
