#include "core/hint.h"

#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/presenter.h"
#include "core/table.h"
#include "core/timed_contests.h"

namespace rt {

std::string Hint::line() const {
  // "Why:" as the demo says a computer's reason; no full stop doubled.
  std::string_view what = move;
  if (!what.empty() && what.back() == '.') what.remove_suffix(1);
  return fmt::format("Hint: {}. Why: {}", what, reason);
}

std::string hint_refusal(const State& state, PlayerId seat) {
  const Turn turn = state.turn();
  if (turn == Turn::Over) return "The game is over: no hint.";
  if (turn == Turn::Chance) return "No hint now: it is not your move.";
  if (timed(state)) return "No hints in a timed contest: the race is yours.";
  std::vector<PlayerId> actors;
  state.actors(actors);
  for (PlayerId p : actors)
    if (p == seat) return {};
  return "No hint now: it is not your move.";
}

Rng hint_rng(std::uint64_t seed, PlayerId seat, std::size_t steps) {
  return Rng::stream(seed, fmt::format("hint:{}:{}", int{seat}, steps));
}

Hint compute_hint(const Game& game, const State& state, PlayerId seat, Rng& rng) {
  const std::unique_ptr<Agent> agent = make_agent(game, kHintLevel);
  Hint hint;
  hint.action = agent->decide(state, seat, rng).action;
  hint.move = game.presenter().action_label(state, seat, hint.action);
  hint.reason = agent->reason(state, seat, hint.action);
  if (hint.reason.empty()) {
    std::vector<Action> legal;
    state.legal_actions(seat, legal);
    hint.reason = legal.size() == 1
                      ? "the only move there is"
                      : fmt::format("the {} computer's choice: its trial games found nothing better",
                                    level_name(kHintLevel));
  }
  return hint;
}

HintReply ask_hint(Table& table, PlayerId seat) {
  HintReply reply;
  reply.refused = hint_refusal(table.state(), seat);
  if (!reply.refused.empty()) return reply;
  Rng rng = hint_rng(table.seed(), seat, table.history().size());
  reply.hint = compute_hint(table.game(), table.state(), seat, rng);
  table.note_hint(seat);
  return reply;
}

}  // namespace rt
