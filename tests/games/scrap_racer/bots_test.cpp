// Scrap Racer computer players: sensible push-your-luck, Boost markers to
// dodge doubles, bonus cards to cross the line, and whole games at every level.
#include <catch2/catch.hpp>

#include "core/chance.h"
#include "core/rng.h"
#include "games/scrap_racer/bots.h"
#include "tests/games/scrap_racer/fixture.h"

using namespace rt;
using namespace rt::scrap_racer;
using namespace rt::scrap_racer::fixture;

namespace {

std::string bot_choice(BotLevel level, ScrapRacerState& s) {
  ScrapRacerBot bot(level);
  Rng rng(1);
  const PlayerId me = s.turn() == Turn::Player ? [&] {
    std::vector<PlayerId> who;
    s.actors(who);
    return who.front();
  }()
                                               : s.active_player();
  return s.action_text(me, bot.decide(s, me, rng).action);
}

}  // namespace

TEST_CASE("Bots: roll on with a small total, stop on a big one", "[scrap-racer][bots]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
    CAPTURE(level_name(level));
    auto t = start(3, {"hover", "crusher", "twister"});
    t->test_set_distance(1, 30);
    t->test_set_distance(2, 35);
    chance(*t, "die 6");
    CHECK(bot_choice(level, *t) == "roll");
    more(*t, {5, 4, 3});
    CHECK(bot_choice(level, *t) == "move 18");
  }
}

TEST_CASE("Bots: weigh the bust chance (the value of rolling falls as the dice grow)",
          "[scrap-racer][bots]") {
  auto t = start(3, {"hover", "crusher", "twister"});
  ScrapRacerBot bot(BotLevel::Normal);
  chance(*t, "die 6");
  const double gain1 = bot.value_of(*t, kRoll) - bot.value_of(*t, kMove);
  more(*t, {5});
  const double gain2 = bot.value_of(*t, kRoll) - bot.value_of(*t, kMove);
  more(*t, {4});
  const double gain3 = bot.value_of(*t, kRoll) - bot.value_of(*t, kMove);
  CHECK(gain1 > gain2);
  CHECK(gain2 > gain3);
  CHECK(gain1 > 0);
  CHECK(gain3 < 0);
}

TEST_CASE("Bots: use a Boost marker to dodge a double", "[scrap-racer][bots]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
    CAPTURE(level_name(level));
    auto t = start(3, {"hover", "crusher", "twister"});
    t->test_set_boost(0, BoostKind::Turn, 1);
    roll(*t, {6, 5, 1, 5});
    REQUIRE(t->last_die_is_double());
    CHECK(bot_choice(level, *t) == "boost turn");  // the 5 becomes a 2
  }
}

TEST_CASE("Bots: play a bonus card to cross the finish line", "[scrap-racer][bots]") {
  auto t = start(3, {"hover", "crusher", "twister"});
  t->test_set_distance(0, 33);
  t->test_set_distance(1, 10);
  t->test_set_distance(2, 20);
  t->test_set_bonus_card(0, "forward-3");
  chance(*t, "die 5");
  act(*t, "move 5");
  CHECK(bot_choice(BotLevel::Normal, *t) == "advance 5");  // a fixed card waits for the landing
  act(*t, "advance 5");
  CHECK(t->distance(0) == 38);
  CHECK(bot_choice(BotLevel::Normal, *t) == "play forward-3");
}

TEST_CASE("Bots: play a bonus card to get out of a fight", "[scrap-racer][bots]") {
  auto t = start(3, {"hover", "crusher", "twister"});
  t->test_set_distance(0, 2);
  t->test_set_distance(1, 7);
  t->test_set_distance(2, 30);
  t->test_set_bonus_card(0, "forward-3");
  chance(*t, "die 5");
  act(*t, "move 5");
  act(*t, "advance 5");
  CHECK(bot_choice(BotLevel::Hard, *t) == "play forward-3");
  // Without a fight waiting, the card is kept.
  auto u = start(3, {"hover", "crusher", "twister"});
  u->test_set_distance(0, 2);
  u->test_set_distance(1, 12);
  u->test_set_bonus_card(0, "forward-3");
  chance(*u, "die 5");
  act(*u, "move 5");
  act(*u, "advance 5");
  CHECK(bot_choice(BotLevel::Hard, *u) == "end move");
}

