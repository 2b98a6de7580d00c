// The configured Racesmack game: its data, variants and computer players.
#pragma once

#include "core/game.h"
#include "games/racesmack/data.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

const GameInfo& game_info();

class RacesmackGame final : public Game {
 public:
  // Throws OptionError for variants that cannot be combined.
  RacesmackGame(const Options& options, Data data);
  const GameInfo& info() const override { return game_info(); }
  const Options& options() const override { return options_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<Agent> make_bot(BotLevel level) const override;
  std::string rules_text() const override { return data_.rules_text; }
  const Presenter& presenter() const override;
  const Data& data() const { return data_; }
  const Variants& variants() const { return variants_; }

 private:
  Options options_;
  Data data_;
  Variants variants_;
};

GameEntry entry();

}  // namespace rt::racesmack
