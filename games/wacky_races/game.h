// The configured Wacky Races game: its data, options and computer players.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/per_player.h"
#include "games/wacky_races/data.h"

namespace rt::wacky_races {

const GameInfo& game_info();

class WackyGame final : public Game {
 public:
  // Checks the options (variant, races=N, racers=A,B,...); throws OptionError.
  WackyGame(const Options& options, Catalog catalog);
  const GameInfo& info() const override { return game_info(); }
  const Options& options() const override { return options_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<Agent> make_bot(BotLevel level) const override;
  std::string rules_text() const override;
  const Presenter& presenter() const override;
  const Catalog& catalog() const { return catalog_; }

  int races() const { return races_; }  // 1 for a single race
  bool championship() const { return championship_; }
  // The team each seat chose, or -1 where it is drawn at random.
  const SeatVector<int>& chosen_teams() const { return chosen_; }
  const std::string& seat_name(PlayerId p) const { return options_.names[static_cast<std::size_t>(p)]; }

 private:
  Options options_;
  Catalog catalog_;
  int races_ = 1;
  bool championship_ = false;
  SeatVector<int> chosen_;
};

GameEntry entry();

}  // namespace rt::wacky_races
