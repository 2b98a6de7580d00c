// The game review (core/review.h) on the toy game: seat 0 has rolled a 3 and
// may roll again or stop; rolling always adds points, so stopping this early
// clearly loses chance to win, and rolling again loses none.
#include <catch2/catch.hpp>

#include "core/review.h"
#include "core/search_agent.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

// The toy game with an expert: the tree search around a heuristic that
// always stops (the other levels as the toy has them).
class ExpertToy final : public Game {
 public:
  ExpertToy() : inner_(toy::toy_game()) {}
  const GameInfo& info() const override { return inner_->info(); }
  const Options& options() const override { return inner_->options(); }
  std::unique_ptr<State> new_initial_state() const override { return inner_->new_initial_state(); }
  std::unique_ptr<Agent> make_bot(BotLevel level) const override {
    if (level != BotLevel::Expert) return inner_->make_bot(level);
    SearchConfig c;
    c.budget.expert_playouts = 400;
    return make_expert(std::make_unique<toy::FixedAgent>(toy::kStop, 300), presenter(), std::move(c));
  }
  std::string rules_text() const override { return inner_->rules_text(); }
  const Presenter& presenter() const override { return inner_->presenter(); }

 private:
  std::shared_ptr<const Game> inner_;
};

// Seat 0's first choice, after a 3, with `played` made there.
ReviewTask choice(const Game& g, Action played) {
  ReviewTask t;
  t.before = toy::first_choice(g);
  t.move.seat = 0;
  t.move.played = played;
  t.move.played_text = g.presenter().action_label(*t.before, 0, played);
  return t;
}

}  // namespace

TEST_CASE("Review: a clearly losing move is named, with the better move and its spread", "[core][review]") {
  const ExpertToy g;
  ReviewTask t = choice(g, toy::kStop);
  Rng rng = review_rng(1, 0, 1);
  review_move(g, t, 50, rng);
  const ReviewedMove& m = t.move;
  CHECK(m.best == toy::kAgain);
  CHECK(m.best_text == "again");
  CHECK(m.playouts == kReviewPlayouts / 2);
  CHECK(m.spread > 0);
  CHECK(m.win_best > m.win_played + 0.15);
  CHECK(m.mistake());
}

TEST_CASE("Review: the expert's own move is no mistake", "[core][review]") {
  const ExpertToy g;
  ReviewTask t = choice(g, toy::kAgain);
  Rng rng = review_rng(1, 0, 1);
  review_move(g, t, 50, rng);
  CHECK(t.move.best == toy::kAgain);
  CHECK(t.move.win_best == t.move.win_played);
  CHECK_FALSE(t.move.mistake());
}

TEST_CASE("Review: a better move within the spread of the move played is no mistake", "[core][review]") {
  ReviewedMove m;
  m.played = toy::kStop;
  m.best = toy::kAgain;
  m.win_played = 0.40;
  m.win_best = 0.43;
  m.spread = 0.05;
  CHECK_FALSE(m.mistake());
  m.spread = 0.02;
  CHECK(m.mistake());
}

TEST_CASE("Review: the same save and seat give the same estimates", "[core][review][determinism]") {
  const ExpertToy g;
  ReviewTask a = choice(g, toy::kStop), b = choice(g, toy::kStop);
  Rng ra = review_rng(7, 0, 3), rb = review_rng(7, 0, 3);
  review_move(g, a, 20, ra);
  review_move(g, b, 20, rb);
  CHECK(a.move.win_played == b.move.win_played);
  CHECK(a.move.win_best == b.move.win_best);
  CHECK(a.move.spread == b.move.spread);
}

TEST_CASE("Review: only the seat's choices are reviewed; timed contests and forced moves are counted apart",
          "[core][review]") {
  const ExpertToy g;
  // Seat 0 rolls 3, again, 4, stops; seat 1 rolls 2, stops; seat 1 taps first.
  const std::vector<Step> history = {{kChance, 103, 0},  {0, toy::kAgain, 0}, {kChance, 104, 0},
                                     {0, toy::kStop, 0}, {kChance, 102, 0},   {1, toy::kStop, 0},
                                     {1, toy::kTap, 200}};
  ReviewSkipped skipped;
  const auto tasks = review_tasks(g, history, 0, skipped);
  REQUIRE(tasks.size() == 2);
  CHECK(tasks[0].move.step == 1);
  CHECK(tasks[0].move.decision == 0);
  CHECK(tasks[1].move.step == 3);
  CHECK(tasks[1].move.played == toy::kStop);
  CHECK(tasks[1].move.turn == 1);  // one run of seat 0's decisions
  ReviewSkipped theirs;
  const auto seat1 = review_tasks(g, history, 1, theirs);
  REQUIRE(seat1.size() == 1);
  CHECK(seat1[0].move.turn == 2);
  CHECK(seat1[0].move.decision == 2);
  CHECK(theirs.contests == 1);  // the tap: reflexes, not a choice
}

TEST_CASE("Review: turning points are the mistakes that cost most, largest first, at most three",
          "[core][review]") {
  GameReview r;
  const double gains[] = {0.02, 0.30, 0.10, 0.20, 0.25, 0.0};
  for (double gain : gains) {
    ReviewedMove m;
    m.played = 0;
    m.best = gain > 0 ? 1 : 0;
    m.win_best = 0.5;
    m.win_played = 0.5 - gain;
    m.spread = 0.05;
    r.moves.push_back(m);
  }
  CHECK(r.turning_points() == std::vector<std::size_t>{1, 4, 3});
}
