// `racetable bench`: engine speed with random computer players.
#pragma once

#include <string>

namespace rt::cli {

struct BenchOptions {
  std::string game;  // empty: every game
  double seconds = 2.0;
  int jobs = 1;
  bool json = false;
};

int run_bench(const BenchOptions& options);

}  // namespace rt::cli
