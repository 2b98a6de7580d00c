// `racetable host`, `tables` and `join` as users run them: a detached
// server, two line-mode players on pipes, the server killed with SIGKILL in
// the middle of the game, `host --resume`, and the game finished.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "tests/harness/racetable_binary.h"

#include "core/save.h"

namespace {

struct Dir {
  std::string path = [] {
    char tmpl[] = "/tmp/racetable-netcli-XXXXXX";
    return std::string(::mkdtemp(tmpl));
  }();
  ~Dir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run run(const Dir& d, const std::string& args) {
  const std::string out = d.path + "/run.out", err = d.path + "/run.err";
  const std::string cmd = "XDG_STATE_HOME=" + d.path + "/state " + rt::test::racetable_binary() + " " + args +
                          " </dev/null >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  return Run{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// A program with a pipe on stdin and a file for its output.
struct Proc {
  pid_t pid = -1;
  int in = -1;
  std::string out;
  int code = -1;
  bool done = false;

  bool poll() {
    if (done) return true;
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      done = true;
      code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      if (in >= 0) ::close(in);
      in = -1;
    }
    return done;
  }
  void say(const std::string& line) {
    if (in >= 0 && ::write(in, line.data(), line.size()) < 0) {
    }
  }
  std::string output() const { return slurp(out); }
};

Proc spawn(const Dir& d, const std::vector<std::string>& args, const std::string& out) {
  int p[2];
  REQUIRE(::pipe(p) == 0);
  Proc pr;
  pr.out = out;
  pr.pid = ::fork();
  REQUIRE(pr.pid >= 0);
  if (pr.pid == 0) {
    ::setenv("XDG_STATE_HOME", (d.path + "/state").c_str(), 1);
    ::dup2(p[0], STDIN_FILENO);
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
    ::close(p[0]);
    ::close(p[1]);
    rt::test::exec_racetable(args);
  }
  ::close(p[0]);
  pr.in = p[1];
  return pr;
}

int count_steps(const std::string& save) {
  int n = 0;
  std::size_t i = 0;
  while ((i = save.find("\nstep ", i)) != std::string::npos) {
    ++n;
    ++i;
  }
  return n;
}

// Feeds "1" to the players until `stop` says so or the time is up.
template <class Stop>
bool feed(std::vector<Proc*> players, Stop stop, int seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (stop()) return true;
    for (Proc* p : players)
      if (!p->poll()) p->say("1\n");
    ::usleep(30000);
  }
  return stop();
}

}  // namespace

