// The generic search bot on the toy game (roll again or stop; rolling always
// adds points, so "again" is the better move while it is allowed).
#include <catch2/catch.hpp>

#include "core/presenter.h"
#include "core/search_agent.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

using toy::first_choice;
using toy::toy_game;

// A search whose fallback always stops: search has to find "again".
std::unique_ptr<SearchAgent> stopper_search(SearchConfig config = {}) {
  return std::make_unique<SearchAgent>(std::make_unique<toy::FixedAgent>(toy::kStop, 300),
                                       toy_game()->presenter(), std::move(config));
}

double score_lead(const State& s, PlayerId me) {
  const auto& t = static_cast<const toy::ToyState&>(s);
  return 0.5 + 0.02 * (t.score(me) - t.score(me == 0 ? 1 : 0));
}

}  // namespace

TEST_CASE("Toy game: the searches' first position is seat 0's choice", "[core][search]") {
  REQUIRE(first_choice(*toy_game())->turn() == Turn::Player);
}

TEST_CASE("Search: overrules a poor fallback with the move the playouts prefer", "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  auto bot = stopper_search();
  Rng rng(5);
  CHECK(bot->decide(*s, 0, rng).action == toy::kAgain);
  CHECK(bot->stats().decisions == 1);
  CHECK(bot->stats().overruled == 1);
  CHECK(bot->stats().playouts >= 2 * 24);
}

// Labels that say more than the action's text, as a game's presenter's do.
class MenuLabels final : public Presenter {
 public:
  void view(const State&, Canvas&, const ViewContext&) const override {}
  std::string prompt(const State&, PlayerId) const override { return "Again or stop?"; }
  std::string action_label(const State& state, PlayerId player, Action action) const override {
    return "Bank it: " + state.action_text(player, action) + " keeps the points";
  }
};

TEST_CASE("Presenter: an option's label is its text unless the game's presenter says more",
          "[core][presenter]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  CHECK(g->presenter().action_label(*s, 0, toy::kStop) == s->action_text(0, toy::kStop));
  CHECK(MenuLabels().action_label(*s, 0, toy::kStop) ==
        "Bank it: " + s->action_text(0, toy::kStop) + " keeps the points");
}

TEST_CASE("Search: the move it overrules is named as the game's presenter labels it, up to the explanation",
          "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  const MenuLabels labels;
  SearchAgent bot(std::make_unique<toy::FixedAgent>(toy::kStop, 300), labels);
  Rng rng(5);
  REQUIRE(bot.decide(*s, 0, rng).action == toy::kAgain);
  CHECK(bot.reason(*s, 0, toy::kAgain) == "trial games went better than with Bank it");
}

TEST_CASE("Search: a move it overrules its fallback with is explained against the fallback's, named",
          "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  auto bot = stopper_search();
  Rng rng(5);
  REQUIRE(bot->decide(*s, 0, rng).action == toy::kAgain);
  const std::string why = bot->reason(*s, 0, toy::kAgain);
  CHECK(why == "trial games went better than with " + g->presenter().action_label(*s, 0, toy::kStop));
  CHECK(why.find("plan") == std::string::npos);
  CHECK(why.size() <= kReasonColumns);
}

TEST_CASE("Search: keeps the fallback's move when it is already the best", "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  SearchAgent bot(std::make_unique<toy::FixedAgent>(toy::kAgain, 300), g->presenter());
  Rng rng(5);
  CHECK(bot.decide(*s, 0, rng).action == toy::kAgain);
  CHECK(bot.stats().decisions == 1);
  CHECK(bot.stats().overruled == 0);
}

TEST_CASE("Search: the evaluator judges playouts at the horizon and at stop_at positions", "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  int judged = 0;
  SearchConfig c;
  c.budget.horizon = 1;
  c.evaluate = [&](const State& st, PlayerId me) {
    ++judged;
    return score_lead(st, me);
  };
  auto bot = stopper_search(c);
  Rng rng(5);
  CHECK(bot->decide(*s, 0, rng).action == toy::kAgain);
  CHECK(judged == static_cast<int>(bot->stats().playouts));  // no playout ran to the end

  judged = 0;
  SearchConfig at_tap;
  at_tap.evaluate = c.evaluate;
  at_tap.stop_at = [](const State& st) { return timed(st); };
  auto stopping = stopper_search(at_tap);
  stopping->decide(*s, 0, rng);
  CHECK(judged == static_cast<int>(stopping->stats().playouts));
}

TEST_CASE("Search: timed contests, forced moves and filtered decisions go to the fallback",
          "[core][search]") {
  auto g = toy_game();
  auto s = first_choice(*g);
  SearchConfig c;
  c.searches = [](const State&, PlayerId) { return false; };
  auto filtered = stopper_search(c);
  Rng rng(5);
  CHECK(filtered->decide(*s, 0, rng).action == toy::kStop);
  CHECK(filtered->stats().decisions == 0);

  // Roll until the tapping contest: every seat stops, one die each.
  auto bot = stopper_search();
  s->apply(0, toy::kStop, 0);
  s->apply(kChance, 104, 0);
  s->apply(1, toy::kStop, 0);
  REQUIRE(timed(*s));
  const Decision d = bot->decide(*s, 0, rng);
  CHECK(d.action == toy::kTap);
  CHECK(d.delay == 300);
  CHECK(bot->stats().decisions == 0);
}

TEST_CASE("Search: the same random stream gives the same decisions and the same game", "[core][search]") {
  auto g = toy_game(3);
  auto play = [&](std::uint64_t seed) {
    std::vector<Seat> seats;
    for (int p = 0; p < 3; ++p)
      seats.push_back(Seat{fmt::format("S{}", p + 1), SeatKind::Bot, BotLevel::Random});
    Table t(g, seats, seed);
    for (PlayerId p = 0; p < 3; ++p) {
      SearchConfig c;
      c.budget.iterations = 8;
      c.playout_policy = [] { return std::make_unique<RandomAgent>(); };
      c.budget.random_per_mille = 200;
      t.set_agent(p, stopper_search(c));
    }
    t.advance();
    REQUIRE(t.over());
    return t.history();
  };
  CHECK(play(11) == play(11));
  CHECK(play(11) != play(12));

  auto s = first_choice(*g);
  auto a = stopper_search();
  auto b = stopper_search();
  Rng ra(77), rb(77);
  for (int i = 0; i < 5; ++i) CHECK(a->decide(*s, 0, ra).action == b->decide(*s, 0, rb).action);
  CHECK(ra.next64() == rb.next64());
}
