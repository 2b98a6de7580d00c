#include "core/playout_players.h"

namespace rt {

PlayoutPlayers::PlayoutPlayers(AgentFactory policy, unsigned random_per_mille)
    : policy_(std::move(policy)),
      random_per_mille_(random_per_mille),
      random_(std::make_unique<RandomAgent>(reaction_profile(BotLevel::Random))) {}

PlayoutPlayers::~PlayoutPlayers() = default;

Decision PlayoutPlayers::decide(const State& s, PlayerId p, Rng& rng) {
  if (!policy_ || (random_per_mille_ > 0 && rng.below(1000) < random_per_mille_))
    return random_->decide(s, p, rng);
  auto& slot = policies_[p];
  if (!slot) slot = policy_();
  return slot->decide(s, p, rng);
}

bool PlayoutPlayers::timed_step(State& s, const std::vector<PlayerId>& who, Rng& rng) {
  const ContestSchedule::Due due = schedule_.take(
      s, who, kNoDeadline, [&](PlayerId p) -> std::optional<Decision> { return decide(s, p, rng); }, acts_);
  if (!due.due()) return false;
  s.apply(due.player, due.action, due.at);
  return true;
}

}  // namespace rt
