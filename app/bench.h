// `racetable bench`: engine speed with random computer players, and the
// tournament of computer levels.
#pragma once

#include <string>

namespace rt::cli {

struct BenchOptions {
  std::string game;      // empty: every game
  double seconds = 2.0;  // per game, when games == 0
  int games = 0;         // a fixed number of games (seeds 1..N): results identical for any --jobs
  int jobs = 1;
  int players = 0;  // 0: 4 (or the game's maximum)
  bool json = false;
  bool tournament = false;
  std::string levels = "random,easy,normal,hard";
  unsigned think_percent = 100;  // the tables' thinking factor (--think)
  bool cheat = false;            // the first level's expert sees every hidden card (a ceiling)
  bool random_choices = false;   // the first level chooses at random, its timed contests its own
};

int run_bench(const BenchOptions& options);

}  // namespace rt::cli
