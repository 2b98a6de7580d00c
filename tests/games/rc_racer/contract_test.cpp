// The generic Game contract for every player count and variant, the soak,
// golden transcripts, determinism, the bots and the view.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "core/table.h"
#include "games/rc_racer/bots.h"
#include "games/rc_racer/game.h"
#include "games/rc_racer/state.h"
#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;

TEST_CASE("RC Racer: the Game contract holds for 2-4 players (counted slides)", "[rc-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 6;
  test::check_game_contract(entry(), cfg);
}

TEST_CASE("RC Racer: the Game contract holds in real time", "[rc-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 6;
  cfg.variants = {"real-time"};
  test::check_game_contract(entry(), cfg);
}

TEST_CASE("RC Racer: the Game contract holds for the long race, playing on, fixed racers and track",
          "[rc-racer][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 4;
  cfg.variants = {"long", "counted-slides"};
  cfg.params = {{"play-on", "yes"}};
  test::check_game_contract(entry(), cfg);
  test::HarnessConfig fixed;
  fixed.seeds = 3;
  fixed.player_counts = {3};
  fixed.params = {{"racers", "m1-furry,bird-racer,dogtor"}, {"track", "start-B,4B,2A,1B,finish-B"}};
  test::check_game_contract(entry(), fixed);
}

TEST_CASE("RC Racer: the Game contract holds with computer players of every level",
          "[rc-racer][contract][bots]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
    test::HarnessConfig cfg;
    cfg.seeds = 2;
    cfg.seat_level = level;
    cfg.variants = {"real-time"};
    test::check_game_contract(entry(), cfg);
    cfg.variants = {};
    cfg.player_counts = {4};
    test::check_game_contract(entry(), cfg);
  }
}

TEST_CASE("RC Racer: soak — 2,000 random games, every invariant after every decision", "[rc-racer][soak]") {
  std::uint64_t decisions = 0;
  test::HarnessConfig counted;
  counted.seeds = 400;  // x 3 player counts = 1,200 games
  decisions += test::soak(entry(), counted);
  test::HarnessConfig timed;
  timed.seeds = 200;  // 600 games
  timed.first_seed = 1001;
  timed.variants = {"real-time"};
  decisions += test::soak(entry(), timed);
  test::HarnessConfig longer;
  longer.seeds = 67;  // 201 games
  longer.first_seed = 2001;
  longer.variants = {"long"};
  longer.params = {{"play-on", "yes"}};
  decisions += test::soak(entry(), longer);
  WARN("soak: " << decisions << " decisions in 2,001 games");
  CHECK(decisions > 2001 * 20);
}

TEST_CASE("RC Racer: golden transcripts (3 seeds, text and JSON)", "[rc-racer][golden]") {
  for (std::uint64_t seed : {1, 2, 3}) {
    const int players = 2 + static_cast<int>(seed % 3);
    auto game = test::make_game(entry(), players);
    test::check_golden(fmt::format("rc-racer/seed{}.txt", seed),
                       test::transcript(game, seed, BotLevel::Normal, false));
    test::check_golden(fmt::format("rc-racer/seed{}.jsonl", seed),
                       test::transcript(game, seed, BotLevel::Normal, true));
  }
  auto timed = test::make_game(entry(), 3, {"real-time"});
  test::check_golden("rc-racer/real-time-seed4.txt", test::transcript(timed, 4, BotLevel::Hard, false));
}

TEST_CASE("RC Racer: the same seed plays the same game, in both timing modes", "[rc-racer][determinism]") {
  for (const char* variant : {"counted-slides", "real-time"}) {
    auto game = test::make_game(entry(), 4, {variant});
    const std::string a = test::transcript(game, 77, BotLevel::Normal, true);
    const std::string b = test::transcript(game, 77, BotLevel::Normal, true);
    CHECK(a == b);
    CHECK(a.find("\"type\":\"result\"") != std::string::npos);
  }
}
