// Setting off Dick Dastardly's Traps: cancelling them with a matching power,
// and one engine per trap effect code.
#include <bit>

#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

void WackyState::stop_movement(int slot) {
  for (int i = depth_ - 1; i >= 0; --i) {
    Task& t = stack_[i];
    if (t.kind == TaskKind::Move && t.racer == slot && t.spaces() > 0) {
      t.spaces() = 0;
      return;
    }
  }
}

bool WackyState::step_trigger(Task& t) {
  const Catalog& c = catalog();
  const int r = t.racer;
  const int p = t.pos();
  pop();
  const int k = trap(p);
  if (k < 0 || pos(r) != p) return true;
  trap_[p] = -1;
  peek_[p] = 0;
  ++trap_disc_[k];
  const TrapKind& kind = c.traps[k];
  const std::string& rule = kind.rule;
  emit("Setting Off Traps", "{} sets off the Trap on {}: {}!", rname(r), tname(p), kind.name)
      .type("trap")
      .with("racer", rname(r))
      .with("tile", tname(p))
      .with("trap", kind.name);
  const PlayerId seat = owner(r);
  if (seat >= 0) {
    if (cancel_trap(r, k)) return true;
  } else if (kind.neutral_immune) {
    emit(rule, "{} is a Neutral Racer: nothing happens.", rname(r))
        .type("trap_no_effect")
        .with("racer", rname(r));
    return true;
  }
  // An uncancelled Trap stops the racer where it is; on its own turn the turn ends.
  stop_movement(r);
  bool ends_turn = false;
  if (seat >= 0 && seat == current_) {
    for (int i = 0; i < depth_; ++i)
      if (stack_[i].kind == TaskKind::TurnMain) {
        turn_over_ = true;
        ends_turn = true;
        break;
      }
  }
  apply_trap(r, kind);
  // Said after the Trap's own effect: "sets off ... : Broken Bridge!", what it
  // does, then that the turn is over.
  if (ends_turn)
    emit("Setting Off Traps", "{} cannot cancel it: the turn ends (the hand still refills).", rname(r))
        .type("turn_ends")
        .with("racer", rname(r));
  return true;
}

// "If a player has an unexhausted Special Power card for that specific type of
// Trap, the Special Power card must be flipped facedown and the Trap card is
// discarded without further consequences."
bool WackyState::cancel_trap(int r, int k) {
  const Catalog& c = catalog();
  const PlayerId seat = owner(r);
  const Team& team = c.teams[team_of(r)];
  for (int i = 0; i < kPowers; ++i) {
    if (team.powers[i].cancels() == k && !exhausted(seat, i)) {
      set_exhausted(seat, i, true);
      emit("Setting Off Traps", "{} flips {} and cancels the {}.", rname(r), team.powers[i].name,
           c.traps[k].name)
          .type("trap_cancelled")
          .with("racer", rname(r))
          .with("power", team.powers[i].name)
          .with("trap", c.traps[k].name);
      return true;
    }
  }
  return false;
}

