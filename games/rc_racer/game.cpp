#include "games/rc_racer/game.h"

#include <fmt/format.h>

#include "core/input_limits.h"
#include "games/rc_racer/bots.h"
#include "games/rc_racer/presenter.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

const GameInfo& game_info() {
  static const GameInfo info{
      "rc-racer",
      "RC Racer",
      "Slide-puzzle programs drive tiny cars through the house.",
      2,
      4,
      false,
      {
          {"long", "adds the 4th Track board: a longer race"},
          {"counted-slides", "fewer slides, happier Smiles (default unless 1 human)", "timing"},
          {"real-time", "program against the clock, 10-s countdown (default: 1 human)", "timing", true},
      },
      {
          {"racers", "racecars by seat: racers=turbobot,dogtor (default: choose)"},
          {"track", "track=start-A,1A,2B,3A,finish-B or track=first-game"},
          {"play-on", "yes: after the winner, the others race on for places"},
      },
  };
  return info;
}

namespace {

IndexVector<int, std::string> split(const std::string& s) {
  IndexVector<int, std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (c != ' ') {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

}  // namespace

RcRacerGame::RcRacerGame(const Options& options, Data data) : options_(options), data_(std::move(data)) {
  if (options_.has("counted-slides") && options_.has("real-time"))
    throw OptionError("rc-racer: choose one of the variants counted-slides and real-time, not both");
  real_time_ = options_.has("real-time");
  long_race_ = options_.has("long");
  const int n = options_.players;
  if (n < 2 || n > kMaxPlayers) throw OptionError(fmt::format("RC Racer is for 2 to 4 players, not {}", n));
  for (const auto& [key, value] : options_.params) {
    if (key == "racers") {
      const auto ids = split(value);
      if (ids.size() != n)
        throw OptionError(fmt::format("racers: give one racecar per seat ({}), not {}", n, ids.size()));
      for (const auto& id : ids) {
        int found = -1;
        for (int r = 0; r < data_.racecars.size(); ++r)
          if (data_.racecars[r].id == id) found = r;
        if (found < 0) {
          std::string known;
          for (const auto& r : data_.racecars) known += (known.empty() ? "" : ", ") + r.id;
          throw OptionError(fmt::format("racers: unknown racecar '{}' (known: {})", excerpt(id), known));
        }
        for (int r : racers_)
          if (r == found) throw OptionError(fmt::format("racers: '{}' is chosen twice", excerpt(id)));
        racers_.push_back(found);
      }
    } else if (key == "track") {
      if (value == "first-game") {
        track_ = data_.first_game;
      } else {
        for (const auto& code : split(value)) {
          const int ref = data_.find_ref(code);
          if (ref < 0)
            throw OptionError(
                fmt::format("track: unknown board '{}' (boards: start-A, 1A, 2B, finish-A, ...)", code));
          track_.push_back(static_cast<BoardRef>(ref));
        }
      }
      const int k = track_.size() - 2;
      if (track_.size() < 3 || track_.front() > 1 || track_.back() < data_.finish_ref(0))
        throw OptionError(
            "track: start with a Starting Grid (start-A or start-B) and end with a Finish Line (finish-A or "
            "finish-B)");
      if (k < 3 || k > 4) throw OptionError("track: a track has 3 Track boards (4 for a long race)");
      unsigned used = 0;
      for (int i = 1; i <= k; ++i) {
        const BoardRef r = track_[i];
        if (r < 2 || r >= data_.finish_ref(0))
          throw OptionError("track: the middle boards must be Track boards");
        const unsigned bit = 1u << (r / 2 - 1);
        if (used & bit) throw OptionError(fmt::format("track: board {} is used twice", data_.side(r).code));
        used |= bit;
      }
      if (long_race_ && k != 4) throw OptionError("track: the long variant uses 4 Track boards");
    } else if (key == "play-on") {
      if (value != "yes" && value != "no") throw OptionError("play-on: use yes or no");
      play_on_ = value == "yes";
    } else {
      throw OptionError(fmt::format("option '{}' does not apply to rc-racer", key));
    }
  }
}

std::unique_ptr<State> RcRacerGame::new_initial_state() const {
  return std::make_unique<RcRacerState>(*this);
}

std::unique_ptr<Agent> RcRacerGame::make_bot(BotLevel level) const {
  if (level == BotLevel::Random) return nullptr;
  return make_rc_racer_bot(level, presenter());
}

GameEntry entry() {
  return GameEntry{game_info(), [](const Options& options, const DataSource& data) {
                     return std::unique_ptr<Game>(new RcRacerGame(options, load_data(data)));
                   }};
}

const Presenter& RcRacerGame::presenter() const {
  static const RcRacerPresenter shown;
  return shown;
}

}  // namespace rt::rc_racer
