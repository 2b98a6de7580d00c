// What Scrap Racer's options say: a bonus card played before the dice stops
// on the way, so no fight or Boost marker waits for it there.
#include <catch2/catch.hpp>

#include "core/table.h"
#include "games/scrap_racer/game.h"
#include "games/scrap_racer/presenter.h"
#include "games/scrap_racer/state.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::scrap_racer;

// Rulebook, Bonus cards: a card may be played "before or after moving"; the dice move follows a card
// played before it, and fights and Boost markers are met where a move ends.
TEST_CASE("Options: a bonus card before the dice warns of no fight or Boost marker at its target",
          "[scrap-racer][narration]") {
  int before = 0, after = 0;
  for (int players : {2, 3, 4}) {
    for (std::uint64_t seed : {1, 2, 3, 4}) {
      auto game = test::make_game(entry(), players);
      Table t(game,
              std::vector<Seat>(static_cast<std::size_t>(players), Seat{"P", SeatKind::Bot, BotLevel::Easy}),
              seed);
      for (int step = 0; step < 4000 && !t.over(); ++step) {
        const auto& s = static_cast<const ScrapRacerState&>(t.state());
        if (s.turn() == Turn::Player) {
          std::vector<PlayerId> who;
          s.actors(who);
          const PlayerId p = who.front();
          std::vector<Action> acts;
          s.legal_actions(p, acts);
          for (Action a : acts) {
            if (s.action_text(p, a).rfind("play ", 0) != 0) continue;
            const std::string label = ScrapRacerPresenter().action_label(s, p, a);
            CAPTURE(label);
            if (s.phase() == Phase::MoveBefore) {
              CHECK(label.find("then the dice move") != std::string::npos);
              CHECK(label.find("a fight with") == std::string::npos);
              CHECK(label.find("a Boost marker") == std::string::npos);
              ++before;
            } else {
              CHECK(label.find("then the dice move") == std::string::npos);
              ++after;
            }
          }
        }
        t.advance_one();
      }
    }
  }
  CHECK(before > 0);
  CHECK(after > 0);
}
