#include "games/scrap_racer/game.h"

#include <fmt/format.h>

#include "games/scrap_racer/bots.h"
#include "games/scrap_racer/presenter.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

const GameInfo& game_info() {
  static const GameInfo info{
      "scrap-racer",
      "Scrap Racer",
      "Push your luck one die at a time: doubles crash you. Three laps of mayhem.",
      2,
      6,
      true,
      {
          {"short", "drop the two straights marked S* (32-space laps)"},
          {"two-racers", "two racers per player (2-3 players; automatic with 2)"},
          {"jackal-every-fight", "the Jackal wins every fight, on other players' turns too"},
      },
      {
          {"track", "layout A-F (default A) or your own order, e.g. \"S* S C C S C C ...\""},
      },
  };
  return info;
}

ScrapRacerGame::ScrapRacerGame(const Options& options, Data data)
    : options_(options), data_(std::move(data)) {
  const int n = options_.players;
  teams_ = n == 2 || options_.has("two-racers");
  jackal_every_fight_ = options_.has("jackal-every-fight");
  if (options_.has("two-racers") && n > 3)
    throw OptionError(fmt::format("two-racers is for 2 or 3 players (six racers at most), not {}", n));
  for (const auto& [key, value] : options_.params)
    if (key != "track") throw OptionError(fmt::format("option '{}' does not apply to scrap-racer", key));
  auto it = options_.params.find("track");
  track_ =
      build_track(data_, it == options_.params.end() ? std::string("A") : it->second, options_.has("short"));
}

std::unique_ptr<State> ScrapRacerGame::new_initial_state() const {
  return std::make_unique<ScrapRacerState>(*this);
}

std::unique_ptr<Agent> ScrapRacerGame::make_bot(BotLevel level) const {
  return make_scrap_racer_bot(level, presenter());
}

GameEntry entry() {
  return GameEntry{game_info(), [](const Options& options, const DataSource& source) {
                     return std::unique_ptr<Game>(new ScrapRacerGame(options, load_data(source)));
                   }};
}

const Presenter& ScrapRacerGame::presenter() const {
  static const ScrapRacerPresenter shown;
  return shown;
}

}  // namespace rt::scrap_racer
