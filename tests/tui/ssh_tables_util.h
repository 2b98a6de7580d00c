// The SSH server's table process in a child, as `serve --ssh` forks it,
// with the test as its listening process and its players' shells: shared by
// the tests of its tables (ssh_tables_test.cpp, ssh_host_choices_test.cpp).
#pragma once

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <string>

#include "client/remote_table.h"
#include "net/client.h"
#include "net/table_broker.h"
#include "net/table_process.h"
#include "tests/tui/net_test_util.h"

namespace rt::net::sshtest {

inline int mode_of(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 ? static_cast<int>(st.st_mode & 07777) : -1;
}

// The table process in a child process; this test is its listening process.
struct TableProcessChild {
  std::string state;
  int ctl = -1;
  pid_t pid = -1;

  explicit TableProcessChild(std::string state_dir) : state(std::move(state_dir)) { start(); }
  ~TableProcessChild() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
    if (ctl >= 0) ::close(ctl);
  }
  void start() {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0);
    pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::close(pair[0]);
      TableProcessSettings s;
      s.state_dir = state;
      s.pace_ms = 0;
      int rc = 1;
      try {
        rc = run_table_process(pair[1], s);
      } catch (...) {
      }
      ::_exit(rc);
    }
    ::close(pair[1]);
    ctl = pair[0];
  }
  // SIGTERM: every table saved; the process ends.
  int stop() {
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    pid = -1;
    ::close(ctl);
    ctl = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  // A logged-in player's link, handed to the table process as the listening process does.
  int link(const std::string& name, const std::string& key, bool guest = false) {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0);
    REQUIRE(
        send_packet(ctl, json{{"type", "player"}, {"name", name}, {"key", key}, {"guest", guest}}, pair[1]));
    ::close(pair[1]);
    return pair[0];
  }
};

// One question over a link; the answer (and a descriptor it carried).
inline json ask(int fd, const json& request, int* got = nullptr) {
  REQUIRE(send_packet(fd, request));
  pollfd p{fd, POLLIN, 0};
  REQUIRE(::poll(&p, 1, 5000) == 1);
  Packet answer = receive_packet(fd, kMaxBrokerAnswer);
  REQUIRE(answer.message);
  if (got)
    *got = answer.fd;
  else if (answer.fd >= 0)
    ::close(answer.fd);
  return *answer.message;
}

inline json host_go_wacky(int fd, const std::string& access = "public") {
  return ask(
      fd, json{{"type", "host"}, {"game", "go-wacky"}, {"seats", {"human", "remote"}}, {"access", access}});
}

// Connects to `table` and says hello: the welcome, or the refusal's reason (in "reason").
inline json sit(int link, const std::string& table, int seat, Connection* keep = nullptr,
                const std::string& code = "") {
  int fd = -1;
  const json connected = ask(link, json{{"type", "connect"}, {"table", table}}, &fd);
  if (connected.value("type", "") != "connected") return connected;
  REQUIRE(fd >= 0);
  Connection conn(fd);
  conn.send(to_json(rt::client::shell_hello(seat > 0 ? Role::Play : Role::Watch, seat, code, false)));
  for (;;) {
    std::string error;
    const std::optional<json> m = conn.wait_message(5000, error);
    REQUIRE(m);
    const std::string type = m->value("type", "");
    if (type == "welcome") {
      if (keep) *keep = std::move(conn);
      return *m;
    }
    if (type == "refused" || type == "error") return *m;
  }
}

inline json table_in(const json& list, const std::string& name) {
  for (const json& t : list["tables"])
    if (t.value("table", "") == name) return t;
  return json();
}

// The listing until `done` says so (the table serves a dropped connection in its own time).
template <class Done>
json list_until(int link, Done done) {
  json list;
  for (int i = 0; i < 200; ++i) {
    list = ask(link, json{{"type", "list"}});
    if (done(list)) return list;
    ::usleep(10000);
  }
  return list;
}

inline const std::string kAna = "SHA256:anaanaanaanaanaanaanaanaanaanaanaanaanaanaa";
inline const std::string kBob = "SHA256:bobbobbobbobbobbobbobbobbobbobbobbobbobbobb";
inline const std::string kEve = "SHA256:eveeveeveeveeveeveeveeveeveeveeveeveeveevee";

}  // namespace rt::net::sshtest
