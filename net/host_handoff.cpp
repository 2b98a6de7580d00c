// A local table hosted in the background, handed its TableSpec (net/host_handoff.h).
#include "net/host_handoff.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "net/codes.h"

namespace rt::net {
namespace {

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::send(fd, text.data(), text.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Reads until end of input, a newline (`line`) or kMaxHandoffBytes; "" when
// the deadline passes first.
std::string read_bounded(int fd, bool line, int timeout_ms) {
  std::string text;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char buf[4096];
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now())
            .count();
    if (left <= 0) return {};
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return {};
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > kMaxHandoffBytes) throw UserError("the table's answer is too long");
    if (line && text.find('\n') != std::string::npos) return text.substr(0, text.find('\n'));
  }
}

std::string text_field(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_string()) throw UserError(fmt::format("the table's answer: {} is not a text", key));
  return it->get<std::string>();
}

}  // namespace

json to_json(const HandoffAnswer& a) {
  if (!a.error.empty()) return json{{"error", a.error}};
  return json{{"table", a.table}, {"dir", a.dir},   {"socket", a.socket},
              {"code", a.code},   {"deal", a.deal}, {"pid", static_cast<long>(a.pid)}};
}

HandoffAnswer handoff_answer_of(const json& j) {
  if (!j.is_object()) throw UserError("the table's answer is not a JSON object");
  HandoffAnswer a;
  a.error = text_field(j, "error");
  if (!a.error.empty()) return a;
  a.table = text_field(j, "table");
  a.dir = text_field(j, "dir");
  a.socket = text_field(j, "socket");
  a.code = text_field(j, "code");
  a.deal = j.value("deal", json());
  const auto pid = j.find("pid");
  if (a.table.empty() || pid == j.end() || !pid->is_number_integer() || pid->get<long>() <= 0)
    throw UserError("the table's answer names no table or server");
  a.pid = static_cast<pid_t>(pid->get<long>());
  return a;
}

HandoffAnswer host_in_background(const std::string& program, const TableSpec& spec, const std::string& dir) {
  HandoffAnswer failed;
  // Not the seed, and not a join code of this environment: the spec says both.
  std::vector<std::string> env_text;
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind(std::string(kSeedEnv) + "=", 0) != 0 &&
        std::string_view(*e).rfind(std::string(kCodeEnv) + "=", 0) != 0)
      env_text.emplace_back(*e);
  std::vector<char*> envp;
  for (std::string& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> args{"racetable", "host",       "--spec-fd", std::to_string(kHandoffFd),
                                "--detach",  "--stand-in", "normal"};
  if (!dir.empty()) args.insert(args.end(), {"--dir", dir});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    failed.error = "cannot start the table (socketpair)";
    return failed;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pair[0]);
    ::close(pair[1]);
    failed.error = "cannot start the table (fork)";
    return failed;
  }
  if (pid == 0) {
    const int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      ::dup2(devnull, STDIN_FILENO);
      ::dup2(devnull, STDOUT_FILENO);
      ::dup2(devnull, STDERR_FILENO);
    }
    // dup2 leaves the new descriptor open across exec; one already there keeps its close-on-exec.
    if (pair[1] == kHandoffFd)
      ::fcntl(kHandoffFd, F_SETFD, 0);
    else
      ::dup2(pair[1], kHandoffFd);
    ::execve(program.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(pair[1]);
  std::string line;
  try {
    if (write_all(pair[0], dump(to_json(spec)) + "\n")) ::shutdown(pair[0], SHUT_WR);
    line = read_bounded(pair[0], true, kHandoffTimeoutMs);
  } catch (const UserError& e) {
    failed.error = e.what();
  }
  ::close(pair[0]);
  int status = 0;
  // The table's server is a grandchild: the child ends once it has answered.
  if (line.empty()) ::kill(pid, SIGTERM);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!failed.error.empty()) return failed;
  if (line.empty()) {
    failed.error = "the table did not start: no answer";
    return failed;
  }
  try {
    return handoff_answer_of(json::parse(line));
  } catch (const std::exception& e) {
    failed.error = fmt::format("the table did not start: {}", printable(e.what(), 200));
    return failed;
  }
}

TableSpec read_handed_spec(int fd) {
  const std::string text = read_bounded(fd, false, kHandoffTimeoutMs);
  try {
    return spec_from_json(json::parse(text));
  } catch (const json::exception&) {
    throw UserError("the table's description is not JSON");
  }
}

void answer_handoff(int fd, const HandoffAnswer& answer) {
  write_all(fd, dump(to_json(answer)) + "\n");
}

}  // namespace rt::net
