// The heuristic computer players: correct taps after a reaction time from
// their level (errors by profile), Finish-minded picks, placements and losses.
#include "games/racesmack/bots.h"
#include <cmath>

#include "core/rng.h"
#include "core/search_agent.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

// Ana R02, Ben R06, Cleo R04 revealed: triangles (#1, #2) are correct.
std::unique_ptr<RacesmackState> tapping(std::shared_ptr<const RacesmackGame>& g) {
  g = make(3);
  auto s = start(g);
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  pick(*s, {"R02", "R06", "R04"});
  return s;
}

}  // namespace

TEST_CASE("Bots: every level has a Racesmack bot", "[racesmack][bots]") {
  auto g = make(3);
  for (BotLevel level : {BotLevel::Easy, BotLevel::Normal}) {
    auto bot = g->make_bot(level);
    REQUIRE(bot != nullptr);
    CHECK(dynamic_cast<RacesmackBot*>(bot.get()) != nullptr);
  }
  // hard: the core's search over the heuristic (which still taps).
  auto hard = g->make_bot(BotLevel::Hard);
  CHECK(dynamic_cast<SearchAgent*>(hard.get()) != nullptr);
}

// A computer taps after a reaction time from its level's profile, sometimes
// wrongly (easy more often than hard).
TEST_CASE("Bots: taps a correct card, errs by profile, easy more often than hard", "[racesmack][bots]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = tapping(g);
  auto rate = [&](BotLevel level, double& mean_delay) {
    RacesmackBot bot(level);
    Rng rng(42);
    int wrong = 0;
    double delay = 0;
    constexpr int kTrials = 4000;
    for (int k = 0; k < kTrials; ++k) {
      const Decision d = bot.decide(*s, 2, rng);
      wrong += !s->tap_correct(2, d.action - kTapBase);
      delay += d.delay;
    }
    mean_delay = delay / kTrials;
    return static_cast<double>(wrong) / kTrials;
  };
  double easy_delay = 0, hard_delay = 0, normal_delay = 0;
  const double easy = rate(BotLevel::Easy, easy_delay);
  const double normal = rate(BotLevel::Normal, normal_delay);
  const double hard = rate(BotLevel::Hard, hard_delay);
  CHECK(easy > normal);
  CHECK(normal > hard);
  CHECK(hard < 0.05);
  CHECK(easy > 0.10);
  CHECK(hard_delay < normal_delay);
  CHECK(normal_delay < easy_delay);
  // The level's profile (mean +- spread) after reading the revealed cards
  // (TimedContests::think_time, scaled by the level: hard reads faster than easy).
  const double read = s->think_time(2);
  REQUIRE(read > 0);
  CHECK(std::abs(hard_delay - (reaction_profile(BotLevel::Hard).mean_ms +
                               read * think_time_percent(BotLevel::Hard) / 100)) < 20);
  CHECK(std::abs(easy_delay - (reaction_profile(BotLevel::Easy).mean_ms +
                               read * think_time_percent(BotLevel::Easy) / 100)) < 30);
}

TEST_CASE("Bots: when nothing is correct they tap their own card", "[racesmack][bots]") {
  auto g = make(3);
  auto s = start(g);
  deal(*s, {{"#17", "R30", "R31", "R32"}, {"R13", "R33", "R34", "R35"}, {"R09", "R36", "R29", "R28"}}, "R05");
  pick(*s, {"#17", "R13", "R09"});
  REQUIRE(s->none_correct());
  RacesmackBot bot(BotLevel::Hard);
  Rng rng(3);
  int own = 0;
  for (int k = 0; k < 200; ++k) own += bot.decide(*s, 1, rng).action == kTapBase + 1;
  CHECK(own > 180);
}

TEST_CASE("Bots: pick the card that brings the Finish closer", "[racesmack][bots]") {
  auto g = make(2);
  auto s = start(g);
  // Ana wins #16 (Finish: 5 triangle icons) in round 1.
  deal(*s, {{"#16", "R20", "R03", "R07"}, {"R01", "R09", "R10", "R11"}}, "R08");
  pick(*s, {"#16", "R01"});
  tap(*s, 0, 2, 100);
  test::act(*s, 0, "left #16");
  test::act(*s, 0, "right R01");
  flip_tops(*s, {"R12", "R14"});
  RacesmackBot bot(BotLevel::Hard);
  Rng rng(5);
  CHECK(s->action_text(0, bot.decide(*s, 0, rng).action) == "play R20");  // two triangles
}

