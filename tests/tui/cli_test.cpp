// The program as users run it: exit codes, one-line errors, determinism,
// replay, line mode. Runs the real binary.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/tui/cli_run.h"

namespace {

using rt::clitest::Run;
using rt::clitest::run;
using rt::clitest::temp_dir;

bool one_line(const std::string& s) {
  return !s.empty() && s.find('\n') == s.size() - 1;
}

}  // namespace

TEST_CASE("CLI: list shows one line per game with its players", "[cli]") {
  const Run r = run("list");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("go-wacky") && Catch::Contains("2-6 players"));
}

TEST_CASE("CLI: sim prints the same bytes every run and ends with a result line", "[cli][determinism]") {
  const Run a = run("sim go-wacky --seed 7 --players 4");
  const Run b = run("sim go-wacky --seed 7 --players 4");
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  const auto last = a.out.rfind("\nresult: ");
  REQUIRE(last != std::string::npos);
  CHECK(a.out.find('\n', last + 1) == a.out.size() - 1);
  const Run c = run("sim go-wacky --seed 8 --players 4");
  CHECK(c.out != a.out);
}

TEST_CASE("CLI: sim --json prints one valid JSON object per line, ending with the result", "[cli]") {
  const Run r = run("sim go-wacky --seed 7 --players 4 --json");
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string line, last_type;
  int n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);  // throws on invalid JSON
    last_type = j.at("type").get<std::string>();
    ++n;
  }
  CHECK(n > 10);
  CHECK(last_type == "result");
}

TEST_CASE("CLI: replay --all prints the transcript of a saved game byte for byte", "[cli][save]") {
  const std::string save = temp_dir() + "/g.save";
  const Run sim = run("sim go-wacky --seed 11 --players 3 --save " + save);
  REQUIRE(sim.code == 0);
  const Run replay = run("replay --all " + save);
  CHECK(replay.code == 0);
  CHECK(replay.out == sim.out);
  const Run sim_json = run("sim go-wacky --seed 11 --players 3 --json");
  CHECK(run("replay --all --json " + save).out == sim_json.out);
}

TEST_CASE("CLI: bad input is one line on stderr and exit code 2", "[cli][errors]") {
  struct Case {
    std::string args;
    std::string expect;
  };
  const std::vector<Case> cases{
      {"sim go-wacky --players 1", "Go Wacky! is for 2 to 6 players, not 1"},
      {"sim go-wacky --players 7", "Go Wacky! is for 2 to 6 players, not 7"},
      {"sim nosuchgame", "unknown game 'nosuchgame'"},
      {"sim go-wacky --variant turbo", "unknown variant 'turbo' for go-wacky"},
      {"sim go-wacky --seed banana", "bad seed 'banana'"},
      {"sim go-wacky --seed -3", "bad seed"},
      {"sim go-wacky --seats random,cyborg", "unknown seat 'cyborg'"},
      {"replay /nonexistent/x.save", "/nonexistent/x.save: cannot read file"},
      {"rules nosuchgame", "unknown game"},
      {"frobnicate", "racetable:"},
      {"soak --decisions -5", "--decisions must be between 1 and"},
      {"soak --decisions 0", "--decisions must be between 1 and"},
      {"bench --jobs 0", "--jobs must be between 1 and 256"},
      {"bench --seconds -1", "--seconds must be between"},
      {"sim rc-racer --players 5", "RC Racer is for 2 to 4 players, not 5"},
      {"sim scrap-racer --track zzz", "'z' is not a segment"},
      {"sim go-wacky --data /nonexistent", "/nonexistent/go-wacky/deck.json: cannot read file"},
      {"resume /dev/null", "/dev/null: empty file"},
      {"sim go-wacky --seed 99999999999999999999999", "bad seed"},
      // The player count first; then one seat per player, counted in words that agree.
      {"play wacky-races --players 9 --seats human", "Wacky Races is for 2 to 6 players, not 9"},
      {"play wacky-races --players 3 --seats human",
       "--seats lists 1 seat but --players is 3: give one seat per player, or leave --players out"},
      {"sim wacky-races --players 2 --seats normal,normal,normal",
       "--seats lists 3 seats but --players is 2"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.args);
    const Run r = run(c.args);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(one_line(r.err));
    CHECK_THAT(r.err, Catch::Contains(c.expect));
  }
}

TEST_CASE("CLI: a corrupt save file is refused with its name and line, and left untouched",
          "[cli][errors][save]") {
  const std::string save = temp_dir() + "/corrupt.save";
  REQUIRE(run("sim go-wacky --seed 3 --save " + save).code == 0);
  std::string text;
  {
    std::ifstream f(save);
    std::stringstream ss;
    ss << f.rdbuf();
    text = ss.str();
  }
  const std::string corrupt = text.substr(0, text.size() / 2) + "\nstep 9 0 fly away\n";
  std::ofstream(save) << corrupt;
  const Run r = run("replay " + save);
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK_THAT(r.err, Catch::Contains(save + ": line"));
  std::ifstream f(save);
  std::stringstream ss;
  ss << f.rdbuf();
  CHECK(ss.str() == corrupt);
}

