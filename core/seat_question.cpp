#include "core/seat_question.h"

#include <algorithm>

namespace rt {

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
