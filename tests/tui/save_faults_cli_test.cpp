// The real binary when saving fails or a signal comes: line mode saves before
// every question, so TERM, HUP, INT or KILL after five answers leave a save
// that `resume` continues from the sixth; a full disk (RLIMIT_FSIZE) or a
// read-only directory is said on stderr and the exit status is 2; a host
// that cannot save does not open, and one that stops saving mid-game says so
// and exits 2. Oversized and CRLF input files. (docs/RELIABILITY.md)
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/input_limits.h"
#include "tests/harness/racetable_binary.h"

namespace {

struct Dir {
  std::string path;
  Dir() {
    char tmpl[] = "/tmp/racetable-faults-XXXXXX";
    path = ::mkdtemp(tmpl);
    ::chmod(path.c_str(), 0755);  // another user (65534) may pass through
  }
  ~Dir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, ec);
    for (const auto& e : std::filesystem::recursive_directory_iterator(path, ec))
      if (e.is_directory(ec)) std::filesystem::permissions(e.path(), std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path, ec);
  }
};

struct ChildOptions {
  std::string state;        // XDG_STATE_HOME
  long fsize_limit = -1;    // RLIMIT_FSIZE in bytes (-1: none); SIGXFSZ ignored so write() says EFBIG
  bool other_user = false;  // run as 65534 (when we are root)
};

// The binary with pipes on stdin, stdout and stderr.
class Child {
 public:
  Child(const std::vector<std::string>& args, const ChildOptions& o) {
    int in[2], out[2], err[2];
    REQUIRE(::pipe(in) == 0);
    REQUIRE(::pipe(out) == 0);
    REQUIRE(::pipe(err) == 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) ::close(fd);
      ::setenv("XDG_STATE_HOME", o.state.c_str(), 1);
      ::unsetenv("TERM");
      if (o.fsize_limit >= 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit rl{static_cast<rlim_t>(o.fsize_limit), static_cast<rlim_t>(o.fsize_limit)};
        ::setrlimit(RLIMIT_FSIZE, &rl);
      }
      if (o.other_user && ::geteuid() == 0) {
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(120);
      }
      std::vector<char*> argv;
      std::string bin = rt::test::racetable_binary();
      argv.push_back(bin.data());
      std::vector<std::string> copy = args;
      for (auto& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(bin.c_str(), argv.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    in_ = in[1];
    out_ = out[0];
    err_ = err[0];
  }
  ~Child() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
    for (int fd : {in_, out_, err_})
      if (fd >= 0) ::close(fd);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void write(const std::string& s) {
    REQUIRE(::write(in_, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
  }
  void close_input() {
    ::close(in_);
    in_ = -1;
  }
  // Reads stdout and stderr until `done()` or 20 s.
  template <class Done>
  bool read_until(Done done) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!done()) {
      if (std::chrono::steady_clock::now() > until) return false;
      pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
      if (::poll(fds, 2, 100) <= 0) continue;
      bool any = false;
      for (int i = 0; i < 2; ++i)
        if (fds[i].revents & (POLLIN | POLLHUP)) {
          char buf[4096];
          const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
          if (n > 0) {
            (i == 0 ? out : err).append(buf, static_cast<std::size_t>(n));
            any = true;
          }
        }
      if (!any && eof_) return done();
      if (!any) eof_ = (fds[0].revents & POLLHUP) && (fds[1].revents & POLLHUP);
    }
    return true;
  }
  void signal(int sig) { REQUIRE(::kill(pid_, sig) == 0); }
  // Waits for the end, reading the rest; returns the wait status.
  int wait() {
    read_until([] { return false; });
    int status = 0;
    ::waitpid(pid_, &status, 0);
    reaped_ = true;
    return status;
  }

  std::string out, err;

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  bool eof_ = false;
  bool reaped_ = false;
};

// Whether line mode waits for an answer: its output ends with the "> " prompt.
// (A question may be a list of options, one line with its one option, or,
// repeated in a race, the prompt alone; the board's "> " marks end no output.)
bool waiting(const std::string& out) {
  return out.size() >= 2 && out.compare(out.size() - 2, 2, "> ") == 0;
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + what.size())) ++n;
  return n;
}