// What an uncancelled Trap does to racer r (and, for some, to the others).
void WackyState::apply_trap(int r, const TrapKind& kind) {
  const PlayerId seat = owner(r);
  const std::string& rule = kind.rule;
  switch (kind.code) {
    case TrapCode::OneCard:
      if (seat >= 0) {
        bridge_[seat] = true;
        emit(rule, "{} can only play 1 Movement card on their following turn.", rname(r))
            .type("trap_one_card")
            .with("racer", rname(r));
      }
      break;
    case TrapCode::OthersForward: {
      std::uint32_t others = 0;
      for (int s = 0; s < kField; ++s)
        if (s != r) others |= 1u << s;
      emit(rule, "All other racers move ahead {}, leader first.", kind.n)
          .type("others_forward")
          .with("spaces", kind.n);
      Task& g = push(TaskKind::GroupMove);
      g.mask = others;
      g.spaces() = static_cast<std::int8_t>(kind.n);
      g.who = chooser_;
      break;
    }
    case TrapCode::RearmostForward: {
      Task& sel = push(TaskKind::SelectRear);
      sel.racers_to_pick() = static_cast<std::int8_t>(kind.racers);
      sel.spaces() = static_cast<std::int8_t>(kind.n);
      sel.who = chooser_;
      break;
    }
    case TrapCode::Back:
      emit(rule, "{} is thrown back {} space{}.", rname(r), kind.n, kind.n == 1 ? "" : "s")
          .type("thrown_back")
          .with("racer", rname(r))
          .with("spaces", kind.n);
      push_move(r, kind.n, -1);
      break;
    case TrapCode::ExhaustOwn: {
      if (seat < 0) break;
      int ready = 0;
      int only = -1;
      for (int i = 0; i < kPowers; ++i)
        if (!exhausted(seat, i)) {
          ++ready;
          only = i;
        }
      if (ready == 0) {
        emit(rule, "{} has no Special Power card left to exhaust.", rname(r))
            .type("no_power")
            .with("racer", rname(r));
      } else if (ready == 1) {
        set_exhausted(seat, only, true);
        emit(rule, "{} exhausts {}, their last ready power.", rname(r), power_name(seat, only))
            .type("exhaust")
            .with("racer", rname(r))
            .with("power", power_name(seat, only));
      } else {
        Task& ch = push(TaskKind::ChoosePower);
        ch.purpose = Purpose::Sabotage;
        ch.who = seat;
      }
      break;
    }
    case TrapCode::SwitchBehind: {
      Task& sw = push(TaskKind::SwitchBehind);
      sw.racer = static_cast<std::int8_t>(r);
      sw.tiles_behind() = static_cast<std::int8_t>(kind.range);
      break;
    }
    case TrapCode::NoRefill:
      if (seat >= 0) {
        mud_[seat] = true;
        emit(rule, "{} will not refill their hand at the end of their turn.", rname(r))
            .type("trap_no_refill")
            .with("racer", rname(r));
      }
      break;
    case TrapCode::UnexhaustAll: {
      emit(rule, "Muttley's plan backfires: every player may unexhaust 1 Special Power card.")
          .type("unexhaust_all");
      Task& u = push(TaskKind::UnexhaustAll);
      u.who = chooser_;
      u.failed_plan() = 1;
      break;
    }
  }
}

bool WackyState::step_switch(Task& t) {
  const int r = t.racer;
  const int p = pos(r);
  int best = -1;
  std::uint32_t cand = 0;
  for (int s = 0; s < kField; ++s) {
    if (s == r || pos(s) >= p || pos(s) < p - t.tiles_behind()) continue;
    if (pos(s) > best) {
      best = pos(s);
      cand = 1u << s;
    } else if (pos(s) == best) {
      cand |= 1u << s;
    }
  }
  if (cand == 0) {
    emit("Trap: The Old Switcheroo", "No racer is within {} tiles behind {}: nothing happens.",
         t.tiles_behind(), rname(r))
        .type("switch")
        .with("racer", rname(r))
        .with("target", "")
        .with("to", "");
    pop();
    return true;
  }
  int o;
  if (t.result >= 0 && (cand >> t.result) & 1u) {
    o = t.result;
  } else if (one_bit(cand)) {
    o = std::countr_zero(cand);
  } else {
    Task& ch = push(TaskKind::ChooseRacer);
    ch.purpose = Purpose::Switch;
    ch.who = chooser_;
    ch.mask = cand;
    return true;
  }
  pop();
  std::swap(pos_[r], pos_[o]);
  emit("Trap: The Old Switcheroo", "{} switches places with {}: now on {}.", rname(r), rname(o),
       tname(pos(r)))
      .type("switch")
      .with("racer", rname(r))
      .with("target", rname(o))
      .with("to", tname(pos(r)));
  return true;
}

bool WackyState::step_unexhaust_all(Task& t) {
  const int n = num_players();
  while (t.seats_done() < n) {
    const PlayerId seat = static_cast<PlayerId>((t.who + t.seats_done()) % n);
    ++t.seats_done();
    int down = 0;
    int only = -1;
    for (int i = 0; i < kPowers; ++i)
      if (exhausted(seat, i)) {
        ++down;
        only = i;
      }
    if (down == 0) continue;
    if (down == 1) {
      set_exhausted(seat, only, false);
      emit(t.failed_plan() == 1 ? "Trap: Failed Plan" : "Gas Station", "{} unexhausts {}.",
           rname(slot_of(seat)), power_name(seat, only))
          .type("unexhaust")
          .with("racer", rname(slot_of(seat)))
          .with("power", power_name(seat, only));
      continue;
    }
    Task& ch = push(TaskKind::ChoosePower);
    ch.purpose = Purpose::Unexhaust;
    ch.who = seat;
    ch.failed_plan() = t.failed_plan();
    return true;
  }
  pop();
  return true;
}

}  // namespace rt::wacky_races
