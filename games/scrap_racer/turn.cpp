// The turn: rolling with Boost markers, the move with bonus cards and the
// racer's ability, crossing the finish line, Boost refills and pickups, the
// end of the race. Rulebook pages 4-7.
#include <algorithm>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

void ScrapRacerState::begin_turn() {
  const int r = active();
  const PlayerId p = owner(r);
  if (teams_ && !order_fixed_[p]) {
    // 2-player game, turn order: "The first player determines a start racer ...
    // Then the next player chooses a sequence". Asked at each player's first turn.
    phase_ = Phase::ChooseFirst;
    return;
  }
  n_dice_ = 0;
  rerolling_ = false;
  crash_turn_ = false;
  dice_moved_ = false;
  move_total_ = 0;
  move_from_ = dist_[r];
  crash_pile_ = -1;
  last_crash_ = -1;
  last_goal_ = -1;
  fight_a_ = fight_b_ = -1;
  for (int x = 0; x < n_racers_; ++x)
    laps_before_[x] = static_cast<std::uint8_t>(track().laps_of(distance(x)));
  // The hot path's events are guarded: their arguments cost lookups even unheard.
  if (narrating())
    emit("Playing the Game", "{}'s turn with {} ({}){}.", player_name(p), name(r), where(r),
         ending_ ? ", in the final round" : "")
        .type("turn")
        .seat("player", p)
        .with("racer", name(r))
        .with("distance", distance(r));
  // "The active player rolls one die and checks the result."
  phase_ = Phase::RollDie;
}

void ScrapRacerState::on_die(int value) {
  const int r = active();
  if (rerolling_) {
    rerolling_ = false;
    dice_[n_dice_ - 1] = static_cast<std::int8_t>(value);
    emit("Boost markers: re-roll", "{} re-rolls the die: {} (only the new result counts).", who(r), value)
        .type("reroll")
        .with("racer", name(r))
        .with("die", value);
  } else {
    dice_[n_dice_++] = static_cast<std::int8_t>(value);
    if (narrating())
      emit("Roll the dice", "{} rolls die {}: {} (dice total {}).", who(r), n_dice_, value, dice_total())
          .type("roll")
          .with("racer", name(r))
          .with("die", value)
          .with("total", dice_total());
  }
  offer_die_decision();
}

void ScrapRacerState::offer_die_decision() {
  // With no Boost marker to change the die, the only choices left may be forced.
  if (boosts_held(active()) == 0) {
    if (last_die_is_double()) {
      die_decision(kCrash);
      return;
    }
    if (n_dice_ == kDice) {
      emit("Roll the dice", "All six dice are rolled: {} must keep them.", who(active()))
          .type("all_dice")
          .with("racer", name(active()));
      die_decision(kMove);
      return;
    }
  }
  phase_ = Phase::AfterDie;
}

void ScrapRacerState::die_decision(Action a) {
  const int r = active();
  auto& held = boosts_[r];
  auto& v = dice_[n_dice_ - 1];
  auto use = [&](BoostKind k) {
    --held[k];
    ++boost_used_[k];
  };
  switch (a) {
    case kRoll: phase_ = Phase::RollDie; return;
    case kMove:
      if (narrating())
        emit("Move the Racer", "{} keeps {} {} and moves {} spaces.", who(r), n_dice_,
             n_dice_ == 1 ? "die" : "dice", dice_total())
            .type("keep")
            .with("racer", name(r))
            .with("total", dice_total());
      start_move();
      return;
    case kCrash: start_crash((v - 1) / 2); return;
    case kBoostReroll:
      use(BoostKind::Reroll);
      emit("Boost markers: re-roll", "{} uses a Re-roll marker on the {} (it leaves the game).", who(r), v)
          .type("boost")
          .with("racer", name(r))
          .with("boost", "re-roll")
          .with("from", v)
          .with("to", v);
      rerolling_ = true;
      phase_ = Phase::RollDie;
      return;
    case kBoostPlus:
    case kBoostMinus: {
      use(BoostKind::PlusMinus);
      const int before = v;
      v = static_cast<std::int8_t>(v + (a == kBoostPlus ? 1 : -1));
      emit("Boost markers: +/- 1", "{} uses a +/-1 marker: the {} becomes a {}.", who(r), before, v)
          .type("boost")
          .with("racer", name(r))
          .with("boost", "+/-1")
          .with("from", before)
          .with("to", v);
      offer_die_decision();
      return;
    }
    case kBoostTurn: {
      use(BoostKind::Turn);
      const int before = v;
      v = static_cast<std::int8_t>(7 - v);
      emit("Boost markers: turn", "{} uses a Turn marker: the {} is turned to its opposite face, {}.", who(r),
           before, v)
          .type("boost")
          .with("racer", name(r))
          .with("boost", "turn")
          .with("from", before)
          .with("to", v);
      offer_die_decision();
      return;
    }
    default: return;
  }
}

