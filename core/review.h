// A finished game's review: for each decision a seat made, the expert's
// estimate of that seat's chance to win after the move it played and after
// the move the expert finds best there, from what the seat could know then.
//
// The expert (kHintLevel's agent, as a hint asks it) searches the position
// for its move; then both moves are played out from the same samples of the
// hidden cards (State::determinize for that seat, as the search deals them)
// and the same dice, by the expert's own playout policy, to the end of the
// game (paired playouts: the difference between two moves is measured with
// far less noise than either chance). A move's chance is its share of those
// games won (a shared win counts 1/k). The spread is a 95% interval of the
// difference; a better move within it of the move played is no mistake.
//
// Everything is drawn from streams named after the save's seed, the seat and
// the step ("review:SEAT:STEP"), and the budget is a number of playouts, so a
// review says the same of the same save on any machine, whatever order or
// share (--shard) of the decisions is reviewed.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "core/state.h"
#include "core/table.h"

namespace rt {

// Paired playouts per move at a thinking factor of 100%.
inline constexpr int kReviewPlayouts = 1000;
// The most turning points a review names.
inline constexpr std::size_t kTurningPoints = 3;

struct ReviewedMove {
  std::size_t step = 0;  // the decision's index in the history (0-based)
  int decision = 0;      // its index among the game's decisions (the replay viewer's stop)
  int turn = 0;          // the game's turn, 1-based: a run of one seat's decisions
  PlayerId seat = 0;
  Action played = 0, best = 0;
  std::string played_text, best_text;   // the moves' menu labels
  double win_played = 0, win_best = 0;  // estimated chances to win, 0 to 1
  double spread = 0;                    // 95% half-width of win_best - win_played
  int playouts = 0;                     // games played on from the position, per move
  double gain() const { return win_best - win_played; }
  // The better move's edge is larger than the estimate's spread.
  bool mistake() const { return best != played && gain() > spread; }
};

// Why a decision of the seat was not reviewed.
struct ReviewSkipped {
  int contests = 0;  // timed contests: reflexes, not choices
  int forced = 0;    // one legal move
  int left = 0;      // decisions the expert leaves to its heuristic (a sliding puzzle's slides)
};

struct GameReview {
  PlayerId seat = 0;
  std::vector<ReviewedMove> moves;
  ReviewSkipped skipped;
  // The mistakes that cost most, largest first (indices into moves).
  std::vector<std::size_t> turning_points() const;
  int mistakes() const;
  // The chance a mistake cost, on average over every reviewed decision.
  double mean_loss() const;
};

// One decision to review: the position before it and the move played.
struct ReviewTask {
  std::unique_ptr<State> before;
  ReviewedMove move;  // step, decision, turn, seat, played filled in
};

// The decisions of `seat` in `history` (a game of `game` from its start)
// worth reviewing, each with the position before it; `skipped` counts the
// others. A seat's decisions only: chance, the clock and other seats pass.
std::vector<ReviewTask> review_tasks(const Game& game, const std::vector<Step>& history, PlayerId seat,
                                     ReviewSkipped& skipped);

// The games played on per move at a thinking factor (at least 2).
int review_playouts(unsigned think_percent);

// The stream a decision's review draws from: "review:SEAT:STEP" of the seed.
Rng review_rng(std::uint64_t seed, PlayerId seat, std::size_t step);

// Reviews one decision: the expert's move at `think_percent` of its
// playouts, then both moves played on kReviewPlayouts x think_percent / 100
// times each.
void review_move(const Game& game, ReviewTask& task, unsigned think_percent, Rng& rng);

// The whole review of `seat` in a finished table's game, one decision at a
// time; `progress(done, total)` after each.
GameReview review_game(const Table& table, PlayerId seat, unsigned think_percent,
                       const std::function<void(std::size_t, std::size_t)>& progress = {});

// A review in words, for the command line and the shell alike.
// "38%" of a chance.
std::string percent_text(double chance);
// "Turn 7 (decision 23): you played "Oil"; "Pogo Spring" gave about 12
// points more chance to win (46% against 34%, ±5)."
std::string turning_point_text(const ReviewedMove& move);
// One decision's line: the move, its chance, and the better one if any.
std::string decision_text(const ReviewedMove& move);
// "23 decisions reviewed, 2 mistakes, 3 points of chance lost on average."
std::string review_totals_text(const GameReview& review);
// "Not reviewed: 12 in timed contests (reflexes, not choices), ..." or "".
std::string skipped_text(const ReviewSkipped& skipped);

}  // namespace rt
