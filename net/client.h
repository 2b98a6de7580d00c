// The thin client of a table: a connection (hello, frames in and out) and
// what it has been told (the latest screen model, the log lines meant for it,
// notices). The shell's play screen shows it (remote_table.h); `join --line`
// prints it (commands.cpp).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "net/protocol.h"
#include "net/sockets.h"

namespace rt::net {

class Connection {
 public:
  Connection() = default;
  explicit Connection(int fd);
  ~Connection();
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Connects to dir/name.sock after checking who serves it (connect_table():
  // the directory's owner, the socket's owner and the listening process
  // must be one user); throws UserError ("table 'x': no such table").
  static Connection open(const std::string& dir, const std::string& name, ConnectHow how = {});
  // The host as the kernel tells it (SO_PEERCRED), never as the server says.
  uid_t host_uid() const { return host_uid_; }

  int fd() const { return fd_; }
  bool is_open() const { return fd_ >= 0; }
  void close();
  // Queues a message and writes what the socket takes now.
  void send(const json& message);
  void send_bytes(const std::string& bytes);
  // Writes queued bytes; false when the connection is lost.
  bool flush();
  bool wants_write() const { return out_.size() > out_pos_; }
  // Reads what is there (non-blocking) and parses whole frames into
  // `messages`. False when the server closed the connection or broke the
  // protocol (`error` says which).
  bool receive(std::vector<json>& messages, std::string& error);
  // Blocks up to `timeout_ms` for the next message (the hello exchange).
  std::optional<json> wait_message(int timeout_ms, std::string& error);

 private:
  int fd_ = -1;
  uid_t host_uid_ = 0;
  FrameReader in_{kMaxServerFrame};
  std::string out_;
  std::size_t out_pos_ = 0;
  std::deque<json> queued_;
};

// Connects and says hello. Returns the connection and the welcome; throws
// UserError with the server's reason when refused.
struct Joined {
  Connection conn;
  json welcome;
};
Joined join_table(const std::string& dir, const std::string& name, const Hello& hello, int timeout_ms = 5000);
// How long a seat still held by this player's previous connection is asked for again.
inline constexpr int kHeldSeatWaitMs = 3000;
// The hello over a connection `open` makes (a socket's, or one the SSH
// server's table process handed over), every way to a table alike: the
// welcome, or UserError "WHAT: the table's reason" (printable). A seat held
// by a connection of the same player (refused "taken") is asked for again,
// over a new connection, for up to kHeldSeatWaitMs.
Joined say_hello(const std::function<Connection()>& open, const std::string& what, const Hello& hello,
                 int timeout_ms = 5000);

// One table to ask for its public description ("info"), and what came of it.
struct InfoAsk {
  std::string dir;
  std::string name;
  json info;            // the answer ("host": the kernel's word), when it came
  std::string problem;  // else why not: not running, refused, not answering
  bool silent = false;  // connected (or its queue full), but no answer in time
  // In a directory of another user's (`owner`): asked within that
  // directory's bounds (below). False: ours, asked whole.
  bool others = false;
  uid_t owner = 0;
  bool cut = false;  // never asked: its directory's bounds were reached (`problem` says which)
};
// How long the lobby waits for all its tables together: a table that has not
// answered by then is not waited for, so tables that never answer cannot
// hold up every user's `tables`.
inline constexpr int kLobbyWaitMs = 250;
// At most this many connections open at once while asking.
inline constexpr std::size_t kMaxAsking = 128;
// Another user's directories are asked within bounds, so that sockets
// planted there that never answer take no other directory's turn: at most
// kMaxAskingPerDir of a directory's tables at once and kMaxAskedPerDir in
// all, at most kMaxAskingPerOwner of one user's at once, and none started
// later than kDirAskMs after the directory's first.
inline constexpr std::size_t kMaxAskingPerDir = 8;
inline constexpr std::size_t kMaxAskedPerDir = 64;
inline constexpr std::size_t kMaxAskingPerOwner = 16;
inline constexpr int kDirAskMs = 100;
// Asks every table at once, in the order given (ours and our groups' first):
// non-blocking connects (connect_table()'s checks all made), one poll() over
// every connection, `wait_ms` in all, never per table. Never sends a join
// code: the listing needs none.
void ask_tables(std::vector<InfoAsk>& asks, int wait_ms = kLobbyWaitMs);
// One table's answer, the same way. Throws UserError.
json table_info(const std::string& dir, const std::string& name, int timeout_ms = kLobbyWaitMs);

// What the client has been told.
class ClientState {
 public:
  // Applies one message from the server; throws ProtocolError on nonsense.
  // Returns false for messages that end the session ("refused", "error").
  bool apply(const json& message);

  bool has_screen() const { return has_screen_; }
  const ScreenModel& screen() const { return screen_; }
  const std::vector<LogLine>& log() const { return log_; }
  // Log lines received in all (log() keeps the last kClientLogLines).
  std::uint64_t log_total() const { return log_total_; }
  const std::string& notice() const { return notice_; }
  std::uint64_t notices() const { return notices_; }
  const std::string& error() const { return error_; }
  // The host closed the table ("closing"): why, and whether the game was saved.
  const std::string& closing() const { return closing_; }
  bool closing_saved() const { return closing_saved_; }
  std::uint64_t screens() const { return screens_; }
  // Talk lines received in all (they are in log(), with talk_from set).
  std::uint64_t talk_total() const { return talk_total_; }
  // Nudges received ("your turn!" from another player), and the last one's sender.
  std::uint64_t nudges() const { return nudges_; }
  const std::string& nudge_from() const { return nudge_from_; }
  // The last hint the server gave this player (core/hint.h), and the
  // question (`ask`) it answers: it stands while that question is asked.
  const std::string& hint() const { return hint_; }
  std::uint32_t hint_ask() const { return hint_ask_; }
  Action hint_action() const { return hint_action_; }
  // The finished game the table sent this player ("finished"), as it came:
  // the client layer reads it as a save before keeping anything
  // (client/finished_copy.h); how many came.
  const json& finished() const { return finished_; }
  std::uint64_t finished_count() const { return finished_count_; }
  // Whether the current screen asks this client something.
  // ("Get ready!" shows the coming question, but it cannot be answered yet.)
  bool asked() const { return has_screen_ && !screen_.options.empty() && screen_.phase != "ready"; }
  // The message answering option `index` of the current question.
  std::optional<json> answer(std::size_t index) const;

 private:
  bool has_screen_ = false;
  ScreenModel screen_;
  std::vector<LogLine> log_;
  std::uint64_t log_total_ = 0;
  std::string notice_;
  std::string closing_;
  bool closing_saved_ = false;
  std::uint64_t notices_ = 0;
  std::string error_;
  std::uint64_t screens_ = 0;
  std::uint64_t talk_total_ = 0;
  std::uint64_t nudges_ = 0;
  std::string nudge_from_;
  std::string hint_;
  std::uint32_t hint_ask_ = 0;
  Action hint_action_ = 0;
  json finished_;
  std::uint64_t finished_count_ = 0;
};

inline constexpr std::size_t kClientLogLines = 1000;

}  // namespace rt::net
