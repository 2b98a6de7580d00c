#include "games/rc_racer/presenter.h"

namespace rt::rc_racer {

std::string RcRacerPresenter::prompt(const State& state, PlayerId player) const {
  return game_state(state).prompt(player);
}

std::string RcRacerPresenter::legend(const State& state) const {
  return game_state(state).legend();
}

void RcRacerPresenter::view(const State& state, Canvas& canvas, const ViewContext& ctx) const {
  game_state(state).view(canvas, ctx);
}

int RcRacerPresenter::view_frames(const State& state) const {
  return game_state(state).view_frames();
}

std::optional<Action> RcRacerPresenter::direction_action(const State& state, PlayerId player,
                                                         Direction d) const {
  return game_state(state).direction_action(player, d);
}

std::string RcRacerPresenter::direction_help(const State& state, PlayerId player) const {
  return game_state(state).direction_help(player);
}

std::optional<Action> RcRacerPresenter::default_option(const State& state, PlayerId player) const {
  return game_state(state).default_option(player);
}

}  // namespace rt::rc_racer
