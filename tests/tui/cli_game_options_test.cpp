// Every game's options (GameInfo::params) are flags of `sim` and `play`,
// made from the registry: `--NAME VALUE` plays the same game as
// `--option NAME=VALUE`, and a game's new option needs no change in tui/.
#include <catch2/catch.hpp>

#include "games/registry.h"
#include "tests/tui/cli_run.h"

using namespace rt;
using rt::clitest::run;

TEST_CASE("CLI: every game option is a flag of sim and play, described by its games", "[cli][options]") {
  for (const char* command : {"sim", "play"}) {
    const auto help = run(std::string(command) + " --help");
    REQUIRE(help.code == 0);
    for (const GameEntry& e : builtin_registry().all())
      for (const ParamInfo& p : e.info.params) {
        INFO(command << " --help lacks --" << p.name << " for " << e.info.id << ":\n" << help.out);
        CHECK(help.out.find("--" + p.name) != std::string::npos);
        CHECK(help.out.find(e.info.id + ": " + p.summary.substr(0, 20)) != std::string::npos);
      }
  }
}

TEST_CASE("CLI: --races, --racers and --track play as --option does", "[cli][options]") {
  const char* const pairs[][2] = {
      {"sim wacky-races --seed 3 --players 2 --variant championship --races 2",
       "sim wacky-races --seed 3 --players 2 --variant championship --option races=2"},
      {"sim wacky-races --seed 3 --players 2 --racers penelope-pitstop,red-max",
       "sim wacky-races --seed 3 --players 2 --option racers=penelope-pitstop,red-max"},
      {"sim scrap-racer --seed 3 --players 2 --track C",
       "sim scrap-racer --seed 3 --players 2 --option track=C"},
      {"sim rc-racer --seed 3 --players 2 --track first-game",
       "sim rc-racer --seed 3 --players 2 --option track=first-game"},
  };
  for (const auto& [flag, option] : pairs) {
    const auto a = run(flag), b = run(option);
    INFO(flag << "\n" << a.err);
    CHECK(a.code == 0);
    CHECK(a.out == b.out);
    CHECK(!a.out.empty());
  }
  // A flag's bad value is the game's own one-line error, as with --option.
  const auto bad = run("sim scrap-racer --track zzz");
  CHECK(bad.code == 2);
  CHECK(bad.err.find("'z' is not a segment") != std::string::npos);
}
