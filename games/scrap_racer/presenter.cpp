#include "games/scrap_racer/presenter.h"

namespace rt::scrap_racer {

std::string ScrapRacerPresenter::prompt(const State& state, PlayerId player) const {
  return game_state(state).prompt(player);
}

std::string ScrapRacerPresenter::legend(const State& state) const {
  return game_state(state).legend();
}

void ScrapRacerPresenter::view(const State& state, Canvas& canvas, const ViewContext& ctx) const {
  game_state(state).view(canvas, ctx);
}

std::optional<Action> ScrapRacerPresenter::default_option(const State& state, PlayerId player) const {
  return game_state(state).default_option(player);
}

}  // namespace rt::scrap_racer
