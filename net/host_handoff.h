// Hosting a local table in the background from another program (the shell's
// Host page): the TableSpec goes to `racetable host --spec-fd N` as JSON on
// a socket, and the table's server answers on it with one JSON line. No
// sentence `host` prints is read by anyone but a person.
#pragma once

#include <sys/types.h>

#include <string>

#include "net/protocol.h"
#include "net/table_spec.h"

namespace rt::net {

// The descriptor the hand-off's socket has in `racetable host --spec-fd`.
inline constexpr int kHandoffFd = 3;
// A spec or an answer is at most this long.
inline constexpr std::size_t kMaxHandoffBytes = 64 * 1024;
// How long the shell waits for the table to open.
inline constexpr int kHandoffTimeoutMs = 30000;

// The one line the table's server answers: where the table is, or why not.
struct HandoffAnswer {
  std::string error;  // "" the table is open
  std::string table, dir, socket;
  std::string code;  // the join code, for the host's eyes ("" none)
  json deal;         // deal_json: the commitment, or the seed chosen openly (null: none stated)
  pid_t pid = 0;     // the server serving it in the background
};
json to_json(const HandoffAnswer& answer);
// Throws UserError when `j` is not an answer.
HandoffAnswer handoff_answer_of(const json& j);

// The shell's side: runs `program host --spec-fd kHandoffFd --detach
// --stand-in normal` (with `--dir dir` unless empty) in the environment
// less the seed and join-code variables, hands it `spec` and returns its
// answer (`error` set when the table did not open).
HandoffAnswer host_in_background(const std::string& program, const TableSpec& spec, const std::string& dir);

// `host --spec-fd`'s side: the spec (bounded, till the other end stops
// writing), and the one answer line. Throws UserError.
TableSpec read_handed_spec(int fd);
void answer_handoff(int fd, const HandoffAnswer& answer);

}  // namespace rt::net
