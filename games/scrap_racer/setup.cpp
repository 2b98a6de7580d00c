// Setup 7 and 8: the dashboards dealt, the start player and the racers'
// order round the table. The track itself is built in track.cpp.
#include <algorithm>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

// Setup 7: each player draws a dashboard and takes that racer.
void ScrapRacerState::deal_dashboard(Action action) {
  const Data& d = data();
  const int k = action - kDealBase;
  const int r = deal_next_;
  kind_[r] = static_cast<std::int8_t>(k);
  emit("Setup 7: dashboards", "{} draws the {} dashboard and takes the racer.", player_name(owner(r)),
       d.racers[k].name)
      .type("dashboard")
      .seat("player", owner(r))
      .with("racer", d.racers[k].name);
  if (++deal_next_ == n_racers_) phase_ = Phase::ChooseStart;
}

// Setup 8: the start marker; the racers' order round the table from there.
void ScrapRacerState::choose_start_player(Action action) {
  start_player_ = static_cast<PlayerId>(action - kStartBase);
  const int n = num_players();
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const int p = (start_player_ + i) % n;
    seq_[k++] = static_cast<std::int8_t>(teams_ ? 2 * p : p);
    if (teams_) seq_[k++] = static_cast<std::int8_t>(2 * p + 1);
  }
  cur_ = 0;
  emit("Setup 8: start player", "{} takes the start marker and begins the race.", player_name(start_player_))
      .type("start_player")
      .seat("player", start_player_);
  begin_turn();
}

}  // namespace rt::scrap_racer