TEST_CASE("Bots: in a same-owner fight, advance the team's rear racer", "[scrap-racer][bots]") {
  auto t = start(2, {"hover", "crusher", "twister", "swifty"});
  act(*t, "first hover");
  t->test_set_distance(1, 44);  // the Crusher, a lap ahead, on the same space as ...
  t->test_set_distance(0, 0);
  roll(*t, {1, 3});
  act(*t, "move 4");  // ... the Hover, arriving on space 4
  REQUIRE(t->phase() == Phase::FightChoose);
  CHECK(bot_choice(BotLevel::Normal, *t) == "winner hover");
}

namespace {

// Plays a race with this game's own bots at the given levels ("random" for a
// random player); returns the winning seat. (The Table wraps "hard" in the
// core's search agent; this drives the heuristic itself.)
PlayerId race(const std::shared_ptr<const Game>& game, const std::vector<BotLevel>& levels,
              std::uint64_t seed) {
  auto state = game->new_initial_state();
  Rng dice(seed);
  Rng thinking(seed * 7919 + 1);
  std::vector<std::unique_ptr<Agent>> bots;
  for (const auto& l : levels) {
    if (l == BotLevel::Random)
      bots.push_back(std::make_unique<RandomAgent>());
    else
      bots.push_back(std::make_unique<ScrapRacerBot>(l));
  }
  std::vector<Outcome> outs;
  std::vector<PlayerId> who;
  for (int steps = 0; state->turn() != Turn::Over && steps < 100000; ++steps) {
    if (state->turn() == Turn::Chance) {
      outs.clear();
      state->chance_outcomes(outs);
      const std::size_t i =
          pick_outcome(dice, outs.data(), outs.size(), weight_sum(outs.data(), outs.size()));
      state->apply(kChance, outs[i].action, 0);
    } else {
      who.clear();
      state->actors(who);
      const PlayerId p = who.front();
      state->apply_checked(p, bots[static_cast<std::size_t>(p)]->decide(*state, p, thinking).action, 0);
    }
    REQUIRE(state->check_invariants().empty());
  }
  REQUIRE(state->turn() == Turn::Over);
  return state->standings().winners().front();
}

}  // namespace

// How long the bots take is measured by `make bench-micro` ("bots at every
// level play whole games"), not asserted here.
TEST_CASE("Bots: every level plays whole games for 2-6 players", "[scrap-racer][bots]") {
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard}) {
    for (int players = 2; players <= 6; ++players) {
      auto game = test::make_game(entry(), players);
      for (std::uint64_t seed = 1; seed <= 4; ++seed)
        race(game, std::vector<BotLevel>(static_cast<std::size_t>(players), level), seed);
    }
  }
}

TEST_CASE("Bots: the heuristic beats random play, and normal beats easy", "[scrap-racer][bots]") {
  auto game = test::make_game(entry(), 4);
  int heuristic = 0;
  int normal = 0;
  const int games = 80;
  for (std::uint64_t seed = 1; seed <= games; ++seed) {
    const PlayerId w =
        race(game, {BotLevel::Normal, BotLevel::Random, BotLevel::Normal, BotLevel::Random}, seed);
    heuristic += (w == 0 || w == 2) ? 1 : 0;
    const PlayerId v = race(game, {BotLevel::Normal, BotLevel::Easy, BotLevel::Normal, BotLevel::Easy}, seed);
    normal += (v == 0 || v == 2) ? 1 : 0;
  }
  CHECK(heuristic > games * 3 / 4);
  CHECK(normal > games / 2);
}

TEST_CASE("Bots: hard (the core's search over this heuristic) finishes a race at the table",
          "[scrap-racer][bots]") {
  auto game = test::make_game(entry(), 2, {"short"});
  std::vector<Seat> seats{{"A", SeatKind::Bot, BotLevel::Hard}, {"B", SeatKind::Bot, BotLevel::Normal}};
  Table table(game, seats, 3);
  table.set_recording(false);
  table.advance();
  CHECK(table.over());
}
