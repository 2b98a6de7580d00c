// Moving racers space by space, the tiles they land on, the Special tiles,
// Dick Dastardly, and the Neutral Racers' end-of-round reveals.
#include <bit>

#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

using namespace std::string_view_literals;

// --- the course ---------------------------------------------------------------

int WackyState::next_free(int from, int dir) const {
  const Catalog& c = catalog();
  for (int q = from + dir; q >= 0 && q < c.num_pos; q += dir)
    if (occupancy(q) < capacity(q)) return q;
  return -1;
}

int WackyState::leader_pos() const {
  int best = -1;
  for (int s = 0; s < kField; ++s) best = std::max(best, pos(s));
  return best;
}

int WackyState::last_pos() const {
  int best = kMaxPos;
  for (int s = 0; s < kField; ++s) best = std::min(best, pos(s));
  return best;
}

int WackyState::retreat_pos() const {
  const int p = last_pos() - 1;
  return p >= catalog().first_begin ? p : -1;
}

int WackyState::dastardly_target(int terrain) const {
  const Catalog& c = catalog();
  for (int q = std::max(dast_ + 1, c.first_begin); q < c.finish_pos; ++q) {
    if (q == c.gas_pos || trap(q) >= 0) continue;  // no fuel stops; he knows his own traps
    if (tile(q) == terrain || is_special(q)) return q;
  }
  return -1;
}

void WackyState::push_move(int slot, int n, int dir, bool may_leave_swamp) {
  Task& m = push(TaskKind::Move);
  m.racer = static_cast<std::int8_t>(slot);
  m.spaces() = static_cast<std::int8_t>(n);
  m.direction() = static_cast<std::int8_t>(dir);
  m.may_leave_swamp() = may_leave_swamp ? 1 : 0;
}

bool WackyState::move_now(int slot, int n, int dir) {
  push_move(slot, n, dir);
  return step_move(at_top());
}

// --- movement -----------------------------------------------------------------

// Racers sharing a tile move one after another, the active player choosing
// the order. The choice is not asked when it cannot change anything: Neutral
// Racers (no owner, no hand, no power) moving 1 space onto the same plain
// tile, which has room for them all, end up together whatever the order.
bool WackyState::order_cannot_matter(std::uint32_t racers, int spaces) const {
  if (spaces != 1) return false;
  int from = -1;
  for (int s = 0; s < kField; ++s) {
    if (!(racers & (1u << s))) continue;
    if (!neutral(s)) return false;
    from = pos(s);
  }
  const int dest = next_free(from, +1);
  if (dest < 0 || occupancy(dest) + std::popcount(racers) > capacity(dest)) return false;
  return dest != catalog().finish_pos && trap(dest) < 0 && tile(dest) != kGas && !is_special(dest);
}

bool WackyState::step_group(Task& t) {
  if (t.mask == 0) {
    pop();
    return true;
  }
  // The leader among them, and who shares its tile.
  const std::uint32_t movers = t.mask;
  int best = -1;
  for (std::uint32_t left = movers; left != 0; left &= left - 1)
    best = std::max(best, pos(std::countr_zero(left)));
  std::uint32_t cand = 0;
  for (std::uint32_t left = movers; left != 0; left &= left - 1) {
    const int s = std::countr_zero(left);
    cand |= static_cast<std::uint32_t>(pos(s) == best) << s;
  }
  int r;
  if (t.result >= 0 && (cand >> t.result) & 1u) {
    r = t.result;
  } else if (one_bit(cand) || order_cannot_matter(cand, t.spaces())) {
    r = std::countr_zero(cand);
  } else {
    // "If 2 Racers are on the same tile ..., the active player chooses the order."
    Task& ch = push(TaskKind::ChooseRacer);
    ch.purpose = Purpose::Order;
    ch.who = t.who;
    ch.mask = cand;
    return true;
  }
  t.mask &= ~(1u << r);
  t.result = -1;
  return move_now(r, t.spaces(), +1);
}

