// Wacky Races computer players: play the longest run of matching cards, keep
// the rest for later, use powers when they gain ground or dodge a trap, and
// aim the nasty ones at whoever leads. "easy" now and then plays a random
// legal move; "hard" also saves its movement powers for a safe landing.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"

namespace rt::wacky_races {

class WackyState;

// The bot for a level: the heuristic for easy and normal; for hard, the
// core's search (core/search_agent.h) over the hard heuristic.
std::unique_ptr<Agent> make_wacky_races_bot(BotLevel level, const Presenter& shown);

class WackyBot final : public Agent {
 public:
  explicit WackyBot(BotLevel level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // games/wacky_races/reasons.cpp
  std::string reason(const State& state, PlayerId me, Action action) const override;
  // This turn's spaces and powers still ready after each move, at their best
  // (reasons.cpp), over samples of what `me` cannot see.
  std::string contrast(const State& state, PlayerId me, Action action, Action instead) const override;

 private:
  Action turn_choice(const WackyState& s, PlayerId me);
  Action choose_racer(const WackyState& s, PlayerId me);
  Action choose_tile(const WackyState& s, PlayerId me);
  Action choose_card(const WackyState& s, PlayerId me);
  Action choose_power(const WackyState& s, PlayerId me);

  BotLevel level_;  // no timed contests in this game: no reaction profile needed
  std::vector<Action> scratch_;
  int cross_second_ = -1;  // the Crossroads tile planned as the second of the swap
};

}  // namespace rt::wacky_races
