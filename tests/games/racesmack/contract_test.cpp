// The generic Game contract for every variant, a soak of 2,000 random games
// with the game's invariants after every decision, and golden transcripts.
#include <chrono>

#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

const std::vector<std::vector<std::string>>& configs() {
  static const std::vector<std::vector<std::string>> c{
      {},
      {"noise-canceling"},
      {"racing-rules"},
      {"time-penalty"},
      {"tiebreaker"},
      {"after-you"},
      {"first-game"},
      {"shifting-gears"},
      {"generated-deck"},
      {"noise-canceling", "racing-rules", "time-penalty", "tiebreaker", "shifting-gears"},
      {"after-you", "time-penalty", "tiebreaker", "shifting-gears", "generated-deck"},
  };
  return c;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "+") + s;
  return out.empty() ? "base" : out;
}

}  // namespace

TEST_CASE("Racesmack: the Game contract holds for 2-6 players in every variant", "[racesmack][contract]") {
  for (const auto& variants : configs()) {
    CAPTURE(joined(variants));
    test::HarnessConfig cfg;
    cfg.seeds = 3;
    cfg.variants = variants;
    test::check_game_contract(entry(), cfg);
  }
}

TEST_CASE("Racesmack: the Game contract holds with the heuristic bots", "[racesmack][contract]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Hard}) {
    test::HarnessConfig cfg;
    cfg.seeds = 2;
    cfg.seat_level = level;
    cfg.variants = {"time-penalty", "racing-rules"};
    test::check_game_contract(entry(), cfg);
  }
}

TEST_CASE("Racesmack: soak — 2,000 random games over every variant, every card in one place after each step",
          "[racesmack][soak]") {
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t decisions = 0;
  int games = 0;
  const int per_count = 2000 / (5 * static_cast<int>(configs().size())) + 1;
  for (std::size_t k = 0; k < configs().size(); ++k) {
    test::HarnessConfig cfg;
    cfg.seeds = per_count;
    cfg.first_seed = 1000 + 100 * k;
    cfg.variants = configs()[k];
    decisions += test::soak(entry(), cfg);
    games += per_count * 5;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  WARN(games << " games, " << decisions << " decisions in " << secs << " s");
  CHECK(games >= 2000);
  CHECK(decisions > 0);
}

TEST_CASE("Racesmack: transcripts are deterministic and match the golden files", "[racesmack][golden]") {
  struct Run {
    const char* name;
    int players;
    std::vector<std::string> variants;
    std::uint64_t seed;
  };
  const std::vector<Run> runs{
      {"seed1-4p", 4, {}, 1},
      {"seed2-3p-racing-penalty", 3, {"racing-rules", "time-penalty"}, 2},
      {"seed3-5p-after-you-gears", 5, {"after-you", "shifting-gears"}, 3},
  };
  for (const Run& r : runs) {
    auto g = test::make_game(entry(), r.players, r.variants);
    const std::string text = test::transcript(g, r.seed, BotLevel::Normal, false);
    CHECK(text == test::transcript(g, r.seed, BotLevel::Normal, false));
    test::check_golden(std::string("racesmack/") + r.name + ".txt", text);
    test::check_golden(std::string("racesmack/") + r.name + ".jsonl",
                       test::transcript(g, r.seed, BotLevel::Normal, true));
  }
}
