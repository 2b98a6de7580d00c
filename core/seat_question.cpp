#include "core/seat_question.h"

#include <algorithm>

#include "core/presenter.h"
#include "core/rng.h"
#include "core/timed_contests.h"

namespace rt {

int highlighted_default(const State& st, PlayerId seat, const std::vector<Action>& actions, int preferred) {
  if (actions.empty()) return 0;
  // A timed contest's options (which card to tap) are a test: the highlight
  // must not give the answer away, so it stays where the game put it.
  if (timed(st)) return preferred;
  const auto at = static_cast<std::size_t>(preferred);
  if (at < actions.size() && !st.gives_up(seat, actions[at])) return preferred;
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (!st.gives_up(seat, actions[i])) return static_cast<int>(i);
  return preferred;  // every option gives something up: the game's choice stands
}

SeatQuestion seat_question(const Presenter& shown, const State& st, PlayerId seat) {
  SeatQuestion q;
  q.seat = seat;
  if (seat < 0) return q;
  q.prompt = shown.prompt(st, seat);
  st.legal_actions(seat, q.actions);
  q.labels.reserve(q.actions.size());
  for (Action a : q.actions) q.labels.push_back(shown.action_label(st, seat, a));
  if (const std::optional<Action> first = shown.default_option(st, seat)) {
    const auto it = std::find(q.actions.begin(), q.actions.end(), *first);
    if (it != q.actions.end()) q.first = static_cast<int>(it - q.actions.begin());
  }
  q.first = highlighted_default(st, seat, q.actions, q.first);
  static constexpr std::array<Direction, 4> kWays{Direction::Up, Direction::Down, Direction::Left,
                                                  Direction::Right};
  for (std::size_t i = 0; i < kWays.size(); ++i) {
    const std::optional<Action> a = shown.direction_action(st, seat, kWays[i]);
    if (!a) continue;
    q.arrows = true;
    if (st.is_legal(seat, *a)) q.directions[i] = a;
  }
  if (q.arrows) q.direction_help = shown.direction_help(st, seat);
  q.timed = timed(st);
  q.contest = contest_id(st);
  return q;
}

bool forced_and_public(const Presenter& shown, const State& st, PlayerId seat) {
  if (seat < 0 || timed(st)) return false;
  std::vector<Action> legal;
  st.legal_actions(seat, legal);
  if (legal.size() != 1) return false;
  const Action only = legal.front();
  const std::string prompt = shown.prompt(st, seat);
  const std::string label = shown.action_label(st, seat, only);
  // Anyone else at the table: the samples deal the seat's hidden cards anew.
  const PlayerId other = seat == 0 ? 1 : 0;
  if (other >= st.num_players()) return true;
  constexpr int kSamples = 8;
  for (int k = 0; k < kSamples; ++k) {
    std::unique_ptr<State> sample = st.clone();
    Rng rng = Rng::stream(static_cast<std::uint64_t>(k), "forced");
    sample->determinize(other, rng);
    // A sample where the move could not be made tells only what making it
    // tells everyone (a pass: no card matched).
    if (!sample->is_legal(seat, only)) continue;
    if (shown.prompt(*sample, seat) != prompt || shown.action_label(*sample, seat, only) != label)
      return false;
  }
  return true;
}

}  // namespace rt
