// Racers' Special Powers: when each can be used, whom it may target, and one
// engine per effect code. Also drawing and losing cards.
#include <bit>
#include <cstdlib>

#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

namespace {
const Effect& first_effect(const Catalog& c, int team, int power) {
  return c.teams[team].powers[power].effects.front();
}
}  // namespace

std::uint32_t WackyState::targets(PlayerId seat, const Effect& e) const {
  const int self = slot_of(seat);
  const int p = pos(self);
  const int lo = e.ahead ? 1 : -e.range;  // distances in range: lo .. e.range
  if (e.range < lo) return 0;
  // The racers in range, and those on your own space (docs/PERFORMANCE.md: targets()).
  std::uint32_t near = 0;
  std::uint32_t here = 0;
  for (int s = 0; s < kField; ++s) {
    const int d = pos(s) - p;
    near |= static_cast<std::uint32_t>(static_cast<unsigned>(d - lo) <= static_cast<unsigned>(e.range - lo))
            << s;
    here |= static_cast<std::uint32_t>(d == 0) << s;
  }
  near &= ~(1u << self);
  if (near == 0) return 0;
  // Seats own slots 0 .. players-1 (slot_of()); the Neutral Racers have no hand or powers.
  std::uint32_t m = 0;
  switch (e.code) {
    case PowerCode::Steal:
    case PowerCode::ForceDiscard:
      for (PlayerId o = 0; o < num_players(); ++o)
        m |= static_cast<std::uint32_t>(hand_total(o) > 0) << slot_of(o);
      return near & m;
    case PowerCode::ExhaustOther:
      for (PlayerId o = 0; o < num_players(); ++o)
        m |= static_cast<std::uint32_t>(exhausted_[o] != (1u << kPowers) - 1) << slot_of(o);
      return near & m;
    case PowerCode::SwapRacer: return near & ~here;
    case PowerCode::PushBack:
      for (std::uint32_t left = near; left != 0; left &= left - 1) {
        const int s = std::countr_zero(left);
        if (next_free(pos(s), -1) >= 0) m |= 1u << s;
      }
      return m;
    default: return 0;
  }
}

std::uint32_t WackyState::tile_targets(PlayerId seat, const Effect& e) const {
  std::uint32_t m = 0;
  const int n = catalog().num_pos;
  if (e.code == PowerCode::PeekTrap) {
    for (int q = 0; q < n; ++q) m |= static_cast<std::uint32_t>(trap(q) >= 0 && !peeked(seat, q)) << q;
  } else if (e.code == PowerCode::SwapTileAhead) {
    const int ahead = pos(slot_of(seat)) + 1;
    if (!is_course_terrain(ahead)) return 0;
    for (int q = 0; q < n; ++q) m |= static_cast<std::uint32_t>(is_course_terrain(q)) << q;
    m &= ~(1u << ahead);
  }
  return m;
}

bool WackyState::power_usable(PlayerId seat, int power) const {
  if (turn_over_ || exhausted(seat, power)) return false;
  return power_ready(seat, power);
}

bool WackyState::power_ready(PlayerId seat, int power) const {
  const int slot = slot_of(seat);
  const Effect& e = first_effect(catalog(), team_of(slot), power);
  const int p = pos(slot);
  switch (e.code) {
    case PowerCode::Move: return !is_swamp(p);
    case PowerCode::Draw: return deck_total() + discard_total() > 0;
    case PowerCode::Steal:
    case PowerCode::SwapRacer:
    case PowerCode::PushBack:
    case PowerCode::ForceDiscard:
    case PowerCode::ExhaustOther: return targets(seat, e) != 0;
    case PowerCode::WildTile: return !is_wild(p) && wild_tile_ != p;
    case PowerCode::PeekTrap:
    case PowerCode::SwapTileAhead: return tile_targets(seat, e) != 0;
    case PowerCode::DastardlyBack: return !dast_out_ && dast_ != retreat_pos();
    case PowerCode::HandPlus: return true;
    case PowerCode::Redraw: return deck_total() + discard_total() + hand_total(seat) > 0;
    case PowerCode::Discard: return hand_total(seat) > 0;
    case PowerCode::Cancel: return false;
  }
  return false;
}

void WackyState::use_power(PlayerId seat, int power) {
  const Catalog& c = catalog();
  const int slot = slot_of(seat);
  set_exhausted(seat, power, true);
  const Power& pw = c.teams[team_of(slot)].powers[power];
  emit("Racers' Special Powers", "{} uses {}: {}.", rname(slot), pw.name, PowerWords{&c, &pw})
      .type("power")
      .with("racer", rname(slot))
      .with("power", pw.name);
  Task& t = push(TaskKind::Power);
  t.who = seat;
  t.racer = static_cast<std::int8_t>(slot);
  t.power() = static_cast<std::int8_t>(power);
}

