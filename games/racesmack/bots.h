// Racesmack computer players: a heuristic that plays the card that helps its
// Finish most (and is likely to be correct), taps a correct card after a
// reaction time from its level's profile (sometimes wrongly, by profile),
// and places and loses Race cards to keep its Finish close.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// How complete a Race is for its Finish, 0..1 (faults count against it);
// 0 without a Finish. `extra` (or -1) is a card added at one end.
double finish_fraction(const RacesmackState& s, const Row& race);

// The bot for a level: the heuristic for easy and normal; for hard, the
// core's search (core/search_agent.h) over the hard heuristic.
std::unique_ptr<Agent> make_racesmack_bot(BotLevel level, const Presenter& shown);

class RacesmackBot final : public Agent {
 public:
  explicit RacesmackBot(BotLevel level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // games/racesmack/reasons.cpp
  std::string reason(const State& state, PlayerId me, Action action) const override;

 private:
  Action pick(const RacesmackState& s, PlayerId me, Rng& rng);
  Decision tap(const RacesmackState& s, PlayerId me, Rng& rng);
  Action settle(const RacesmackState& s, PlayerId me);

  BotLevel level_;
  ReactionProfile profile_;
  std::vector<Action> scratch_;
  IndexVector<int, int> pool_;
};

}  // namespace rt::racesmack
