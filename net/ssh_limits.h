// What the SSH server (net/ssh_gateway.h) allows, because strangers
// connect: how many sessions in all and from one address, how many new
// connections an address may open a minute, how long a login may take, how
// long a session may sit idle, and what each session process may use.
// ConnectionBook keeps the accounts of the listening process: pure logic
// over pids, addresses and a clock, so tests drive it without sockets.
#pragma once

#include <sys/socket.h>
#include <sys/types.h>

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rt::net {

struct SshLimits {
  int max_sessions = 64;             // players logged in at once
  int max_per_address = 8;           // of them from one address (a household behind one router)
  int max_per_key = 3;               // sessions of one player's key at once (net/ssh_key_sessions.h)
  int per_minute = 20;               // new connections from one address in a minute
  int max_pending = 64;              // connections still in key exchange or login (--max-pending)
  int max_pending_per_address = 16;  // of them from one address
  int login_seconds = 20;            // from the TCP connection to a logged-in player
  int idle_minutes = 30;             // a session closed after this long without a key (0: never)
  // Each session process (and the shell it runs): setrlimit.
  std::uint64_t memory_bytes = 1024ull << 20;  // RLIMIT_AS
  std::uint64_t file_bytes = 64ull << 20;      // RLIMIT_FSIZE: saves and logs are small
  int open_files = 256;                        // RLIMIT_NOFILE
  int cpu_seconds = 3600;                      // RLIMIT_CPU, per process
};

// --max-pending: each connection logging in is a process in a key exchange,
// so at most kMaxPendingLimit. "" or the one line that refuses `n`.
inline constexpr int kMaxPendingLimit = 1024;
std::string pending_limit_problem(int n);

// What a client may ask of the session's terminal (pty-req, window-change,
// env): a window of 1 to kMaxShellColumns x kMaxShellRows cells; TERM of
// letters, digits and ._+- (at most kMaxTerminalName); env values of at most
// kMaxEnvValue bytes, kMaxEnvRequests of them.
// A shell's memory grows with its window (ncurses keeps three copies of the
// screen, about 100 bytes a cell in all): a larger window is given the shell
// at this size, drawn in its top-left corner, and the shell says so.
inline constexpr int kMaxShellColumns = 300;
inline constexpr int kMaxShellRows = 100;
inline constexpr std::size_t kMaxTerminalName = 64;
inline constexpr std::size_t kMaxEnvValue = 64;  // LANG=... is short
inline constexpr int kMaxEnvRequests = 32;
// A side as taken: `fallback` for 0 or less (none given, or past 2^31 as
// libssh passes it), else at most `largest`.
int terminal_side(int asked, int fallback, int largest);
// Whether this system has a terminfo entry for `term` (else ncurses cannot
// draw for it).
bool terminfo_known(const std::string& term);
// TERM as taken: kFallbackTerminal for an empty, long or odd one, or one
// terminfo does not know.
inline constexpr std::string_view kFallbackTerminal = "xterm-256color";
std::string terminal_name(std::string_view asked);
// Whether a locale (LANG, LC_ALL, LC_CTYPE) asks for UTF-8.
bool locale_says_utf8(std::string_view value);
// The limits of a session process and the shell it starts (setrlimit).
void limit_session_process(const SshLimits& limits);

// The address as the log writes it ("203.0.113.9", "2001:db8::1").
std::string address_text(const sockaddr_storage& addr);
// What the per-address limits count by: the IPv4 address, or the /64 an
// IPv6 address is in (one machine's share); an IPv4-mapped IPv6 address
// counts as its IPv4 address.
std::string address_bucket(const sockaddr_storage& addr);
// Who gives way when too many connections are logging in: the /24 of an
// IPv4 address ("203.0.113.0/24"), or the /64 of an IPv6 one. A flood from
// many addresses of one network weighs as one source.
std::string address_source(const sockaddr_storage& addr);

// Where a connection comes from, as the log and the limits name it.
struct PeerAddress {
  std::string text;    // address_text
  std::string bucket;  // address_bucket
  std::string source;  // address_source
};
PeerAddress peer_address(const sockaddr_storage& addr);

class ConnectionBook {
 public:
  using Millis = std::int64_t;
  static constexpr std::size_t kMaxRememberedAddresses = 65536;

  explicit ConnectionBook(const SshLimits& limits) : limits_(limits) {}

  struct Admission {
    bool rate_limited = false;       // over the address's connections a minute: close at once
    std::string full;                // "" or why no session may start (told after the key exchange)
    std::vector<pid_t> crowded_out;  // connections still logging in to close, making room
  };
  // A connection from `peer` was accepted at `now`. When too many are
  // logging in, the oldest pending connection of the source holding the
  // most gives way (of equal sources, the one whose oldest is older).
  Admission admit(const PeerAddress& peer, Millis now);
  // Its process started.
  void started(pid_t pid, const PeerAddress& peer, Millis now);
  // The connection logged in as `name`: false when that passes a limit on
  // sessions (a race between logins: the newcomer is closed).
  bool logged_in(pid_t pid, const std::string& name, const std::string& fingerprint);
  // A key was offered (remembered for the log line if the login never ends).
  void offered(pid_t pid, const std::string& fingerprint);
  // The process is being closed by the server (crowded out, past its
  // deadline, the server stopping): no longer counted as logging in.
  void closing(pid_t pid);

  struct Entry {
    std::string bucket;
    std::string source;
    std::string address;
    std::string name;         // once logged in
    std::string fingerprint;  // the key offered or logged in with
    Millis started = 0;
    std::uint64_t arrival = 0;  // the order connections came in: lower is older
    bool logged_in = false;
    bool closing = false;
  };
  const Entry* find(pid_t pid) const;
  // The process ended: its entry, forgotten (nullopt-like: bucket empty if unknown).
  Entry ended(pid_t pid);
  // Connections still logging in past the login deadline.
  std::vector<pid_t> overdue(Millis now) const;
  // When the next login deadline passes (-1: none).
  Millis next_deadline() const;

  int sessions() const;
  int sessions_from(const std::string& bucket) const;
  int pending() const;
  int pending_from(const std::string& bucket) const;
  std::vector<pid_t> pids() const;

 private:
  pid_t oldest_pending(const std::string& bucket) const;
  // The oldest pending connection of the heaviest source (-1: none).
  pid_t flood_victim() const;
  SshLimits limits_;
  std::map<pid_t, Entry> entries_;
  std::uint64_t arrivals_ = 0;
  std::map<std::string, std::deque<Millis>> recent_;  // accepted connections per bucket, last minute
};

}  // namespace rt::net
