// What a person is shown of a game, apart from its rules: the board, the
// question, the options' labels, the menu's highlight, the arrow keys, the
// legend and the timing words. Each game has one Presenter (games/<game>/presenter.h, made by its
// Game); the shell, the server's views, line mode, transcripts and lessons
// ask it about a State, never the State itself. A presenter holds nothing of
// a game in progress: every question names the State it is about.
#pragma once

#include <optional>
#include <string>

#include "core/canvas.h"
#include "core/state.h"
#include "core/types.h"

namespace rt {

class Presenter {
 public:
  virtual ~Presenter() = default;

  // The board on a canvas, as ctx.viewer may see it.
  virtual void view(const State& state, Canvas& canvas, const ViewContext& ctx) const = 0;
  // How many intermediate pictures the last applied step left for views
  // (a race phase run command by command inside one step): a front end may
  // draw them one after another (ViewContext::frame) before the state as it
  // is. Only kept while narrating; 0: the step is one picture.
  virtual int view_frames(const State& /*state*/) const { return 0; }
  // The question being asked of a player ("Play a card matching red").
  virtual std::string prompt(const State& state, PlayerId player) const = 0;
  // An option's longer name for a menu ("Play red/blue (split match)"); bots'
  // reasons, hints and the review name a move by it too. Default: its text.
  virtual std::string action_label(const State& state, PlayerId player, Action action) const {
    return state.action_text(player, action);
  }
  // What the board's compact codes and marks mean, a few lines for a text
  // front end's legend. Empty: the board explains itself.
  virtual std::string legend(const State& /*state*/) const { return {}; }

  // Optional keyboard hints for interactive front ends. A decision laid out
  // on a grid (a sliding puzzle) may give arrow keys a meaning: the legal
  // action a direction stands for now, or nullopt. When no direction has an
  // action, arrows move the front end's menu highlight as usual; the listed
  // options stay available either way.
  virtual std::optional<Action> direction_action(const State& /*state*/, PlayerId /*player*/,
                                                 Direction /*d*/) const {
    return std::nullopt;
  }
  // What the arrows do, as words that follow the arrow keys' names ("slide
  // the tile beside the gap that way"); shown with the options.
  virtual std::string direction_help(const State& /*state*/, PlayerId /*player*/) const { return {}; }
  // The option a menu highlights first (nullopt: the first one listed).
  // core/seat_question.h moves the highlight off an option that gives_up()
  // while another legal option does not.
  virtual std::optional<Action> default_option(const State& /*state*/, PlayerId /*player*/) const {
    return std::nullopt;
  }
  // For text front ends that schedule a timed decision ("throw in 1.2 s"):
  // what the player would aim at if they acted at tick `at`, in a few words
  // ("the needle at +34, on the card"). Empty: timing changes nothing here.
  virtual std::string timing_hint(const State& /*state*/, PlayerId /*player*/, Tick /*at*/) const {
    return {};
  }
};

// A game's presenter over its own State type: the one place the State a
// caller hands over is taken as the game's (a Game's presenter is only asked
// about the States that Game makes).
template <class GameState>
class PresenterOf : public Presenter {
 protected:
  static const GameState& game_state(const State& state) { return static_cast<const GameState&>(state); }
};

}  // namespace rt
