#include "games/wacky_races/presenter.h"

namespace rt::wacky_races {

std::string WackyPresenter::prompt(const State& state, PlayerId player) const {
  return game_state(state).prompt(player);
}

std::string WackyPresenter::legend(const State& state) const {
  return game_state(state).legend();
}

void WackyPresenter::view(const State& state, Canvas& canvas, const ViewContext& ctx) const {
  game_state(state).view(canvas, ctx);
}

}  // namespace rt::wacky_races
