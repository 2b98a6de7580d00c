// The highlighted default of every decision in every game (core/seat_question,
// State::gives_up): the option Enter plays never gives something up while
// another legal option does not (docs/ARCHITECTURE.md, "The highlighted
// default"). Random play through the engine, many seeds, every player count.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "core/rng.h"
#include "core/seat_question.h"
#include "games/registry.h"
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
    if ((turn == Turn::Player || turn == Turn::Simultaneous) && !st.timed()) {
      actors.clear();
      st.actors(actors);
      for (const PlayerId p : actors) {
        const SeatQuestion q = seat_question(st, p);
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
  // Issue #33 item 3: "▶ 1 Take the crash card" was highlighted above "2 Boost Re-roll".
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
      const SeatQuestion q = seat_question(st, actors.front());
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