bool WackyState::step_rear(Task& t) {
  const int need = t.racers_to_pick() - std::popcount(t.mask);
  if (need <= 0) {
    const std::uint32_t chosen = t.mask;
    const int n = t.spaces();
    const PlayerId who = t.who;
    pop();
    if (narrating()) {
      std::string names;
      for (int s = 0; s < kField; ++s)
        if (chosen & (1u << s)) names += (names.empty() ? "" : " and ") + racer_name(s);
      emit("Trap: Painted Tunnel", "{}, furthest from the Finish Line, move{} ahead {} spaces.", names,
           std::popcount(chosen) == 1 ? "s" : "", n)
          .type("rearmost_forward")
          .with("racers", names)
          .with("spaces", n);
    }
    Task& g = push(TaskKind::GroupMove);
    g.mask = chosen;
    g.spaces() = static_cast<std::int8_t>(n);
    g.who = who;
    return true;
  }
  if (t.result >= 0) {
    t.mask |= 1u << t.result;
    t.result = -1;
    return true;
  }
  int best = kMaxPos;
  std::uint32_t cand = 0;
  for (int s = 0; s < kField; ++s) {
    if (t.mask & (1u << s)) continue;
    if (pos(s) < best) {
      best = pos(s);
      cand = 1u << s;
    } else if (pos(s) == best) {
      cand |= 1u << s;
    }
  }
  if (std::popcount(cand) <= need) {
    t.mask |= cand;
    return true;
  }
  Task& ch = push(TaskKind::ChooseRacer);
  ch.purpose = Purpose::Rear;
  ch.who = t.who;
  ch.mask = cand;
  return true;
}

// "4 full tiles", "2 full start spaces", "1 full tile and 2 full start spaces":
// what a racer skipped looking for the next free space.
std::string WackyState::skipped_spaces(int from, int dir, int skipped) const {
  int starts = 0;
  for (int k = 1; k <= skipped; ++k) starts += is_start(from + dir * k) ? 1 : 0;
  const int tiles = skipped - starts;
  const auto count = [](int n, const char* one, const char* many) {
    return fmt::format("{} full {}", n, n == 1 ? one : many);
  };
  if (starts == 0) return count(tiles, "tile", "tiles");
  if (tiles == 0) return count(starts, "start space", "start spaces");
  return count(tiles, "tile", "tiles") + " and " + count(starts, "start space", "start spaces");
}

bool WackyState::step_move(Task& t) {
  if (t.spaces() <= 0) {
    pop();
    return true;
  }
  const int r = t.racer;
  const int p = pos(r);
  const int dir = t.direction();
  if (dir > 0 && is_swamp(p) && !neutral(r) && !t.may_leave_swamp()) [[unlikely]] {
    emit("Swamp", "{} is stuck in the Swamp: only 2 identical or any 3 Movement cards get a racer out.",
         rname(r))
        .type("stuck_in_swamp")
        .with("racer", rname(r))
        .with("card", "");
    pop();
    return true;
  }
  const int dest = next_free(p, dir);
  if (dest < 0) [[unlikely]] {
    emit("Tile Space", "{} has no free space behind and stays on {}.", rname(r), tname(p))
        .type("move")
        .with("racer", rname(r))
        .with("from", tname(p))
        .with("to", tname(p))
        .with("skipped", 0);
    pop();
    return true;
  }
  place_racer(r, dest);
  --t.spaces();
  t.may_leave_swamp() = 0;
  if (narrating()) [[unlikely]]
    narrate_move(r, p, dest, dir);
  // Most spaces hold no Trap and no effect: entering them does nothing, so
  // the Enter task is queued only where something can happen.
  const bool eventful =
      dest == catalog().finish_pos || trap(dest) >= 0 || tile(dest) == kGas || is_special(dest);
  if (eventful)
    push(TaskKind::Enter).racer = static_cast<std::int8_t>(r);
  else if (t.spaces() <= 0)
    pop();
  return true;
}

void WackyState::narrate_move(int r, int from, int to, int dir) const {
  const int skipped = (to - from) * dir - 1;
  if (skipped > 0)
    emit("Tile Space", "{} moves {} to {}, the next free space (past {}).", rname(r),
         dir > 0 ? "ahead" : "back", tname(to), skipped_spaces(from, dir, skipped))
        .type("move")
        .with("racer", rname(r))
        .with("from", tname(from))
        .with("to", tname(to))
        .with("skipped", skipped);
  else
    emit("Tile Space", "{} moves {} to {}.", rname(r), dir > 0 ? "ahead" : "back", tname(to))
        .type("move")
        .with("racer", rname(r))
        .with("from", tname(from))
        .with("to", tname(to))
        .with("skipped", 0);
}