TEST_CASE("Bots: place won cards so no neighbours clash for their Finish", "[racesmack][bots]") {
  auto g = make(2);
  auto s = start(g);
  // #6's Finish: 5 cards, and none shares a colour with a neighbour.
  deal(*s, {{"#6", "R05", "R04", "R30"}, {"R02", "R07", "R13", "R33"}}, "R08");
  pick(*s, {"#6", "R02"});  // #6: no double shapes -> R02
  tap(*s, 0, 2, 100);
  test::act(*s, 0, "left #6");
  test::act(*s, 0, "right R02");
  flip_tops(*s, {"R09", "R10"});
  pick(*s, {"R05", "R07"});  // circle and square tie: both correct
  tap(*s, 0, 1, s->now() + 100);
  RacesmackBot bot(BotLevel::Hard);
  Rng rng(9);
  while (s->phase() == Phase::Settle) test::act(*s, 0, s->action_text(0, bot.decide(*s, 0, rng).action));
  CHECK(s->progress_of(0).faults == 0);
  flip_tops(*s, {"R11", "R12"});
  pick(*s, {"R04", "R13"});  // squares win: R13
  tap(*s, 0, 2, s->now() + 100);
  while (s->phase() == Phase::Settle) test::act(*s, 0, s->action_text(0, bot.decide(*s, 0, rng).action));
  CHECK(s->race(0).len == 6);
  CHECK(s->progress_of(0).faults == 0);
}

TEST_CASE("Bots: a lost Race card is never their Finish when another will do", "[racesmack][bots]") {
  auto g = make(2);
  auto s = start(g);
  deal(*s, {{"#6", "R05", "R04", "R30"}, {"R02", "R13", "R07", "R33"}}, "R08");
  pick(*s, {"#6", "R02"});
  tap(*s, 0, 2, 100);
  test::act(*s, 0, "left #6");
  test::act(*s, 0, "right R02");
  flip_tops(*s, {"R09", "R10"});
  pick(*s, {"R05", "R13"});       // squares: R13 correct
  tap(*s, 0, 1, s->now() + 100);  // Ana: wrong
  REQUIRE(s->lose_race_owed(0) == 1);
  RacesmackBot bot(BotLevel::Hard);
  Rng rng(1);
  CHECK(s->action_text(0, bot.decide(*s, 0, rng).action) == "lose R02");
}

TEST_CASE("Bots: with the tie penalty on a tie they wait to be the last", "[racesmack][bots]") {
  auto g = make(3, {"time-penalty"});
  auto s = start(g);
  deal(*s, {{"R02", "R09", "R05", "R32"}, {"R06", "R11", "R07", "R33"}, {"R04", "R10", "R08", "R36"}}, "R01");
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 1, 2, 100);
  tap(*s, 0, 3, 200);
  RacesmackBot bot(BotLevel::Hard);
  Rng rng(2);
  CHECK(s->action_text(0, bot.decide(*s, 0, rng).action) == "penalty race");  // nothing to lose yet
  test::act(*s, 0, "penalty tie");
  while (!s->to_place(1).empty())
    test::act(*s, 1, "left " + std::string(s->card(s->to_place(1).first()).name()));
  flip_tops(*s, {"R12", "R13", "R14"});
  pick(*s, {"R09", "R11", "R10"});  // a tie
  const Decision d = bot.decide(*s, 0, rng);
  CHECK(d.delay > s->data().tap_window_ms - 1000);
  CHECK(bot.decide(*s, 1, rng).delay < 5000);
}

TEST_CASE("Bots: hard bots beat random players", "[racesmack][bots]") {
  auto g = make(4);
  int wins = 0;
  constexpr int kGames = 24;
  for (int seed = 1; seed <= kGames; ++seed) {
    std::vector<Seat> seats{{"A", SeatKind::Bot, BotLevel::Hard},
                            {"B", SeatKind::Bot, BotLevel::Random},
                            {"C", SeatKind::Bot, BotLevel::Random},
                            {"D", SeatKind::Bot, BotLevel::Random}};
    Table t(g, seats, static_cast<std::uint64_t>(seed));
    t.set_recording(false);
    t.advance();
    REQUIRE(t.over());
    const auto w = t.state().standings().winners();
    wins += std::find(w.begin(), w.end(), PlayerId{0}) != w.end();
  }
  CHECK(wins > kGames / 2);
}
