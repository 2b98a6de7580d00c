// The test games' presenter: the board is the state's debug string, the
// question one fixed word.
#pragma once

#include <string>
#include <utility>

#include "core/presenter.h"

namespace rt::toy {

class ToyPresenter final : public Presenter {
 public:
  explicit ToyPresenter(std::string question, bool board = true)
      : question_(std::move(question)), board_(board) {}
  void view(const State& state, Canvas& canvas, const ViewContext&) const override {
    if (board_) canvas.text(0, 0, state.debug_string());
  }
  std::string prompt(const State&, PlayerId) const override { return question_; }

 private:
  std::string question_;
  bool board_;
};

}  // namespace rt::toy