bool WackyState::step_enter(Task& t) {
  const int r = t.racer;
  pop();
  const int p = pos(r);
  if (p == catalog().finish_pos) {
    race_won(r);
    return true;
  }
  Task& e = push(TaskKind::TileEffect);
  e.racer = static_cast<std::int8_t>(r);
  e.pos() = static_cast<std::int8_t>(p);
  if (trap(p) >= 0) {
    Task& tr = push(TaskKind::Trigger);
    tr.racer = static_cast<std::int8_t>(r);
    tr.pos() = static_cast<std::int8_t>(p);
  }
  return true;
}

bool WackyState::step_tile_effect(Task& t) {
  const int r = t.racer;
  const int p = t.pos();
  pop();
  if (pos(r) != p) return true;
  if (tile(p) == kGas) {
    for (int s = 0; s < kField; ++s)
      if (pos(s) < p) return true;
    emit("Gas Station",
         "{} pulls into the Gas Station in last place: every player unexhausts 1 Special Power card.",
         rname(r))
        .type("gas_station")
        .with("racer", rname(r));
    Task& u = push(TaskKind::UnexhaustAll);
    u.who = chooser_;
    u.failed_plan() = 0;
    return true;
  }
  if (!is_special(p)) return true;
  switch (special_code(p)) {
    case SpecialCode::Swamp:
      if (!neutral(r))
        emit("Swamp", "{} sinks into the Swamp: leaving it takes 2 identical or any 3 Movement cards.",
             rname(r))
            .type("swamp")
            .with("racer", rname(r));
      return true;
    case SpecialCode::Crossroads: return true;
    case SpecialCode::Railroad: {
      const std::uint32_t last = racers_at(last_pos());
      if (narrating()) {
        std::string names;
        for (int s = 0; s < kField; ++s)
          if (last & (1u << s)) names += (names.empty() ? "" : " and ") + racer_name(s);
        emit("Railroad Crossing", "{} reaches the Railroad Crossing: {} in last place move{} ahead 1.",
             rname(r), names, std::popcount(last) == 1 ? "s" : "")
            .type("railroad")
            .with("racer", rname(r))
            .with("racers", names);
      }
      Task& g = push(TaskKind::GroupMove);
      g.mask = last;
      g.spaces() = 1;
      g.who = owner(r) >= 0 ? owner(r) : chooser_;
      return true;
    }
    case SpecialCode::Acme: {
      for (int s = 0; s < kField; ++s)
        if (pos(s) > p) return true;
      emit("A.C.M.E. Laboratory",
           "{} leads into the A.C.M.E. Laboratory: a Terrain is revealed for a new Trap.", rname(r))
          .type("lab")
          .with("racer", rname(r));
      push(TaskKind::AcmeReveal).pos() = static_cast<std::int8_t>(p);
      return true;
    }
  }
  return true;
}

bool WackyState::step_acme(Task& t) {
  if (t.stage() == 0) {
    t.stage() = 1;
    return draw_for(t, kNobody);
  }
  const int from = t.pos();
  const int k = t.result;
  pop();
  if (k < 0) {
    emit("A.C.M.E. Laboratory", "There is no Movement card left to reveal.")
        .type("lab_reveal")
        .with("card", "")
        .with("trap", false);
    return true;
  }
  const std::string& name = catalog().terrains[k].name;
  for (int q = from + 1; q < catalog().finish_pos; ++q) {
    if (tile(q) == k && trap(q) < 0 && occupancy(q) == 0) {
      emit("A.C.M.E. Laboratory", "The revealed card is {}: a Trap goes on the next {} tile.", name, name)
          .type("lab_reveal")
          .with("card", name)
          .with("trap", true);
      Task& pt = push(TaskKind::PlaceTrap);
      pt.pos() = static_cast<std::int8_t>(q);
      pt.from_acme() = 1;
      return true;
    }
  }
  emit("A.C.M.E. Laboratory", "The revealed card is {}, but no free {} tile lies ahead: no Trap.", name, name)
      .type("lab_reveal")
      .with("card", name)
      .with("trap", false);
  return true;
}

