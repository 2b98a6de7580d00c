// One SSH connection's process (net/ssh_gateway.h): key exchange and login
// under the deadline, one session channel, the shell on a pseudo-terminal,
// and the bytes relayed both ways until one side ends.
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <libssh/callbacks.h>

#include "core/types.h"
#include "net/confine.h"
#include "net/protocol.h"
#include "net/ssh_bans.h"
#include "net/ssh_internal.h"
#include "net/ssh_session_process.h"
#include "net/table_broker.h"

namespace rt::net {
namespace ssh_detail {

volatile sig_atomic_t g_stop = 0;
volatile sig_atomic_t g_banned = 0;
int g_wake[2] = {-1, -1};

namespace {

// A command's words, split at spaces (an exec request is one string).
std::vector<std::string> command_words(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  for (char c : command + " ") {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
      if (words.size() > 4) break;  // more than any command has
    } else {
      word += c;
    }
  }
  return words;
}

void on_stop(int sig) {
  g_stop = 1;
  if (sig == SIGUSR1) g_banned = 1;
  const int saved = errno;
  const char c = 0;
  [[maybe_unused]] const ssize_t n = ::write(g_wake[1], &c, 1);
  errno = saved;
}
// The login deadline or a write the client never takes: the listening
// process logs it when this process ends.
void on_alarm(int) {
  ::_exit(4);
}

}  // namespace

// --- login -------------------------------------------------------------------

int SessionProcess::on_auth_none(ssh_session, const char*, void* ud) {
  SessionProcess* s = self(ud);
  // Every client asks this first; the reply lists the methods there are.
  if (!s->s_.full.empty()) s->refuse_full();
  return SSH_AUTH_DENIED;
}

int SessionProcess::on_auth_password(ssh_session, const char*, const char*, void* ud) {
  SessionProcess* s = self(ud);
  if (++s->attempts_ > kMaxAuthAttempts) s->disconnect_now_ = true;
  s->refuse("password logins refused", "refused: a password login (this server never takes passwords)");
  return SSH_AUTH_DENIED;
}

int SessionProcess::on_auth_pubkey(ssh_session, const char* user, ssh_key pubkey, char state, void* ud) {
  SessionProcess* s = self(ud);
  if (s->authed_ || ++s->attempts_ > kMaxAuthAttempts) {
    s->disconnect_now_ = true;
    return SSH_AUTH_DENIED;
  }
  if (!s->s_.full.empty()) {
    s->refuse_full();
    return SSH_AUTH_DENIED;
  }
  const PlayerKey key = player_key_of(pubkey);
  if (key.sha256_hex.empty() || key.base64.empty()) return SSH_AUTH_DENIED;
  const std::string wanted = user ? user : "";
  try {
    if (!s->registry_db_) s->registry_db_.emplace(s->settings_.state_dir);
    const RegistryDb& db = *s->registry_db_;
    if (const auto ban = find_ban(db, key.sha256_hex)) {
      s->refuse("logins refused (key banned)",
                fmt::format("refused: key {} is banned{} (since {})", key.fingerprint,
                            ban->name.empty() ? "" : " (" + ban->name + ")", ban->since));
      s->banner("racetable: this key is banned from this server.\n");
      return SSH_AUTH_DENIED;
    }
    if (state == SSH_PUBLICKEY_STATE_NONE) {
      // A probe: may this key sign in? Nothing is registered until it has.
      s->report('K', key.fingerprint);
      const PlayerRegistry::Result r = s->registry_.check(db, key, wanted);
      if (r.ok()) return SSH_AUTH_SUCCESS;
      s->refuse_name(r, key);
      return SSH_AUTH_DENIED;
    }
    if (state != SSH_PUBLICKEY_STATE_VALID) return SSH_AUTH_DENIED;
    const PlayerRegistry::Result r = s->registry_.login(db, key, wanted);
    if (!r.ok()) {
      s->refuse_name(r, key);
      return SSH_AUTH_DENIED;
    }
    const int max_per_key = s->settings_.limits.max_per_key;
    s->key_slot_ = KeySessionSlot::take(s->settings_.state_dir, key.sha256_hex, max_per_key);
    if (!s->key_slot_) {
      s->refuse_and_close(
          "sessions refused (key's limit)",
          fmt::format("refused: {} (key {}): {}", r.name, key.fingerprint, key_sessions_full(max_per_key)),
          key_sessions_full(max_per_key));
      return SSH_AUTH_DENIED;
    }
    s->player_.home = s->registry_.player_dir(r.name);
    s->logged_in(
        r.name, key.fingerprint,
        r.outcome == PlayerRegistry::Outcome::Registered ? " (a new player: the name is registered)" : "");
    return SSH_AUTH_SUCCESS;
  } catch (const UserError& e) {
    s->refuse("logins failed (server error)", fmt::format("login failed: {}", e.what()));
    s->banner("racetable: the server cannot log you in now (its state directory failed): try later\n");
    return SSH_AUTH_DENIED;
  }
}

void SessionProcess::logged_in(const std::string& name, const std::string& fingerprint,
                               const std::string& note) {
  // Nothing of the registry or of another player is needed from here on.
  registry_db_.reset();
  narrow(player_session_paths(player_.home, s_.shell.fd));
  authed_ = true;
  player_.name = name;
  player_.fingerprint = fingerprint;
  player_.address = s_.address;
  report('A', fmt::format("{}\t{}\t{}", name, fingerprint, note));
}

bool SessionProcess::make_guest() {
  const std::string dir = settings_.state_dir + "/guests";
  for (int n = 1; n < 100000; ++n) {
    const std::string home = fmt::format("{}/{}", dir, n);
    if (::mkdir(home.c_str(), 0700) == 0) {
      guest_dir_ = home;
      player_.guest = true;
      player_.home = home;
      try {
        logged_in(fmt::format("guest-{}", n), "", " (a guest)");
      } catch (const UserError& e) {
        refuse("logins failed (server error)", fmt::format("login failed: {}", e.what()));
        return false;
      }
      return true;
    }
    if (errno != EEXIST) break;
  }
  return false;
}

int SessionProcess::on_message(ssh_session, ssh_message msg, void* ud) {
  SessionProcess* s = self(ud);
  const int type = ssh_message_type(msg);
  const int sub = ssh_message_subtype(msg);
  switch (type) {
    case SSH_REQUEST_AUTH:
      if (sub == static_cast<int>(SSH_AUTH_METHOD_INTERACTIVE)) {
        if (s->authed_ || ++s->attempts_ > kMaxAuthAttempts) {
          s->disconnect_now_ = true;
          return 1;
        }
        if (!s->s_.full.empty()) {
          s->refuse_full();
          return 1;
        }
        // A guest: kbd-interactive with no questions, offered only with
        // --guests, and never to someone whose key was refused a name (they
        // are told to pick another).
        if (s->settings_.guests && !s->name_refused_ && s->make_guest()) {
          ssh_message_auth_reply_success(msg, 0);
          return 0;
        }
        s->refuse("logins without a key refused", "refused: a login without a key");
        return 1;
      }
      return 1;  // gssapi and anything else: the default (failure) reply
    case SSH_REQUEST_GLOBAL:
      if (sub == SSH_GLOBAL_REQUEST_TCPIP_FORWARD)
        s->refuse("forwarding requests refused",
                  fmt::format("refused: remote port forwarding (ssh -R; {})", s->who()));
      return 1;
    case SSH_REQUEST_CHANNEL_OPEN:
      if (sub == SSH_CHANNEL_DIRECT_TCPIP)
        s->refuse("forwarding requests refused",
                  fmt::format("refused: port forwarding (ssh -L, -D or -W; {})", s->who()));
      else if (sub != SSH_CHANNEL_SESSION)
        s->refuse("forwarding requests refused",
                  fmt::format("refused: a channel of type {} ({})", sub, s->who()));
      return 1;
    case SSH_REQUEST_CHANNEL:
      if (sub == SSH_CHANNEL_REQUEST_X11)
        s->refuse("forwarding requests refused",
                  fmt::format("refused: X11 forwarding (ssh -X; {})", s->who()));
      return 1;
    default: return 1;
  }
}

ssh_channel SessionProcess::on_channel_open(ssh_session session, void* ud) {
  SessionProcess* s = self(ud);
  if (!s->authed_ || s->channel_) {
    if (s->authed_)
      s->refuse("channels refused", fmt::format("refused: a second session channel ({})", s->who()));
    return nullptr;
  }
  s->channel_ = ssh_channel_new(session);
  if (!s->channel_) return nullptr;
  ssh_channel_callbacks_struct& cb = s->channel_cb_;
  cb = {};
  cb.userdata = s;
  cb.channel_pty_request_function = on_pty;
  cb.channel_pty_window_change_function = on_window;
  cb.channel_env_request_function = on_env;
  cb.channel_shell_request_function = on_shell;
  cb.channel_exec_request_function = on_exec;
  cb.channel_subsystem_request_function = on_subsystem;
  cb.channel_data_function = on_data;
  cb.channel_eof_function = on_eof;
  cb.channel_close_function = on_close;
  // No x11, agent or other callbacks: libssh refuses those requests.
  ssh_callbacks_init(&cb);
  ssh_set_channel_callbacks(s->channel_, &cb);
  return s->channel_;
}

// --- the channel's requests ----------------------------------------------------

int SessionProcess::on_pty(ssh_session, ssh_channel, const char* term, int w, int h, int, int, void* ud) {
  SessionProcess* s = self(ud);
  if (s->want_ != Want::Nothing || s->pty_) return -1;
  s->pty_ = true;
  s->player_.term = terminal_name(term ? term : "");
  if (s->player_.term != (term ? term : ""))
    s->refuse(
        "terminal requests changed",
        fmt::format("took TERM '{}' as {} ({})", printable(term ? term : "", 40), s->player_.term, s->who()));
  on_window(nullptr, nullptr, w, h, 0, 0, ud);
  return 0;
}

int SessionProcess::on_window(ssh_session, ssh_channel, int w, int h, int, int, void* ud) {
  SessionProcess* s = self(ud);
  s->cols_ = terminal_side(w, 80, kMaxShellColumns);
  s->rows_ = terminal_side(h, 24, kMaxShellRows);
  if (s->cols_ != w || s->rows_ != h)
    s->refuse("terminal requests changed",
              fmt::format("took a terminal of {}x{} as {}x{} ({})", w, h, s->cols_, s->rows_, s->who()));
  s->resize();
  return 0;
}

int SessionProcess::on_env(ssh_session, ssh_channel, const char* name, const char* value, void* ud) {
  SessionProcess* s = self(ud);
  if (s->want_ != Want::Nothing || !name || !value) return -1;
  const std::string n = name;
  std::string v = value;
  if (++s->env_count_ > kMaxEnvRequests || v.size() > kMaxEnvValue) {
    if (s->env_count_ <= kMaxEnvRequests + 1)  // the first few, not a flood
      s->refuse("environment requests refused",
                fmt::format("refused the environment variable {} ({} bytes; at most {} of {} bytes) ({})",
                            printable(n, 40), v.size(), kMaxEnvRequests, kMaxEnvValue, s->who()));
    return -1;
  }
  // Only the locale is taken, and only as a choice between UTF-8 and ASCII.
  if (n == "LC_ALL")
    s->lc_all_ = v;
  else if (n == "LC_CTYPE")
    s->lc_ctype_ = v;
  else if (n == "LANG")
    s->lang_ = v;
  else if (n.rfind("LC_", 0) != 0)
    return -1;
  return 0;
}

int SessionProcess::on_shell(ssh_session, ssh_channel, void* ud) {
  SessionProcess* s = self(ud);
  if (s->want_ != Want::Nothing) return -1;
  s->want_ = s->pty_ ? Want::Shell : Want::NoTerminal;
  return 0;
}

int SessionProcess::on_exec(ssh_session, ssh_channel, const char* command, void* ud) {
  SessionProcess* s = self(ud);
  if (s->want_ != Want::Nothing) return -1;
  s->command_ = command ? command : "";
  const std::vector<std::string> words = command_words(s->command_);
  // `watch TABLE`: the shell, opened watching that table (it needs the pty asked for first: ssh -t).
  if (words.size() == 2 && words[0] == "watch" && !words[1].empty() && table_name_problem(words[1]).empty()) {
    s->want_ = s->pty_ ? Want::Shell : Want::WatchNoTerminal;
    s->player_.watch = words[1];
    return 0;
  }
  // `tables`: the tables this player may see, as lines of text (no pty needed).
  if (words.size() == 1 && words[0] == "tables") {
    s->want_ = Want::Tables;
    return 0;
  }
  s->want_ = Want::Exec;
  s->refuse("commands refused", fmt::format("refused: the command '{}' ({}; nothing runs)",
                                            printable(s->command_, 60), s->who()));
  return 0;  // accepted, answered with a line and exit status 1 (as git hosts do)
}

int SessionProcess::on_subsystem(ssh_session, ssh_channel, const char* name, void* ud) {
  SessionProcess* s = self(ud);
  s->refuse("subsystems refused",
            fmt::format("refused: the {} subsystem ({})", printable(name ? name : "", 40), s->who()));
  return -1;
}

int SessionProcess::on_data(ssh_session, ssh_channel, void* data, uint32_t len, int is_stderr, void* ud) {
  SessionProcess* s = self(ud);
  if (s->master_ < 0 || is_stderr) return static_cast<int>(len);  // nothing to type into yet
  s->last_input_ = now_ms();
  const char* p = static_cast<const char*>(data);
  std::size_t done = 0;
  const Millis give_up = now_ms() + 5000;
  while (done < len) {
    const ssize_t n = ::write(s->master_, p + done, len - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && now_ms() < give_up) {
      pollfd pfd{s->master_, POLLOUT, 0};
      ::poll(&pfd, 1, 100);
      continue;
    }
    break;  // the shell takes no input (or is gone): the keys are dropped
  }
  return static_cast<int>(len);
}

void SessionProcess::on_eof(ssh_session, ssh_channel, void*) {
  // The client sends nothing more; the game goes on showing until it ends.
}

void SessionProcess::on_close(ssh_session, ssh_channel, void* ud) {
  self(ud)->client_gone_ = true;
}

// --- the process -----------------------------------------------------------------

void SessionProcess::run() {
  ssh_ = ssh_new();
  if (!ssh_) ::_exit(1);
  int quiet = SSH_LOG_NOLOG;
  ssh_options_set(ssh_, SSH_OPTIONS_LOG_VERBOSITY, &quiet);
  if (ssh_bind_accept_fd(s_.bind, ssh_, s_.fd) != SSH_OK) ::_exit(1);
  ssh_bind_free(s_.bind);  // the host key stays in the session only
  s_.bind = nullptr;

  server_cb_ = {};
  server_cb_.userdata = this;
  server_cb_.auth_none_function = on_auth_none;
  server_cb_.auth_password_function = on_auth_password;
  server_cb_.auth_pubkey_function = on_auth_pubkey;
  server_cb_.channel_open_request_session_function = on_channel_open;
  ssh_callbacks_init(&server_cb_);
  ssh_set_server_callbacks(ssh_, &server_cb_);
  ssh_set_message_callback(ssh_, on_message, this);
  ssh_set_auth_methods(ssh_, static_cast<int>(SSH_AUTH_METHOD_PUBLICKEY |
                                              (settings_.guests ? SSH_AUTH_METHOD_INTERACTIVE : 0u)));

  const Millis deadline = now_ms() + settings_.limits.login_seconds * 1000ll;
  if (ssh_handle_key_exchange(ssh_) != SSH_OK) finish(1);
  event_ = ssh_event_new();
  if (!event_ || ssh_event_add_session(event_, ssh_) != SSH_OK) finish(1);
  while (want_ == Want::Nothing && !disconnect_now_ && !g_stop) {
    const Millis left = deadline - now_ms();
    if (left <= 0) {
      if (authed_) {
        // Logged in but asked for no session (ssh -N, a forwarding-only client).
        refuse("sessions closed (no game asked for)",
               fmt::format("closed: {} asked for no game within {} s (ssh -N?)", who(),
                           settings_.limits.login_seconds));
        ssh_session_set_disconnect_message(ssh_,
                                           "racetable: this server offers only the game; none was asked for");
      }
      finish(4);
    }
    if (ssh_event_dopoll(event_, static_cast<int>(std::min<Millis>(left, 500))) == SSH_ERROR) finish(1);
    if (!ssh_is_connected(ssh_)) finish(1);
  }
  if (g_stop) finish(0);
  if (disconnect_now_) {
    ssh_disconnect(ssh_);
    finish(1);
  }
  ::alarm(0);
  switch (want_) {
    case Want::Exec:
      answer_without_shell(fmt::format(
          "racetable: '{}' was not run: this server runs the game ({}), `watch TABLE` (with ssh -t) and "
          "`tables`, nothing else\r\n",
          printable(command_, 60), login_hint()));
    case Want::WatchNoTerminal:
      refuse("sessions without a terminal refused",
             fmt::format("refused: watch {} without a terminal ({})", player_.watch, who()));
      answer_without_shell(fmt::format("racetable: watch needs a terminal: ssh -t {} watch {}\r\n",
                                       login_hint().substr(4), player_.watch));
    case Want::Tables: answer_tables();
    case Want::NoTerminal:
      refuse("sessions without a terminal refused",
             fmt::format("refused: a shell without a terminal ({})", who()));
      answer_without_shell(fmt::format(
          "racetable: the game needs a terminal: {} (with -t if you give a command)\r\n", login_hint()));
    default: run_shell();
  }
}

void SessionProcess::finish(int code) {
  if (!guest_dir_.empty()) remove_tree(guest_dir_);
  if (event_) ssh_event_free(event_);
  if (ssh_) {
    if (ssh_is_connected(ssh_)) ssh_disconnect(ssh_);
    ssh_free(ssh_);
  }
  ::_exit(code);
}

void SessionProcess::answer_without_shell(const std::string& line) {
  ::alarm(kWriteStallSeconds);
  ssh_channel_write_stderr(channel_, line.data(), static_cast<uint32_t>(line.size()));
  end_channel(1);
}

void SessionProcess::end_channel(int exit_code) {
  ::alarm(kWriteStallSeconds);
  ssh_channel_request_send_exit_status(channel_, exit_code);
  ssh_channel_send_eof(channel_);
  ssh_channel_close(channel_);
  // A moment for the client to read the last of it and close its side.
  const Millis until = now_ms() + 2000;
  while (!client_gone_ && ssh_is_connected(ssh_) && now_ms() < until)
    if (ssh_event_dopoll(event_, 100) == SSH_ERROR) break;
  finish(0);
}

}  // namespace ssh_detail

