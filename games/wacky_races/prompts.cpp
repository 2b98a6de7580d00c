// The words of Wacky Races' questions: the prompt for the seat deciding and
// the legend of the board's codes.
#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/presenter.h"

namespace rt::wacky_races {

std::string WackyPresenter::prompt(const State& state, PlayerId player) const {
  const WackyState& s = game_state(state);
  const Task* t = s.top();
  if (!t || s.turn() != Turn::Player || player != t->who) return "";
  const int slot = s.slot_of(player);
  switch (t->kind) {
    case TaskKind::TurnMain: {
      const int p = s.pos(slot);
      if (s.is_swamp(p))
        return "You are in the Swamp: discard 2 identical or any 3 cards to get out, or play 1 card and "
               "stay.";
      if (s.cards_played() == 0)
        return fmt::format(
            "Your turn on {}: play a Movement card (the 1st moves you 1 space on any terrain).",
            s.tile_name(p));
      if (s.cards_played() >= s.card_limit())
        return "No more Movement cards this turn: use a power or end your movement.";
      return fmt::format("On {}: play a matching card to move again ({} card), use a power, or end.",
                         s.tile_name(p), kOrdinal[s.cards_played()]);
    }
    case TaskKind::ChooseRacer:
      switch (t->purpose) {
        case Purpose::Order: return "Two racers share a tile: choose which one moves first.";
        case Purpose::Rear:
          return "Painted Tunnel: choose which of the tied racers furthest back moves ahead.";
        case Purpose::Switch: return "The Old Switcheroo: choose the racer to switch places with.";
        case Purpose::Trigger:
          return "Two racers share the trapped tile: choose which one sets the Trap off.";
        default: return "Choose the racer your Special Power targets.";
      }
    case TaskKind::ChooseTile:
      switch (t->purpose) {
        case Purpose::CrossFirst: return "Crossroads: choose a Terrain tile to swap, or swap nothing.";
        case Purpose::CrossSecond: return "Crossroads: choose the tile to swap it with.";
        case Purpose::Sawtooth: return "Sawtooth: choose the Terrain tile to put in front of you.";
        default: return "Choose a face-down Trap to look at.";
      }
    case TaskKind::ChooseCard:
      return t->receiver() >= 0
                 ? fmt::format("Choose a card to give to {}.", s.game().seat_name(t->receiver()))
                 : std::string("Choose a card to discard.");
    case TaskKind::Redraw:
      return fmt::format("Rebuild: discard cards one at a time, then draw one more ({} discarded so far).",
                         t->discarded());
    case TaskKind::ChoosePower:
      return t->purpose == Purpose::Unexhaust
                 ? "Choose one of your exhausted Special Power cards to make ready."
                 : "Choose one of your Special Power cards to exhaust.";
    default: return "";
  }
}

std::string WackyPresenter::legend(const State& state) const {
  const Catalog& c = game_state(state).catalog();
  auto list = [](const auto& items, auto code, auto name) {
    std::string out;
    for (const auto& it : items) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", code(it), name(it));
    return out;
  };
  const auto short_of = [](const auto& t) { return t.short_name; };
  const auto name_of = [](const auto& t) { return t.name; };
  return fmt::format(
      "The course, rear to front: 00 is the Mean Machine's spot, S1-S6 the Starting Board, then the tiles by "
      "number. Under each number: the terrain, a face-down Trap, then up to two racers.\n"
      "  terrains: {} (lower case: a starting space); any: every terrain; GAS Gas Station; FIN Finish Line\n"
      "  Special tiles: {}\n"
      "  [?] (?? when narrow): a face-down Trap; a Trap's code once you have looked at it: {}\n"
      "  racers: {}; your own racer is drawn reversed; +2: two more racers on a crowded space\n"
      "DD: Dick Dastardly's Mean Machine. An arrow at either end: more course that way (with how many racers "
      "are out of sight behind).\n"
      "> marks the racer whose turn it is. Your powers: (used) once used this race, the others ready.",
      list(c.terrains, short_of, name_of), list(c.specials, short_of, name_of),
      list(c.traps, short_of, name_of),
      list(
          c.teams, [](const Team& t) { return t.code; }, name_of));
}

}  // namespace rt::wacky_races
