// RC Racer computer players. Programming: the bot searches for a strong
// program it can reach (the 8 middle tiles in order, with the slides it
// needs): it tries candidate programs on a silent copy of the race, weighs
// what they gain against the slides they cost, and solves the puzzle for the
// best few. In real time it slides at its level's pace (and sometimes
// mis-slides); counted slides make it count every slide.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "games/rc_racer/puzzle.h"
#include "games/rc_racer/solver.h"

namespace rt::rc_racer {

class RcRacerState;

// What a level does: how many programs it tries and how it values a slide.
struct LevelTuning {
  int evaluations;  // candidate programs tried per round
  int lookahead;    // slides searched exhaustively from the scrambled grid
  int finalists;    // candidates solved for real
  int slide_cost;   // a slide's cost, in hundredths of a row
  Tick think_ms;    // time before the first slide in real time
  // In real time, a round's programming fits in about this long (thinking
  // and sliding): what a person plausibly takes, so the computers neither
  // idle nor slide for a minute (docs/BOTS.md "RC Racer in real time").
  Tick round_ms;
};
const LevelTuning& level_tuning(BotLevel level);

// A tile kind per program step (nullptr: the gap).
using Program = IndexArray<const TileKind*, kProgram>;

// The value of running `program` (tile kinds, nullptr = gap) for p now, in
// hundredths of a row: distance gained, the line crossed, energy lost.
int program_value(const RcRacerState& s, PlayerId p, const Program& program);

// The bot for a level: the heuristic for easy and normal; for hard, the
// core's search (core/search_agent.h) over the hard heuristic.
std::unique_ptr<Agent> make_rc_racer_bot(BotLevel level, const Presenter& shown);
// How likely `me` is to win from here, in [0, 1]: rows, the line, energy and
// Shields against the best car still racing (the search's judgement).
double position_value(const RcRacerState& s, PlayerId me);

class RcRacerBot final : public Agent {
 public:
  explicit RcRacerBot(BotLevel level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // games/rc_racer/reasons.cpp
  std::string reason(const State& state, PlayerId me, Action action) const override;

 private:
  Decision programming(const RcRacerState& s, PlayerId me, Rng& rng);
  // Plans at most `budget` slides.
  void make_plan(const RcRacerState& s, PlayerId me, Rng& rng, int budget);

  BotLevel level_;
  ReactionProfile profile_;
  LevelTuning tune_;
  std::unique_ptr<Solver> solver_;
  Slides plan_;
  int next_ = 0;
  Grid expect_{};
  std::uint32_t contest_ = 0xFFFFFFFFu;
  PlayerId planned_for_ = -1;
  bool hurried_ = false;  // replanned for the countdown already
  std::vector<Action> scratch_;
};

}  // namespace rt::rc_racer
