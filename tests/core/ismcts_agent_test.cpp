// The expert's information-set tree search on the toy game (roll again or
// stop; rolling always adds points, so "again" is the better move while it
// is allowed).
#include <catch2/catch.hpp>

#include "core/ismcts_agent.h"
#include "core/table.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

using toy::first_choice;
using toy::toy_game;

std::unique_ptr<IsmctsAgent> stopper_expert(int playouts) {
  SearchConfig c;
  c.budget.expert_playouts = playouts;
  return std::make_unique<IsmctsAgent>(std::make_unique<toy::FixedAgent>(toy::kStop, 300),
                                       toy_game()->presenter(), std::move(c));
}

}  // namespace

TEST_CASE("Expert: the tree search finds the better move over a poor heuristic", "[core][expert]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  auto bot = stopper_expert(400);
  Rng rng(5);
  CHECK(bot->decide(*s, 0, rng).action == toy::kAgain);
  CHECK(bot->stats().decisions == 1);
  CHECK(bot->stats().playouts == 400);  // exactly its budget
  CHECK(bot->stats().nodes > 2);        // a tree, not only the root's two moves
}

TEST_CASE("Expert: the same stream makes the same choice and the same tree", "[core][expert]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  auto a = stopper_expert(200);
  auto b = stopper_expert(200);
  Rng ra(9), rb(9);
  CHECK(a->decide(*s, 0, ra).action == b->decide(*s, 0, rb).action);
  CHECK(a->stats().nodes == b->stats().nodes);
  CHECK(ra.next64() == rb.next64());
}

TEST_CASE("Expert: the thinking factor scales the playouts, within bounds", "[core][expert]") {
  auto bot = stopper_expert(400);
  CHECK(bot->playout_budget() == 400);
  bot->set_think_percent(25);
  CHECK(bot->playout_budget() == 100);
  bot->set_think_percent(kMaxThinkPercent);
  CHECK(bot->playout_budget() == 4000);
  auto g = toy_game();
  auto s = first_choice(*g);
  Rng rng(1);
  bot->decide(*s, 0, rng);
  CHECK(bot->stats().playouts == 4000);
}

TEST_CASE("Expert: forced moves and filtered decisions are the heuristic's, unsearched", "[core][expert]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  SearchConfig c;
  c.searches = [](const State&, PlayerId) { return false; };
  IsmctsAgent filtered(std::make_unique<toy::FixedAgent>(toy::kStop, 300), g->presenter(), c);
  Rng rng(5);
  CHECK(filtered.decide(*s, 0, rng).action == toy::kStop);
  CHECK(filtered.stats().decisions == 0);
  CHECK(filtered.stats().playouts == 0);
}

TEST_CASE("Expert: plays with the hard reaction profile and reading time", "[core][expert]") {
  CHECK(reaction_profile(BotLevel::Expert).mean_ms == reaction_profile(BotLevel::Hard).mean_ms);
  CHECK(reaction_profile(BotLevel::Expert).spread_ms == reaction_profile(BotLevel::Hard).spread_ms);
  CHECK(reaction_profile(BotLevel::Expert).error_per_mille ==
        reaction_profile(BotLevel::Hard).error_per_mille);
  CHECK(think_time_percent(BotLevel::Expert) == think_time_percent(BotLevel::Hard));
}