// The last question in line-mode output: the line before the final prompt
// (a one-option question, or the last option of a list).
std::string last_question(const std::string& out) {
  if (!waiting(out)) return {};
  const std::size_t end = out.size() - 2;
  const std::size_t line_end = out.rfind('\n', end == 0 ? 0 : end - 1);
  if (line_end == std::string::npos || line_end == 0) return {};
  const std::size_t start = out.rfind('\n', line_end - 1);
  return out.substr(start == std::string::npos ? 0 : start + 1,
                    line_end - (start == std::string::npos ? 0 : start + 1));
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

const std::vector<std::string> kLineGame = {"play",    "go-wacky",           "--line", "--seed", "5",
                                            "--seats", "human,normal,normal"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE(
    "Faults: line mode killed after five answers (TERM, HUP, INT, KILL) leaves a save resume continues "
    "from the sixth",
    "[cli][line][save][faults]") {
  const Dir d;
  // The same five answers, then end of input: the reference save.
  const std::string ref = d.path + "/ref.save";
  {
    Child c(with(kLineGame, {"--save", ref}), ChildOptions{d.path + "/state"});
    c.write("1\n1\n1\n1\n1\n");
    c.close_input();
    const int status = c.wait();
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
  }
  for (int sig : {SIGTERM, SIGHUP, SIGINT, SIGKILL}) {
    DYNAMIC_SECTION("signal " << sig) {
      const std::string save = d.path + "/killed-" + std::to_string(sig) + ".save";
      Child c(with(kLineGame, {"--save", save}), ChildOptions{d.path + "/state"});
      // Line mode saves before every question: question k is asked when the
      // program waits and its save holds the k - 1 answers before it.
      const auto asked = [&](std::size_t k) {
        return c.read_until([&] { return waiting(c.out) && count(slurp(save), "\nstep 1 ") == k - 1; });
      };
      for (std::size_t k = 1; k <= 5; ++k) {
        REQUIRE(asked(k));
        c.write("1\n");
      }
      REQUIRE(asked(6));
      const std::string sixth = last_question(c.out);
      REQUIRE_FALSE(sixth.empty());
      c.signal(sig);
      const int status = c.wait();
      if (sig == SIGKILL) {
        CHECK(WIFSIGNALED(status));
      } else {
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 128 + sig);
        CHECK_THAT(c.err,
                   Catch::Contains("racetable: signal " + std::to_string(sig) + ": game saved to " + save));
      }
      // The save holds the five answers (Ana is seat 1). Not compared byte for
      // byte with the reference: a race's answer is stamped with real time.
      REQUIRE(std::filesystem::exists(save));
      CHECK(count(slurp(save), "\nstep 1 ") == 5);
      CHECK(count(slurp(ref), "\nstep 1 ") == 5);
      CHECK_FALSE(std::filesystem::exists(save + ".tmp"));
      // resume asks the sixth question first.
      Child r({"resume", save}, ChildOptions{d.path + "/state"});
      r.close_input();
      const int rs = r.wait();
      REQUIRE(WIFEXITED(rs));
      CHECK(WEXITSTATUS(rs) == 0);
      CHECK_THAT(r.out, Catch::Contains(sixth));    // the question it stopped at, asked again
      CHECK(count(slurp(save), "\nstep 1 ") == 5);  // resume answered nothing
    }
  }
}

TEST_CASE("Faults: line mode on a full disk (RLIMIT_FSIZE) says the game is not saved and exits 2",
          "[cli][line][save][faults]") {
  const Dir d;
  const std::string save = d.path + "/full.save";
  ChildOptions o{d.path + "/state"};
  o.fsize_limit = 0;
  Child c(with(kLineGame, {"--save", save}), o);
  c.write("1\n1\n");
  c.close_input();
  const int status = c.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  // Said once when it first failed (not at every question), then at the end.
  CHECK(count(c.err, "could not be saved") == 2);
  CHECK_THAT(c.err, Catch::StartsWith("racetable: the game could not be saved: " + save +
                                      ": cannot write: File too large; it is lost\n"));
  CHECK_THAT(c.err, Catch::EndsWith("racetable: input ended, and the game could not be saved: " + save +
                                    ": cannot write: File too large; it is lost\n"));
  CHECK_THAT(c.out, !Catch::Contains("game saved"));
  CHECK_FALSE(std::filesystem::exists(save));
  CHECK_FALSE(std::filesystem::exists(save + ".tmp"));
}

TEST_CASE("Faults: line mode with a read-only save directory says so and exits 2",
          "[cli][line][save][faults]") {
  const Dir d;
  const std::string ro = d.path + "/ro";
  std::filesystem::create_directories(ro);
  ::chmod(ro.c_str(), 0555);
  ChildOptions o{d.path + "/state"};
  o.other_user = true;  // root writes anywhere: play the other user
  Child c(with(kLineGame, {"--save", ro + "/g.save"}), o);
  c.close_input();
  const int status = c.wait();
  REQUIRE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 127 && c.out.empty()) {
    WARN("skipped: user 65534 cannot run " << rt::test::racetable_binary()
                                           << " (a build under a private directory)");
    return;
  }
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(c.err, Catch::Contains(ro + "/g.save: cannot write: Permission denied; it is lost"));
  CHECK_THAT(c.err, Catch::Contains("input ended, and the game could not be saved"));
  CHECK_FALSE(std::filesystem::exists(ro + "/g.save"));
}

