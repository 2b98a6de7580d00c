// What a person is shown of RC Racer, apart from the rules in RcRacerState:
// the board and its race-phase pictures (view.cpp), the questions, the
// legend and the keys' hints (prompts.cpp) and the options' labels
// (labels.cpp), each read from the State's public accessors.
// RcRacerGame::presenter() hands out the one RcRacerPresenter.
#pragma once

#include "core/presenter.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

class RcRacerPresenter final : public PresenterOf<RcRacerState> {
 public:
  std::string action_label(const State& state, PlayerId player, Action action) const override;
  std::string prompt(const State& state, PlayerId player) const override;
  std::string legend(const State& state) const override;
  void view(const State& state, Canvas& canvas, const ViewContext& ctx) const override;
  int view_frames(const State& state) const override;
  std::optional<Action> direction_action(const State& state, PlayerId player, Direction d) const override;
  std::string direction_help(const State& state, PlayerId player) const override;
  std::optional<Action> default_option(const State& state, PlayerId player) const override;
};

}  // namespace rt::rc_racer
