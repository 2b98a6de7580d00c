// `racetable host`: one table served by this process (in the terminal or
// in the background).
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "app/command_util.h"
#include "app/commands.h"
#include "core/deal_json.h"
#include "net/host_handoff.h"
#include "net/hosting.h"
#include "net/server.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

bool report_closed_table(const OpenedTable& t, const Server& server) {
  const bool over = server.table().over();
  ::unlink(info_path(t.dir, t.name).c_str());
  // The log leaves the table's directory with the table (kept, bounded, in
  // the host's state directory: for a table served in the background it is
  // the only record of what happened).
  try {
    const std::string logs = setup::state_dir() + "/table-logs";
    setup::ensure_dir(logs);
    t.log->keep_in(logs);
  } catch (const UserError&) {
    // no state directory: the log stays where the table was
  }
  if (server.save_problem().empty()) return true;
  // Never point at a save that does not hold the game.
  const bool earlier = ::access(t.save_path.c_str(), F_OK) == 0;
  const std::string where = earlier
                                ? fmt::format("the game as last saved is in {} (racetable host --resume {})",
                                              t.save_path, t.save_path)
                                : std::string("it is lost");
  const std::string line = fmt::format(
      "racetable: {}{}: the game could not be saved: {}; {}\n", over ? "game over" : "table closed",
      t.name.empty() ? "" : fmt::format(" ({})", t.name), server.save_problem(), where);
  std::fflush(stdout);
  std::fputs(line.c_str(), stderr);
  return false;
}

void detach_from_terminal(const std::function<std::string(pid_t)>& told) {
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = ::fork();
  if (pid < 0) throw UserError("cannot start the server in the background (fork failed)");
  if (pid > 0) {
    out(told(pid));
    ::_exit(0);  // the child owns the sockets now
  }
  ::setsid();
  const int devnull = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (devnull >= 0) {
    ::dup2(devnull, STDIN_FILENO);
    ::dup2(devnull, STDOUT_FILENO);
    ::dup2(devnull, STDERR_FILENO);
    if (devnull > STDERR_FILENO) ::close(devnull);
  }
}

namespace {

// A yes/no question on the terminal that runs `host` (before it detaches):
// "y" or "yes" is yes, anything else (or nothing) no.
bool ask_host(const std::string& question) {
  std::fflush(stdout);
  std::fputs(question.c_str(), stderr);
  std::fflush(stderr);
  std::string answer;
  if (!std::getline(std::cin, answer)) return false;
  answer = trim(answer);
  return answer == "y" || answer == "Y" || answer == "yes" || answer == "Yes" || answer == "YES";
}

// `host --spec-fd`: the table the shell's Host page described, served in the
// background; what is said goes back on the descriptor as one JSON line.
int host_handed(HostSettings s) {
  const int fd = s.spec_fd;
  std::optional<OpenedTable> opened;
  try {
    s.spec = read_handed_spec(fd);
    s.detach = true;
    opened.emplace(open_hosted_table(s, true, nullptr));
  } catch (const UserError& e) {
    answer_handoff(fd, HandoffAnswer{e.what(), {}, {}, {}, {}, {}, 0});
    return 1;
  }
  OpenedTable& t = *opened;
  Server::install_signal_handlers();
  write_table_info(t);
  const Table& dealt = t.server->table();
  HandoffAnswer answer{{}, t.name, t.dir, socket_path(t.dir, t.name), t.code, json(), 0};
  if (dealt.deal().kind != DealKind::Unstated) answer.deal = deal_json(dealt.seed(), dealt.deal(), false);
  detach_from_terminal([&](pid_t pid) {
    answer.pid = pid;
    answer_handoff(fd, answer);
    return std::string();
  });
  ::close(fd);
  write_table_info(t);
  t.server->run();
  return report_closed_table(t, *t.server) ? 0 : 2;
}

}  // namespace

int host(HostSettings s) {
  if (s.spec_fd >= 0) return host_handed(std::move(s));
  // Only a person at a terminal is asked; a script gets a refusal naming the flag.
  if (::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO)) s.confirm = ask_host;
  OpenedTable t = open_hosted_table(s, s.detach, nullptr);
  // Before anything says "Ctrl-C closes it": a signal from here on saves and closes.
  Server::install_signal_handlers();
  write_table_info(t);
  if (s.detach) {
    detach_from_terminal([&t](pid_t pid) {
      return t.how + t.code_text +
             fmt::format("The server runs in the background (pid {}); its log is {}/{}.log\n", pid, t.dir,
                         t.name);
    });
    write_table_info(t);
  } else {
    out(t.how + t.code_text);
    out("This terminal serves the table and shows its log; Ctrl-C closes it (the game stays saved).\n");
  }
  t.server->run();
  if (!report_closed_table(t, *t.server)) return 2;
  if (!s.detach) {
    if (t.server->table().over())
      out(fmt::format("Game over: {}\n", t.server->table().state().standings().summary));
    else
      out(fmt::format("Table closed. Continue the game with: racetable host --resume {}\n", t.save_path));
  }
  return 0;
}

}  // namespace rt::app
