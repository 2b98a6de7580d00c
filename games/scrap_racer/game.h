// The configured Scrap Racer game: its data, track and options.
#pragma once

#include "core/game.h"
#include "games/scrap_racer/data.h"
#include "games/scrap_racer/track.h"

namespace rt::scrap_racer {

const GameInfo& game_info();

class ScrapRacerGame final : public Game {
 public:
  // Checks the variants and the `track` parameter; throws OptionError.
  ScrapRacerGame(const Options& options, Data data);
  const GameInfo& info() const override { return game_info(); }
  const Options& options() const override { return options_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<Agent> make_bot(BotLevel level) const override;
  std::string rules_text() const override { return data_.rules_text; }
  const Presenter& presenter() const override;

  const Data& data() const { return data_; }
  const Track& track() const { return track_; }
  // Two racers each: the 2-player rules, or the 3-player variant.
  bool teams() const { return teams_; }
  // The jackal-every-fight variant: the Jackal wins fights on other racers' turns too.
  bool jackal_every_fight() const { return jackal_every_fight_; }

 private:
  Options options_;
  Data data_;
  Track track_;
  bool teams_ = false;
  bool jackal_every_fight_ = false;
};

GameEntry entry();

}  // namespace rt::scrap_racer
