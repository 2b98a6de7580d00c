// What a person is shown of Racesmack, apart from the rules in
// RacesmackState: the board (view.cpp), the questions and the legend
// (prompts.cpp) and the options' labels (labels.cpp), each read from the
// State's public accessors.
// RacesmackGame::presenter() hands out the one RacesmackPresenter.
#pragma once

#include "core/presenter.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

class RacesmackPresenter final : public PresenterOf<RacesmackState> {
 public:
  std::string action_label(const State& state, PlayerId player, Action action) const override;
  std::string prompt(const State& state, PlayerId player) const override;
  std::string legend(const State& state) const override;
  void view(const State& state, Canvas& canvas, const ViewContext& ctx) const override;
};

}  // namespace rt::racesmack
