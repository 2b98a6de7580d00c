// The SSH server (`racetable serve --ssh`, the real binary) against libssh's
// client, which can ask what OpenSSH's never does: user names, window sizes
// (pty-req and window-change of zero, 2^32-1 or 100000 cells), TERM and env
// values at their limits and past them. Each is taken, clamped or refused
// with a log line; nothing crashes and the session goes on. And what a
// shell holds at the largest window the server draws, read from /proc.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>

#include <libssh/libssh.h>
#include <catch2/catch.hpp>
#include "tests/harness/racetable_binary.h"

namespace {

using namespace std::chrono_literals;

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A server on a free loopback port with a fresh state directory; its log in a file.
struct ServerUnderTest {
  std::string dir;
  std::string log;
  pid_t pid = -1;
  int port = 0;
  // `prepare` fills the state directory (DIR/state) before the server
  // starts; `program_in_dir`, when given, is the racetable to run, under DIR
  // (default: the build's).
  explicit ServerUnderTest(const std::function<void(const std::string&)>& prepare = {},
                           const std::string& program_in_dir = {}) {
    char tmpl[] = "/tmp/racetable-sshlimits-XXXXXX";
    dir = ::mkdtemp(tmpl);
    log = dir + "/server.out";
    if (prepare) prepare(dir + "/state");
    const std::string program =
        program_in_dir.empty() ? rt::test::racetable_binary() : dir + "/" + program_in_dir;
    std::fflush(nullptr);  // nothing buffered is written twice
    pid = ::fork();
    if (pid == 0) {
      const std::string state = dir + "/state";
      std::freopen(log.c_str(), "w", stdout);
      ::dup2(1, 2);
      ::execl(program.c_str(), "racetable", "serve", "--ssh", "127.0.0.1:0", "--state-dir", state.c_str(),
              "--login-timeout", "10", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const std::string marker = "racetable SSH server on 127.0.0.1 port ";
    for (int i = 0; i < 200 && port == 0; ++i) {
      const std::string text = slurp(log);
      if (const std::size_t at = text.find(marker); at != std::string::npos)
        port = std::atoi(text.c_str() + at + marker.size());
      else
        std::this_thread::sleep_for(25ms);
    }
  }
  ~ServerUnderTest() {
    if (pid > 0) {
      ::kill(pid, SIGTERM);
      int status = 0;
      ::waitpid(pid, &status, 0);
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  bool alive() const { return ::kill(pid, 0) == 0; }
  // Waits up to 5 s for the log to say `text`.
  bool logged(const std::string& text) const {
    for (int i = 0; i < 200; ++i) {
      if (slurp(log).find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(25ms);
    }
    return false;
  }
};

struct Client {
  ssh_session s = ssh_new();
  ssh_channel c = nullptr;
  ~Client() {
    if (c) ssh_channel_free(c);
    ssh_disconnect(s);
    ssh_free(s);
  }
  // Connects and offers `key` as `user`: whether it got in.
  bool login(int port, const std::string& user, ssh_key key) {
    int quiet = SSH_LOG_NOLOG;
    bool no = false;
    ssh_options_set(s, SSH_OPTIONS_HOST, "127.0.0.1");
    ssh_options_set(s, SSH_OPTIONS_PORT, &port);
    ssh_options_set(s, SSH_OPTIONS_USER, user.c_str());
    ssh_options_set(s, SSH_OPTIONS_LOG_VERBOSITY, &quiet);
    ssh_options_set(s, SSH_OPTIONS_PROCESS_CONFIG, &no);
    if (ssh_connect(s) != SSH_OK) return false;
    return ssh_userauth_publickey(s, nullptr, key) == SSH_AUTH_SUCCESS;
  }
  // Opens a shell on an 80x24 xterm-256color terminal: whether every step succeeded.
  bool open_shell() {
    c = ssh_channel_new(s);
    return c != nullptr && ssh_channel_open_session(c) == SSH_OK &&
           ssh_channel_request_pty_size(c, "xterm-256color", 80, 24) == SSH_OK &&
           ssh_channel_request_shell(c) == SSH_OK;
  }
  std::string banner() {
    char* b = ssh_get_issue_banner(s);
    std::string out = b ? b : "";
    ssh_string_free_char(b);
    return out;
  }
  // Reads the channel until `text` shows (or 10 s pass); what was read.
  std::string read_until(const std::string& text) {
    std::string seen;
    char buf[8192];
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < until && seen.find(text) == std::string::npos) {
      const int n = ssh_channel_read_timeout(c, buf, sizeof buf, 0, 200);
      if (n == SSH_ERROR || (n == 0 && ssh_channel_is_eof(c))) break;
      if (n > 0) seen.append(buf, static_cast<std::size_t>(n));
    }
    return seen;
  }
};

ssh_key new_key() {
  ssh_key key = nullptr;
  REQUIRE(ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) == SSH_OK);
  return key;
}

}  // namespace

TEST_CASE("SSH: user names at their limit and past it, with a real client", "[net][ssh][security]") {
  const ServerUnderTest server;
  REQUIRE(server.port > 0);
  ssh_key key = new_key();
  {
    Client longest;
    CHECK(longest.login(server.port, "abcdefghijklmnop", key));  // 16: a name
  }
  for (const std::string& name :
       {std::string("abcdefghijklmnopq"), std::string(300, 'x'), std::string("ana\x1b]0;pwned\x07")}) {
    Client other;
    ssh_key fresh = new_key();
    CHECK_FALSE(other.login(server.port, name, fresh));
    ssh_key_free(fresh);
    CHECK_THAT(other.banner(), Catch::Contains("Pick another name"));
    CHECK(other.banner().find('\x1b') == std::string::npos);
  }
  CHECK(server.logged("refused: the name 'abcdefghijklmnopq' is 17 characters long"));
  CHECK(server.logged("is 300 characters long"));
  CHECK(slurp(server.log).find('\x1b') == std::string::npos);  // the log shows no raw escape
  CHECK(server.alive());
  ssh_key_free(key);
}

TEST_CASE("SSH: a player whose record is damaged is told to ask the operator; the server said so at start",
          "[net][ssh][security]") {
  // The registry's files of before, with ana's identity cut short after its name.
  const ServerUnderTest server([](const std::string& state) {
    for (const std::string& d : {state, state + "/players", state + "/players/ana"}) ::mkdir(d.c_str(), 0700);
    const int fd = ::open((state + "/players/ana/identity").c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    const std::string cut = "name ana\nke";
    CHECK(::write(fd, cut.data(), cut.size()) == static_cast<ssize_t>(cut.size()));
    ::close(fd);
  });
  REQUIRE(server.port > 0);
  CHECK(server.logged("cannot use the record of 'ana' (players/ana/identity: no key line)"));
  ssh_key key = new_key();
  Client ana;
  CHECK_FALSE(ana.login(server.port, "ana", key));
  CHECK_THAT(ana.banner(), Catch::Contains("the record of the name 'ana' on this server is damaged: ask the "
                                           "server's operator"));
  CHECK_THAT(ana.banner(), !Catch::Contains("belongs to another key"));
  CHECK(server.alive());
  ssh_key_free(key);
}

TEST_CASE("SSH: window sizes, TERM and env past their limits are clamped or refused, never a crash",
          "[net][ssh][security]") {
  const ServerUnderTest server;
  REQUIRE(server.port > 0);
  ssh_key key = new_key();
  Client client;
  REQUIRE(client.login(server.port, "sizes", key));
  client.c = ssh_channel_new(client.s);
  REQUIRE(ssh_channel_open_session(client.c) == SSH_OK);
  // env: a LANG longer than any locale, then more requests than are taken.
  CHECK(ssh_channel_request_env(client.c, "LANG", std::string(65, 'a').c_str()) != SSH_OK);
  CHECK(ssh_channel_request_env(client.c, "LANG", "C.UTF-8") == SSH_OK);
  int refused = 0;
  for (int i = 0; i < 40; ++i) refused += ssh_channel_request_env(client.c, "LC_PAPER", "C") != SSH_OK;
  CHECK(refused >= 40 - 32);
  CHECK(ssh_channel_request_env(client.c, "TERM", "xterm") != SSH_OK);  // only the locale is taken
  // A TERM no terminfo has, with an escape in it; a window 100000 wide and 0 high.
  const std::string term = "xterm\x1b[2J" + std::string(100, 'x');
  REQUIRE(ssh_channel_request_pty_size(client.c, term.c_str(), 100000, 0) == SSH_OK);
  REQUIRE(ssh_channel_request_shell(client.c) == SSH_OK);
  CHECK_THAT(client.read_until("Playing as sizes"), Catch::Contains("Playing as sizes"));
  CHECK(server.logged("sizes starts the shell at 300x24, TERM xterm-256color, UTF-8"));
  CHECK(server.logged("took a terminal of 100000x0 as 300x24 (sizes, key SHA256:"));
  CHECK(server.logged("took TERM 'xterm"));
  CHECK(server.logged("refused the environment variable LANG (65 bytes"));
  // window-change: nothing (80x24), far too much (300x100), 2^32-1 (80x24
  // again), a usual one: each a new size, so each redraws.
  for (const auto& [cols, rows] :
       {std::pair{0, 0}, std::pair{5000, 5000}, std::pair{-1, -1}, std::pair{100, 30}}) {
    CHECK(ssh_channel_change_pty_size(client.c, cols, rows) == SSH_OK);
    CHECK_THAT(client.read_until("Play a game"), Catch::Contains("Play a game"));
  }
  CHECK(ssh_channel_is_open(client.c));
  CHECK(server.alive());
  // And the server goes on taking players.
  Client next;
  CHECK(next.login(server.port, "sizes", key));
  ssh_key_free(key);
}

namespace ssh_memory_cases {

// AddressSanitizer's shadow and quarantine multiply what a process holds:
// a sanitized build checks the window's limit but not the megabytes.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// A field of /proc/PID/status in kB ("VmRSS", "RssAnon"); -1 when the process is gone.
long status_kb(pid_t pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(field + ":", 0) == 0) return std::atol(line.c_str() + field.size() + 1);
  return -1;
}

// The pid of the shell the log says `name` started last (-1: none yet).
pid_t shell_pid(const ServerUnderTest& server, const std::string& name) {
  const std::string text = slurp(server.log);
  const std::size_t at = text.rfind(name + " starts the shell at ");
  if (at == std::string::npos) return -1;
  const std::string marker = "(shell pid ";
  const std::size_t pid_at = text.find(marker, at);
  return pid_at == std::string::npos ? -1 : std::atoi(text.c_str() + pid_at + marker.size());
}

// Waits up to 10 s for a field to fall to `bound`; its last value.
long settles_to(pid_t pid, const std::string& field, long bound) {
  long kb = status_kb(pid, field);
  for (int i = 0; i < 100 && kb > bound; ++i) {
    std::this_thread::sleep_for(100ms);
    kb = status_kb(pid, field);
  }
  return kb;
}

}  // namespace ssh_memory_cases

TEST_CASE("SSH: a shell at the largest window holds at most 16 MB and gives memory back when it shrinks",
          "[net][ssh]") {
  using namespace ssh_memory_cases;
  const ServerUnderTest server;
  REQUIRE(server.port > 0);
  ssh_key key = new_key();
  Client client;
  REQUIRE(client.login(server.port, "roomy", key));
  REQUIRE(client.open_shell());
  REQUIRE_THAT(client.read_until("Play a game"), Catch::Contains("Play a game"));
  REQUIRE(server.logged("roomy starts the shell at 80x24"));
  const pid_t shell = shell_pid(server, "roomy");
  REQUIRE(shell > 0);
  const long anon_at_80x24 = status_kb(shell, "RssAnon");
  REQUIRE(anon_at_80x24 > 0);

  // A window of a million cells: the shell is given the largest the server
  // draws, and the player reads why the rest of the window stays empty.
  REQUIRE(ssh_channel_change_pty_size(client.c, 1000, 1000) == SSH_OK);
  CHECK_THAT(client.read_until("the rest of the window stays empty"),
             Catch::Contains("the rest of the window stays empty"));
  CHECK(server.logged("took a terminal of 1000x1000 as 300x100 (roomy, key SHA256:"));
  // Sizes on the way (a window dragged larger), each redrawn at the limit.
  for (const auto& [cols, rows] :
       {std::pair{299, 99}, std::pair{250, 100}, std::pair{300, 80}, std::pair{300, 100}}) {
    REQUIRE(ssh_channel_change_pty_size(client.c, cols, rows) == SSH_OK);
    CHECK_THAT(client.read_until("Play a game"), Catch::Contains("Play a game"));
  }
  // The game list at the largest window, drawn and left again.
  REQUIRE(ssh_channel_write(client.c, "\r", 1) == 1);
  CHECK_THAT(client.read_until("which game?"), Catch::Contains("which game?"));
  const long rss_largest = status_kb(shell, "VmRSS");
  const long anon_largest = status_kb(shell, "RssAnon");
  INFO("the shell at 80x24: " << anon_at_80x24 << " kB anonymous; at 300x100: " << rss_largest << " kB RSS, "
                              << anon_largest << " kB anonymous");
  if (!kSanitized) CHECK(rss_largest <= 16 * 1024);

  // Back to 80x24: what the larger screen held is given back (within 1 MB
  // of the shell's first screen; a page was opened meanwhile).
  REQUIRE(ssh_channel_change_pty_size(client.c, 80, 24) == SSH_OK);
  CHECK_THAT(client.read_until("which game?"), Catch::Contains("which game?"));
  const long anon_after = settles_to(shell, "RssAnon", anon_at_80x24 + 1024);
  INFO("back at 80x24: " << anon_after << " kB anonymous");
  if (!kSanitized) CHECK(anon_after <= anon_at_80x24 + 1024);
  CHECK(server.alive());
  ssh_key_free(key);
}

TEST_CASE(
    "SSH: a player's shell is the racetable-shell the server opened at start, whatever is put at its "
    "path later, and loads neither libssh nor SQLite",
    "[net][ssh][security]") {
  namespace fs = std::filesystem;
  // The program and its shell copied where this test may swap the shell.
  const auto copy_programs = [](const std::string& state) {
    const fs::path bin = fs::path(state).parent_path() / "bin";
    fs::create_directory(bin);
    const fs::path built = rt::test::racetable_binary();
    fs::copy_file(built, bin / "racetable");
    fs::copy_file(built.parent_path() / "racetable-shell", bin / "racetable-shell");
  };
  const ServerUnderTest server(copy_programs, "bin/racetable");
  REQUIRE(server.port > 0);
  const std::string shell_path = server.dir + "/bin/racetable-shell";
  REQUIRE(server.logged("players' shells run " + shell_path));
  // Another program put at the shell's path once the server runs.
  const std::string planted = server.dir + "/bin/planted";
  std::ofstream(planted) << "#!/bin/sh\necho planted\n";
  fs::permissions(planted, fs::perms::owner_all);
  fs::rename(planted, shell_path);

  ssh_key key = new_key();
  Client client;
  REQUIRE(client.login(server.port, "fresh", key));
  REQUIRE(client.open_shell());
  const std::string seen = client.read_until("Play a game");
  CHECK_THAT(seen, Catch::Contains("Play a game"));
  CHECK_THAT(seen, !Catch::Contains("planted"));
  REQUIRE(server.logged("fresh starts the shell at 80x24"));
  const pid_t shell = ssh_memory_cases::shell_pid(server, "fresh");
  REQUIRE(shell > 0);
  // The file the server opened, gone from its path since.
  std::error_code ec;
  CHECK(fs::read_symlink("/proc/" + std::to_string(shell) + "/exe", ec).string() ==
        shell_path + " (deleted)");
  CHECK(slurp("/proc/" + std::to_string(shell) + "/comm") == "racetable-shell\n");
  const std::string maps = slurp("/proc/" + std::to_string(shell) + "/maps");
  for (const char* library : {"libssh", "libcrypto", "libkrb5", "libgssapi", "libsqlite3"}) {
    INFO(library);
    CHECK(maps.find(library) == std::string::npos);
  }
  CHECK(server.alive());
  ssh_key_free(key);
}

TEST_CASE(
    "serve --ssh --max-pending: 1 to 1024 connections still logging in; another number refused in a line",
    "[net][ssh]") {
  for (const char* wrong : {"0", "-3", "1025"}) {
    INFO(wrong);
    char tmpl[] = "/tmp/racetable-sshpending-XXXXXX";
    const std::string dir = ::mkdtemp(tmpl);
    const std::string cmd = rt::test::racetable_binary() + " serve --ssh 127.0.0.1:0 --state-dir " + dir +
                            "/state --max-pending " + wrong + " >" + dir + "/out 2>" + dir + "/err";
    const int status = std::system(cmd.c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) != 0);
    CHECK(slurp(dir + "/err") ==
          std::string("racetable: --max-pending: give 1 to 1024 connections still logging in (not ") + wrong +
              ")\n");
    CHECK_FALSE(std::filesystem::exists(dir + "/state/host_ed25519_key"));
    std::filesystem::remove_all(dir);
  }
}
