// `racetable bench`: engine speed with random computer players, and the
// tournament of computer levels.
#pragma once

#include <string>
#include <vector>

namespace rt::lab {

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
  std::string shard;             // "I/K": play only that share of the tournament's games ("" all)
  bool review_check = false;     // how good the game review's estimates are (lab/review_check.cpp)
};

int run_bench(const BenchOptions& options);
int review_check(const BenchOptions& options);
// "random,easy" as the levels it names, in order.
std::vector<std::string> split_levels(const std::string& levels);

}  // namespace rt::lab