bool WackyState::step_power(Task& t) {
  const Catalog& c = catalog();
  const Power& pw = c.teams[team_of(t.racer)].powers[t.power()];
  if (t.next_effect() >= pw.effects.size()) {
    pop();
    return true;
  }
  const Effect& e = pw.effects[t.next_effect()];
  const PlayerId seat = t.who;
  const int self = t.racer;
  const std::string_view rule = "Racers' Special Powers";
  switch (e.code) {
    case PowerCode::Move: ++t.next_effect(); return move_now(self, e.n, +1);
    case PowerCode::Draw: {
      ++t.next_effect();
      Task& d = push(TaskKind::DrawCards);
      d.who = seat;
      d.cards_left() = static_cast<std::int8_t>(e.n);
      return step_draw_cards(d);  // the stack would run it next anyway
    }
    case PowerCode::Steal:
    case PowerCode::SwapRacer:
    case PowerCode::PushBack:
    case PowerCode::ForceDiscard:
    case PowerCode::ExhaustOther: return step_power_on_racer(t, e);
    case PowerCode::PeekTrap:
    case PowerCode::SwapTileAhead: return step_power_on_tile(t, e);
    case PowerCode::WildTile:
      ++t.next_effect();
      wild_tile_ = static_cast<std::int8_t>(pos(self));
      emit(rule, "{} counts as every terrain for {} for the rest of this turn.", tname(pos(self)),
           rname(self))
          .type("wild_tile")
          .with("racer", rname(self))
          .with("tile", tname(pos(self)));
      return true;
    case PowerCode::DastardlyBack:
      ++t.next_effect();
      if (!dast_out_) dastardly_retreat(rule);
      return true;
    case PowerCode::HandPlus:
      ++t.next_effect();
      hand_plus_ = static_cast<std::int8_t>(hand_plus_ + e.n);
      emit(rule, "{} will refill to {} cards at the end of this turn.", rname(self), hand_target())
          .type("hand_size")
          .with("racer", rname(self))
          .with("hand", hand_target());
      return true;
    case PowerCode::Redraw: {
      ++t.next_effect();
      Task& rd = push(TaskKind::Redraw);
      rd.who = seat;
      return true;
    }
    case PowerCode::Discard: {
      ++t.next_effect();
      Task& tk = push(TaskKind::TakeCards);
      tk.who = seat;
      tk.receiver() = kNobody;
      tk.cards_left() = static_cast<std::int8_t>(e.n);
      tk.victim_picks() = 1;
      return true;
    }
    case PowerCode::Cancel: ++t.next_effect(); return true;
  }
  return true;
}

// An effect on another racer: its owner asks which one when several qualify.
bool WackyState::step_power_on_racer(Task& t, const Effect& e) {
  const PlayerId seat = t.who;
  const int self = t.racer;
  const std::string_view rule = "Racers' Special Powers";
  if (t.result == -1) {
    const std::uint32_t m = targets(seat, e);
    if (one_bit(m)) {
      t.result = static_cast<std::int8_t>(std::countr_zero(m));
    } else if (m != 0) {
      Task& ch = push(TaskKind::ChooseRacer);
      ch.purpose = Purpose::Target;
      ch.who = seat;
      ch.mask = m;
      return true;
    }
  }
  const int target = t.result;
  t.result = -1;
  ++t.next_effect();
  if (target < 0) {
    emit(rule, "{} finds no racer to target.", rname(self)).type("no_target").with("racer", rname(self));
    return true;
  }
  const PlayerId victim = owner(target);
  switch (e.code) {
    case PowerCode::Steal:
    case PowerCode::ForceDiscard: {
      emit(rule, "{} targets {}.", rname(self), rname(target))
          .type("target")
          .with("racer", rname(self))
          .with("target", rname(target));
      Task& tk = push(TaskKind::TakeCards);
      tk.who = victim;
      tk.receiver() = e.code == PowerCode::Steal ? seat : kNobody;
      tk.cards_left() = static_cast<std::int8_t>(e.n);
      tk.victim_picks() = e.victim_picks ? 1 : 0;
      return true;
    }
    case PowerCode::ExhaustOther: {
      emit(rule, "{} targets {}: its owner exhausts one Special Power.", rname(self), rname(target))
          .type("target")
          .with("racer", rname(self))
          .with("target", rname(target));
      Task& ch = push(TaskKind::ChoosePower);
      ch.purpose = Purpose::Exhaust;
      ch.who = victim;
      return true;
    }
    case PowerCode::SwapRacer:
      std::swap(pos_[self], pos_[target]);
      emit(rule, "{} swaps places with {}: now on {}.", rname(self), rname(target), tname(pos(self)))
          .type("swap_places")
          .with("racer", rname(self))
          .with("target", rname(target))
          .with("to", tname(pos(self)));
      return true;
    default:  // PushBack
      emit(rule, "{} pushes {} back {}.", rname(self), rname(target), e.n)
          .type("push_back")
          .with("racer", rname(self))
          .with("target", rname(target))
          .with("spaces", e.n);
      push_move(target, e.n, -1);
      return true;
  }
}

