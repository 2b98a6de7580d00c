// One SSH connection's process, after the login (net/ssh_session_process.h):
// the shell started on a pseudo-terminal, the bytes relayed between it and
// the channel, a window-change passed on, and the end of either side.
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>
#include <libssh/callbacks.h>

#include "core/types.h"
#include "net/confine.h"
#include "net/protocol.h"
#include "net/ssh_session_process.h"

namespace rt::net::ssh_detail {

void SessionProcess::resize() {
  if (master_ < 0) return;
  winsize ws{};
  ws.ws_col = static_cast<unsigned short>(cols_);
  ws.ws_row = static_cast<unsigned short>(rows_);
  ::ioctl(master_, TIOCSWINSZ, &ws);  // the kernel sends the shell SIGWINCH
}

void SessionProcess::write_channel(const char* data, std::size_t len) {
  // A client that takes none of our output for a minute is dropped (the
  // shell then gets its hang-up): the relay never holds more than a window.
  ::alarm(kWriteStallSeconds);
  ssh_channel_write(channel_, data, static_cast<uint32_t>(len));
  ::alarm(0);
}

void SessionProcess::drain_master(bool all) {
  char buf[kRelayChunk];
  while (master_ >= 0 && !master_done_) {
    std::size_t room = sizeof buf;
    if (!all) {
      const uint32_t window = ssh_channel_window_size(channel_);
      if (window == 0) return;
      room = std::min<std::size_t>(room, window);
    }
    const ssize_t n = ::read(master_, buf, room);
    if (n > 0) {
      write_channel(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    master_done_ = true;  // EIO: the shell's side is closed
  }
}

int SessionProcess::on_master(socket_t, int revents, void* ud) {
  SessionProcess* s = self(ud);
  if (revents & (POLLIN | POLLHUP | POLLERR)) s->drain_master(false);
  return 0;
}

// The shell ended (its pidfd), or a signal came (the wake pipe, drained):
// the loop reaps the shell or reads the flags after the poll returns.
int SessionProcess::on_shell_ended(socket_t fd, int, void* ud) {
  char drain[64];
  if (fd == g_wake[0]) {
    while (::read(fd, drain, sizeof drain) > 0) {
    }
  } else {
    self(ud)->shell_ended_ = true;
  }
  return 0;
}

void SessionProcess::watch_master(bool on) {
  if (on == watching_master_ || master_ < 0) return;
  if (on)
    ssh_event_add_fd(event_, master_, POLLIN, on_master, this);
  else
    ssh_event_remove_fd(event_, master_);
  watching_master_ = on;
}

void SessionProcess::start_child() {
  // The shell: this program started afresh on a new pseudo-terminal (net/ssh_shell_exec.cpp),
  // with the session's end of its tables pair (net/table_broker.h), which is the shell's alone then.
  tables_fd_ = s_.tables_fd;
  s_.tables_fd = -1;
  const ShellChild shell =
      start_ssh_shell(s_.shell, player_,
                      fmt::format("{} {} {} {}", s_.address, s_.client_port, s_.local_address, s_.local_port),
                      tables_fd_, cols_, rows_);
  if (tables_fd_ >= 0) ::close(tables_fd_);
  tables_fd_ = -1;
  master_ = shell.master;
  child_ = shell.pid;
  // The one exec this process needed is done.
  forbid_exec();
}

void SessionProcess::run_shell() {
  // The player's directories: HOME, saves and history, settings, sockets.
  const char* locale = !lc_all_.empty()     ? lc_all_.c_str()
                       : !lc_ctype_.empty() ? lc_ctype_.c_str()
                                            : lang_.c_str();
  player_.utf8 = *locale == '\0' || locale_says_utf8(locale);
  try {
    for (const char* sub : {"", "/state", "/config", "/run"}) ensure_private_dir(player_.home + sub);
    start_child();
  } catch (const UserError& e) {
    refuse("sessions failed (server error)", fmt::format("{}: {}", player_.name, e.what()));
    answer_without_shell(fmt::format("racetable: the server cannot start your game now: {}\r\n", e.what()));
  }
  report('L', fmt::format("{} starts the shell at {}x{}, TERM {}, {} (shell pid {})", player_.name, cols_,
                          rows_, player_.term, player_.utf8 ? "UTF-8" : "ASCII", child_));
  last_input_ = now_ms();
  const Millis idle_ms = settings_.limits.idle_minutes * 60000ll;
  std::string ending;   // why the server ends the session ("": the player did)
  Millis told_at = -1;  // when the shell was told to end
  int status = 0;
  bool reaped = false;
  // The shell's end wakes the loop (a pidfd turns readable), so an idle
  // session sleeps until a byte, a signal or its idle deadline: hundreds of
  // sessions cost the machine nothing while nobody types.
  const int shell_pidfd = static_cast<int>(::syscall(SYS_pidfd_open, child_, 0));
  if (shell_pidfd >= 0) ssh_event_add_fd(event_, shell_pidfd, POLLIN, on_shell_ended, this);
  if (g_wake[0] >= 0) ssh_event_add_fd(event_, g_wake[0], POLLIN, on_shell_ended, this);
  while (!reaped) {
    // How long nothing needs doing: the idle deadline, the end of a shell
    // told to end, or (no pidfd) a short wait for the shell's end.
    Millis wait = kIdlePollMs;
    if (idle_ms > 0 && told_at < 0)
      wait = std::min(wait, std::max<Millis>(0, last_input_ + idle_ms - now_ms()));
    if (told_at >= 0) wait = std::min(wait, std::max<Millis>(0, told_at + kShellEndMs - now_ms()) + 1);
    if (shell_pidfd < 0) wait = std::min<Millis>(wait, client_gone_ ? 20 : 500);
    if (client_gone_) {
      if (shell_pidfd >= 0) {
        pollfd one{shell_pidfd, POLLIN, 0};
        if (::poll(&one, 1, static_cast<int>(wait)) > 0) shell_ended_ = true;
      } else {
        ::usleep(static_cast<useconds_t>(wait) * 1000);
      }
    } else {
      watch_master(!master_done_ && ssh_channel_window_size(channel_) > 0);
      // A client that stopped reading (window closed) is looked at again soon.
      const int rc =
          ssh_event_dopoll(event_, static_cast<int>(watching_master_ ? wait : std::min<Millis>(wait, 50)));
      // A signal (the server stopping) interrupts the poll: not a hang-up.
      const bool interrupted = rc == SSH_ERROR && errno == EINTR;
      if ((rc == SSH_ERROR && !interrupted) || !ssh_is_connected(ssh_) || ssh_channel_is_closed(channel_))
        client_gone_ = true;
    }
    const Millis now = now_ms();
    if (client_gone_ && master_ >= 0) {
      // A hang-up: the shell gets SIGHUP from its terminal (closing the
      // master) and saves as a dropped local player's does.
      watch_master(false);
      ::close(master_);
      master_ = -1;
      ::kill(child_, SIGHUP);
      told_at = now;
    }
    if (told_at < 0 && (g_stop || (idle_ms > 0 && now - last_input_ >= idle_ms))) {
      ending = g_banned ? "your key is banned from this server; your game is saved"
               : g_stop ? "the server is stopping; your game is saved"
                        : fmt::format("closed after {} minutes without a key; your game is saved",
                                      settings_.limits.idle_minutes);
      if (!g_stop) refuse("idle sessions closed", fmt::format("{} ({})", ending, who()));
      ::kill(child_, SIGHUP);
      told_at = now;
    }
    if (told_at >= 0 && now - told_at > kShellEndMs) ::kill(child_, SIGKILL);
    // Reaped once its pidfd says it ended, not at every key (without a
    // pidfd: at every turn of the loop).
    if ((shell_pidfd < 0 || shell_ended_) && ::waitpid(child_, &status, WNOHANG) == child_) reaped = true;
  }
  if (g_wake[0] >= 0 && !client_gone_) ssh_event_remove_fd(event_, g_wake[0]);
  if (shell_pidfd >= 0) {
    if (!client_gone_) ssh_event_remove_fd(event_, shell_pidfd);
    ::close(shell_pidfd);
  }
  if (client_gone_) finish(0);
  drain_master(true);  // the last of the screen: the terminal restored
  watch_master(false);
  if (!ending.empty()) {
    const std::string line = fmt::format("\r\nracetable: {}\r\n", ending);
    write_channel(line.data(), line.size());
  }
  const int code =
      WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  end_channel(code);
}

}  // namespace rt::net::ssh_detail
