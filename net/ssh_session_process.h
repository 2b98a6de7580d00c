// Inside one SSH connection's process (net/ssh_session.cpp: the login and
// the channel's requests; net/ssh_session_relay.cpp: the shell on its
// pseudo-terminal and the bytes relayed both ways): the process's state.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <libssh/callbacks.h>

#include "net/protocol.h"
#include "net/registry_db.h"
#include "net/ssh_internal.h"
#include "net/ssh_key_sessions.h"
#include "net/table_listing.h"

namespace rt::net::ssh_detail {

using Millis = std::int64_t;

inline constexpr int kMaxAuthAttempts = 20;    // keys tried, kbd-interactive or password attempts
inline constexpr int kWriteStallSeconds = 60;  // a client that takes none of our output this long is dropped
inline constexpr Millis kIdlePollMs = 60000;   // the longest an idle session sleeps
inline constexpr Millis kShellEndMs = 10000;   // a shell told to end (hang-up, SIGHUP) gets this long
inline constexpr std::size_t kRelayChunk = 32 * 1024;

// Set by the session's signal handlers (ssh_session.cpp).
extern volatile sig_atomic_t g_stop;
extern volatile sig_atomic_t g_banned;  // SIGUSR1 from the listening process: the player's key was banned
// A byte here wakes the relay's poll: libssh polls again, for the time
// left, when a signal interrupts it, so the flag alone would wait a minute.
extern int g_wake[2];

inline Millis now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The text `ssh HOST tables` prints for the table process's "tables"
// answer: one tab-separated line per table, printable, at most kMaxTables.
std::string tables_text(const TablesAnswer& answer);

class SessionProcess {
 public:
  explicit SessionProcess(SessionStart start)
      : s_(std::move(start)),
        settings_(*s_.settings),
        registry_(settings_.state_dir, PlayerRegistry::Unopened{}) {}

  [[noreturn]] void run();

