// "hard" in every game is the core's search bot over the game's heuristic:
// it searches, and the same seed plays the same game.
#include <catch2/catch.hpp>

#include "core/search_agent.h"
#include "core/table.h"
#include "games/registry.h"

using namespace rt;

namespace {

struct SearchPlayed {
  std::vector<Step> history;
  SearchStats stats;
};

// Heads-up, hard in seat 0 against normal, the hard bot made by the game.
SearchPlayed play_searched(const std::shared_ptr<const Game>& game, std::uint64_t seed) {
  std::vector<Seat> seats{{"A", SeatKind::Bot, BotLevel::Hard}, {"B", SeatKind::Bot, BotLevel::Normal}};
  Table t(game, seats, seed);
  auto hard = game->make_bot(BotLevel::Hard);
  auto* search = dynamic_cast<SearchAgent*>(hard.get());
  REQUIRE(search != nullptr);
  t.set_agent(0, std::move(hard));
  t.advance();
  REQUIRE(t.over());
  return SearchPlayed{t.history(), search->stats()};
}

}  // namespace

TEST_CASE("Bots: hard searches in every game and the same seed plays the same game", "[bots][search]") {
  for (const auto& e : builtin_registry().all()) {
    CAPTURE(e.info.id);
    Options o;
    o.players = 2;
    std::shared_ptr<const Game> game = builtin_registry().create(e.info.id, o, DataSource::embedded());
    SearchStats total;
    for (std::uint64_t seed : {3}) {  // each game is long: a hard bot searches every decision
      const SearchPlayed a = play_searched(game, seed);
      const SearchPlayed b = play_searched(game, seed);
      CHECK(a.history == b.history);
      CHECK(a.stats.playouts == b.stats.playouts);
      CHECK(a.stats.overruled == b.stats.overruled);
      total.decisions += a.stats.decisions;
      total.playouts += a.stats.playouts;
    }
    CHECK(total.decisions > 0);
    CHECK(total.playouts >= total.decisions * 2);
    // make_agent (what sim and the shell use) gives the game's hard bot too.
    CHECK(dynamic_cast<SearchAgent*>(make_agent(*game, BotLevel::Hard).get()) != nullptr);
  }
}
