// The computers' pace in timed contests (core/contest_pace.h), measured in
// Racesmack's tapping: how long normal computers take to tap at each pace,
// and how often a newcomer who taps the right card a fixed time after "go"
// is the first to tap correctly (the fastest winner). docs/BOTS.md
// ("Contest pace") quotes these numbers; RACETABLE_MEASURE=1 prints them.
#include <cstdio>
#include <cstdlib>

#include "core/table.h"
#include "core/timed_contests.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

struct PaceMeasure {
  int rounds = 0;      // tapping rounds with a correct card to tap
  int won = 0;         // the person's tap was the first correct one
  double mean_ms = 0;  // the computers' taps after "go", on average
  Tick fastest_ms = kNoDeadline;
};

// Games of `players` seats, seat 1 a person who taps `tap_ms` after "go"
// (the right card: their own when it is correct, else the first correct),
// every other seat a normal computer; the person's picks are a normal
// computer's too.
PaceMeasure measure(int players, ContestPace pace, Tick tap_ms, int games) {
  PaceMeasure m;
  std::uint64_t bot_sum = 0;
  int bot_taps = 0;
  for (int seed = 1; seed <= games; ++seed) {
    auto game = make(players);
    std::vector<Seat> seats{Seat{"Ana", SeatKind::Human, BotLevel::Normal}};
    for (int p = 1; p < players; ++p) seats.push_back(Seat{"Bot", SeatKind::Bot, BotLevel::Normal});
    Table table(game, seats, static_cast<std::uint64_t>(seed));
    table.set_contest_pace(pace);
    auto picker = make_agent(*game, BotLevel::Normal);
    Rng rng = Rng::stream(static_cast<std::uint64_t>(seed), "person");
    // Who tapped correctly first in this round, seen step by step.
    PlayerId first_correct = kChance;
    table.set_step_observer([&](const Step& step) {
      if (step.player < 0 || step.action < kTapBase) return;
      const auto& s = static_cast<const RacesmackState&>(table.state());
      if (step.player != 0) {
        bot_sum += step.tick - s.contest_open();
        ++bot_taps;
        m.fastest_ms = std::min<Tick>(m.fastest_ms, step.tick - s.contest_open());
      }
      // Only a tap of a card on the table (its bit in the mask) can be correct.
      const Action card = step.action - kTapBase;
      if (first_correct == kChance && card < 8 && ((s.correct_mask() >> card) & 1u))
        first_correct = step.player;
    });
    std::vector<PlayerId> people;
    for (int guard = 0; guard < 5000 && !table.over(); ++guard) {
      const auto& s = static_cast<const RacesmackState&>(table.state());
      table.humans_to_act(people);
      if (people.empty()) {
        table.advance(s.timed() ? s.contest_open() + tap_ms : kNoDeadline);
        table.humans_to_act(people);
        if (people.empty()) {
          if (s.timed()) table.advance();  // the person has tapped: the computers finish the round
          continue;
        }
      }
      if (!s.timed()) {
        const Action a = picker->decide(s, 0, rng).action;
        INFO("pick " << s.action_text(0, a) << " in\n" << s.debug_string());
        table.submit(0, a, s.now());
        continue;
      }
      // A tapping round: the computers quicker than the person tap first.
      const std::uint32_t contest = s.contest_id();
      const Tick at = s.contest_open() + tap_ms;
      const std::uint8_t mask = s.correct_mask();
      first_correct = kChance;
      table.advance(at);
      if (mask != 0) ++m.rounds;
      table.humans_to_act(people);
      if (!timed(table.state()) || contest_id(table.state()) != contest || people.empty()) continue;
      const int own = s.own_slot(0);
      int target = own >= 0 && ((mask >> own) & 1u) ? own : 0;
      for (int t = 0; mask != 0 && ((mask >> target) & 1u) == 0; ++t) target = t;
      INFO("tap " << target << " in\n" << s.debug_string());
      table.submit(0, kTapBase + target, at);
      if (mask != 0 && first_correct == 0) ++m.won;
    }
  }
  m.mean_ms = bot_taps ? static_cast<double>(bot_sum) / bot_taps : 0.0;
  return m;
}

void report(int players, ContestPace pace, Tick tap_ms, const PaceMeasure& m) {
  if (!std::getenv("RACETABLE_MEASURE")) return;
  std::printf(
      "%d players, %-7s pace, person taps at %4u ms: computers tap after %4.0f ms on average "
      "(fastest %u); person first correct in %3d of %3d rounds (%2.0f%%)\n",
      players, std::string(contest_pace_name(pace)).c_str(), tap_ms, m.mean_ms, m.fastest_ms, m.won, m.rounds,
      m.rounds ? 100.0 * m.won / m.rounds : 0.0);
}

}  // namespace

TEST_CASE("Contest pace: relaxed lets a person who taps at 3 s win rounds against normal computers",
          "[racesmack][pace]") {
  const PaceMeasure relaxed = measure(3, ContestPace::Relaxed, 3000, 30);
  const PaceMeasure normal = measure(3, ContestPace::Normal, 3000, 30);
  report(3, ContestPace::Relaxed, 3000, relaxed);
  report(3, ContestPace::Normal, 3000, normal);
  REQUIRE(relaxed.rounds > 50);
  // At normal the computers have tapped long before 3 s: the person is never first.
  CHECK(normal.won * 20 < normal.rounds);
  // Relaxed: a fair chance, at least one round in five (one in three would be
  // an even share among three; measured: 37 of 141).
  CHECK(relaxed.won * 5 >= relaxed.rounds);
  CHECK(relaxed.mean_ms > 1.8 * normal.mean_ms);
}

TEST_CASE("Contest pace: quick computers tap sooner than normal ones", "[racesmack][pace]") {
  const PaceMeasure quick = measure(3, ContestPace::Quick, 3000, 10);
  const PaceMeasure normal = measure(3, ContestPace::Normal, 3000, 10);
  report(3, ContestPace::Quick, 3000, quick);
  CHECK(quick.mean_ms < normal.mean_ms);
}

TEST_CASE("Contest pace: the measurements docs/BOTS.md quotes", "[racesmack][pace][.measure]") {
  for (int players : {2, 3, 4, 6})
    for (ContestPace pace : {ContestPace::Relaxed, ContestPace::Normal, ContestPace::Quick})
      for (Tick tap : {2000u, 3000u, 4000u}) report(players, pace, tap, measure(players, pace, tap, 40));
}
