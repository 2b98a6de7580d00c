// RC Racer's questions and words: the prompt of each decision, the legend of
// the board's codes, and the keys of the sliding puzzle (the arrows slide the
// tile beside the gap; Enter is kept for "done").
#include <fmt/format.h>

#include "games/rc_racer/game.h"
#include "games/rc_racer/presenter.h"

namespace rt::rc_racer {

std::string RcRacerPresenter::prompt(const State& state, PlayerId player) const {
  const RcRacerState& s = game_state(state);
  switch (s.phase()) {
    case Phase::ChooseCar: return "Choose your Racecar.";
    case Phase::PlaceCar: return "Place your Racecar on an empty space of the Starting Grid.";
    case Phase::Programming:
      if (s.real_time()) {
        if (s.countdown_from() != kNoDeadline)
          return "Program your car — the others are counting down from 10: slide tiles and say done!";
        return "Program your car, quick! Slide tiles so rows 2 and 3 hold your 8 commands, then say done.";
      }
      return fmt::format(
          "Program your car: slide tiles so rows 2 and 3 hold your 8 commands, then say done "
          "(fewer slides take a happier Smile; {} so far).",
          s.slides(player));
    case Phase::BirdFly:
      return "Bird Racer: fly sideways to an empty spot in your column (another lane), or stay.";
    case Phase::Shield:
      return fmt::format("You hold {} Energy Shield{}: discard one to move 2 spaces forward, or stop.",
                         s.car(player).shields, s.car(player).shields == 1 ? "" : "s");
    default: return "";
  }
}

std::string RcRacerPresenter::legend(const State& /*state*/) const {
  return "The track runs to the right, lane 1 (Blue edge) on top to lane 5 (Red edge); above it, each "
         "board's "
         "code (S start, F finish) and | the finish line.\n"
         "  . floor  X obstacle  # impassable  ~ water  : carpet  , grass  ^ speeder\n"
         "  A-D: the players' cars (a-d: lying down; &: cars sharing a space); 1-4: starting spaces at "
         "set-up.\n"
         "  * the path your program would drive, @ where it ends.\n"
         "Players: Batt batteries, Shld energy shields, Smile the smile card, Place, Status (slides made).\n"
         "Controller: rows 2 and 3 (marked >) are the program run this round; [gap] is the empty space the "
         "tiles slide into.";
}

std::optional<Action> RcRacerPresenter::direction_action(const State& state, PlayerId player,
                                                         Direction d) const {
  const RcRacerState& s = game_state(state);
  if (s.phase() != Phase::Programming || player < 0 || player >= s.num_players() || !s.racing(player) ||
      s.done(player) || s.slides(player) >= s.data().max_slides)
    return std::nullopt;
  // The arrow names the way the tile moves, as in a handheld sliding puzzle:
  // Up slides the tile below the gap up into it.
  Dir dir = Dir::Up;
  switch (d) {
    case Direction::Up: dir = Dir::Up; break;
    case Direction::Down: dir = Dir::Down; break;
    case Direction::Left: dir = Dir::Left; break;
    case Direction::Right: dir = Dir::Right; break;
  }
  if (slide_room(s.gap(player), dir) < 1) return std::nullopt;
  return slide_action(dir, 1);
}

std::string RcRacerPresenter::direction_help(const State& state, PlayerId player) const {
  if (!direction_action(state, player, Direction::Up) && !direction_action(state, player, Direction::Down) &&
      !direction_action(state, player, Direction::Left) && !direction_action(state, player, Direction::Right))
    return {};
  return "slide the tile beside the gap that way";
}

std::optional<Action> RcRacerPresenter::default_option(const State& state, PlayerId player) const {
  const RcRacerState& s = game_state(state);
  // Arrows do the sliding, so Enter is best kept for "done".
  if (s.phase() == Phase::Programming && player >= 0 && player < s.num_players() && s.racing(player) &&
      !s.done(player))
    return kDone;
  return std::nullopt;
}

}  // namespace rt::rc_racer