TEST_CASE("Faults: a host that cannot write its save refuses in one line, exit 2, and opens nothing",
          "[cli][net][save][faults]") {
  const Dir d;
  const std::string blocker = d.path + "/not-a-dir";
  std::ofstream(blocker) << "x";
  Child c({"host", "go-wacky", "--seats", "human,easy", "--dir", d.path + "/socks", "--save",
           blocker + "/g.save"},
          ChildOptions{d.path + "/state"});
  const int status = c.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(count(c.err, "\n") == 1);
  CHECK_THAT(c.err, Catch::StartsWith("racetable: cannot open the table: the game cannot be saved: " +
                                      blocker + "/g.save: cannot write: Not a directory"));
  CHECK_THAT(c.out, !Catch::Contains("racetable host --resume"));
  CHECK_THAT(c.out, !Catch::Contains("is open"));
  CHECK_FALSE(std::filesystem::exists(d.path + "/socks/go-wacky.sock"));
}

TEST_CASE("Faults: a host whose disk fills mid-game logs it once, names only a save that exists, exits 2",
          "[cli][net][save][faults]") {
  const Dir d;
  const std::string save = d.path + "/table.save";
  ChildOptions o{d.path + "/state"};
  o.fsize_limit = 1100;  // the first save (826 bytes) fits; the deal outgrows it within a second
  Child c({"host", "go-wacky", "--seats", "easy,easy,easy", "--pace", "0", "--dir", d.path + "/socks",
           "--save", save},
          o);
  REQUIRE(c.read_until([&] { return c.err.find("cannot save") != std::string::npos; }));
  c.signal(SIGTERM);
  const int status = c.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(count(c.err, "cannot save") == 1);
  CHECK_THAT(c.err, Catch::Contains("the game could not be saved: " + save +
                                    ": cannot write: File too large; "
                                    "the game as last saved is in " +
                                    save));
  CHECK_THAT(c.out,
             Catch::Contains("Table 'go-wacky' is open") && !Catch::Contains("Continue the game with"));
  CHECK_THAT(c.err, !Catch::Contains("the game is saved"));
  REQUIRE(std::filesystem::exists(save));
  CHECK_THAT(slurp(save), Catch::StartsWith("racetable-save 1\n") && Catch::EndsWith("end\n"));
}