// --- A) Move the Racer --------------------------------------------------------

void ScrapRacerState::start_move() {
  move_total_ = static_cast<std::int16_t>(dice_total());
  move_from_ = dist_[active()];
  dice_moved_ = false;
  // "the player may use any number of these before and/or after moving".
  phase_ = Phase::MoveBefore;
  if (any_bonus_playable()) return;
  move_dice();
}

void ScrapRacerState::move_dice() {
  const int r = active();
  const bool first = !on_track(r);
  move_forward(r, move_total_);
  dice_moved_ = true;
  if (narrating())
    emit("Move 1: dice", "{} advances {} spaces{}: now on {}.", who(r), move_total_,
         first ? ", counting from behind the finish line" : "", where(r))
        .type("advance")
        .with("racer", name(r))
        .with("spaces", move_total_)
        .with("distance", distance(r));
  offer_after_move();
}

void ScrapRacerState::offer_after_move() {
  phase_ = Phase::MoveAfter;
  if (any_bonus_playable()) return;
  end_step_one();
}

void ScrapRacerState::play_bonus(int kind) {
  const int r = active();
  const PlayerId p = owner(r);
  const int target = bonus_target(r, kind);
  hand_[p].take(kind);
  bonus_discard_.add(kind);
  dist_[r] = static_cast<std::int16_t>(target);
  emit("Bonus cards", "{} plays {} {} moving: now on {}.", who(r), data().bonus[kind].name,
       dice_moved_ ? "after" : "before", where(r))
      .type("bonus_card")
      .with("racer", name(r))
      .with("card", data().bonus[kind].name)
      .with("before_dice", !dice_moved_)
      .with("distance", distance(r));
}

bool ScrapRacerState::passed_a_racer() const {
  // Twister and Crusher: "passed at least one space with another racer during
  // its turn" -- a space moved over, not the one the move ends on.
  const Track& t = track();
  const int r = active();
  const int m = distance(r) - move_from_ - 1;
  if (m <= 0) return false;
  const int first = move_from_ % t.length;  // space index of distance move_from_ + 1
  for (int o = 0; o < n_racers_; ++o) {
    if (o == r || !on_track(o)) continue;
    if (m >= t.length) return true;
    const int offset = (t.space_of(distance(o)) - first + t.length) % t.length;
    if (offset < m) return true;
  }
  return false;
}

void ScrapRacerState::end_step_one() {
  // A) 2) "The player checks if their racer's ability has been triggered and must use it".
  const int r = active();
  const Track& t = track();
  const SpaceKind here = t.kind[t.space_of(distance(r))];
  switch (info(r).ability) {
    case Ability::StraightStep:
      if (here == SpaceKind::Straight) {
        move_forward(r, 1);
        emit("Racer ability: Steel Jacket", "{} is on a straight space and advances 1 space: now on {}.",
             who(r), where(r))
            .type("ability")
            .with("racer", name(r))
            .with("ability", "Steel Jacket")
            .with("distance", distance(r));
      }
      break;
    case Ability::CurveStep:
      if (here == SpaceKind::Curve) {
        move_forward(r, 1);
        emit("Racer ability: Swifty", "{} is on a curved space and advances 1 space: now on {}.", who(r),
             where(r))
            .type("ability")
            .with("racer", name(r))
            .with("ability", "Swifty")
            .with("distance", distance(r));
      }
      break;
    case Ability::PassedStep:
      if (passed_a_racer()) {
        move_forward(r, 1);
        emit("Racer ability: Twister", "{} passed another racer and advances 1 space: now on {}.", who(r),
             where(r))
            .type("ability")
            .with("racer", name(r))
            .with("ability", "Twister")
            .with("distance", distance(r));
      }
      break;
    case Ability::PassedMarker:
      if (passed_a_racer()) {
        emit("Racer ability: Crusher", "{} passed another racer and takes a bonus marker.", who(r))
            .type("ability")
            .with("racer", name(r))
            .with("ability", "Crusher")
            .with("distance", distance(r));
        gain_bonus_marker(r, Next::MoveFights);
        return;
      }
      break;
    default: break;
  }
  resolve_fights(Next::Crossing);
}

