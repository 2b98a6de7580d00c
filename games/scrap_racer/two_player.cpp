// Changes in a 2-player game (and the 3-player team variant): the order of a
// player's two racers, and a fight between them.
#include <algorithm>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

// 2-player game: the player picks which of their two racers moves first;
// the order is then fixed for the race.
void ScrapRacerState::choose_first_racer(PlayerId player, Action action) {
  const int first = action - kFirstBase;
  const int k = cur_;
  const int other = seq_[k] == first ? seq_[k + 1] : seq_[k];
  seq_[k] = static_cast<std::int8_t>(first);
  seq_[k + 1] = static_cast<std::int8_t>(other);
  order_fixed_[player] = true;
  emit("2-player game: turn order", "{} plays {} first, then {}; this order is fixed for the race.",
       player_name(player), name(first), name(other))
      .type("turn_order")
      .seat("player", player)
      .with("first", name(first))
      .with("second", name(other));
  begin_turn();
}

// 2-player game: a fight between one player's own two racers is won by the
// racer its owner chooses.
void ScrapRacerState::choose_fight_winner(Action action) {
  const int winner = action - kWinnerBase;
  const int loser = winner == fight_a_ ? fight_b_ : fight_a_;
  fight_won(winner, loser, 1, "is chosen by its owner to win the fight");
  resolve_fights(fights_next_);
}

}  // namespace rt::scrap_racer