void run_ssh_session(SessionStart start) {
  using namespace ssh_detail;
  if (::pipe2(g_wake, O_CLOEXEC | O_NONBLOCK) != 0) g_wake[0] = g_wake[1] = -1;
  for (int sig : {SIGINT, SIGTERM, SIGUSR1}) {
    struct sigaction sa {};
    sa.sa_handler = on_stop;
    ::sigaction(sig, &sa, nullptr);
  }
  std::signal(SIGHUP, SIG_IGN);  // as the listening process: its terminal going away stops nothing
  std::signal(SIGALRM, on_alarm);
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGCHLD, SIG_DFL);
  // The session ends with the server.
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  const SshLimits& lim = start.settings->limits;
  limit_session_process(lim);
  // Confined before the first byte from the client is read: from here on it
  // reaches the registry, this program and the terminals, no other file.
  try {
    confine(session_paths(start.settings->state_dir, start.shell.fd), SyscallProfile::Session);
  } catch (const UserError& e) {
    const std::string line = fmt::format("L\t{}\tsession not started: {}", ::getpid(), e.what());
    ::send(start.report_fd, line.data(), std::min(line.size(), kMaxReport), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::_exit(1);
  }
  // The login deadline, whatever libssh is waiting for (the listening
  // process also closes it then).
  ::alarm(static_cast<unsigned>(lim.login_seconds + 1));
  try {
    SessionProcess session(std::move(start));
    session.run();
  } catch (const std::exception&) {
  }
  ::_exit(1);
}

}  // namespace rt::net
