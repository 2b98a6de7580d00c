// The SSH server's listening process (net/ssh_gateway.h): accepts, keeps
// the accounts of who is connected (net/ssh_limits.h), forks a process per
// connection (net/ssh_session.cpp), closes what passes a deadline and
// writes the log.
#include "net/ssh_gateway.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "core/types.h"
#include "games/setup.h"
#include "net/close_fds.h"
#include "net/confine.h"
#include "net/protocol.h"
#include "net/registry_db.h"
#include "net/repeated_lines.h"
#include "net/sockets.h"
#include "net/ssh_bans.h"
#include "net/ssh_internal.h"
#include "net/table_broker.h"
#include "net/table_log.h"
#include "net/table_process.h"

namespace rt::net {
namespace {

using Millis = std::int64_t;

constexpr int kAcceptsPerPass = 64;
constexpr Millis kStopGraceMs = 15000;  // sessions told to stop get this long to save
constexpr Millis kBansEveryMs = 1000;   // how often the listening process reads the bans

int g_signal_pipe[2] = {-1, -1};
volatile sig_atomic_t g_stop_signal = 0;

void on_signal(int sig) {
  if (sig != SIGCHLD) g_stop_signal = sig;
  const int saved = errno;
  const char c = 0;
  [[maybe_unused]] const ssize_t n = ::write(g_signal_pipe[1], &c, 1);
  errno = saved;
}

Millis now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int open_listener(const SshListen& listen, std::string& bound_address, int& bound_port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string port = std::to_string(listen.port);
  if (const int rc = ::getaddrinfo(listen.address.c_str(), port.c_str(), &hints, &found); rc != 0)
    throw UserError(fmt::format("--ssh: cannot use the address '{}': {}", printable(listen.address, 80),
                                ::gai_strerror(rc)));
  std::string last_error = "no address";
  int fd = -1;
  for (addrinfo* ai = found; ai && fd < 0; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
      last_error = errno_text();
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  if (fd < 0)
    throw UserError(
        fmt::format("--ssh: cannot listen on {} port {}: {}", listen.address, listen.port, last_error));
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  bound_address = address_text(addr);
  bound_port = ntohs(addr.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6&>(addr).sin6_port
                                                : reinterpret_cast<sockaddr_in&>(addr).sin_port);
  return fd;
}

int port_of(const sockaddr_storage& addr) {
  if (addr.ss_family == AF_INET6) return ntohs(reinterpret_cast<const sockaddr_in6&>(addr).sin6_port);
  if (addr.ss_family == AF_INET) return ntohs(reinterpret_cast<const sockaddr_in&>(addr).sin_port);
  return 0;
}

// One server per state directory: the lock is held as long as the
// listening process (and its sessions) live.
int lock_state_dir(const std::string& dir) {
  const std::string path = dir + "/server.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) throw UserError(fmt::format("{}: cannot open: {}", path, errno_text()));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw UserError(fmt::format("{}: another racetable serve --ssh uses this state directory", dir));
  }
  return fd;
}

class Gateway {
 public:
  explicit Gateway(const SshServerSettings& settings) : settings_(settings), book_(settings.limits) {}
  int run();

 private:
  void log(const std::string& line) {
    if (settings_.log) settings_.log(fmt::format("{} {}", clock_stamp(), printable(line, 400)));
  }
  // A line about what an address did, written a few times a minute and then counted.
  void log_counted(const std::string& bucket, const std::string& address, const std::string& what,
                   const std::string& line) {
    if (repeated_.admit(bucket, what, now_ms(), clock_stamp())) log(fmt::format("ssh {}: {}", address, line));
  }
  void accept_some();
  void read_reports();
  void reap();
  void close_overdue();
  void remove_guest_dir(const std::string& name);
  void stop_sessions();
  void end_banned();
  // The table process (net/table_process.h): started at start, started
  // again if it dies; every logged-in session's tables link is handed to it.
  void start_table_process();
  void hand_link(pid_t session);
  void read_table_process();
  void table_process_ended(int status);
  void close_fds_in_child();
  // The shell's program, opened once for every session (net/ssh_internal.h).
  void open_shell();

  // A session's end of the tables pair, kept while the session lives: a
  // table process started again gets it again.
  struct TablesLink {
    int fd = -1;
    bool logged_in = false;
    std::string name, fingerprint;
  };
  std::map<pid_t, TablesLink> links_;
  int table_ctl_ = -1;
  pid_t table_pid_ = -1;
  Millis table_started_ = 0;
  Millis table_restart_at_ = -1;
  bool stopping_ = false;

