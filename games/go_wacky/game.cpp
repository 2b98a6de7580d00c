#include "games/go_wacky/game.h"

#include "games/go_wacky/bots.h"
#include "games/go_wacky/presenter.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {

const GameInfo& game_info() {
  static const GameInfo info{
      "go-wacky",
      "Go Wacky!",
      "Match colours, then race your die: most cards won wins.",
      2,
      kMaxPlayers,
      true,
      {{kPlayOutVariant, "a contest that empties the Draw Pile is played out before the game ends"}},
      {},
  };
  return info;
}

GoWackyGame::GoWackyGame(const Options& options, Deck deck) : options_(options), deck_(std::move(deck)) {}

std::unique_ptr<State> GoWackyGame::new_initial_state() const {
  return std::make_unique<GoWackyState>(*this);
}

std::unique_ptr<Agent> GoWackyGame::make_bot(BotLevel level) const {
  return make_go_wacky_bot(level, presenter());
}

GameEntry entry() {
  return GameEntry{game_info(), [](const Options& options, const DataSource& data) {
                     return std::unique_ptr<Game>(new GoWackyGame(options, load_deck(data)));
                   }};
}

const Presenter& GoWackyGame::presenter() const {
  static const GoWackyPresenter shown;
  return shown;
}

}  // namespace rt::go_wacky
