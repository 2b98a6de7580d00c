// The generic Game contract, soak and golden transcripts for Wacky Races.
#include <catch2/catch.hpp>

#include <chrono>

#include "games/wacky_races/game.h"
#include "tests/harness/harness.h"

using namespace rt;

TEST_CASE("Wacky Races: the Game contract holds in random play for 2-6 players", "[wacky-races][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 8;
  test::check_game_contract(wacky_races::entry(), cfg);
}

TEST_CASE("Wacky Races: the Game contract holds for a championship", "[wacky-races][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 3;
  cfg.variants = {"championship"};
  cfg.params = {{"races", "3"}};
  test::check_game_contract(wacky_races::entry(), cfg);
}

TEST_CASE("Wacky Races: the Game contract holds with the heuristic bot", "[wacky-races][contract]") {
  test::HarnessConfig cfg;
  cfg.seeds = 3;
  cfg.seat_level = BotLevel::Normal;
  test::check_game_contract(wacky_races::entry(), cfg);
}

TEST_CASE("Wacky Races: soak - 2,000 random races, every card in one place after every decision",
          "[wacky-races][soak]") {
  const auto t0 = std::chrono::steady_clock::now();
  test::HarnessConfig cfg;
  cfg.seeds = 400;  // x 5 player counts = 2,000 races
  const auto decisions = test::soak(wacky_races::entry(), cfg);
  CHECK(decisions > 0);
  test::HarnessConfig champ;
  champ.seeds = 20;  // x 5 = 100 championships of 4 races
  champ.variants = {"championship"};
  CHECK(test::soak(wacky_races::entry(), champ) > 0);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  WARN("soak: " << decisions << " decisions in 2,000 races (+100 championships) in " << s << " s");
}

TEST_CASE("Wacky Races: golden transcripts (3 seeds, text and JSON)", "[wacky-races][golden]") {
  const GameEntry e = wacky_races::entry();
  struct Case {
    int players;
    std::uint64_t seed;
    std::vector<std::string> variants;
    std::map<std::string, std::string> params;
    std::string name;
  };
  const std::vector<Case> cases = {
      {2, 1, {}, {}, "seed1-2p"},
      {4, 2, {}, {{"racers", "penelope-pitstop,rufus-ruffcut,pat-pending,lazy-luke"}}, "seed2-4p"},
      {3, 3, {"championship"}, {{"races", "2"}}, "seed3-3p-championship"},
  };
  for (const auto& c : cases) {
    auto game = test::make_game(e, c.players, c.variants, c.params);
    CAPTURE(c.name);
    const std::string text = test::transcript(game, c.seed, BotLevel::Normal, false);
    CHECK(text == test::transcript(game, c.seed, BotLevel::Normal, false));  // deterministic
    test::check_golden("wacky-races/" + c.name + ".txt", text);
    test::check_golden("wacky-races/" + c.name + ".jsonl",
                       test::transcript(game, c.seed, BotLevel::Normal, true));
  }
}
