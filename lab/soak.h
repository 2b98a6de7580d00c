// `racetable soak`: random computer games with every game's invariant checks
// after each decision, for the sanitizer builds and long local runs.
#pragma once

#include <cstdint>
#include <string>

namespace rt::lab {

struct SoakOptions {
  std::string game;                  // empty: every game
  std::uint64_t decisions = 200000;  // per game
  std::uint64_t first_seed = 1;
};

// Returns 0 when every check held, 1 (with a report naming game, players and
// seed) when one failed.
int run_soak(const SoakOptions& options);

}  // namespace rt::lab
