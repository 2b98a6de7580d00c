// The other local user, as the shared-table attack tests play it
// (docs/PROTOCOL.md "Threat model"). The other user is uid 65534 (nobody): a
// forked child that setuid()s, or this process with seteuid() for a moment
// (SO_PEERCRED records the effective uid at connect). The table's group is
// gid 0, which root is in by the user database, so no user or group is added
// to the machine. Tests that need root say so and skip when not root (CI runs
// as root).
#pragma once

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "tests/harness/racetable_binary.h"
#include "tests/harness/scratch_dir.h"
#include "tests/tui/net_test_util.h"

namespace nettest::attacker {

inline constexpr uid_t kOther = 65534;  // nobody: the other user
inline constexpr uid_t kThird = 65533;  // a third user, a seated player
inline constexpr gid_t kGroup = 0;      // the table's group: root is in it, the others get it by setgroups()

inline bool root() {
  if (::geteuid() == 0) return true;
  WARN("skipped: playing another user (setuid 65534) needs root; CI runs as root");
  return false;
}

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// This process as another user for a moment: effective ids and groups.
struct AsUser {
  std::vector<gid_t> saved;
  AsUser(uid_t uid, std::vector<gid_t> groups) {
    saved.resize(static_cast<std::size_t>(std::max(0, ::getgroups(0, nullptr))));
    REQUIRE(::getgroups(static_cast<int>(saved.size()), saved.data()) >= 0);
    REQUIRE(::setgroups(groups.size(), groups.data()) == 0);
    REQUIRE(::setegid(uid) == 0);
    REQUIRE(::seteuid(uid) == 0);
  }
  ~AsUser() {
    if (::seteuid(0) != 0 || ::setegid(0) != 0 || ::setgroups(saved.size(), saved.data()) != 0) std::abort();
  }
  AsUser(const AsUser&) = delete;
  AsUser& operator=(const AsUser&) = delete;
};

struct Ran {
  int code = -1;
  std::string out;      // stdout and stderr
  long max_rss_kb = 0;  // the most memory it held (the kernel's count)
};

// Runs racetable with `args`, as `uid` (with `groups`) when given; its
// standard input is `input` (a file) or /dev/null.
inline Ran run(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
               std::optional<uid_t> as = std::nullopt, std::vector<gid_t> groups = {},
               const std::string& input = "/dev/null") {
  static const std::string state_home = rt::test::scratch_dir("racetable-attack-state");
  const TempDir out_dir;
  ::chmod(out_dir.path.c_str(), 0777);
  const std::string out = out_dir.path + "/out";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    const int null = ::open(input.c_str(), O_RDONLY);
    ::dup2(null, 0);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::setsid();  // no terminal: --code cannot prompt
    // Never the real account's state directory (saves, history, table logs).
    if (!as) ::setenv("XDG_STATE_HOME", state_home.c_str(), 1);
    for (const std::string& e : env) ::putenv(const_cast<char*>(e.c_str()));
    if (as && (::setgroups(groups.size(), groups.data()) != 0 || ::setgid(*as) != 0 || ::setuid(*as) != 0))
      ::_exit(120);
    rt::test::exec_racetable(args);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  return Ran{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), usage.ru_maxrss};
}

// A detached server's pid from host's output; stopped at the end of a test.
struct Detached {
  pid_t pid = -1;
  explicit Detached(const std::string& out) {
    const auto at = out.find("(pid ");
    if (at != std::string::npos) pid = static_cast<pid_t>(std::stol(out.substr(at + 5)));
  }
  // Stops the server and waits (at most 5 s) until it is gone: it saves as
  // it closes, and must not write into a test directory being removed.
  ~Detached() {
    if (pid <= 0 || ::kill(pid, SIGTERM) != 0) return;
    for (int i = 0; i < 500 && running(pid); ++i) ::usleep(10000);
  }
  // Not gone and not a zombie (whoever adopted it may never reap it).
  static bool running(pid_t p) {
    std::ifstream stat("/proc/" + std::to_string(p) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const auto paren = line.rfind(')');
    return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] != 'Z';
  }
};

// Says hello on `conn` and waits (at most ~5 s) for the welcome or a refusal.
inline json hello_answer(Connection& conn, const Hello& hello) {
  conn.send(to_json(hello));
  ClientState st;
  for (int i = 0; i < 500; ++i) {
    std::vector<json> msgs;
    std::string error;
    if (!conn.receive(msgs, error)) return json{{"type", "closed"}, {"error", error}};
    for (const json& m : msgs)
      if (m["type"] == "welcome" || m["type"] == "refused") return m;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return json{{"type", "timeout"}};
}

// A socket bound and listening at `path` (by whoever calls it); accept() does not wait.
inline int listen_at(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 8) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

// Whether anyone connected to a listening socket (without waiting).
inline bool somebody_connected(int listen_fd) {
  const int c = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK);
  if (c < 0) return false;
  ::close(c);
  return true;
}

inline ServerOptions group_options(Harness& h) {
  ServerOptions o = h.options();
  o.group_set = true;
  o.group = kGroup;
  o.group_name = "root";
  ::chmod(h.dir.path.c_str(), 0755);  // the other users may reach the socket directory
  return o;
}

// Connects as `uid` (in the table's group) and says hello; the answer pumped in.
inline std::unique_ptr<Scripted> connect_as(Harness& h, uid_t uid, const Hello& hello) {
  auto c = std::make_unique<Scripted>();
  {
    const AsUser as(uid, {kGroup});
    c->conn = Connection::open(h.sock_dir(), "t");
  }
  c->conn.send(to_json(hello));
  for (int i = 0; i < 50 && c->welcome.is_null() && c->open && c->st.error().empty(); ++i) {
    h.pump();
    c->poll();
  }
  return c;
}

}  // namespace nettest::attacker
