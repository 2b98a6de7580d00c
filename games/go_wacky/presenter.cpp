#include "games/go_wacky/presenter.h"

namespace rt::go_wacky {

std::string GoWackyPresenter::prompt(const State& state, PlayerId player) const {
  return game_state(state).prompt(player);
}

std::string GoWackyPresenter::legend(const State& state) const {
  return game_state(state).legend();
}

void GoWackyPresenter::view(const State& state, Canvas& canvas, const ViewContext& ctx) const {
  game_state(state).view(canvas, ctx);
}

std::string GoWackyPresenter::timing_hint(const State& state, PlayerId player, Tick at) const {
  return game_state(state).timing_hint(player, at);
}

}  // namespace rt::go_wacky
