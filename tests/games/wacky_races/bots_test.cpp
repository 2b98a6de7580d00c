// The heuristic computer players.
#include "core/rng.h"
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

namespace {
std::string bot_choice(Fixture& fx, PlayerId me, BotLevel level = BotLevel::Normal) {
  auto bot = fx.game->make_bot(level);
  Rng rng(7);
  const Decision d = bot->decide(fx.s(), me, rng);
  return fx.s().action_text(me, d.action);
}
void exhaust_all(Fixture& fx, PlayerId p) {
  for (int i = 0; i < kPowers; ++i) fx.s().set_exhausted(p, i, true);
}
}  // namespace

TEST_CASE("Bots: the first card is the one that starts the longest run of matching cards",
          "[wacky-races][bots]") {
  Fixture fx = start(Setup{});  // tiles 2 Forest, 3 Prairie, 4 Farm
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "FMP");
  exhaust_all(fx, 0);
  CHECK(bot_choice(fx, 0) == "play farm");  // Farm, then Forest and Prairie both match
  act(fx, 0, "play farm");
  CHECK(bot_choice(fx, 0) == "play forest");
  act(fx, 0, "play forest");
  CHECK(bot_choice(fx, 0) == "play prairie");
}

TEST_CASE("Bots: they keep a card rather than drive it onto a face-down Trap", "[wacky-races][bots]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  fx.s().put_trap(tile(fx, 3), trap_id(fx, "log"));
  hand(fx, 0, "MFF");
  exhaust_all(fx, 0);
  act(fx, 0, "play farm");  // onto tile 2, a Forest
  CHECK(bot_choice(fx, 0) == "end");
}

TEST_CASE("Bots: a Movement power is used when the landing is safe", "[wacky-races][bots]") {
  Fixture fx = start(Setup{});
  no_dastardly(fx);
  put(fx, "pat-pending", 1);
  hand(fx, 0, "MDD");
  act(fx, 0, "play farm");
  fx.s().set_exhausted(0, power_index(fx, 0, "convert"), true);
  fx.s().set_exhausted(0, power_index(fx, 0, "gadget-galore"), true);
  CHECK(bot_choice(fx, 0) == "power pogo-spring");
  fx.s().put_trap(tile(fx, 3), trap_id(fx, "log"));
  CHECK(bot_choice(fx, 0) == "end");  // not onto a Trap
}

TEST_CASE("Bots: attacks go to the racer furthest ahead", "[wacky-races][bots]") {
  Setup su;
  su.racers = "sergeant-blast,pat-pending,rufus-ruffcut";
  su.neutrals = {"red-max", "ant-hill-mob", "lazy-luke"};
  Fixture fx = start(su);
  no_dastardly(fx);
  put(fx, "sergeant-blast", 5);
  put(fx, "pat-pending", 6);
  put(fx, "red-max", 7);
  act(fx, 0, "power fire");
  REQUIRE(fx.s().top()->kind == TaskKind::ChooseRacer);
  CHECK(bot_choice(fx, 0) == "racer red-max");
}

// Computer players of every level finish their games; the heuristic beats random play.
TEST_CASE("Bots: the normal bot beats random players", "[wacky-races][bots]") {
  auto game = test::make_game(wacky_races::entry(), 2);
  int better = 0, worse = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Table table(game,
                {Seat{"bot", SeatKind::Bot, BotLevel::Normal}, Seat{"rnd", SeatKind::Bot, BotLevel::Random}},
                seed);
    table.set_recording(false);
    table.advance();
    REQUIRE(table.over());
    const auto& s = static_cast<const WackyState&>(table.state());
    if (s.pos(0) > s.pos(1) || s.winner() == 0) ++better;
    if (s.pos(1) > s.pos(0) || s.winner() == 1) ++worse;
  }
  CAPTURE(better, worse);
  CHECK(better > 2 * worse);
  for (BotLevel level : {BotLevel::Easy, BotLevel::Hard}) {
    Table table(game, {Seat{"a", SeatKind::Bot, level}, Seat{"b", SeatKind::Bot, level}}, 3);
    table.advance();
    CHECK(table.over());
  }
}
