// The configured Go Wacky! game: its deck data and options.
#pragma once

#include "core/game.h"
#include "games/go_wacky/data.h"

namespace rt::go_wacky {

const GameInfo& game_info();

class GoWackyGame final : public Game {
 public:
  GoWackyGame(const Options& options, Deck deck);
  const GameInfo& info() const override { return game_info(); }
  const Options& options() const override { return options_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<Agent> make_bot(BotLevel level) const override;
  std::string rules_text() const override { return deck_.rules_text; }
  const Presenter& presenter() const override;
  const Deck& deck() const { return deck_; }

 private:
  Options options_;
  Deck deck_;
};

GameEntry entry();

}  // namespace rt::go_wacky