TEST_CASE("CLI: a malformed data file gives file: field: what is wrong, exit 2", "[cli][errors][data]") {
  const std::string dir = temp_dir() + "/data";
  std::filesystem::create_directories(dir + "/go-wacky");
  const std::string src = std::string(std::getenv("RACETABLE_SOURCE_DIR")) + "/data/go-wacky/";
  std::filesystem::copy_file(src + "rules.txt", dir + "/go-wacky/rules.txt",
                             std::filesystem::copy_options::overwrite_existing);
  std::ifstream in(src + "deck.json");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string deck = ss.str();
  deck.replace(deck.find("\"hand_size\": 4"), 14, "\"hand_size\": 40");
  std::ofstream(dir + "/go-wacky/deck.json") << deck;
  const Run r = run("sim go-wacky --data " + dir);
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK_THAT(r.err, Catch::Contains(dir + "/go-wacky/deck.json: hand_size: 40 is out of range 1..8"));
}

TEST_CASE("CLI: not in a terminal, racetable with no command prints a seeded demo game", "[cli]") {
  const Run a = run("");
  CHECK(a.code == 0);
  CHECK_THAT(a.out, Catch::StartsWith("racetable · Go Wacky!") && Catch::Contains("\nresult: "));
  CHECK(run("").out == a.out);
}

TEST_CASE("CLI: line mode reads numbered answers, saves and exits 0 on EOF, and resume continues",
          "[cli][line]") {
  const std::string save = temp_dir() + "/line.save";
  std::filesystem::remove(save);
  const Run r = run("play go-wacky --line --seed 5 --players 3 --save " + save, "1\n1\n");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("1) "));
  CHECK_THAT(r.out, Catch::Contains("Input ended: game saved to " + save));
  REQUIRE(std::filesystem::exists(save));
  const Run more = run("resume --line " + save, "1\n");
  CHECK(more.code == 0);
  CHECK_THAT(more.out, Catch::Contains("Input ended"));
}

TEST_CASE("CLI: an illegal answer in scripted line mode is one line and exit 2", "[cli][line][errors]") {
  const std::string save = temp_dir() + "/bad.save";
  const Run r = run("play go-wacky --line --seed 5 --save " + save, "99\n");
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK_THAT(r.err, Catch::Contains("input line 1: '99' is not one of the options"));
}

TEST_CASE("CLI: --help and --version", "[cli]") {
  CHECK(run("--version").code == 0);
  const Run h = run("sim --help");
  CHECK(h.code == 0);
  CHECK_THAT(h.out, Catch::Contains("--seed"));
}

TEST_CASE("CLI: an unusable state directory is one line and exit 2", "[cli][errors][save]") {
  const std::string blocker = temp_dir() + "/not-a-dir";
  std::ofstream(blocker) << "x";
  const Run r = run("play go-wacky --line", "1\n", "XDG_STATE_HOME=" + blocker + "/sub");
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK_THAT(r.err, Catch::Contains("cannot create directory"));
}

TEST_CASE("CLI: a failed save (file size limit, as on a full disk) leaves the old save intact",
          "[cli][errors][save]") {
  const std::string save = temp_dir() + "/full.save";
  REQUIRE(run("sim go-wacky --seed 4 --save " + save).code == 0);
  std::ifstream before_in(save);
  std::stringstream before;
  before << before_in.rdbuf();
  // ulimit -f 4 (4 KiB): the new save cannot be written; SIGXFSZ ignored so write() reports EFBIG.
  const std::string cmd = "ulimit -f 4; trap '' XFSZ; " + rt::test::racetable_binary() +
                          " sim go-wacky --seed 5 --save " + save + " >/dev/null 2>" + temp_dir() +
                          "/full.err";
  const int status = std::system(("bash -c \"" + cmd + "\"").c_str());
  CHECK(WEXITSTATUS(status) == 2);
  std::ifstream err_in(temp_dir() + "/full.err");
  std::stringstream err;
  err << err_in.rdbuf();
  CHECK_THAT(err.str(), Catch::Contains(save + ": cannot write"));
  std::ifstream after_in(save);
  std::stringstream after;
  after << after_in.rdbuf();
  CHECK(after.str() == before.str());
  CHECK_FALSE(std::filesystem::exists(save + ".tmp"));
}

TEST_CASE("CLI: bench --tournament names its handicaps and gives the same table for any --jobs",
          "[cli][bench]") {
  // --random-choices: what a level's choices are worth apart from its
  // reflexes (docs/BOTS.md "What choices are worth").
  const Run one =
      run("bench --tournament --game wacky-races --levels hard,normal --games 6 --random-choices");
  const Run two =
      run("bench --tournament --game wacky-races --levels hard,normal --games 6 --random-choices --jobs 2");
  REQUIRE(one.code == 0);
  CHECK_THAT(one.out, Catch::StartsWith("--random-choices: the first level chooses at random"));
  CHECK_THAT(one.out,
             Catch::Contains("Wacky Races: row level's score against column level, 6 heads-up games"));
  // CPU times differ from run to run; the scores and margins do not.
  auto scores = [](const std::string& out) { return out.substr(out.find("margin (row minus column")); };
  CHECK(scores(one.out) == scores(two.out));
}
