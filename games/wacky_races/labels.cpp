// Menu labels: each option in words, with where it takes the racer and what
// waits there, read from WackyState's public face.
#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/presenter.h"

namespace rt::wacky_races {

std::string WackyPresenter::action_label(const State& state, PlayerId player, Action a) const {
  const WackyState& s = game_state(state);
  const Catalog& c = s.catalog();
  if (player < 0) return s.action_text(player, a);
  const Task* t = s.top();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[k].name; };
  const int slot = s.slot_of(player);
  const auto dest_words = [&](int from) {
    const int d = s.next_free(from, +1);
    if (d < 0) return std::string("no free space ahead");
    if (d == c.finish_pos) return std::string("crosses the Finish Line: you win!");
    std::string w = "moves you to " + s.tile_name(d);
    if (s.trap(d) >= 0) w += " - a face-down Trap waits there!";
    return w;
  };
  if (t && t->kind == TaskKind::TurnMain) {
    if (a == kEnd)
      return s.cards_played() == 0
                 ? std::string("End your turn (you have no Movement card)")
                 : fmt::format("End your movement (refill to {}, then Dastardly moves)", s.hand_target());
    if (a >= kPower) {
      const int i = a - kPower;
      const Power& pw = c.teams[s.team_of(slot)].powers[i];
      std::string extra;
      if (pw.effects.front().code == PowerCode::Move) {
        const int d = s.next_free(s.pos(slot), +1);
        if (d >= 0) extra = " - first to " + s.tile_name(d);
      }
      return fmt::format("Use {}: {}{}", pw.name, describe(c, pw), extra);
    }
    if (a >= kThree) {
      const Triple& tr = triples()[a - kThree];
      return fmt::format("Discard {}, {} and {} to leave the Swamp: {}", terr(tr.t[0]), terr(tr.t[1]),
                         terr(tr.t[2]), dest_words(s.pos(slot)));
    }
    if (a >= kPair)
      return fmt::format("Discard 2 {} to leave the Swamp: {}", terr(a - kPair), dest_words(s.pos(slot)));
    if (a >= kStay) return fmt::format("Play {} and stay stuck in the Swamp", terr(a - kStay));
    const int k = a - kPlay;
    const char* why = s.cards_played() == 0 ? " (any terrain)" : "";
    return fmt::format("Play {}: {} card{}, {}", terr(k), kOrdinal[s.cards_played()], why,
                       dest_words(s.pos(slot)));
  }
  if (!t) return s.action_text(player, a);
  if (a >= kPowerPick) {
    const std::string name = s.power_name(player, a - kPowerPick);
    return t->purpose == Purpose::Unexhaust ? "Unexhaust " + name + " (ready again)" : "Exhaust " + name;
  }
  if (a == kNoSwap) return "Swap nothing";
  if (a == kDone) return fmt::format("Stop discarding and draw {}", t->discarded() + 1);
  if (a >= kCard) {
    const int k = a - kCard;
    if (t->kind == TaskKind::Redraw)
      return fmt::format("Discard {} (draw one more than you discard)", terr(k));
    if (t->receiver() >= 0) return fmt::format("Give {} to {}", terr(k), s.game().seat_name(t->receiver()));
    return "Discard " + terr(k);
  }
  if (a >= kTile) {
    const int p = a - kTile;
    const std::string trap_note = s.trap(p) >= 0 ? ", with a face-down Trap" : "";
    switch (t->purpose) {
      case Purpose::CrossFirst: return fmt::format("Swap {}{} with another tile", s.tile_name(p), trap_note);
      case Purpose::CrossSecond: {
        const Task& up = s.task(s.depth() - 2);
        return fmt::format("Swap it with {}{} (tile {} becomes {})", s.tile_name(p), trap_note,
                           s.tile_number(up.first_tile()), s.kind_name(p));
      }
      case Purpose::Sawtooth:
        return fmt::format("Bring {}{} in front of you (to tile {})", s.tile_name(p), trap_note,
                           s.tile_number(s.pos(slot) + 1));
      default: return "Peek at the Trap on " + s.tile_name(p);
    }
  }
  if (a >= kRacer) {
    const int r = a - kRacer;
    switch (t->purpose) {
      case Purpose::Order: return s.racer_name(r) + " moves first";
      case Purpose::Rear: return s.racer_name(r) + " moves ahead with the Painted Tunnel";
      case Purpose::Switch: return "Switch places with " + s.racer_name(r);
      case Purpose::Trigger: return s.racer_name(r) + " sets off the Trap";
      default: return fmt::format("Target {} on {}", s.racer_name(r), s.tile_name(s.pos(r)));
    }
  }
  return s.action_text(player, a);
}

}  // namespace rt::wacky_races
