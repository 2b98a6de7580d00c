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
//   hard   - the same; the Table wraps it in the core's search agent
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/agent.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

class ScrapRacerBot final : public Agent {
 public:
  explicit ScrapRacerBot(const std::string& level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;

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

  std::string level_;
  bool easy_ = false;
  ReactionProfile profile_;
  std::vector<Action> scratch_;
  // Per decision: landing bonus by dice total, crash value by pile, memo tables.
  std::array<double, 22> landing_{};
  std::array<double, kPiles> crash_{};
  double boost_value_ = 2.0;
  std::array<double, 128 * kB> memo_roll_{};  // faces as bits 1..6
  std::array<double, 128 * kB> memo_cont_{};
  std::array<double, 128 * 7 * kB> memo_face_{};
};

}  // namespace rt::scrap_racer
