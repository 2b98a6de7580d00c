// What a person is shown of Scrap Racer: the board (view.cpp), the questions,
// the highlighted option and the legend (prompts.cpp), the options' labels
// (labels.cpp), drawn and worded from ScrapRacerState's public accessors,
// apart from its rules.
// ScrapRacerGame::presenter() hands out the one ScrapRacerPresenter.
#pragma once

#include "core/presenter.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

class ScrapRacerPresenter final : public PresenterOf<ScrapRacerState> {
 public:
  std::string action_label(const State& state, PlayerId player, Action action) const override;
  std::string prompt(const State& state, PlayerId player) const override;
  std::string legend(const State& state) const override;
  void view(const State& state, Canvas& canvas, const ViewContext& ctx) const override;
  std::optional<Action> default_option(const State& state, PlayerId player) const override;
};

}  // namespace rt::scrap_racer
