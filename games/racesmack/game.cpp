#include "games/racesmack/game.h"

#include <fmt/format.h>

#include "games/racesmack/bots.h"
#include "games/racesmack/presenter.h"

namespace rt::racesmack {

const GameInfo& game_info() {
  static const GameInfo info{
      "racesmack",
      "Racesmack",
      "Reveal a card, tap the correct one fastest, race to meet your Finish.",
      2,
      6,
      true,
      {
          {"noise-canceling", "a Rule Card counts only if it is the only one (easier)"},
          {"racing-rules", "9 Rule Cards set aside; one a round sets the default"},
          {"time-penalty", "a wrong tap: lose 2 Race or 2 hand cards, or your ties"},
          {"tiebreaker", "ties: most common colour, then most icons (harder)"},
          {"after-you", "turn-based reveals; tap when a Rule Card shows"},
          {"first-game", "the default rule only; Rule Cards only as Finishes"},
          {"shifting-gears", "+18 cards showing their number as dice, hand, tally, digit"},
          {"generated-deck", "a fresh deck from the seed, by the designer's generator"},
      },
      {},
  };
  return info;
}

RacesmackGame::RacesmackGame(const Options& options, Data data) : options_(options), data_(std::move(data)) {
  Variants& v = variants_;
  v.noise = options.has("noise-canceling");
  v.racing = options.has("racing-rules");
  v.penalty = options.has("time-penalty");
  v.tiebreak = options.has("tiebreaker");
  v.after_you = options.has("after-you");
  v.first_game = options.has("first-game");
  v.gears = options.has("shifting-gears");
  v.generated = options.has("generated-deck");
  auto clash = [](const char* a, const char* b, const char* why) {
    throw OptionError(fmt::format("racesmack: variants {} and {} do not combine: {}", a, b, why));
  };
  if (v.first_game && v.noise) clash("first-game", "noise-canceling", "a first game ignores Rule Cards");
  if (v.first_game && v.racing)
    clash("first-game", "racing-rules", "a first game uses only the default rule");
  if (v.after_you && v.first_game)
    clash("after-you", "first-game", "After You taps only when a Rule Card is revealed");
  if (v.after_you && v.noise)
    clash("after-you", "noise-canceling", "in After You the revealed Rule Card always rules");
  if (v.after_you && v.racing)
    clash("after-you", "racing-rules", "in After You the revealed Rule Card always rules");
}

std::unique_ptr<State> RacesmackGame::new_initial_state() const {
  return std::make_unique<RacesmackState>(*this);
}

std::unique_ptr<Agent> RacesmackGame::make_bot(BotLevel level) const {
  return make_racesmack_bot(level, presenter());
}

GameEntry entry() {
  return GameEntry{game_info(), [](const Options& options, const DataSource& data) {
                     return std::unique_ptr<Game>(new RacesmackGame(options, load_data(data)));
                   }};
}

const Presenter& RacesmackGame::presenter() const {
  static const RacesmackPresenter shown;
  return shown;
}

}  // namespace rt::racesmack