void ScrapRacerState::gain_bonus_marker(int r, Next next) {
  if (bonus_supply_ == 0) {  // cannot happen with the box's 17 markers; kept for modded data
    emit("Doubles 2: bonus marker", "The bonus marker supply is empty: {} takes none.", who(r))
        .type("bonus_marker")
        .with("racer", name(r))
        .with("markers", 0);
    continue_at(next);
    return;
  }
  --bonus_supply_;
  auto& m = markers_[r];
  ++m;
  const int need = marker_threshold(r);
  emit("Doubles 2: bonus marker", "{} takes a bonus marker ({} of {}).", who(r), m, need)
      .type("bonus_marker")
      .with("racer", name(r))
      .with("markers", m);
  if (m < need) {
    continue_at(next);
    return;
  }
  // "If this is their third marker, they return all markers to the common
  // supply, and draw the top card from the Bonus deck" (Hover: the second).
  bonus_supply_ = static_cast<std::int8_t>(bonus_supply_ + m);
  m = 0;
  if (bonus_deck_.empty() && !bonus_discard_.empty()) {
    bonus_deck_.take_all_from(bonus_discard_);
    emit("Doubles 2: bonus card", "The bonus deck is empty: its discard pile is shuffled into a new deck.")
        .type("bonus_reshuffle");
  }
  if (bonus_deck_.empty()) {
    emit("Doubles 2: bonus card",
         "Every bonus card is in a player's hand: {} returns the markers but draws none.", who(r))
        .type("no_bonus_card")
        .with("racer", name(r));
    continue_at(next);
    return;
  }
  bonus_for_ = static_cast<std::int8_t>(r);
  bonus_next_ = next;
  phase_ = Phase::BonusDraw;
}

void ScrapRacerState::continue_at(Next next) {
  switch (next) {
    case Next::MoveFights: resolve_fights(Next::Crossing); return;
    case Next::Crossing: crossing(); return;
    case Next::CrashMarker: crash_marker(); return;
    case Next::CrashDiscard: crash_discard(); return;
    case Next::Refill: refill(); return;
    case Next::EndTurn: end_turn(); return;
    case Next::None: return;
  }
}

// --- Crossing the finish line and collecting Boost markers --------------------

void ScrapRacerState::crossing() {
  const Track& t = track();
  for (;;) {
    // Lap markers due, "one after the other in player order" from the active racer.
    int next = -1;
    int best = kMaxRacers + 1;
    for (int r = 0; r < n_racers_; ++r) {
      // A lap marker is due when the racer is past the end of the lap its
      // markers count (laps_of(distance) > markers), up to the third.
      const int markers = laps_[r];
      if (markers >= kLaps || distance(r) <= (markers + 1) * t.length) continue;
      const int k = seq_distance(r);
      if (k < best) {
        best = k;
        next = r;
      }
    }
    if (next < 0) break;
    auto& laps = laps_[next];
    ++laps;
    if (laps < kLaps) {
      emit("Crossing the finish line", "{} crosses the finish line: lap marker {} of {}, and a goal card.",
           who(next), laps, kLaps)
          .type("lap")
          .with("racer", name(next))
          .with("laps", laps);
      goal_for_ = static_cast<std::int8_t>(next);
      phase_ = Phase::GoalDraw;
      return;
    }
    // "If a player gets their third (final) lap marker they don't draw a goal card!"
    emit("Crossing the finish line",
         "{} crosses the finish line and takes the third lap marker (no goal card).", who(next))
        .type("lap")
        .with("racer", name(next))
        .with("laps", kLaps);
    if (!ending_) {
      ending_ = true;
      emit("End of the game",
           "The end of the race is triggered: play continues until every racer has had the same "
           "number of turns.")
          .type("final_round");
    }
  }
  refill_next_ = 0;
  refill();
}