TEST_CASE("Faults: an oversized save or data file is refused before it is read; a CRLF save is read",
          "[cli][save][limits][faults]") {
  const Dir d;
  const std::string huge = d.path + "/huge.save";
  {
    const int fd = ::open(huge.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, static_cast<off_t>(rt::kMaxInputFileBytes) * 6) == 0);  // 96 MiB, sparse
    ::close(fd);
  }
  Child r({"replay", huge}, ChildOptions{d.path + "/state"});
  int status = r.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(r.err == "racetable: " + huge + ": 100663296 bytes is too large (at most 16777216)\n");

  // A copy of the game's data with one file grown past the limit.
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");  // set by ctest
  REQUIRE(src);
  std::filesystem::copy(std::string(src) + "/data", d.path + "/data",
                        std::filesystem::copy_options::recursive);
  std::filesystem::rename(huge, d.path + "/data/go-wacky/deck.json");
  Child s({"sim", "go-wacky", "--data", d.path + "/data"}, ChildOptions{d.path + "/state"});
  status = s.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(s.err, Catch::Contains("deck.json: 100663296 bytes is too large (at most 16777216)"));

  // A save written on Windows (CRLF) replays like the original.
  const std::string lf = d.path + "/lf.save", crlf = d.path + "/crlf.save";
  Child sim({"sim", "go-wacky", "--seed", "3", "--save", lf}, ChildOptions{d.path + "/state"});
  REQUIRE(sim.wait() == 0);
  std::string text = slurp(lf), converted;
  for (char ch : text) converted += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
  std::ofstream(crlf, std::ios::binary) << converted;
  Child a({"replay", lf}, ChildOptions{d.path + "/state"});
  Child b({"replay", crlf}, ChildOptions{d.path + "/state"});
  REQUIRE(a.wait() == 0);
  REQUIRE(b.wait() == 0);
  CHECK(a.out == b.out);
  CHECK_THAT(b.out, Catch::Contains("result"));
}

TEST_CASE("Faults: a long variant name in a save is quoted in at most 80 characters",
          "[cli][save][limits][faults]") {
  const Dir d;
  const std::string save = d.path + "/v.save";
  Child sim({"sim", "go-wacky", "--seed", "3", "--save", save}, ChildOptions{d.path + "/state"});
  REQUIRE(sim.wait() == 0);
  std::string text = slurp(save);
  text.insert(text.find("seat "), "variant " + std::string(4000, 'z') + "\n");
  std::ofstream(save, std::ios::binary) << text;
  Child r({"replay", save}, ChildOptions{d.path + "/state"});
  const int status = r.wait();
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(count(r.err, "\n") == 1);
  CHECK(r.err.size() < 400);
  CHECK_THAT(r.err, Catch::Contains("unknown variant '" + std::string(80, 'z') + "\u2026'"));
}

TEST_CASE("Faults: a host stopped by TERM, HUP or INT closes the table saved, exit 0, naming that save",
          "[cli][net][save][faults]") {
  const Dir d;
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) {
    DYNAMIC_SECTION("signal " << sig) {
      const std::string save = d.path + "/host-" + std::to_string(sig) + ".save";
      const std::string name = "sig" + std::to_string(sig);
      Child c({"host", "go-wacky", "--seats", "human,easy", "--name", name, "--dir", d.path + "/socks",
               "--save", save},
              ChildOptions{d.path + "/state"});
      REQUIRE(c.read_until([&] { return c.out.find("Ctrl-C closes it") != std::string::npos; }));
      c.signal(sig);
      const int status = c.wait();
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
      CHECK_THAT(c.err, Catch::Contains("signal " + std::to_string(sig) + ": saving and closing the table"));
      CHECK_THAT(c.out,
                 Catch::Contains("Table closed. Continue the game with: racetable host --resume " + save));
      REQUIRE(std::filesystem::exists(save));
      CHECK_THAT(slurp(save), Catch::StartsWith("racetable-save 1\n") && Catch::EndsWith("end\n"));
      CHECK_FALSE(std::filesystem::exists(d.path + "/socks/" + name + ".sock"));
    }
  }
}
