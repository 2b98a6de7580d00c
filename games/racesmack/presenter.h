// What a person is shown of Racesmack: the board, the questions, the legend
// and the keys' hints (view.cpp, text.cpp), apart from the rules in
// RacesmackState. RacesmackGame::presenter() hands out the one RacesmackPresenter.
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