void ScrapRacerState::refill() {
  // "If at least one player has crossed the finish line this turn, all empty
  // Boost spaces are refilled ... Start with the first empty Boost space behind
  // the finish line ... until all empty spaces are refilled or the supply is exhausted."
  const Track& t = track();
  bool crossed = false;
  for (int r = 0; r < n_racers_; ++r)  // laps_of(distance) > laps_before_, without dividing
    crossed = crossed || distance(r) > (laps_before_[r] + 1) * t.length;
  if (!crossed) {
    pickup();
    return;
  }
  for (int s = refill_next_; s < t.length; ++s) {
    if (!t.boost[s] || boost_on_[s]) continue;
    if (boost_supply_ == 0) {
      emit("Crossing the finish line 2: Boost refill", "The Boost supply is exhausted: space {} stays empty.",
           s + 1)
          .type("boost_refill")
          .with("space", s + 1)
          .with("placed", false);
      break;
    }
    --boost_supply_;
    boost_on_[s] = true;
    emit("Crossing the finish line 2: Boost refill",
         "A Boost marker is placed face down on space {} ({} left in "
         "the supply).",
         s + 1, boost_supply_)
        .type("boost_refill")
        .with("space", s + 1)
        .with("placed", true);
    IndexArray<int, kMaxRacers> here{};
    if (racers_on(s, here) > 0) {
      // "If a racer is on a space where the Boost marker has just been replenished,
      // the player collects this marker immediately."
      refill_next_ = static_cast<std::int8_t>(s + 1);
      collect_boost(here[0], s, Next::Refill);
      return;
    }
  }
  pickup();
}

void ScrapRacerState::pickup() {
  // "At the end of their turn, the player checks if their racer is on a space containing a Boost marker."
  const int r = active();
  if (on_track(r)) {
    const int s = track().space_of(distance(r));
    if (boost_on_[s]) {
      collect_boost(r, s, Next::EndTurn);
      return;
    }
  }
  end_turn();
}

void ScrapRacerState::collect_boost(int r, int space, Next next) {
  boost_on_[space] = false;
  reveal_for_ = static_cast<std::int8_t>(r);
  reveal_next_ = next;
  phase_ = Phase::BoostReveal;
}

void ScrapRacerState::end_turn() {
  ++turns_;
  const int next = (cur_ + 1) % n_racers_;
  // "Play continues until all players have taken an equal number of turns (i.e.
  // to the player to the left of the start player)".
  if (ending_ && next == 0) {
    finish_game();
    return;
  }
  cur_ = static_cast<std::int8_t>(next);
  begin_turn();
}

void ScrapRacerState::finish_game() {
  phase_ = Phase::Over;
  fight_a_ = fight_b_ = -1;
  if (narrating()) emit("Awards Ceremony", "The race is over. {}", standings().summary).type("game_over");
}

// --- chance outcomes applied (state.cpp dispatches them here) ---------------

// Collecting Boost markers: the marker picked up is turned face up.
void ScrapRacerState::reveal_boost(Action action) {
  const int k = action - kRevealBase;
  auto& held = boosts_[reveal_for_][k];
  held = static_cast<std::uint8_t>(held + 1);
  emit("Collecting Boost markers", "{} collects a Boost marker: {}.", who(reveal_for_), Data::boost_name(k))
      .type("boost_collected")
      .with("racer", name(reveal_for_))
      .with("boost", Data::boost_name(k));
  continue_at(reveal_next_);
}

}  // namespace rt::scrap_racer