  const SshServerSettings& settings_;
  ConnectionBook book_;
  RepeatedLines repeated_;
  ssh_bind bind_ = nullptr;
  int listen_fd_ = -1;
  int report_rd_ = -1;
  int report_wr_ = -1;
  int lock_fd_ = -1;
  std::int64_t bans_stamp_ = -1;
  std::string bans_error_;  // the last failure to read them, said once
  Millis bans_read_at_ = 0;
  std::string local_address_;
  int local_port_ = 0;
  ShellProgram shell_program_;
};

void Gateway::accept_some() {
  for (int k = 0; k < kAcceptsPerPass; ++k) {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != ECONNABORTED)
        log(fmt::format("ssh: accept failed: {}", errno_text()));
      return;
    }
    const PeerAddress peer = peer_address(addr);
    const std::string& address = peer.text;
    const std::string& bucket = peer.bucket;
    const ConnectionBook::Admission a = book_.admit(peer, now_ms());
    for (const pid_t victim : a.crowded_out) {
      ::kill(victim, SIGKILL);
      if (const ConnectionBook::Entry* e = book_.find(victim))
        log_counted(e->bucket, e->address, "connections closed to make room for newer ones",
                    "closed a connection still logging in, to make room for a newer one");
    }
    if (a.rate_limited) {
      ::close(fd);
      log_counted(bucket, address, "connections refused (too many a minute)",
                  fmt::format("refused a connection: more than {} a minute from this address",
                              settings_.limits.per_minute));
      continue;
    }
    int tables[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, tables) != 0)
      log(fmt::format("ssh {}: no tables for this session: socketpair: {}", address, errno_text()));
    SessionStart start;
    start.tables_fd = tables[1];
    start.fd = fd;
    start.report_fd = report_wr_;
    start.bind = bind_;
    start.address = address;
    start.client_port = std::to_string(port_of(addr));
    start.full = a.full;
    start.local_port = local_port_;
    start.local_address = local_address_;
    start.settings = &settings_;
    start.shell = shell_program_;
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fd);
      for (const int t : tables)
        if (t >= 0) ::close(t);
      log(fmt::format("ssh {}: refused a connection: cannot fork ({})", address, errno_text()));
      continue;
    }
    if (pid == 0) {
      // Nothing of the server or of another session: not the listening
      // socket, the table process's control socket, or any other session's
      // tables link. A few system calls, however many sessions there are
      // (closing each link one by one cost a login ~2 ms at 1000 sessions).
      // The lock stays held while any session lives.
      close_all_but({fd, start.report_fd, start.tables_fd, start.shell.fd, lock_fd_});
      run_ssh_session(std::move(start));
    }
    ::close(fd);
    if (tables[1] >= 0) ::close(tables[1]);
    if (tables[0] >= 0) links_[pid].fd = tables[0];
    book_.started(pid, peer, now_ms());
  }
}

void Gateway::read_reports() {
  char buf[kMaxReport + 1];
  for (;;) {
    const ssize_t n = ::recv(report_rd_, buf, kMaxReport, MSG_DONTWAIT);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    const std::string msg(buf, static_cast<std::size_t>(n));
    // KIND \t PID \t TEXT
    const std::size_t t1 = msg.find('\t');
    const std::size_t t2 = t1 == std::string::npos ? t1 : msg.find('\t', t1 + 1);
    if (t1 != 1 || t2 == std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::atoi(msg.substr(2, t2 - 2).c_str()));
    const std::string text = msg.substr(t2 + 1);
    const ConnectionBook::Entry* e = book_.find(pid);
    if (!e) continue;
    const std::string address = e->address;
    const std::string bucket = e->bucket;
    switch (msg[0]) {
      case 'K': book_.offered(pid, text); break;
      case 'A': {
        const std::size_t a = text.find('\t');
        const std::size_t b = a == std::string::npos ? a : text.find('\t', a + 1);
        const std::string name = text.substr(0, a);
        const std::string fp = a == std::string::npos ? "" : text.substr(a + 1, b - a - 1);
        const std::string note = b == std::string::npos ? "" : text.substr(b + 1);
        if (!book_.logged_in(pid, name, fp)) {
          ::kill(pid, SIGKILL);
          book_.closing(pid);
          log_counted(bucket, address, "sessions refused (server full)",
                      fmt::format("closed {}'s session: the limit on sessions was reached meanwhile", name));
          break;
        }
        log(fmt::format("ssh {}: {} logged in{}{} (session pid {}; {} playing)", address, name,
                        fp.empty() ? std::string() : " with key " + fp, note, pid, book_.sessions()));
        if (const auto it = links_.find(pid); it != links_.end()) {
          it->second.logged_in = true;
          it->second.name = name;
          it->second.fingerprint = fp;
          hand_link(pid);
        }
        break;
      }
      case 'R': {
        const std::size_t a = text.find('\t');
        if (a == std::string::npos) break;
        log_counted(bucket, address, text.substr(0, a), text.substr(a + 1));
        break;
      }
      case 'L': log(fmt::format("ssh {}: {}", address, text)); break;
      default: break;
    }
  }
}

