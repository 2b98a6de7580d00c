// Go Wacky! computer players: sensible card choice, and rolling/throwing
// speed and accuracy from the level's reaction profile.
#pragma once

#include <string>
#include <vector>

#include "core/agent.h"

namespace rt::go_wacky {

class GoWackyBot final : public Agent {
 public:
  explicit GoWackyBot(const std::string& level);
  Decision decide(const State& state, PlayerId me, Rng& rng) override;

 private:
  std::string level_;
  ReactionProfile profile_;
  std::vector<Action> scratch_;
};

}  // namespace rt::go_wacky
