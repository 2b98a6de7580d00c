// Go Wacky! computer players: sensible card choice, and rolling/throwing
// speed and accuracy from the level's reaction profile.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"

namespace rt::go_wacky {

// The bot for a level: the heuristic for easy and normal; for hard, the
// core's search (core/search_agent.h) over it, with normal-level playouts.
std::unique_ptr<Agent> make_go_wacky_bot(BotLevel level, const Presenter& shown);

class GoWackyBot final : public Agent {
 public:
  explicit GoWackyBot(BotLevel level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;
  // games/go_wacky/reasons.cpp
  std::string reason(const State& state, PlayerId me, Action action) const override;

 private:
  BotLevel level_;
  ReactionProfile profile_;
  std::vector<Action> scratch_;
};

}  // namespace rt::go_wacky