void Gateway::reap() {
  std::vector<std::pair<pid_t, int>> ended;
  int st = 0;
  pid_t child;
  while ((child = ::waitpid(-1, &st, WNOHANG)) > 0) ended.emplace_back(child, st);
  if (ended.empty()) return;
  read_reports();  // what they said before they ended (a login, a refusal) comes first
  for (const auto& [pid, status] : ended) {
    if (pid == table_pid_) {
      table_process_ended(status);
      continue;
    }
    if (const auto it = links_.find(pid); it != links_.end()) {
      ::close(it->second.fd);
      links_.erase(it);
    }
    const ConnectionBook::Entry e = book_.ended(pid);
    if (e.bucket.empty()) continue;
    remove_guest_dir(e.name);
    const Millis secs = (now_ms() - e.started) / 1000;
    if (e.logged_in) {
      log(fmt::format("ssh {}: {} left after {} min {} s ({} playing)", e.address, e.name, secs / 60,
                      secs % 60, book_.sessions()));
    } else if (!e.closing) {
      const bool deadline = WIFEXITED(status) && WEXITSTATUS(status) == 4;
      const std::string key = e.fingerprint.empty() ? "no key offered" : "key " + e.fingerprint + " offered";
      if (deadline)
        log_counted(
            e.bucket, e.address, "connections closed at the login deadline",
            fmt::format("closed: not logged in within {} s ({})", settings_.limits.login_seconds, key));
      else
        log_counted(e.bucket, e.address, "connections closed before logging in",
                    fmt::format("connection closed before logging in ({})", key));
    }
  }
}

// A guest's session empties its directory but may not remove it (it is
// confined to what is inside): what is left goes here.
void Gateway::remove_guest_dir(const std::string& name) {
  constexpr std::string_view kGuest = "guest-";
  if (name.size() <= kGuest.size() || name.size() > kGuest.size() + 5 || name.rfind(kGuest, 0) != 0) return;
  const std::string n = name.substr(kGuest.size());
  if (n.find_first_not_of("0123456789") != std::string::npos) return;
  remove_tree(settings_.state_dir + "/guests/" + n);
}

void Gateway::close_overdue() {
  for (const pid_t pid : book_.overdue(now_ms())) {
    ::kill(pid, SIGKILL);
    book_.closing(pid);
    if (const ConnectionBook::Entry* e = book_.find(pid)) {
      const std::string key =
          e->fingerprint.empty() ? "no key offered" : "key " + e->fingerprint + " offered";
      log_counted(e->bucket, e->address, "connections closed at the login deadline",
                  fmt::format("closed: not logged in within {} s ({})", settings_.limits.login_seconds, key));
    }
  }
}

// A ban (`serve --ssh --ban`) takes effect at once: the sessions of a
// newly banned key are told to save and end (SIGUSR1), logins are refused
// by the sessions themselves.
void Gateway::end_banned() {
  bans_read_at_ = now_ms();
  try {
    // One opening a second (more only when the bans changed).
    const RegistryDb db(settings_.state_dir);
    const std::int64_t stamp = bans_stamp(db);
    bans_error_.clear();
    if (stamp == bans_stamp_) return;
    const bool first = bans_stamp_ == -1;
    bans_stamp_ = stamp;
    if (!first)
      log(fmt::format("ssh: the bans changed: {} keys banned", BanList(settings_.state_dir).list().size()));
    for (const pid_t pid : book_.pids()) {
      const ConnectionBook::Entry* e = book_.find(pid);
      if (!e || !e->logged_in || e->fingerprint.empty()) continue;
      if (!find_ban(db, fingerprint_hex(e->fingerprint))) continue;
      ::kill(pid, SIGUSR1);
      log(fmt::format("ssh {}: ended {}'s session (pid {}): key {} is banned", e->address, e->name, pid,
                      e->fingerprint));
    }
  } catch (const UserError& e) {
    // Said once, not every second while it lasts; the sessions refuse logins meanwhile.
    if (bans_error_ != e.what()) log(fmt::format("ssh: cannot read the bans: {}", e.what()));
    bans_error_ = e.what();
  }
}

