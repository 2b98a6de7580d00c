// `racetable review` and a sharded `bench --tournament` as users run them:
// the real binary, small thinking factors so each test takes seconds.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/tui/cli_run.h"

namespace {

using rt::clitest::Run;
using rt::clitest::run;
using rt::clitest::temp_dir;

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) out.push_back(nlohmann::json::parse(line));
  return out;
}

bool one_line(const std::string& s) {
  return !s.empty() && s.find('\n') == s.size() - 1;
}

// A finished four-player Wacky Races game, every seat a computer.
std::string finished_save() {
  const std::string save = temp_dir() + "/review-wacky.save";
  REQUIRE(run("sim wacky-races --seed 3 --players 3 --seats hard,normal,normal --save " + save).code == 0);
  return save;
}

// CPU times differ from run to run: everything else must not.
std::string without_times(const std::string& text) {
  static const std::regex times(
      R"(("cpu_us":\[[^\]]*\][^\]]*\])|("cpu_ms_[ab]":\{[^}]*\})|(CPU ms/decision \(mean, p99, max\):.*)|(  [0-9.]+, [0-9.]+, [0-9.]+\n))");
  return std::regex_replace(text, times, "TIME");
}

}  // namespace

TEST_CASE("CLI: review --json gives one object per decision, then a summary, the same every run",
          "[cli][review]") {
  const std::string save = finished_save();
  const Run a = run("review " + save + " --seat 1 --json --think 10");
  REQUIRE(a.code == 0);
  CHECK(a.err.empty());  // no progress bar off a terminal
  const auto lines = json_lines(a.out);
  REQUIRE(lines.size() >= 3);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const auto& j = lines[i];
    CHECK(j.at("type") == "decision");
    CHECK(j.at("seat") == 1);
    CHECK(j.at("step").get<int>() >= 1);
    CHECK(!j.at("played").get<std::string>().empty());
    CHECK(!j.at("best").get<std::string>().empty());
    CHECK(j.at("win_played").get<double>() >= 0);
    CHECK(j.at("win_best").get<double>() <= 1);
    CHECK(j.at("win_best").get<double>() >= j.at("win_played").get<double>());
    CHECK(j.at("playouts") == 100);
    if (j.at("mistake").get<bool>()) CHECK(j.at("gain").get<double>() > j.at("spread").get<double>());
  }
  const auto& summary = lines.back();
  CHECK(summary.at("type") == "summary");
  CHECK(summary.at("game") == "wacky-races");
  CHECK(summary.at("reviewed") == lines.size() - 1);
  CHECK(summary.at("think") == 10);
  const Run b = run("review " + save + " --seat 1 --json --think 10");
  CHECK(a.out == b.out);
}

TEST_CASE("CLI: review in words: the turning points first, then a line per decision", "[cli][review]") {
  const std::string save = finished_save();
  const Run r = run("review " + save + " --think 10");
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("Wacky Races (seed 3), seat 1 (Ana):"));
  CHECK_THAT(r.out, Catch::Contains("100 games played on per move"));
  CHECK(r.out.find("Every decision:") != std::string::npos);
  const auto turning = r.out.find("Turning points:");
  const auto none = r.out.find("No turning points");
  CHECK((turning != std::string::npos || none != std::string::npos));
  CHECK(std::min(turning, none) < r.out.find("Every decision:"));
  CHECK_THAT(r.out, Catch::Contains(" reviewed, "));
}

TEST_CASE("CLI: review refuses an unfinished save, a wrong seat and a bad shard in one line each",
          "[cli][review][errors]") {
  const std::string save = finished_save();
  // The finished game cut after its first 30 steps.
  const std::string unfinished = temp_dir() + "/review-unfinished.save";
  rt::clitest::write_cut_save(save, unfinished, 30);
  const Run u = run("review " + unfinished);
  CHECK(u.code == 2);
  CHECK(one_line(u.err));
  CHECK_THAT(u.err, Catch::Contains(unfinished + ": the game is not finished"));
  const Run seat = run("review " + save + " --seat 4");
  CHECK(seat.code == 2);
  CHECK(one_line(seat.err));
  CHECK_THAT(seat.err, Catch::Contains("--seat 4: " + save + " has seats 1 to 3"));
  for (const char* bad : {"0/2", "3/2", "1/0", "x", "1/2/3", "1/100001"}) {
    INFO(bad);
    const Run s = run("review " + save + " --shard " + bad);
    CHECK(s.code == 2);
    CHECK(one_line(s.err));
    CHECK_THAT(s.err, Catch::Contains("--shard"));
  }
  const Run missing = run("review " + temp_dir() + "/no-such.save");
  CHECK(missing.code == 2);
  CHECK(one_line(missing.err));
  CHECK(missing.out.empty());
}

