#include "games/wacky_races/game.h"

#include <fmt/format.h>

#include "core/input_limits.h"
#include "games/wacky_races/bots.h"
#include "games/wacky_races/presenter.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

const GameInfo& game_info() {
  static const GameInfo info{
      "wacky-races",
      "Wacky Races",
      "Race the cartoon cars: match the terrain, dodge Dastardly's traps.",
      2,
      6,
      true,
      {{"championship", "a series of races scored 3/2/1 points (--races N)"}},
      {{"races", "championship races, 1-16 (default 4 = one season)"},
       {"racers", "teams seat by seat, e.g. red-max,penelope (default random)"}},
  };
  return info;
}

WackyGame::WackyGame(const Options& options, Catalog catalog)
    : options_(options), catalog_(std::move(catalog)) {
  championship_ = options_.has("championship");
  races_ = championship_ ? catalog_.default_races : 1;
  if (auto it = options_.params.find("races"); it != options_.params.end()) {
    if (!championship_) throw OptionError("races applies to the championship: add --variant championship");
    const std::string& v = it->second;
    int n = 0;
    bool ok = !v.empty() && v.size() <= 3;
    for (char ch : v) {
      if (ch < '0' || ch > '9')
        ok = false;
      else
        n = n * 10 + (ch - '0');
    }
    if (!ok || n < 1 || n > catalog_.max_races)
      throw OptionError(
          fmt::format("races must be a number from 1 to {}, not '{}'", catalog_.max_races, excerpt(v)));
    races_ = n;
  }
  chosen_.assign(options_.players, -1);
  if (auto it = options_.params.find("racers"); it != options_.params.end()) {
    IndexVector<PlayerId, std::string> names;
    std::string cur;
    for (char ch : it->second + ",") {
      if (ch == ',') {
        names.push_back(cur);
        cur.clear();
      } else {
        cur.push_back(ch);
      }
    }
    if (names.size() != options_.players)
      throw OptionError(fmt::format("racers lists {} teams for {} players", names.size(), options_.players));
    std::string known;
    for (const auto& t : catalog_.teams) known += (known.empty() ? "" : ", ") + t.id;
    for (PlayerId i = 0; i < names.size(); ++i) {
      const int t = find_team(catalog_, names[i]);
      if (t < 0) throw OptionError(fmt::format("unknown racer '{}' (known: {})", excerpt(names[i]), known));
      for (PlayerId j = 0; j < i; ++j)
        if (chosen_[j] == t)
          throw OptionError(fmt::format("{} is chosen twice: each player drives a different racer",
                                        catalog_.teams[t].name));
      chosen_[i] = t;
    }
  }
}

std::unique_ptr<State> WackyGame::new_initial_state() const {
  return std::make_unique<WackyState>(*this);
}

std::unique_ptr<Agent> WackyGame::make_bot(BotLevel level) const {
  return make_wacky_races_bot(level, presenter());
}

std::string WackyGame::rules_text() const {
  return catalog_.rules_text;
}

GameEntry entry() {
  return GameEntry{game_info(), [](const Options& options, const DataSource& data) {
                     return std::unique_ptr<Game>(new WackyGame(options, load_catalog(data)));
                   }};
}

const Presenter& WackyGame::presenter() const {
  static const WackyPresenter shown;
  return shown;
}

}  // namespace rt::wacky_races
