// A local table's finished game in each player's own Finished games: the
// host's process cannot write another user's state directory, so the table
// sends the whole game to each person who sat there ("finished",
// docs/PROTOCOL.md) and their own client keeps it (client/finished_copy.h),
// after reading it as a save; a crafted or oversized one is refused in one line.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <optional>

#include "client/local_tables.h"
#include "core/history.h"
#include "core/save.h"
#include "tests/tui/net_attacker.h"
#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in
// this file when a unity build puts it in one batch with others.
namespace net_finished_copy_test_cases {

using namespace nettest;

namespace {

// A game one person ends against a computer in a few dozen moves, with no timed contest.
constexpr const char* kShortGame = "scrap-racer";
constexpr std::uint64_t kShortSeed = 1;

std::vector<json> of_type(const std::string& bytes, const std::string& type) {
  std::vector<json> out;
  for (const json& m : frames(bytes))
    if (m.value("type", "") == type) out.push_back(m);
  return out;
}

std::string joined(const json& lines) {
  std::string text;
  for (const json& l : lines) text += l.get<std::string>() + "\n";
  return text;
}

// The racetable program as another user (or this one), its input a pipe the
// test writes answers to, its output a file.
struct Joiner {
  pid_t pid = -1;
  int in = -1;
  int code = -1;
  Joiner(const std::vector<std::string>& args, const std::string& state_home, const std::string& out,
         std::optional<uid_t> as) {
    int p[2];
    REQUIRE(::pipe(p) == 0);
    pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      ::dup2(p[0], STDIN_FILENO);
      ::dup2(fd, STDOUT_FILENO);
      ::dup2(fd, STDERR_FILENO);
      ::close(p[0]);
      ::close(p[1]);
      ::setenv("XDG_STATE_HOME", state_home.c_str(), 1);
      const gid_t group = attacker::kGroup;
      if (as && (::setgroups(1, &group) != 0 || ::setgid(*as) != 0 || ::setuid(*as) != 0)) ::_exit(120);
      rt::test::exec_racetable(args);
    }
    ::close(p[0]);
    in = p[1];
  }
  ~Joiner() {
    if (in >= 0) ::close(in);
    if (code < 0 && pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  }
  bool done() {
    int status = 0;
    if (code < 0 && ::waitpid(pid, &status, WNOHANG) == pid)
      code = WIFEXITED(status) ? WEXITSTATUS(status) : 99;
    return code >= 0;
  }
};

}  // namespace

TEST_CASE(
    "A local table sends its finished game once to each person who sat there, before the end screen; "
    "never to a watcher, nor to the host whose own history has it",
    "[net][finished]") {
  const bool host_records = GENERATE(false, true);
  INFO("the host's history recorded by the table: " << host_records);
  Harness h;
  ServerOptions o = h.options();
  if (host_records) {
    o.history_dir = h.dir.path + "/host-state";
    std::filesystem::create_directories(o.history_dir);
    ::chmod(o.history_dir.c_str(), 0700);
  }
  h.start(new_table(kShortGame, {"human", "human"}, kShortSeed), o);
  auto first = connect(h, play_hello(1));
  auto second = connect(h, play_hello(2));  // the same person (this uid) at a second seat
  auto watcher = connect(h, watch_hello());
  play_out(h, {first.get(), second.get()});
  REQUIRE(h.server->table().over());
  pump(h, {first.get(), second.get(), watcher.get()}, 20);
  CHECK(of_type(h.sent[second->server_id], "finished").empty());
  CHECK(of_type(h.sent[watcher->server_id], "finished").empty());
  const std::vector<json> sent = of_type(h.sent[first->server_id], "finished");
  if (host_records) {
    // This test's uid is the host's: the table wrote the game into the host's own history.
    CHECK(sent.empty());
    CHECK(read_history(o.history_dir).records.size() == 1);
    return;
  }
  REQUIRE(sent.size() == 1);
  CHECK(sent[0]["seats"] == json::array({1, 2}));  // both seats are this person's
  // The whole game: the table's own save, every step, so every hand once it is over.
  CHECK(joined(sent[0]["save"]) == h.server->save_text());
  const auto replayed =
      load_save(joined(sent[0]["save"]), "finished", builtin_registry(), setup::data_source(""));
  CHECK(replayed->over());
  // It comes before the end screen: a client that stops at the end has it.
  const std::vector<json> all = frames(h.sent[first->server_id]);
  std::size_t finished_at = all.size(), over_at = all.size();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].value("type", "") == "finished") finished_at = std::min(finished_at, i);
    if (all[i].value("type", "") == "screen" && all[i].value("phase", "") == "over")
      over_at = std::min(over_at, i);
  }
  CHECK(finished_at < over_at);
}