TEST_CASE("CLI: review --shard reviews each save once over the shards", "[cli][review]") {
  const std::string save = finished_save();
  const std::string saves = save + " " + save + " " + save;
  const Run whole = run("review " + saves + " --json --think 10");
  const Run one = run("review " + saves + " --json --think 10 --shard 1/2");
  const Run two = run("review " + saves + " --json --think 10 --shard 2/2");
  REQUIRE(whole.code == 0);
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  // Saves 1 and 3 in shard 1, save 2 in shard 2: each as the whole run reviewed it.
  const auto per_save = json_lines(run("review " + save + " --json --think 10").out).size();
  CHECK(json_lines(one.out).size() == 2 * per_save);
  CHECK(json_lines(two.out).size() == per_save);
  CHECK(whole.out.substr(0, one.out.size() / 2) == one.out.substr(0, one.out.size() / 2));
}

TEST_CASE("CLI: bench merge of a tournament's shards prints what one whole run prints", "[cli][bench]") {
  const std::string args = "bench --tournament --game go-wacky --levels normal,easy,random --games 4";
  const Run whole = run(args);
  const Run whole_json = run(args + " --json");
  REQUIRE(whole.code == 0);
  REQUIRE(whole_json.code == 0);
  std::string files;
  for (int i = 1; i <= 5; ++i) {
    const std::string file = temp_dir() + "/shard" + std::to_string(i) + ".json";
    const Run s = run(args + " --json --shard " + std::to_string(i) + "/5 --jobs 2");
    REQUIRE(s.code == 0);
    std::ofstream(file) << s.out;
    files += " " + file;
  }
  const Run merged = run("bench merge" + files);
  const Run merged_json = run("bench merge" + files + " --json");
  REQUIRE(merged.code == 0);
  REQUIRE(merged_json.code == 0);
  CHECK(without_times(merged.out) == without_times(whole.out));
  CHECK(without_times(merged_json.out) == without_times(whole_json.out));
  // Merged from the whole run's own results, byte for byte, times and all.
  const std::string own = temp_dir() + "/whole.json";
  std::ofstream(own) << whole_json.out;
  CHECK(run("bench merge " + own + " --json").out == whole_json.out);
  const std::string text = run("bench merge " + own).out;
  CHECK_THAT(text, Catch::Contains("Go Wacky!: row level's score against column level, 4 heads-up games"));
  CHECK(without_times(text) == without_times(whole.out));
}

TEST_CASE("CLI: bench merge refuses a missing, repeated or foreign shard in one line",
          "[cli][bench][errors]") {
  const std::string args = "bench --tournament --game go-wacky --levels normal,random --games 2 --json";
  const std::string a = temp_dir() + "/m1.json", b = temp_dir() + "/m2.json", c = temp_dir() + "/m3.json";
  std::ofstream(a) << run(args + " --shard 1/2").out;
  std::ofstream(b) << run(args + " --shard 2/2").out;
  std::ofstream(c) << run(args + " --shard 1/2 --think 50").out;
  const Run missing = run("bench merge " + a);
  CHECK(missing.code == 2);
  CHECK(one_line(missing.err));
  CHECK_THAT(missing.err, Catch::Contains("shard 2/2 is missing"));
  const Run twice = run("bench merge " + a + " " + a + " " + b);
  CHECK(twice.code == 2);
  CHECK_THAT(twice.err, Catch::Contains(a + ":1: shard 1/2 again"));
  const Run foreign = run("bench merge " + a + " " + c);
  CHECK(foreign.code == 2);
  CHECK(one_line(foreign.err));
  CHECK_THAT(foreign.err, Catch::Contains(c + ":1: another tournament's results"));
  const Run bad = run("bench --tournament --shard 2/1 --json");
  CHECK(bad.code == 2);
  CHECK(one_line(bad.err));
  const Run no_json = run("bench --tournament --game go-wacky --shard 1/2");
  CHECK(no_json.code == 2);
  CHECK_THAT(no_json.err, Catch::Contains("give --json too"));
}

TEST_CASE("CLI: a tournament's shards run through GNU parallel merge into the whole run", "[cli][bench]") {
  const std::string dir = temp_dir() + "/parallel";
  std::filesystem::create_directories(dir);
  const std::string args = "bench --tournament --game racesmack --levels normal,random --games 6";
  const std::string cmd = "seq 1 4 | parallel --will-cite -j 2 " + rt::test::racetable_binary() + " " + args +
                          " --json --shard {}/4 '>' " + dir + "/shard{}.json";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const Run merged = run("bench merge " + dir + "/shard1.json " + dir + "/shard2.json " + dir +
                         "/shard3.json " + dir + "/shard4.json");
  REQUIRE(merged.code == 0);
  CHECK(without_times(merged.out) == without_times(run(args).out));
}