bool WackyState::step_place_trap(Task& t) {
  const std::string_view rule = t.from_acme() == 1 ? "A.C.M.E. Laboratory"sv : "Dastardly: trap placement"sv;
  if (t.stage() == 0) {
    t.stage() = 1;
    if (trap_deck_total() == 0 && !dast_out_) {
      int n = 0;
      for (std::size_t k = 0; k < trap_disc_.size(); ++k) {
        n += trap_disc_[k];
        trap_deck_[k] = static_cast<std::uint8_t>(trap_deck_[k] + trap_disc_[k]);
        trap_disc_[k] = 0;
      }
      if (n > 0)
        emit(rule, "The Trap Deck is empty: the {} discarded Traps are shuffled into a new one.", n)
            .type("trap_reshuffle")
            .with("traps", n);
    }
    if (trap_deck_total() > 0) {
      emit(rule, "A face-down Trap card is placed on {}.", tname(t.pos()))
          .type("trap_placed")
          .with("tile", tname(t.pos()));
      push(TaskKind::DrawTrap).pos() = t.pos();
      return false;  // the draw waits on top: there is a Trap card
    }
    emit(rule, "There is no Trap card left to place.").type("no_trap");
    return true;
  }
  const bool retreat = t.retreat_after() == 1;
  pop();
  if (retreat) dastardly_retreat(rule);
  return true;
}

bool WackyState::step_trap_at(Task& t) {
  const int p = t.pos();
  const std::uint32_t here = racers_at(p);
  if (trap(p) < 0 || here == 0) {
    pop();
    return true;
  }
  int r;
  if (t.result >= 0 && (here >> t.result) & 1u) {
    r = t.result;
  } else if (one_bit(here)) {
    r = std::countr_zero(here);
  } else {
    // "if there are 2 Racers on the tile, the active player chooses which one triggers it"
    Task& ch = push(TaskKind::ChooseRacer);
    ch.purpose = Purpose::Trigger;
    ch.who = chooser_;
    ch.mask = here;
    return true;
  }
  pop();
  Task& tr = push(TaskKind::Trigger);
  tr.racer = static_cast<std::int8_t>(r);
  tr.pos() = static_cast<std::int8_t>(p);
  return true;
}

// --- Dick Dastardly -------------------------------------------------------------

void WackyState::dastardly_retreat(std::string_view rule) {
  dast_ = static_cast<std::int8_t>(retreat_pos());
  emit(rule, "The Mean Machine retreats to {}, right behind the last racer.", tname(dast_))
      .type("dastardly_move")
      .with("to", tname(dast_));
}

bool WackyState::dastardly_now() {
  if (depth_ > 0 && at_top().kind == TaskKind::Dastardly) return step_dastardly(at_top());
  return true;
}

bool WackyState::step_dastardly(Task& t) {
  if (dast_out_) {
    pop();
    return next_turn_now();
  }
  const std::string_view rule = t.two_player_rule() == 1 ? "Neutral Racers Rule for 2-Player Games"sv
                                                         : "Step 5 - Moving Dick Dastardly"sv;
  if (top_ < 0) {
    if (t.stage() == 1 || deck_total() == 0) {
      emit(rule, "There is no Movement card to show Dastardly the way: he stays put.")
          .type("dastardly_stays");
      pop();
      return next_turn_now();
    }
    t.stage() = 1;
    emit(rule, "The Discard Pile is empty: the top card of the Movement Deck is flipped over to start it.")
        .type("discard_flipped");
    return draw_for(t, kNobody);
  }
  const int terrain = top_;
  const int target = dastardly_target(terrain);
  pop();
  const std::string& name = catalog().terrains[terrain].name;
  if (target < 0) {
    dast_out_ = true;
    for (std::size_t k = 0; k < trap_deck_.size(); ++k) {
      trap_box_[k] = static_cast<std::uint8_t>(trap_box_[k] + trap_deck_[k]);
      trap_deck_[k] = 0;
    }
    emit(rule,
         "No untrapped {} or Special tile lies ahead before the Finish Line: the Mean Machine runs out of "
         "fuel! "
         "Dick Dastardly is out of the race, and the Trap Deck goes back in the box.",
         name)
        .type("dastardly_out")
        .with("card", name);
    return next_turn_now();
  }
  dast_ = static_cast<std::int8_t>(target);
  emit(rule, "The Discard Pile shows {}: the Mean Machine moves to {}.", name, tname(target))
      .type("dastardly_move")
      .with("to", tname(target));
  if (leader_pos() >= target) return next_turn_now();
  emit("Dastardly: trap placement", "Dick Dastardly is alone in the lead and pulls over to set a Trap!")
      .type("dastardly_trap");
  Task& pt = push(TaskKind::PlaceTrap);
  pt.pos() = static_cast<std::int8_t>(target);
  pt.retreat_after() = 1;
  return true;
}

// --- the Neutral Racers' reveals and the Crossroads ---------------------------------

