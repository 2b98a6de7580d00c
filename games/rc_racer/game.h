// The configured RC Racer game: its data and options.
#pragma once

#include <vector>

#include "core/game.h"
#include "games/rc_racer/data.h"

namespace rt::rc_racer {

const GameInfo& game_info();

class RcRacerGame final : public Game {
 public:
  // Checks the variants and parameters (racers, track, play-on); throws OptionError.
  RcRacerGame(const Options& options, Data data);
  const GameInfo& info() const override { return game_info(); }
  const Options& options() const override { return options_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<Agent> make_bot(BotLevel level) const override;
  std::string rules_text() const override { return data_.rules_text; }
  const Presenter& presenter() const override;

  const Data& data() const { return data_; }
  bool real_time() const { return real_time_; }
  bool long_race() const { return long_race_; }
  bool play_on() const { return play_on_; }
  int track_boards() const { return long_race_ ? 4 : 3; }
  // Racecars given with --racers (one per seat), or empty: players choose.
  const IndexVector<PlayerId, int>& fixed_racers() const { return racers_; }
  // Boards given with --track (Starting Grid .. Finish Line), or empty: drawn.
  const IndexVector<int, BoardRef>& fixed_track() const { return track_; }

 private:
  Options options_;
  Data data_;
  bool real_time_ = false;
  bool long_race_ = false;
  bool play_on_ = false;
  IndexVector<PlayerId, int> racers_;
  IndexVector<int, BoardRef> track_;
};

GameEntry entry();

}  // namespace rt::rc_racer
