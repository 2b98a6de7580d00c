// The highlighted default of every decision in every game (core/seat_question,
// State::gives_up): the option Enter plays never gives something up while
// another legal option does not (docs/ARCHITECTURE.md, "The highlighted
// default"). Random play through the engine, many seeds, every player count.
#include <catch2/catch.hpp>

#include <set>

#include <fmt/format.h>

#include "core/presenter.h"
#include "core/rng.h"
#include "core/seat_question.h"
#include "core/timed_contests.h"
#include "games/registry.h"
#include "games/scrap_racer/bots.h"
#include "games/scrap_racer/state.h"
#include "games/setup.h"

using namespace rt;

namespace {

struct Seen {
  int decisions = 0;
  int choices_with_a_loss = 0;  // decisions where some option gives up and another does not
  std::vector<std::string> failures;
};

// Plays one game of random computers, checking the question every seat
// deciding is asked before each step (a person's seat would be asked the same).
void play_checking(const std::string& game, int players, std::uint64_t seed, Seen& seen) {
  setup::TableRequest req;
  req.game = game;
  req.players = players;
  req.seats.assign(static_cast<std::size_t>(players), "random");
  auto table = setup::make_table(req, seed);
  std::vector<PlayerId> actors;
  for (int guard = 0; guard < 50000 && !table->over(); ++guard) {
    const State& st = table->state();
    const Turn turn = st.turn();
    if ((turn == Turn::Player || turn == Turn::Simultaneous) && !timed(st)) {
      actors.clear();
      st.actors(actors);
      for (const PlayerId p : actors) {
        const SeatQuestion q = seat_question(table->game().presenter(), st, p);
        REQUIRE(!q.actions.empty());
        ++seen.decisions;
        bool any_free = false, any_loss = false;
        for (Action a : q.actions) (st.gives_up(p, a) ? any_loss : any_free) = true;
        if (any_free && any_loss) ++seen.choices_with_a_loss;
        const Action shown = q.actions[static_cast<std::size_t>(q.first)];
        if (st.gives_up(p, shown) && any_free && seen.failures.size() < 5)
          seen.failures.push_back(fmt::format("{} seed {} ({} players): '{}' highlighted, gives something up",
                                              game, seed, players,
                                              q.labels[static_cast<std::size_t>(q.first)]));
      }
    }
    if (!table->advance_one()) break;
  }
}

}  // namespace

TEST_CASE("Defaults: no highlighted option gives something up while another does not, in every game",
          "[defaults]") {
  for (const GameEntry& e : builtin_registry().all()) {
    Seen seen;
    for (int players = e.info.min_players; players <= e.info.max_players; ++players)
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        INFO(e.info.id << " seed " << seed << ", " << players << " players");
        play_checking(e.info.id, players, seed, seen);
      }
    INFO(e.info.id << ": " << seen.decisions << " decisions, " << seen.choices_with_a_loss
                   << " with an option that gives something up beside one that does not");
    for (const std::string& f : seen.failures) FAIL_CHECK(f);
    CHECK(seen.decisions > 100);
  }
}

TEST_CASE("Defaults: Scrap Racer on a double highlights the Boost Re-roll, not the crash card",
          "[defaults]") {
  // Taking the crash card gives something up while a Boost Re-roll may avoid it.
  int doubles = 0;
  for (std::uint64_t seed = 1; seed <= 40 && doubles < 3; ++seed) {
    setup::TableRequest req;
    req.game = "scrap-racer";
    req.players = 2;
    req.seats = {"random", "random"};
    auto table = setup::make_table(req, seed);
    std::vector<PlayerId> actors;
    for (int guard = 0; guard < 20000 && !table->over(); ++guard) {
      const State& st = table->state();
      if (st.turn() != Turn::Player) {
        if (!table->advance_one()) break;
        continue;
      }
      actors.clear();
      st.actors(actors);
      const SeatQuestion q = seat_question(table->game().presenter(), st, actors.front());
      bool crash = false, reroll = false;
      for (const std::string& label : q.labels) {
        crash = crash || label.rfind("Take the crash card", 0) == 0;
        reroll = reroll || label.rfind("Boost Re-roll", 0) == 0;
      }
      if (crash && reroll) {
        ++doubles;
        CHECK(q.labels[static_cast<std::size_t>(q.first)].rfind("Boost Re-roll", 0) == 0);
      }
      if (!table->advance_one()) break;
    }
  }
  CHECK(doubles > 0);
}

TEST_CASE(
    "Defaults: Scrap Racer's highlight rolls on or moves as the normal computer would, never into a "
    "likely double",
    "[defaults]") {
  // "If the active player has not yet rolled a double, they must decide to
  // either roll another die ... or keep what they have rolled so far and move
  // their racer." Enter pressed again and again plays as the heuristic the
  // hint starts from, and never rolls on into a likely double (4 in 6 or
  // worse) without a Boost marker to undo it.
  int stops = 0, rolls = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    setup::TableRequest req;
    req.game = "scrap-racer";
    req.players = 3;
    req.seats = {"normal", "normal", "normal"};
    auto table = setup::make_table(req, seed);
    std::vector<PlayerId> actors;
    for (int guard = 0; guard < 20000 && !table->over(); ++guard) {
      const auto& st = static_cast<const scrap_racer::ScrapRacerState&>(table->state());
      if (st.turn() == Turn::Player && st.phase() == scrap_racer::Phase::AfterDie &&
          !st.last_die_is_double()) {
        actors.clear();
        st.actors(actors);
        const SeatQuestion q = seat_question(table->game().presenter(), st, actors.front());
        const Action shown = q.actions[static_cast<std::size_t>(q.first)];
        if (st.is_legal(actors.front(), scrap_racer::kRoll)) {
          INFO("seed " << seed << ": " << q.prompt);
          std::set<int> faces;
          for (int i = 0; i < st.dice_rolled(); ++i) faces.insert(st.die(i));
          // 4 in 6 or worse (at 3 in 6 low doubles' crash cards may still move you on).
          if (faces.size() >= 4 && st.boosts_held(st.active()) == 0) CHECK(shown == scrap_racer::kMove);
          scrap_racer::ScrapRacerBot bot(BotLevel::Normal);
          const bool roll = bot.value_of(st, scrap_racer::kRoll) > bot.value_of(st, scrap_racer::kMove);
          CHECK(shown == (roll ? scrap_racer::kRoll : scrap_racer::kMove));
          (shown == scrap_racer::kMove ? stops : rolls) += 1;
        }
      }
      if (!table->advance_one()) break;
    }
  }
  INFO(rolls << " rolls and " << stops << " stops highlighted");
  CHECK(stops > 0);
  CHECK(rolls > 0);
}