bool WackyState::step_reveal(Task& t) {
  if (t.stage() == 0) {
    t.stage() = 1;
    return draw_for(t, kNobody);
  }
  const int k = t.result;
  pop();
  const std::string_view rule = "End of the Round: Neutral Racers Movement";
  if (k < 0) {
    emit(rule, "There is no Movement card left to reveal.")
        .type("neutral_reveal")
        .with("card", "")
        .with("racers", "");
    return true;
  }
  std::uint32_t mask = 0;
  for (int s = 0; s < kField; ++s)
    if (neutral(s) && (is_wild(pos(s)) || tile(pos(s)) == k)) mask |= 1u << s;
  if (narrating()) [[unlikely]]
    narrate_reveal(k, mask);
  if (mask == 0) return true;
  Task& g = push(TaskKind::GroupMove);
  g.mask = mask;
  g.spaces() = 1;
  g.who = starting_;
  return step_group(g);  // the stack would run it next anyway
}

void WackyState::narrate_reveal(int k, std::uint32_t mask) const {
  const std::string_view rule = "End of the Round: Neutral Racers Movement";
  const std::string& name = catalog().terrains[k].name;
  if (mask == 0) {
    emit(rule, "The Starting Player reveals {}: it moves no one.", name)
        .type("neutral_reveal")
        .with("card", name)
        .with("racers", "");
    return;
  }
  std::string names;
  for (int s = 0; s < kField; ++s)
    if (mask & (1u << s)) names += (names.empty() ? "" : " and ") + racer_name(s);
  emit(rule, "The Starting Player reveals {}: {} move{} ahead 1.", name, names,
       std::popcount(mask) == 1 ? "s" : "")
      .type("neutral_reveal")
      .with("card", name)
      .with("racers", names);
}

bool WackyState::step_crossroads(Task& t) {
  const int slot = slot_of(t.who);
  // Every turn ends here: the tile mask is built only on the Crossroads.
  const auto terrain_tiles = [this] {
    std::uint32_t m = 0;
    for (int p = 0; p < catalog().num_pos; ++p)
      if (is_course_terrain(p)) m |= 1u << p;
    return m;
  };
  if (t.stage() == 0) {
    const int p = pos(slot);
    if (!is_crossroads(p)) {
      pop();
      return true;
    }
    t.stage() = 1;
    emit("Crossroads", "{} ends the turn on the Crossroads and may swap any 2 Terrain tiles.", rname(slot))
        .type("crossroads")
        .with("racer", rname(slot));
    Task& ch = push(TaskKind::ChooseTile);
    ch.purpose = Purpose::CrossFirst;
    ch.who = t.who;
    ch.mask = terrain_tiles();
    return true;
  }
  if (t.stage() == 1) {
    if (t.result < 0) {
      emit("Crossroads", "{} leaves the course as it is.", rname(slot))
          .type("no_swap")
          .with("racer", rname(slot));
      pop();
      return true;
    }
    t.first_tile() = t.result;
    t.result = -1;
    t.stage() = 2;
    Task& ch = push(TaskKind::ChooseTile);
    ch.purpose = Purpose::CrossSecond;
    ch.who = t.who;
    ch.mask = terrain_tiles() & ~(1u << t.first_tile());
    return true;
  }
  const int a = t.first_tile();
  const int b = t.result;
  pop();
  if (b >= 0) swap_tiles(a, b, "Crossroads");
  return true;
}

void WackyState::swap_tiles(int a, int b, std::string_view rule) {
  std::swap(tile_[a], tile_[b]);
  std::swap(trap_[a], trap_[b]);
  std::swap(peek_[a], peek_[b]);
  note_tile(a);
  note_tile(b);
  if (narrating()) {
    std::string traps;
    if (trap(a) >= 0) traps += fmt::format(" A Trap travels to tile {}.", tile_number(a));
    if (trap(b) >= 0) traps += fmt::format(" A Trap travels to tile {}.", tile_number(b));
    emit(rule, "Tiles {} and {} swap places: tile {} is now {}, tile {} is now {}.{}", tile_number(a),
         tile_number(b), tile_number(a), kname(a), tile_number(b), kname(b), traps)
        .type("swap_tiles")
        .with("tiles", std::array<int, 2>{tile_number(a), tile_number(b)});
  }
  push(TaskKind::TrapAt).pos() = static_cast<std::int8_t>(b);
  push(TaskKind::TrapAt).pos() = static_cast<std::int8_t>(a);
}

}  // namespace rt::wacky_races