// An effect on a tile ahead: its owner asks which one when several qualify.
bool WackyState::step_power_on_tile(Task& t, const Effect& e) {
  const Catalog& c = catalog();
  const PlayerId seat = t.who;
  const int self = t.racer;
  const std::string_view rule = "Racers' Special Powers";
  if (t.result == -1) {
    const std::uint32_t m = tile_targets(seat, e);
    if (one_bit(m)) {
      t.result = static_cast<std::int8_t>(std::countr_zero(m));
    } else if (m != 0) {
      Task& ch = push(TaskKind::ChooseTile);
      ch.purpose = e.code == PowerCode::PeekTrap ? Purpose::Peek : Purpose::Sawtooth;
      ch.who = seat;
      ch.mask = m;
      return true;
    }
  }
  const int q = t.result;
  t.result = -1;
  ++t.next_effect();
  if (q < 0) return true;
  if (e.code == PowerCode::PeekTrap) {
    peek_[q] = static_cast<std::uint8_t>(peek_[q] | (1u << seat));
    emit(rule, "{} peeks at the face-down Trap on {}.", rname(self), tname(q))
        .type("peek")
        .with("racer", rname(self))
        .with("tile", tname(q));
    emit_private(seat, rule, "The Trap on {} is {}.", tname(q), c.traps[trap(q)].name)
        .type("peeked")
        .with("tile", tname(q))
        .with("trap", c.traps[trap(q)].name);
  } else {
    swap_tiles(pos(self) + 1, q, "Racers' Special Powers");
  }
  return true;
}

bool WackyState::step_draw_cards(Task& t) {
  if (t.stage() == 0) {
    t.stage() = 1;
    // The drawer hears each card (narrate_draw); the others hear the count.
    emit_private(everyone_but(t.who), "Racers' Special Powers", "{} draws {} card{}.",
                 game_->seat_name(t.who), t.cards_left(), t.cards_left() == 1 ? "" : "s")
        .type("power_draw")
        .seat("player", t.who)
        .with("cards", t.cards_left());
  }
  if (t.cards_left() <= 0 || !prepare_draw()) {
    pop();
    return true;
  }
  --t.cards_left();
  push(TaskKind::DrawCard).who = t.who;
  return false;  // the draw waits on top: prepare_draw() has made sure there is a card
}

bool WackyState::step_take_cards(Task& t) {
  if (t.cards_left() <= 0 || hand_total(t.who) == 0) {
    pop();
    return true;
  }
  --t.cards_left();
  const PlayerId from = t.who;
  const std::int8_t to = t.receiver();
  const bool pick = t.victim_picks() == 1;
  Task& x = push(pick ? TaskKind::ChooseCard : TaskKind::PickHand);
  x.who = from;
  x.receiver() = to;
  x.purpose = to >= 0 ? Purpose::Give : Purpose::Discard;
  return true;
}

bool WackyState::step_refill(Task& t) {
  const PlayerId seat = t.who;
  const int slot = slot_of(seat);
  const std::string_view rule = "Step 4 - Redraw Your Hand";
  if (t.stage() == 0) {
    t.stage() = 1;
    if (mud_[seat]) {
      mud_[seat] = false;
      pop();
      emit("Trap: Mud Pool", "{} is stuck in the Mud Pool and does not refill their hand ({} card{}).",
           rname(slot), hand_total(seat), hand_total(seat) == 1 ? "" : "s")
          .type("no_refill")
          .with("racer", rname(slot))
          .with("hand", hand_total(seat));
      return dastardly_now();
    }
    t.cards_to_draw() = static_cast<std::int8_t>(hand_target() - hand_total(seat));
    if (t.cards_to_draw() < 0) t.cards_to_draw() = 0;
  }
  if (t.cards_drawn() < t.cards_to_draw() && prepare_draw()) {
    ++t.cards_drawn();
    push(TaskKind::DrawCard).who = seat;
    return false;  // the draw waits on top: prepare_draw() has made sure there is a card
  }
  if (t.cards_drawn() > 0)
    // The drawer has heard each card (narrate_draw); the others hear the count.
    emit_private(everyone_but(seat), rule, "{} draws {} card{} ({} in hand).", game_->seat_name(seat),
                 t.cards_drawn(), t.cards_drawn() == 1 ? "" : "s", hand_total(seat))
        .type("draw_unseen")
        .seat("player", seat)
        .with("cards", t.cards_drawn())
        .with("hand", hand_total(seat));
  pop();
  return dastardly_now();
}

}  // namespace rt::wacky_races