TEST_CASE("CLI net: host, tables, two players, the server killed mid-game, host --resume, the game finished",
          "[cli][net][long]") {
  ::signal(SIGPIPE, SIG_IGN);
  Dir d;
  const std::string socks = d.path + "/socks", save = d.path + "/game.save";
  // Seed 70: one of the shortest three-player games, still long enough to be cut off mid-game.
  const Run host = run(d, "host go-wacky --seats human,human,easy --name cli --dir " + socks +
                              " --pace 0 --seed 70 --detach --save " + save);
  REQUIRE(host.code == 0);
  CHECK_THAT(host.out, Catch::Contains("Table 'cli' is open: Go Wacky!"));
  CHECK_THAT(host.out, Catch::Contains("racetable join cli --dir " + socks + " --seat N"));
  const auto pid_at = host.out.find("(pid ");
  REQUIRE(pid_at != std::string::npos);
  const pid_t server = static_cast<pid_t>(std::stol(host.out.substr(pid_at + 5)));

  const Run listed = run(d, "tables --dir " + socks);
  CHECK(listed.code == 0);
  CHECK_THAT(listed.out,
             Catch::Contains("cli") && Catch::Contains("Go Wacky!") && Catch::Contains("[waiting]"));
  CHECK_THAT(listed.out, Catch::Contains("1 Ana (free)") && Catch::Contains("3 Cleo (computer) (easy)"));

  const Run nobody = run(d, "join nosuch --dir " + socks + " --line");
  CHECK(nobody.code == 2);
  CHECK_THAT(nobody.err, Catch::Contains("no such table"));

  Proc a = spawn(d, {"join", "cli", "--dir", socks, "--seat", "1", "--line"}, d.path + "/a.out");
  Proc b = spawn(d, {"join", "cli", "--dir", socks, "--seat", "2", "--line"}, d.path + "/b.out");
  Proc w = spawn(d, {"join", "cli", "--dir", socks, "--watch", "--line"}, d.path + "/w.out");
  REQUIRE(feed(
      {&a, &b}, [&] { return count_steps(slurp(save)) > 60; }, 120));
  ::kill(server, SIGKILL);
  REQUIRE(feed(
      {}, [&] { return a.poll() && b.poll() && w.poll(); }, 20));
  CHECK(a.code == 1);
  CHECK_THAT(a.output(), Catch::Contains("Rejoin with: racetable join cli --dir " + socks + " --seat 1"));
  CHECK(b.code == 1);
  // The host as the kernel names the server's user (SO_PEERCRED), not as the server says.
  const struct passwd* me = ::getpwuid(::geteuid());
  REQUIRE(me != nullptr);
  CHECK_THAT(w.output(), Catch::Contains(std::string("Joined table 'cli' (Go Wacky!, host ") + me->pw_name +
                                         ") to watch."));
  // Seated, each seat has its sitter's name: this user's, "NAME 2" for whoever sat second.
  const rt::SaveFile seated = rt::parse_save(slurp(save), save);
  const std::string first = seated.seats[0].name, second = seated.seats[1].name;
  CHECK_THAT(first + "," + second,
             Catch::Contains(me->pw_name) && !Catch::Contains("Ana") && !Catch::Contains("Ben"));
  CHECK_THAT(w.output(), !Catch::Contains(first + "'s hand") && !Catch::Contains(second + "'s hand"));
  CHECK_THAT(a.output(), Catch::Contains(first + "'s hand") && !Catch::Contains(second + "'s hand"));
  const int steps = count_steps(slurp(save));

  const Run dead = run(d, "tables --dir " + socks);
  CHECK_THAT(dead.out, Catch::Contains("cli") && Catch::Contains("racetable host --resume " + save));

  // No --name: the table reopens under its own name, so the rejoin command the players were told works.
  CHECK_THAT(slurp(save), Catch::Contains("\ntable cli\n"));
  const Run resumed = run(d, "host --resume " + save + " --dir " + socks + " --pace 0 --detach");
  REQUIRE(resumed.code == 0);
  CHECK_THAT(resumed.out, Catch::Contains("Table 'cli' is open: Go Wacky! (resumed)"));
  Proc a2 = spawn(d, {"join", "cli", "--dir", socks, "--seat", "1", "--line"}, d.path + "/a2.out");
  Proc b2 = spawn(d, {"join", "cli", "--dir", socks, "--seat", "2", "--line"}, d.path + "/b2.out");
  REQUIRE(feed(
      {&a2, &b2}, [&] { return a2.poll() && b2.poll(); }, 240));
  CHECK(a2.code == 0);
  CHECK(b2.code == 0);
  CHECK(count_steps(slurp(save)) > steps);
  const Run replay = run(d, "replay " + save);
  CHECK(replay.code == 0);
  CHECK_THAT(replay.out, Catch::Contains("result: "));
  // The server closes by itself once the game is over and everyone left.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until && std::filesystem::exists(socks + "/cli.sock"))
    ::usleep(50000);
  CHECK_FALSE(std::filesystem::exists(socks + "/cli.sock"));
  // The log left with the table, for the host's state directory.
  std::string kept;
  const std::string logs = d.path + "/state/racetable/table-logs";
  for (int i = 0; i < 100 && kept.empty(); ++i, ::usleep(50000))
    if (std::filesystem::exists(logs))
      for (const auto& e : std::filesystem::directory_iterator(logs)) kept = e.path().string();
  REQUIRE_FALSE(kept.empty());
  CHECK(kept.ends_with("-cli.log"));
  CHECK_FALSE(std::filesystem::exists(socks + "/cli.log"));
  CHECK_THAT(slurp(kept), Catch::Contains("takes seat 1 (" + first + ")") && Catch::Contains("game over"));
}

