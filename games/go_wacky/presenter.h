// What a person is shown of Go Wacky!, apart from the rules in GoWackyState:
// the board (view.cpp), the questions, the legend and the timing words
// (prompts.cpp) and the options' labels (labels.cpp), each read from the
// State's public accessors.
// GoWackyGame::presenter() hands out the one GoWackyPresenter.
#pragma once

#include "core/presenter.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {

class GoWackyPresenter final : public PresenterOf<GoWackyState> {
 public:
  std::string action_label(const State& state, PlayerId player, Action action) const override;
  std::string prompt(const State& state, PlayerId player) const override;
  std::string legend(const State& state) const override;
  void view(const State& state, Canvas& canvas, const ViewContext& ctx) const override;
  std::string timing_hint(const State& state, PlayerId player, Tick at) const override;
};

}  // namespace rt::go_wacky
