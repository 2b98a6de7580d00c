// core/history: the record of every finished game (history.jsonl) and the
// numbers the stats command and page show from it.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "core/history.h"
#include "tests/harness/scratch_dir.h"

namespace rt {
namespace {

std::string history_dir() {
  return test::scratch_dir("racetable-history");
}

HistoryRecord record(const std::string& game, int my_place, const std::string& other, bool other_human,
                     int other_place) {
  HistoryRecord r;
  r.game = game;
  r.game_name = game == "go-wacky" ? "Go Wacky!" : game;
  r.date = "2026-11-23T22:41:07Z";
  r.seats.push_back(HistorySeat{"Ana", true, "", my_place, true});
  r.seats.push_back(HistorySeat{other, other_human, other_human ? "" : "normal", other_place, false});
  r.decisions = 42;
  r.steps = 99;
  r.save = "/home/ana/.local/state/racetable/go-wacky.save";
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("A history line reads back as the record it was", "[history]") {
  HistoryRecord r = record("go-wacky", 2, "Ben", false, 1);
  r.table = "friday";
  const std::string line = history_line(r);
  REQUIRE(line.back() == '\n');
  REQUIRE(line.find('\n') == line.size() - 1);
  std::string why;
  const auto back = parse_history_line(std::string_view(line).substr(0, line.size() - 1), why);
  REQUIRE(back);
  CHECK(back->game == "go-wacky");
  CHECK(back->game_name == "Go Wacky!");
  CHECK(back->date == r.date);
  CHECK(back->table == "friday");
  CHECK(back->decisions == 42);
  REQUIRE(back->seats.size() == 2);
  CHECK(back->seats[0].you);
  CHECK(back->seats[0].place == 2);
  CHECK(back->seats[1].level == "normal");
  CHECK(back->save == r.save);
}

TEST_CASE("Names read back from history never carry escape sequences", "[history]") {
  std::string why;
  const auto r = parse_history_line(
      R"({"game":"g","date":"d","seats":[{"name":"\u001b[2JEve\u202e","human":true,"place":1,"you":true}]})",
      why);
  REQUIRE(r);
  CHECK(r->seats[0].name == "?[2JEve?");
}

TEST_CASE("Appending to history: one line per game, a private 0600 file", "[history]") {
  const std::string dir = history_dir();
  REQUIRE(append_history(dir, record("go-wacky", 1, "Ben", false, 2)).empty());
  REQUIRE(append_history(dir, record("go-wacky", 2, "Ben", false, 1)).empty());
  struct stat st {};
  REQUIRE(::stat(history_path(dir).c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  const std::string text = slurp(history_path(dir));
  CHECK(std::count(text.begin(), text.end(), '\n') == 2);
  const HistoryRead read = read_history(dir);
  CHECK(read.records.size() == 2);
  CHECK(read.skipped == 0);
}

TEST_CASE("A symlink planted as history.jsonl is not followed", "[history][security]") {
  const std::string dir = history_dir();
  const std::string target = dir + "/elsewhere";
  { std::ofstream(target) << "precious\n"; }
  REQUIRE(::symlink(target.c_str(), history_path(dir).c_str()) == 0);
  const std::string problem = append_history(dir, record("go-wacky", 1, "Ben", false, 2));
  CHECK_FALSE(problem.empty());
  CHECK(slurp(target) == "precious\n");
  CHECK_FALSE(read_history(dir).error.empty());
}

TEST_CASE("A hard link planted as history.jsonl is refused", "[history][security]") {
  const std::string dir = history_dir();
  const std::string target = dir + "/elsewhere";
  { std::ofstream(target) << "precious\n"; }
  REQUIRE(::link(target.c_str(), history_path(dir).c_str()) == 0);
  CHECK_FALSE(append_history(dir, record("go-wacky", 1, "Ben", false, 2)).empty());
  CHECK(slurp(target) == "precious\n");
}

TEST_CASE("History in a directory others may write is refused", "[history][security]") {
  const std::string dir = history_dir();
  REQUIRE(::chmod(dir.c_str(), 0777) == 0);
  const std::string problem = append_history(dir, record("go-wacky", 1, "Ben", false, 2));
  CHECK(problem.find("not your private directory") != std::string::npos);
}

TEST_CASE("Another user's history.jsonl is not appended to or read", "[history][security]") {
  if (::geteuid() != 0) {
    WARN("skipped: playing another user (setuid 65534) needs root; CI runs as root");
    return;
  }
  const std::string dir = history_dir();
  // The other user made the file first (as if the directory had been theirs).
  const int fd = ::open(history_path(dir).c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
  REQUIRE(fd >= 0);
  REQUIRE(::fchown(fd, 65534, 65534) == 0);
  ::close(fd);
  CHECK(append_history(dir, record("go-wacky", 1, "Ben", false, 2)).find("not your private file") !=
        std::string::npos);
  CHECK(read_history(dir).error.find("not your private file") != std::string::npos);
  // And a user who is not the owner cannot append to ours.
  const std::string mine = history_dir();
  REQUIRE(append_history(mine, record("go-wacky", 1, "Ben", false, 2)).empty());
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(3);
    const int w = ::open(history_path(mine).c_str(), O_WRONLY | O_APPEND);
    ::_exit(w >= 0 ? 1 : 0);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("Corrupt and over-long history lines are skipped and counted", "[history][limits]") {
  const std::string dir = history_dir();
  REQUIRE(append_history(dir, record("go-wacky", 1, "Ben", false, 2)).empty());
  {
    std::ofstream out(history_path(dir), std::ios::app);
    out << "{not json\n";
    out << "{\"game\":\"x\"}\n";            // no seats
    out << std::string(5000, 'x') << "\n";  // over the line limit
    out << "\xff\xfe\n";                    // not UTF-8
  }
  REQUIRE(append_history(dir, record("go-wacky", 3, "Ben", false, 1)).empty());
  const HistoryRead read = read_history(dir);
  CHECK(read.records.size() == 2);
  CHECK(read.skipped == 4);
}

TEST_CASE("Stats: games, wins and average place per game, per level, per named player", "[history]") {
  std::vector<HistoryRecord> rs;
  rs.push_back(record("go-wacky", 1, "Ben", false, 2));
  rs.push_back(record("go-wacky", 2, "Ben", false, 1));
  rs.push_back(record("racesmack", 1, "Cleo", true, 2));
  HistoryRecord watched = record("racesmack", 1, "Cleo", true, 2);
  watched.seats[0].you = false;
  rs.push_back(watched);
  const HistoryStats st = history_stats(rs);
  CHECK(st.all.games == 3);
  CHECK(st.all.wins == 2);
  CHECK(st.all.average_place() == Approx(4.0 / 3));
  CHECK(st.per_game.at("Go Wacky!").games == 2);
  CHECK(st.per_game.at("Go Wacky!").wins == 1);
  CHECK(st.per_game.at("Go Wacky!").average_place() == Approx(1.5));
  CHECK(st.per_level.at("normal").games == 2);
  CHECK(st.per_opponent.at("Cleo").games == 1);
  CHECK(st.per_opponent.at("Cleo").wins == 1);
  CHECK(st.without_you == 1);
  REQUIRE(st.last.size() == 4);
  CHECK(st.last.front().seats[0].you == false);  // newest first
  const HistoryStats one = history_stats(rs, "racesmack");
  CHECK(one.all.games == 1);
}

}  // namespace rt
