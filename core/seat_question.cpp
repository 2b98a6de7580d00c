#include "core/seat_question.h"

#include <algorithm>

namespace rt {

int highlighted_default(const State& st, PlayerId seat, const std::vector<Action>& actions, int preferred) {
  if (actions.empty()) return 0;
  // A timed contest's options (which card to tap) are a test: the highlight
  // must not give the answer away, so it stays where the game put it.
  if (st.timed()) return preferred;
  const auto at = static_cast<std::size_t>(preferred);
  if (at < actions.size() && !st.gives_up(seat, actions[at])) return preferred;
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (!st.gives_up(seat, actions[i])) return static_cast<int>(i);
  return preferred;  // every option gives something up: the game's choice stands
}

SeatQuestion seat_question(const State& st, PlayerId seat) {
  SeatQuestion q;
  q.seat = seat;
  if (seat < 0) return q;
  q.prompt = st.prompt(seat);
  st.legal_actions(seat, q.actions);
  q.labels.reserve(q.actions.size());
  for (Action a : q.actions) q.labels.push_back(st.action_label(seat, a));
  if (const std::optional<Action> first = st.default_option(seat)) {
    const auto it = std::find(q.actions.begin(), q.actions.end(), *first);
    if (it != q.actions.end()) q.first = static_cast<int>(it - q.actions.begin());
  }
  q.first = highlighted_default(st, seat, q.actions, q.first);
  static constexpr std::array<Direction, 4> kWays{Direction::Up, Direction::Down, Direction::Left,
                                                  Direction::Right};
  for (std::size_t i = 0; i < kWays.size(); ++i) {
    const std::optional<Action> a = st.direction_action(seat, kWays[i]);
    if (!a) continue;
    q.arrows = true;
    if (st.is_legal(seat, *a)) q.directions[i] = a;
  }
  if (q.arrows) q.direction_help = st.direction_help(seat);
  q.timed = st.timed();
  q.contest = st.contest_id();
  return q;
}

}  // namespace rt