TEST_CASE(
    "A local table's finished game is in the joiner's own Finished games and Stats, to watch again with "
    "every hand (the joiner another user of the machine)",
    "[net][finished]") {
  ::signal(SIGPIPE, SIG_IGN);
  const bool other_user = ::geteuid() == 0;
  if (!other_user)
    WARN("the joiner is this user: playing another user (setuid 65534) needs root; CI runs as root");
  Harness h;
  ServerOptions o = other_user ? attacker::group_options(h) : h.options();
  // The host keeps its own history; the joiner, another user, cannot be written by it.
  if (other_user) {
    o.history_dir = h.dir.path + "/host-state";
    std::filesystem::create_directories(o.history_dir);
    ::chmod(o.history_dir.c_str(), 0700);
  }
  h.start(new_table(kShortGame, {"easy", "human"}, kShortSeed), o);
  TempDir home;
  const std::string out = home.path + "/joiner.out";
  const std::string state_home = home.path + "/state";
  std::filesystem::create_directories(state_home);
  if (other_user) {
    ::chmod(home.path.c_str(), 0755);
    REQUIRE(::chown(state_home.c_str(), attacker::kOther, attacker::kOther) == 0);
  }
  Joiner joiner({"join", "t", "--dir", h.sock_dir(), "--seat", "2", "--line"}, state_home, out,
                other_user ? std::optional<uid_t>(attacker::kOther) : std::nullopt);
  // Answers at a person's pace (a flood is disconnected by the table).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  auto next_answer = std::chrono::steady_clock::now();
  while (!joiner.done() && std::chrono::steady_clock::now() < until) {
    h.pump();
    if (std::chrono::steady_clock::now() >= next_answer) {
      if (::write(joiner.in, "1\n", 2) < 0) {
      }
      next_answer += std::chrono::milliseconds(30);
    }
    ::usleep(2000);
  }
  const std::string said = attacker::slurp(out);
  INFO(said);
  REQUIRE(joiner.code == 0);
  CHECK_THAT(said, Catch::Contains("This game is in your Finished games and Stats."));
  REQUIRE(h.server->table().over());
  const std::string state = state_home + "/racetable";
  // Read as the joiner: their history and save are their own private files.
  std::optional<attacker::AsUser> as_joiner;
  if (other_user) as_joiner.emplace(attacker::kOther, std::vector<gid_t>{attacker::kGroup});
  const HistoryRead history = read_history(state);
  INFO(history.error);
  REQUIRE(history.records.size() == 1);
  const HistoryRecord& r = history.records[0];
  CHECK(r.table == "t");
  REQUIRE(r.seats.size() == 2);
  CHECK(r.seats[1].you);
  CHECK_FALSE(r.seats[0].you);
  // The copy is the joiner's own private file, in their own state directory.
  CHECK(r.save == state + "/" + std::string(kShortGame) + "-table-t.save");
  struct stat st {};
  REQUIRE(::lstat(r.save.c_str(), &st) == 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK((st.st_mode & 07777) == 0600);
  CHECK(st.st_uid == (other_user ? attacker::kOther : ::geteuid()));
  // Replayable from it, every hand shown: the game is over.
  const SaveFile save = parse_save(read_file(r.save), r.save);
  const auto replayed = restore_save(save, builtin_registry(), setup::data_source(""));
  CHECK(replayed->over());
  CHECK(replayed->history().size() == h.server->table().history().size());
  const ReplaySight sight = replay_sight(save, replayed->over(), other_user ? attacker::kOther : ::geteuid());
  CHECK(sight.may_see(0));
  CHECK(sight.may_see(1));
}

TEST_CASE("A crafted or oversized finished game from a table is refused in one line; nothing is written",
          "[net][finished]") {
  ::signal(SIGPIPE, SIG_IGN);
  // A real finished game, to craft from.
  auto played = new_table(kShortGame, {"easy", "easy"}, kShortSeed);
  played->advance();
  REQUIRE(played->over());
  const std::string real = save_text(*played);
  struct Crafted {
    std::string what;
    json save;
    std::string said;  // the refusal's reason
  };
  json oversized = json::array();
  for (int i = 0; i < 600; ++i) oversized.push_back(std::string(1000, 'x'));
  json escapes = json::array({"racetable-save 1", "\x1b]0;pwned\x07\x1b[2J", "step 1 2 3"});
  json other_table = json::array();
  for (std::size_t from = 0; from < real.size();) {
    const std::size_t end = real.find('\n', from);
    other_table.push_back(real.substr(from, end - from));
    from = end + 1;
  }
  const Crafted crafted =
      GENERATE_COPY(Crafted{"oversized", oversized, "its save is over 524288 bytes"},
                    Crafted{"escapes", escapes, "the table's copy of this game"},
                    Crafted{"another table's", other_table, "it is the save of another table's game"},
                    Crafted{"no save", json("a text, not lines"), "it has no save"});
  INFO(crafted.what);
  // The fake table: its socket this user's, in a directory of this user's, as a real one's.
  TempDir dir;
  const std::string socks = dir.path + "/sock";
  REQUIRE(::mkdir(socks.c_str(), 0700) == 0);
  const int listener = attacker::listen_at(socks + "/t.sock");
  REQUIRE(listener >= 0);
  const pid_t fake = ::fork();
  REQUIRE(fake >= 0);
  if (fake == 0) {
    const int flags = ::fcntl(listener, F_GETFL);
    ::fcntl(listener, F_SETFL, flags & ~O_NONBLOCK);
    const int c = ::accept(listener, nullptr, nullptr);
    char hello[4096];
    if (c < 0 || ::read(c, hello, sizeof hello) <= 0) ::_exit(1);
    ScreenModel over;
    over.table = "t";
    over.game = kShortGame;
    over.phase = "over";
    over.you = 0;
    over.result = "Ana wins.";
    const std::string bytes = frame(json{{"type", "welcome"},
                                         {"protocol", kProtocolVersion},
                                         {"table", "t"},
                                         {"game", kShortGame},
                                         {"game_name", "Scrap Racer"},
                                         {"host", "x"},
                                         {"role", "play"},
                                         {"seat", 1},
                                         {"name", "Ana"}}) +
                              frame(json{{"type", "finished"}, {"save", crafted.save}, {"seats", {1}}}) +
                              frame(to_json(over));
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(c, bytes.data() + done, bytes.size() - done);
      if (n <= 0) ::_exit(1);
      done += static_cast<std::size_t>(n);
    }
    while (::read(c, hello, sizeof hello) > 0) {
    }
    ::_exit(0);
  }
  ::close(listener);
  shell::AppContext ctx;
  ctx.unicode = false;
  ctx.state_dir = dir.path + "/state/racetable";
  std::unique_ptr<shell::PlayTable> table;
  {
    auto tables = client::local_tables(socks);
    table = tables->sit(ctx, client::SitAt{"t", socks, 1, ""});
  }
  REQUIRE(table);
  shell::RemoteLink* link = table->remote();
  REQUIRE(link);
  for (int i = 0; i < 1000 && link->kept_line().empty(); ++i) {
    table->update(i);
    ::usleep(2000);
  }
  const std::string line = link->kept_line();
  INFO(line);
  CHECK(line.rfind("NOT SAVED: the table's copy of this game was refused: ", 0) == 0);
  CHECK_THAT(line, Catch::Contains(crafted.said));
  // One line, nothing of the message raw.
  CHECK(line.find('\n') == std::string::npos);
  CHECK(line.find('\x1b') == std::string::npos);
  CHECK(line.find('\x07') == std::string::npos);
  CHECK(line.size() <= 300);
  CHECK(link->keep_failed());
  CHECK(table->on_exit() == "racetable: " + line);
  // Nothing written: no copy, no history line.
  CHECK_FALSE(std::filesystem::exists(ctx.state_dir + "/history.jsonl"));
  if (std::filesystem::exists(ctx.state_dir))
    CHECK(std::filesystem::directory_iterator(ctx.state_dir) == std::filesystem::directory_iterator());
  table.reset();
  ::kill(fake, SIGKILL);
  ::waitpid(fake, nullptr, 0);
}

}  // namespace net_finished_copy_test_cases