void Gateway::stop_sessions() {
  stopping_ = true;
  const std::vector<pid_t> pids = book_.pids();
  if (!pids.empty())
    log(fmt::format("ssh: stopping; {} sessions are told to save and end", book_.sessions()));
  for (const pid_t pid : pids) ::kill(pid, SIGTERM);
  // The table process saves every table and ends.
  if (table_pid_ > 0) ::kill(table_pid_, SIGTERM);
  const Millis until = now_ms() + kStopGraceMs;
  while ((!book_.pids().empty() || table_pid_ > 0) && now_ms() < until) {
    reap();
    read_reports();
    read_table_process();
    ::usleep(20000);
  }
  if (table_pid_ > 0) {
    ::kill(table_pid_, SIGKILL);
    log("ssh: the table process did not end in time: killed (tables are as last saved)");
  }
  for (const pid_t pid : book_.pids()) ::kill(pid, SIGKILL);
  while (!book_.pids().empty()) {
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid < 0) break;
    book_.ended(pid);
  }
}

void Gateway::close_fds_in_child() {
  for (const auto& [pid, link] : links_) ::close(link.fd);
  if (table_ctl_ >= 0) ::close(table_ctl_);
}

void Gateway::open_shell() {
  shell_program_ = open_shell_program();
  if (shell_program_.fd >= 0)
    log(fmt::format("ssh: players' shells run {}", shell_program_.path));
  else
    log("ssh: racetable-shell is not beside this program (nor in ../libexec/racetable): players' shells "
        "run this program, which takes about twice the CPU to start");
}

void Gateway::start_table_process() {
  table_restart_at_ = -1;
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
    log(fmt::format("ssh: cannot start the table process: socketpair: {}", errno_text()));
    table_restart_at_ = now_ms() + 5000;
    return;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pair[0]);
    ::close(pair[1]);
    log(fmt::format("ssh: cannot start the table process: fork: {}", errno_text()));
    table_restart_at_ = now_ms() + 5000;
    return;
  }
  if (pid == 0) {
    // Nothing of the connections: no listening socket, no session's link
    // (each comes again over the control socket), no libssh.
    if (listen_fd_ >= 0) ::close(listen_fd_);
    if (report_rd_ >= 0) ::close(report_rd_);
    if (report_wr_ >= 0) ::close(report_wr_);
    ::close(g_signal_pipe[0]);
    ::close(g_signal_pipe[1]);
    ::close(pair[0]);
    close_fds_in_child();
    if (shell_program_.fd >= 0) ::close(shell_program_.fd);
    for (int sig : {SIGINT, SIGTERM, SIGCHLD}) std::signal(sig, SIG_DFL);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    TableProcessSettings ts;
    ts.state_dir = settings_.state_dir;
    ts.grace_ms = settings_.grace_ms;
    int rc = 1;
    try {
      confine(table_paths(settings_.state_dir), SyscallProfile::Tables);
      rc = run_table_process(pair[1], ts);
    } catch (const std::exception& e) {
      send_packet(pair[1], json{{"type", "log"},
                                {"line", fmt::format("tables: the table process failed: {}", e.what())}});
    }
    ::_exit(rc);
  }
  ::close(pair[1]);
  if (table_ctl_ >= 0) ::close(table_ctl_);
  table_ctl_ = pair[0];
  table_pid_ = pid;
  table_started_ = now_ms();
  log(fmt::format("ssh: table process started (pid {})", pid));
  for (const auto& [session, link] : links_)
    if (link.logged_in) hand_link(session);
}

void Gateway::hand_link(pid_t session) {
  const auto it = links_.find(session);
  if (it == links_.end() || table_ctl_ < 0) return;
  const TablesLink& link = it->second;
  // Who this is, as the login said: the table process believes nothing else.
  if (!send_packet(table_ctl_,
                   json{{"type", "player"},
                        {"name", link.name},
                        {"key", link.fingerprint},
                        {"guest", link.fingerprint.empty()}},
                   link.fd))
    log(fmt::format("ssh: {}'s tables link did not reach the table process", link.name));
}

