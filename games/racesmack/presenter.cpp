#include "games/racesmack/presenter.h"

namespace rt::racesmack {

std::string RacesmackPresenter::prompt(const State& state, PlayerId player) const {
  return game_state(state).prompt(player);
}

std::string RacesmackPresenter::legend(const State& state) const {
  return game_state(state).legend();
}

void RacesmackPresenter::view(const State& state, Canvas& canvas, const ViewContext& ctx) const {
  game_state(state).view(canvas, ctx);
}

}  // namespace rt::racesmack
