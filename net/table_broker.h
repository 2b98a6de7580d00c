// The SSH server's tables broker (docs/PROTOCOL.md, "The SSH server's
// tables"): how a player's shell reaches the tables of `serve --ssh`.
//
// The listening process gives each session a socket pair (AF_UNIX,
// SOCK_SEQPACKET): one end goes to the table process with the player's
// identity as the login gave it (name, key fingerprint, guest), the other
// reaches the player's shell (its number in RACETABLE_TABLES_FD,
// kSshTablesFdVariable). Whatever comes in on
// that descriptor is that player: no message on it says who anyone is.
// Each packet is one JSON object (at most kMaxBrokerPacket bytes); a reply
// may carry a descriptor (SCM_RIGHTS): a connected socket to a table, over
// which the ordinary table protocol (hello, welcome, screens) runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "net/protocol.h"
#include "net/sockets.h"
#include "net/table_spec.h"

namespace rt::net {

inline constexpr std::size_t kMaxBrokerPacket = 16 * 1024;
// The table process's answers may be longer: a list of kMaxTables tables of
// six seats each (about 1.1 KB a table) fits. A list longer still is cut,
// saying how many were left out. Every answer is read through TablesLink,
// with this one limit.
inline constexpr std::size_t kMaxBrokerAnswer = 384 * 1024;
// Tables a person may have open at once, and in all (the table process's
// limits): 1,000 players at tables of four (docs/PERFORMANCE.md).
inline constexpr int kMaxTablesPerPlayer = 4;
inline constexpr int kMaxTables = 250;

// One packet, with `pass_fd` attached when >= 0. False when the peer is gone
// (or the message is longer than kMaxBrokerAnswer: never sent in part).
bool send_packet(int fd, const json& message, int pass_fd = -1);
// The same for a message encoded already (one JSON object).
bool send_encoded_packet(int fd, std::string_view body, int pass_fd = -1);

// One packet: the message (nullopt: the peer is gone, or `error` says what
// was wrong with it: too long, not JSON) and the descriptor it carried (-1
// none; the caller owns it; more than one: all closed and an error).
struct Packet {
  std::optional<json> message;
  int fd = -1;
  bool gone = false;
  std::string error;
};
// `max_bytes`: a player's requests kMaxBrokerPacket, the answers to them kMaxBrokerAnswer.
Packet receive_packet(int fd, std::size_t max_bytes);

// Lets `fd` send answers of kMaxBrokerAnswer bytes (a datagram must fit the
// sender's buffer). Returns the longest answer it may send now.
std::size_t make_room_for_answers(int fd);

// The asking end of a tables link (a player's shell, `ssh HOST tables`):
// one question at a time, each answered within a deadline, read with
// kMaxBrokerAnswer.
class TablesLink {
 public:
  explicit TablesLink(int fd);  // owns `fd`
  ~TablesLink();
  TablesLink(const TablesLink&) = delete;
  TablesLink& operator=(const TablesLink&) = delete;
  // The answer; a descriptor it carried in `got_fd` (else closed). Throws
  // UserError with the server's reason (printable), or when no answer came.
  json ask(json request, int* got_fd = nullptr, int timeout_ms = 5000);

 private:
  int fd_;
  std::uint64_t next_id_ = 0;
};

}  // namespace rt::net