void Gateway::read_table_process() {
  if (table_ctl_ < 0) return;
  for (int k = 0; k < 256; ++k) {
    Packet p = receive_packet(table_ctl_, kMaxBrokerPacket);
    if (p.fd >= 0) ::close(p.fd);
    if (p.gone) {  // it ended (reap() starts it again)
      ::close(table_ctl_);
      table_ctl_ = -1;
      return;
    }
    if (!p.message && p.error.empty()) return;
    if (p.message && p.message->value("type", "") == "log" && (*p.message)["line"].is_string())
      log((*p.message)["line"].get<std::string>());
  }
}

void Gateway::table_process_ended(int status) {
  read_table_process();
  if (table_ctl_ >= 0) ::close(table_ctl_);
  table_ctl_ = -1;
  table_pid_ = -1;
  if (stopping_) return;
  const std::string how = WIFEXITED(status)     ? fmt::format("exit code {}", WEXITSTATUS(status))
                          : WIFSIGNALED(status) ? fmt::format("signal {}", WTERMSIG(status))
                                                : std::string("unknown status");
  // Started again at once, but not more than once in 2 s: a process that
  // cannot start does not spin.
  table_restart_at_ = std::max(now_ms(), table_started_ + 2000);
  log(fmt::format("ssh: the table process ended ({}); starting it again (tables come back from their saves)",
                  how));
}

int Gateway::run() {
  // Not dumpable (the sessions inherit it, the shells' exec resets it): no
  // process of this user, a player's shell included, may read the host key
  // out of /proc/PID/mem or ptrace the server or a session.
  ::prctl(PR_SET_DUMPABLE, 0);
  ensure_private_dir(settings_.state_dir);
  lock_fd_ = lock_state_dir(settings_.state_dir);
  // The registry opened (made, or taken over from the files of before) and
  // checked: what it could not read is said now, one line each.
  PlayerRegistry registry(settings_.state_dir);
  for (const std::string& line : registry.startup_report()) log("ssh: " + line);
  const BanList bans(settings_.state_dir);
  // Guests keep nothing: what an earlier run left of them goes.
  remove_tree(settings_.state_dir + "/guests");
  ensure_private_dir(settings_.state_dir + "/guests");
  ensure_private_dir(settings_.state_dir + "/sessions");  // each key's session slots
  // The table process is confined to it, so it must be there before it starts.
  ensure_private_dir(settings_.state_dir + "/tables");

  // A link for each session here, and in the table process (which inherits
  // the limit) a link and a table's connection for each player.
  raise_open_file_limit();
  open_shell();
  // The table process first: the host key is never in its memory.
  if (::pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) throw UserError("cannot make a pipe");
  start_table_process();

  HostKeyFile host;
  ssh_key key = load_host_key(settings_.state_dir, &host);
  ssh_init();
  bind_ = ssh_bind_new();
  if (!bind_) throw UserError("cannot start libssh");
  bool no = false;
  int quiet = SSH_LOG_NOLOG;
  ssh_bind_options_set(bind_, SSH_BIND_OPTIONS_PROCESS_CONFIG, &no);  // no /etc/libssh config
  ssh_bind_options_set(bind_, SSH_BIND_OPTIONS_LOG_VERBOSITY, &quiet);
  if (ssh_bind_options_set(bind_, SSH_BIND_OPTIONS_IMPORT_KEY, key) != SSH_OK)
    throw UserError(fmt::format("{}: libssh does not take this host key", host.path));

  listen_fd_ = open_listener(settings_.listen, local_address_, local_port_);
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, pair) != 0)
    throw UserError("cannot make the sessions' report socket");
  report_rd_ = pair[0];
  report_wr_ = pair[1];
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  for (int sig : {SIGINT, SIGTERM, SIGCHLD}) ::sigaction(sig, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGHUP, SIG_IGN);  // a detached server outlives its terminal; a foreground one stops on Ctrl-C

  if (settings_.on_listening) settings_.on_listening(local_address_, local_port_, host.fingerprint);
  log(fmt::format("ssh: listening on {} port {}; host key {}{}; players' state in {}", local_address_,
                  local_port_, host.fingerprint, host.created ? " (made now)" : "", settings_.state_dir));
  if (const std::size_t n = bans.list().size(); n > 0) log(fmt::format("ssh: {} keys banned", n));
  if (const std::string lacks = confine_support_line(confine_support()); !lacks.empty()) log(lacks);
  end_banned();  // the bans as they are now: later changes are logged

  while (!g_stop_signal) {
    Millis timeout = 1000;
    const Millis now = now_ms();
    if (const Millis d = book_.next_deadline(); d >= 0)
      timeout = std::min(timeout, std::max<Millis>(0, d - now));
    if (table_restart_at_ >= 0) timeout = std::min(timeout, std::max<Millis>(0, table_restart_at_ - now));
    pollfd fds[4] = {{listen_fd_, POLLIN, 0},
                     {report_rd_, POLLIN, 0},
                     {g_signal_pipe[0], POLLIN, 0},
                     {table_ctl_, POLLIN, 0}};
    ::poll(fds, 4, static_cast<int>(timeout));
    char drain[64];
    while (::read(g_signal_pipe[0], drain, sizeof drain) > 0) {
    }
    read_reports();
    read_table_process();
    reap();
    if (table_restart_at_ >= 0 && now_ms() >= table_restart_at_ && !g_stop_signal) start_table_process();
    if (g_stop_signal) break;
    if (fds[0].revents & POLLIN) accept_some();
    close_overdue();
    // Reading the bans opens the registry's database: once a second, not at
    // every connection and report (a ban still ends its sessions within a second).
    if (now_ms() - bans_read_at_ >= kBansEveryMs) end_banned();
    for (const std::string& line : repeated_.due(now_ms())) log("ssh " + line);
  }
  ::close(listen_fd_);
  listen_fd_ = -1;
  stop_sessions();
  for (const std::string& line : repeated_.due(now_ms(), true)) log("ssh " + line);
  log(fmt::format("ssh: stopped ({})", g_stop_signal == SIGINT ? "interrupted" : "terminated"));
  ssh_bind_free(bind_);
  ssh_finalize();
  return 0;
}

}  // namespace

