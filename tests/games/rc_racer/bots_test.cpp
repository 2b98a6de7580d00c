// Computer players: they program well, in time, and beat random play.
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
using namespace rt::rc_racer::fixture;

namespace {

// Seat 0 at `level` against random seats: how often seat 0 wins.
int wins_against_random(BotLevel level, int games, const std::vector<std::string>& variants = {}) {
  auto game = test::make_game(entry(), 2, variants);
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    std::vector<Seat> seats{Seat{"A", SeatKind::Bot, level}, Seat{"B", SeatKind::Bot, BotLevel::Random}};
    if (g % 2) std::swap(seats[0], seats[1]);
    Table table(game, seats, static_cast<std::uint64_t>(500 + g));
    // The Table makes "hard" a generic search over this bot; here the game's own hard bot plays.
    for (PlayerId p = 0; p < 2; ++p)
      if (seats[static_cast<std::size_t>(p)].level == BotLevel::Hard)
        table.set_agent(p, std::make_unique<RcRacerBot>(BotLevel::Hard));
    table.set_recording(false);
    table.advance();
    REQUIRE(table.over());
    const PlayerId me = g % 2 ? 1 : 0;
    const auto w = table.state().standings().winners();
    if (w.size() == 1 && w[0] == me) ++wins;
  }
  return wins;
}

}  // namespace

TEST_CASE("Bots: every level beats random play", "[rc-racer][bots]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
    INFO(level_name(level));
    CHECK(wins_against_random(level, 30) >= 24);
  }
  CHECK(wins_against_random(BotLevel::Normal, 20, {"real-time"}) >= 16);
}

TEST_CASE("Bots: a program is found and slid into place", "[rc-racer][bots]") {
  auto s = programming_state(race_game(2, "turbobot,dogtor"));
  RcRacerBot bot(BotLevel::Normal);
  Rng rng(3);
  const int start_row = s->car(0).row;
  int decisions = 0;
  while (!s->done(0)) {
    const Decision d = bot.decide(*s, 0, rng);
    REQUIRE(s->is_legal(0, d.action));
    s->apply(0, d.action, s->now());
    REQUIRE(++decisions < 300);
  }
  Program prog{};
  for (int i = 0; i < kProgram; ++i) prog[i] = s->program_step(0, i);
  // The program it settled on drives a good way up the track.
  CHECK(program_value(*s, 0, prog) >= 500);
  CHECK(s->slides(0) == decisions - 1);
  (void)start_row;
}

TEST_CASE("Bots: in real time they take time to slide, more for more slides", "[rc-racer][bots]") {
  auto s = programming_state(race_game(2, "turbobot,dogtor", {"real-time"}));
  RcRacerBot bot(BotLevel::Normal);
  Rng rng(8);
  Tick total = 0;
  int slides = 0;
  while (!s->done(0)) {
    const Decision d = bot.decide(*s, 0, rng);
    CHECK(d.delay > 0);
    total += d.delay;
    if (d.action != kDone) ++slides;
    s->apply(0, d.action, s->now() + d.delay);
  }
  CHECK(total >= level_tuning(BotLevel::Normal).think_ms / 2 + static_cast<Tick>(slides) * 100);
}

TEST_CASE("Bots: Shields, Bird Racer's flight and the setup choices are sensible", "[rc-racer][bots]") {
  auto s = programming_state(race_game(2, "bird-racer,dogtor"));
  // First-game track: Bird at row 13 (1A's top "..X..") in lane 3, behind the Obstacle.
  s->test_set_car(0, 2, 12, 3, 1, false);
  const std::vector<std::string> stay{"nothing", "battery", "gap",      "decrease",
                                      "fwd1",    "back",    "increase", "missile"};
  s->test_set_grid(
      0, grid_with_program({"back", "fwd2", "nothing", "battery", "gap", "decrease", "fwd1", "increase"}));
  (void)stay;
  all_done(*s, {0, 1});
  RcRacerBot bot(BotLevel::Normal);
  Rng rng(1);
  if (s->phase() == Phase::BirdFly) {
    const Decision d = bot.decide(*s, 0, rng);
    CHECK(d.action != kStay);  // the Obstacle ahead: fly around it
    s->apply(0, d.action, s->now());
  }
  REQUIRE(s->phase() == Phase::Shield);
  CHECK(bot.decide(*s, 0, rng).action == kShieldUse);
}
