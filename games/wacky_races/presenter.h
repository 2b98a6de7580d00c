// What a person is shown of Wacky Races: the board (view.cpp), the questions
// and the legend (prompts.cpp), the options' labels (labels.cpp), drawn and
// worded from WackyState's public accessors, apart from its rules.
// WackyGame::presenter() hands out the one WackyPresenter.
#pragma once

#include "core/presenter.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

class WackyPresenter final : public PresenterOf<WackyState> {
 public:
  std::string action_label(const State& state, PlayerId player, Action action) const override;
  std::string prompt(const State& state, PlayerId player) const override;
  std::string legend(const State& state) const override;
  void view(const State& state, Canvas& canvas, const ViewContext& ctx) const override;
};

}  // namespace rt::wacky_races
