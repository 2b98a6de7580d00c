// Scrap Racer computer players.
//
// Rolling is an exactly solvable push-your-luck: the dice kept so far are a
// set of distinct faces, so the bot values every (faces, Boost markers held)
// by dynamic programming: stop now, or roll and face each face with the best
// Boost use (re-roll, +/-1, turn) or the crash card's expected value. Bonus
// cards are played to cross the finish line, to dodge or (Jackal) seek a
// fight, to win the final round, or when a variable card goes far.
//   easy   - rolls to a fixed target and uses Boosts only to dodge doubles
//   normal - the dynamic programme on spaces gained, valuing the landing
//            space too (abilities, fights, Boost markers, passing racers)
//   hard   - the same, inside the core's search (make_scrap_racer_bot)
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

// The bot for a level: the heuristic for easy and normal; for hard, the
// core's search (core/search_agent.h) over the hard heuristic.
std::unique_ptr<Agent> make_scrap_racer_bot(BotLevel level, const Presenter& shown);
// How likely `me` is to win from here, in [0, 1]: the search's judgement at
// its playout horizon (distance, Boost markers and bonus cards against the
// best opponent, weighed by the turns left).
double position_value(const ScrapRacerState& s, PlayerId me);

class ScrapRacerBot final : public Agent {
 public:
  explicit ScrapRacerBot(BotLevel level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // games/scrap_racer/reasons.cpp
  std::string reason(const State& state, PlayerId me, Action action) const override;

  // The value (in spaces) of rolling on versus stopping, for tests and the shell's hints.
  double value_of(const ScrapRacerState& s, Action a);

 private:
  static constexpr int kCap = 2;  // Boost markers per kind the programme tracks
  static constexpr int kB = (kCap + 1) * (kCap + 1) * (kCap + 1);

  double action_value(const ScrapRacerState& s, Action a);
  Action roll_decision(const ScrapRacerState& s);
  Action easy_roll_decision(const ScrapRacerState& s) const;
  Action card_decision(const ScrapRacerState& s) const;
  void prepare(const ScrapRacerState& s);
  double stop_value(int mask, int b) const;
  double roll_value(int mask, int b);
  double face_value(int mask, int v, int b);
  double continue_value(int mask, int b);

  bool easy_ = false;
  ReactionProfile profile_;
  std::vector<Action> scratch_;
  // Per decision: landing bonus by dice total, crash value by pile, memo tables.
  IndexArray<double, 22> landing_{};
  IndexArray<double, kPiles> crash_{};
  double boost_value_ = 2.0;
  // Memo tables (faces as bits 1..6). An entry counts only when its stamp is
  // the current decision's, so a decision clears nothing: the bot is also
  // the search's playout policy and decides thousands of times a second.
  template <int N>
  struct Memo {
    IndexArray<double, N> value{};
    IndexArray<std::uint32_t, N> stamp{};
  };
  std::uint32_t stamp_ = 0;
  Memo<128 * kB> memo_roll_;
  Memo<128 * kB> memo_cont_;
  Memo<128 * 7 * kB> memo_face_;
  template <int N>
  double* memo(Memo<N>& m, int i);  // nullptr: not yet computed; then fill *slot
};

}  // namespace rt::scrap_racer