TEST_CASE("CLI net: one-line errors for bad host and join options", "[cli][net]") {
  Dir d;
  const Run name = run(d, "host go-wacky --name 'bad name' --dir " + d.path + "/s");
  CHECK(name.code == 2);
  CHECK_THAT(name.err, Catch::Contains("bad table name"));
  const Run level = run(d, "host go-wacky --stand-in genius --dir " + d.path + "/s");
  CHECK(level.code == 2);
  CHECK_THAT(level.err, Catch::Contains("--stand-in: unknown level 'genius'"));
  const Run both = run(d, "join t --seat 1 --watch");
  CHECK(both.code == 2);
  CHECK_THAT(both.err, Catch::Contains("--seat or --watch"));
  const Run free = run(d, "host go-wacky --free-seat 2 --dir " + d.path + "/s");
  CHECK(free.code == 2);
  CHECK_THAT(free.err,
             Catch::Contains("--free-seat frees seats of a resumed game: give it with --resume FILE"));
  const Run open = run(d, "host go-wacky --open-seats --dir " + d.path + "/s");
  CHECK(open.code == 2);
  CHECK_THAT(open.err, Catch::Contains("--open-seats opens seats of a resumed game"));
  // A computer seat named like the host (or an invited user) is refused.
  const passwd* me = ::getpwuid(::getuid());
  REQUIRE(me);
  const Run like_host = run(d, std::string("host go-wacky --seats human,normal --names Ana,") + me->pw_name +
                                   "_ --dir " + d.path + "/s");
  CHECK(like_host.code == 2);
  CHECK_THAT(like_host.err, Catch::Contains("--names: seat 2 is a computer's: its name"));
  const Run like_invited = run(
      d, "host go-wacky --seats human,human,normal --names Ana,Ben,B0b --invite bob --dir " + d.path + "/s");
  CHECK(like_invited.code == 2);
  CHECK_THAT(like_invited.err, Catch::Contains("looks like the player 'bob'"));
  const Run none = run(d, "host");
  CHECK(none.code == 2);
  CHECK_THAT(none.err, Catch::Contains("host needs a GAME"));
  const Run empty = run(d, "tables --dir " + d.path + "/nothing");
  CHECK(empty.code == 0);
  CHECK_THAT(empty.out, Catch::Contains("No open tables"));
}

TEST_CASE(
    "CLI net: the host's choices: a table name with escapes made printable, bad invited names, "
    "no watchers",
    "[cli][net][security]") {
  Dir d;
  const Run evil = run(d, "host go-wacky --name \"$(printf 'a\\033[2J\\007')\" --dir " + d.path + "/s");
  CHECK(evil.code == 2);
  INFO(evil.err);
  CHECK_THAT(evil.err, Catch::Contains("bad table name 'a?[2J?'"));
  CHECK(evil.err.find('\x1b') == std::string::npos);
  CHECK(evil.err.find('\a') == std::string::npos);
  const Run invite = run(d, "host go-wacky --invite 'ana,b$(x)' --dir " + d.path + "/s");
  CHECK(invite.code == 2);
  CHECK_THAT(invite.err, Catch::Contains("--invite: 'b$(x)' is not a user name"));
  const Run many = run(d, "host go-wacky --invite a,b,c,d,e,f,g,h,i --dir " + d.path + "/s");
  CHECK(many.code == 2);
  CHECK_THAT(many.err, Catch::Contains("--invite: at most 8 names"));
}