 private:
  // --- reports to the listening process
  void report(char kind, const std::string& text) {
    std::string msg = fmt::format("{}\t{}\t{}", kind, ::getpid(), text);
    if (msg.size() > kMaxReport) msg.resize(kMaxReport);
    ::send(s_.report_fd, msg.data(), msg.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
  }
  void refuse(const std::string& what, const std::string& line) { report('R', what + "\t" + line); }
  // Who asked, for a refusal after the login: "ana, key SHA256:..." or "guest-1".
  std::string who() const {
    if (!authed_) return "before logging in";
    return player_.fingerprint.empty() ? player_.name : player_.name + ", key " + player_.fingerprint;
  }
  // The userauth banner: the client prints it (once a connection).
  void banner(const std::string& text) {
    if (banner_sent_) return;
    banner_sent_ = true;
    ssh_string str = ssh_string_from_char(text.c_str());
    if (str) {
      ssh_send_issue_banner(ssh_, str);
      ssh_string_free(str);
    }
  }
  std::string login_hint() const {
    const std::string port = s_.local_port == 22 ? std::string() : fmt::format("-p {} ", s_.local_port);
    return fmt::format("ssh {}NAME@THIS-HOST", port);
  }
  // A limit reached: logged (what, log line), told to the client in one
  // line (the userauth banner and the disconnect message), and the end.
  void refuse_and_close(const std::string& what, const std::string& line, const std::string& told) {
    if (disconnect_now_) return;
    refuse(what, line);
    banner(fmt::format("racetable: {}\n", told));
    ssh_session_set_disconnect_message(ssh_, ("racetable: " + told).c_str());
    disconnect_now_ = true;
  }
  void refuse_full() { refuse_and_close("sessions refused (server full)", "refused: " + s_.full, s_.full); }
  void refuse_name(const PlayerRegistry::Result& r, const PlayerKey& key) {
    name_refused_ = true;
    refuse("logins refused (name taken or invalid)",
           fmt::format("refused: {} (key {})", r.reason, key.fingerprint));
    if (r.outcome == PlayerRegistry::Outcome::Damaged)
      return banner(fmt::format("racetable: {}.\n", r.reason));
    banner(fmt::format("racetable: {}. Pick another name: {} (2 to 16 letters, digits, - or _)\n", r.reason,
                       login_hint()));
  }

  // --- libssh callbacks
  static SessionProcess* self(void* ud) { return static_cast<SessionProcess*>(ud); }
  static int on_auth_none(ssh_session, const char*, void* ud);
  static int on_auth_password(ssh_session, const char*, const char*, void* ud);
  static int on_auth_pubkey(ssh_session, const char* user, ssh_key pubkey, char state, void* ud);
  static ssh_channel on_channel_open(ssh_session, void* ud);
  static int on_message(ssh_session, ssh_message msg, void* ud);
  static int on_pty(ssh_session, ssh_channel, const char* term, int w, int h, int, int, void* ud);
  static int on_window(ssh_session, ssh_channel, int w, int h, int, int, void* ud);
  static int on_env(ssh_session, ssh_channel, const char* name, const char* value, void* ud);
  static int on_shell(ssh_session, ssh_channel, void* ud);
  static int on_exec(ssh_session, ssh_channel, const char* command, void* ud);
  static int on_subsystem(ssh_session, ssh_channel, const char* name, void* ud);
  static int on_data(ssh_session, ssh_channel, void* data, uint32_t len, int is_stderr, void* ud);
  static void on_eof(ssh_session, ssh_channel, void* ud);
  static void on_close(ssh_session, ssh_channel, void* ud);
  static int on_master(socket_t fd, int revents, void* ud);

  bool make_guest();
  void logged_in(const std::string& name, const std::string& fingerprint, const std::string& note);
  [[noreturn]] void finish(int code);
  [[noreturn]] void answer_without_shell(const std::string& line);
  // `ssh HOST tables`: asks the table process over this session's tables
  // link and writes one line per table (ssh_session_tables.cpp).
  [[noreturn]] void answer_tables();
  // The exit status, EOF and close sent; a moment for the client; the process ends.
  [[noreturn]] void end_channel(int exit_code);
  [[noreturn]] void run_shell();
  void start_child();
  void write_channel(const char* data, std::size_t len);
  void drain_master(bool all);
  void watch_master(bool on);
  static int on_shell_ended(socket_t fd, int revents, void* self);
  void resize();

  SessionStart s_;
  const SshServerSettings& settings_;
  PlayerRegistry registry_;
  // One connection for every key the client offers, probe and signature
  // alike (a ban and the name asked on it): opened at the first key, closed
  // at the login. Each opening costs system calls, and recovery of the
  // database's log when no other process has it open.
  std::optional<RegistryDb> registry_db_;
  ssh_session ssh_ = nullptr;
  ssh_event event_ = nullptr;
  ssh_channel channel_ = nullptr;
  ssh_server_callbacks_struct server_cb_{};
  ssh_channel_callbacks_struct channel_cb_{};

  // Login.
  bool authed_ = false;
  bool banner_sent_ = false;
  bool name_refused_ = false;
  bool disconnect_now_ = false;
  int attempts_ = 0;
  SshPlayer player_;
  std::string guest_dir_;
  std::optional<KeySessionSlot> key_slot_;  // held while this key's session lives

  // Requests on the channel.
  // Shell: the game (watching player_.watch when an exec asked for it);
  // Exec: a command refused; NoTerminal, WatchNoTerminal: refused for
  // want of a pty; Tables: the tables listed as text.
  enum class Want { Nothing, Shell, Exec, NoTerminal, WatchNoTerminal, Tables };
  Want want_ = Want::Nothing;
  bool pty_ = false;
  int cols_ = 80;
  int rows_ = 24;
  int env_count_ = 0;
  std::string lc_all_, lc_ctype_, lang_;
  std::string command_;

  // The relay.
  int master_ = -1;
  bool watching_master_ = false;
  bool master_done_ = false;
  pid_t child_ = -1;
  bool shell_ended_ = false;  // its pidfd turned readable: waitpid reaps it
  int tables_fd_ = -1;        // the one descriptor the shell inherits (-1: none)
  bool client_gone_ = false;
  Millis last_input_ = 0;
};

}  // namespace rt::net::ssh_detail
