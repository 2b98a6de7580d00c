#include "core/state.h"

#include <algorithm>

#include "core/timed_contests.h"

namespace rt {

std::vector<PlayerId> Standings::winners() const {
  std::vector<PlayerId> out;
  for (const auto& p : placings)
    if (p.place == 1) out.push_back(p.player);
  return out;
}

bool State::is_legal(PlayerId player, Action action) const {
  thread_local std::vector<Action> scratch;
  thread_local std::vector<Outcome> outcomes;
  thread_local std::vector<PlayerId> who;
  const Turn t = turn();
  if (t == Turn::Over) return false;
  if (player == kChance) {
    if (t != Turn::Chance) return false;
    outcomes.clear();
    chance_outcomes(outcomes);
    return std::any_of(outcomes.begin(), outcomes.end(),
                       [&](const Outcome& o) { return o.action == action && o.weight > 0; });
  }
  if (player == kClock) {
    const TimedContests* clock = timed_contests();
    return t == Turn::Simultaneous && clock != nullptr && clock->timed() && clock->deadline() != kNoDeadline;
  }
  if (t == Turn::Chance) return false;
  who.clear();
  actors(who);
  if (std::find(who.begin(), who.end(), player) == who.end()) return false;
  scratch.clear();
  legal_actions(player, scratch);
  return std::binary_search(scratch.begin(), scratch.end(), action);
}

void State::apply_checked(PlayerId player, Action action, Tick at) {
  if (!is_legal(player, action)) {
    std::string who = player == kChance  ? "chance"
                      : player == kClock ? "the clock"
                                         : fmt::format("player {}", player + 1);
    throw RuleError(fmt::format("illegal decision for {}: action {} is not allowed now", who, action));
  }
  apply(player, action, at);
}

std::optional<Action> State::parse_action(PlayerId player, std::string_view text) const {
  std::vector<Action> candidates;
  if (player == kChance) {
    std::vector<Outcome> outs;
    chance_outcomes(outs);
    for (const auto& o : outs) candidates.push_back(o.action);
  } else if (player == kClock) {
    return text == "time" ? std::optional<Action>(0) : std::nullopt;
  } else {
    legal_actions(player, candidates);
  }
  for (Action a : candidates)
    if (action_text(player, a) == text) return a;
  return std::nullopt;
}

}  // namespace rt