SshListen parse_ssh_listen(std::string_view text) {
  SshListen out;
  if (text.empty()) return out;
  std::string_view port_text = text;
  if (text.front() == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos || (close + 1 < text.size() && text[close + 1] != ':'))
      throw OptionError(fmt::format("--ssh: '{}' is not [ADDRESS]:PORT", printable(text, 80)));
    out.address = std::string(text.substr(1, close - 1));
    port_text = close + 1 < text.size() ? text.substr(close + 2) : std::string_view();
  } else if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
    if (text.find(':') != colon) throw OptionError("--ssh: write an IPv6 address in brackets: [::1]:2222");
    out.address = std::string(text.substr(0, colon));
    port_text = text.substr(colon + 1);
  }
  if (out.address.empty() && text.find(':') != std::string_view::npos)
    throw OptionError("--ssh: no address before ':' (give ADDRESS:PORT, or just PORT for loopback)");
  if (text.find(':') == std::string_view::npos &&
      port_text.find_first_not_of("0123456789") != std::string_view::npos)
    throw OptionError(fmt::format("--ssh: '{}' is not a port; to give an address, write ADDRESS:PORT",
                                  printable(text, 80)));
  if (!port_text.empty()) {
    int port = 0;
    for (char c : port_text) {
      if (c < '0' || c > '9' || port > 65535)
        throw OptionError(fmt::format("--ssh: '{}' is not a port (0 to 65535)", printable(port_text, 20)));
      port = port * 10 + (c - '0');
    }
    if (port > 65535)
      throw OptionError(fmt::format("--ssh: '{}' is not a port (0 to 65535)", printable(port_text, 20)));
    out.port = port;
  }
  if (out.address.empty()) out.address = "127.0.0.1";
  return out;
}

std::string default_ssh_state_dir() {
  return setup::state_dir() + "/ssh";
}

std::string ssh_host_fingerprint(const std::string& state_dir) {
  return ensure_host_key(state_dir).fingerprint;
}

int run_ssh_server(const SshServerSettings& settings) {
  if (settings.limits.max_sessions < 1 || settings.limits.max_per_address < 1 ||
      settings.limits.max_per_key < 1 || settings.limits.per_minute < 1 ||
      settings.limits.login_seconds < 1 || settings.limits.idle_minutes < 0)
    throw OptionError("the SSH server's limits must be 1 or more (the idle minutes 0 or more)");
  if (const std::string problem = pending_limit_problem(settings.limits.max_pending); !problem.empty())
    throw OptionError(problem);
  Gateway gateway(settings);
  return gateway.run();
}

}  // namespace rt::net
