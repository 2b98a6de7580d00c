// Builds Go Wacky! positions by forcing the deal: the dealer, each hand in
// dealing order, and the first Play Pile card.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/go_wacky/game.h"
#include "games/go_wacky/state.h"
#include "tests/harness/harness.h"

namespace rt::go_wacky::fixture {

struct Table {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> owned;
  GoWackyState* s;
};

// hands[p] = the 4 cards of seat p; dealt one at a time from the dealer's left.
inline Table deal(int players, int dealer, const std::vector<std::vector<std::string>>& hands,
                  const std::string& top) {
  Table t;
  t.game = rt::test::make_game(entry(), players);
  t.owned = t.game->new_initial_state();
  t.s = static_cast<GoWackyState*>(t.owned.get());
  rt::test::chance(*t.s, "dealer " + std::to_string(dealer + 1));
  for (std::size_t round = 0; round < 4; ++round)
    for (int k = 1; k <= players; ++k) {
      const int p = (dealer + k) % players;
      rt::test::chance(*t.s, "draw " + hands[static_cast<std::size_t>(p)][round]);
    }
  rt::test::chance(*t.s, "draw " + top);
  return t;
}

// Up to 4 seats each holding two purple and two orange cards.
inline std::vector<std::vector<std::string>> purple_hands(int players) {
  return std::vector<std::vector<std::string>>(static_cast<std::size_t>(players),
                                               {"purple", "purple", "orange", "orange"});
}

}  // namespace rt::go_wacky::fixture
