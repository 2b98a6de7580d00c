// Movement, fights, crash cards and goal cards. Rulebook pages 5-6, 10-11.
#include <algorithm>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

namespace {
constexpr const char* kCrashRule = "Doubles 1: crash card";
}  // namespace

void ScrapRacerState::move_forward(int r, int spaces) {
  // A racer behind the line starts counting from there: distance 0 + spaces.
  auto& d = dist_[r];
  d = static_cast<std::int16_t>(d + spaces);
}

void ScrapRacerState::move_back(int r, int spaces) {
  // "A racer forced to move backwards ... will never move behind the finish
  // line, no matter what lap it is on. Instead, it stops on the space right in
  // front of the finish line." Racers not on the track only move forward.
  auto& d = dist_[r];
  if (d <= 0) return;
  d = static_cast<std::int16_t>(std::max(d - spaces, track().lap_start(d)));
}

// --- A) 3) Fight ----------------------------------------------------------------

void ScrapRacerState::resolve_fights(Next next) {
  fights_next_ = next;
  const Track& t = track();
  for (;;) {
    // The rearmost space that two or more racers share; its two racers first
    // in player order (from the active racer) fight. Each racer's space is
    // worked out once: this runs after every move, and mostly finds no fight.
    IndexArray<int, kMaxRacers> space{};
    std::uint64_t seen = 0;    // bit per space holding a racer
    std::uint64_t shared = 0;  // bit per space holding two or more
    static_assert(kMaxSpaces <= 64);
    for (int r = 0; r < n_racers_; ++r) {
      const int s = on_track(r) ? t.space_of(distance(r)) : -1;
      space[r] = s;
      if (s < 0) continue;
      const std::uint64_t bit = std::uint64_t{1} << s;
      shared |= seen & bit;
      seen |= bit;
    }
    if (shared == 0) {
      fight_a_ = fight_b_ = -1;
      continue_at(next);
      return;
    }
    int fight_space = -1;  // the shared space of the racer furthest behind
    int rear = 0;
    for (int r = 0; r < n_racers_; ++r) {
      const int s = space[r];
      if (s < 0 || !(shared >> s & 1)) continue;
      if (fight_space < 0 || distance(r) < rear) {
        fight_space = s;
        rear = distance(r);
      }
    }
    int a = -1;
    int b = -1;
    for (int k = 0; k < n_racers_; ++k) {  // the two first in player order from the active racer
      const int c = seq_[(cur_ + k) % n_racers_];
      if (space[c] != fight_space) continue;
      if (a < 0) {
        a = c;
      } else {
        b = c;
        break;
      }
    }
    // Jackal: "automatically wins all fights against other racers, and moves
    // forward by 2 spaces" -- on its own turn ("A player may only use the
    // ability of their racer when they are the active player"), and not while
    // a crash resolves; with jackal-every-fight, on every turn but a crash's.
    const int act = active();
    int jackal = -1;
    if (ability_on(Ability::FightWin) && (a == act || b == act))
      jackal = act;
    else if (game_->jackal_every_fight() && !crash_turn_)
      jackal = info(a).ability == Ability::FightWin ? a : info(b).ability == Ability::FightWin ? b : -1;
    if (jackal >= 0) {
      fight_won(jackal, a == jackal ? b : a, 2, "automatically wins the fight (Jackal)");
      continue;
    }
    fight_a_ = static_cast<std::int8_t>(a);
    fight_b_ = static_cast<std::int8_t>(b);
    if (owner(a) == owner(b)) {
      // 2-player game: "the player simply decides which racer wins the fight".
      emit("2-player game: fights", "{}'s {} and {} share a space: {} decides who wins.",
           player_name(owner(a)), name(a), name(b), player_name(owner(a)))
          .type("fight_choice")
          .seat("player", owner(a))
          .with("racers", [&] { return name(a) + ", " + name(b); });
      phase_ = Phase::FightChoose;
      return;
    }
    emit("Move 3: fight", "{} and {} share {}: they fight (no Boost markers in a fight).", who(a), who(b),
         where(a))
        .type("fight")
        .with("racers", [&] { return name(a) + ", " + name(b); })
        .with("distance", distance(a));
    phase_ = Phase::Fight;
    return;
  }
}

void ScrapRacerState::fight_won(int winner, int loser, int spaces, const char* how) {
  move_forward(winner, spaces);
  emit("Move 3: fight", "{} {} and advances {} space{} to {}; {} stays.", who(winner), how, spaces,
       plural(spaces), where(winner), who(loser))
      .type("fight_won")
      .with("racer", name(winner))
      .with("loser", name(loser))
      .with("distance", distance(winner));
}

// --- B) Doubles rolled ------------------------------------------------------------

void ScrapRacerState::start_crash(int pile) {
  crash_turn_ = true;
  crash_pile_ = static_cast<std::int8_t>(pile);
  const int v = dice_[n_dice_ - 1];
  emit("Doubles rolled", "{} rolled a second {}: a double! No move; a crash card from pile {}.",
       who(active()), v, Data::pile_name(pile))
      .type("double")
      .with("racer", name(active()))
      .with("die", v)
      .with("pile", Data::pile_name(pile));
  phase_ = Phase::CrashDraw;
}

void ScrapRacerState::apply_crash(int kind) {
  // "The racer is moved by the effect of the crash card only" -- abilities are off (crash_turn_).
  const CrashCard& c = data().crash[kind];
  const int r = active();
  const char* rule = kCrashRule;
  emit(rule, "{} draws the crash card \"{}\" from pile {}.", who(r), c.name, Data::pile_name(c.pile))
      .type("crash_card")
      .with("racer", name(r))
      .with("card", c.name)
      .with("pile", Data::pile_name(c.pile));
  IndexArray<int, kMaxRacers> order{};
  const int n = ranking(order);
  const int rank = static_cast<int>(std::find(order.begin(), order.begin() + n, r) - order.begin());
  switch (c.effect) {
    case CrashEffect::Advance:
      move_forward(r, c.spaces);
      crash_effect(emit(rule, "{} moves forward {} spaces to {}.", who(r), c.spaces, where(r)), r);
      break;
    case CrashEffect::TwoDice: phase_ = Phase::CrashTwoDice; return;
    case CrashEffect::ForwardAndBack:
      // "First, the racer in front of the player is moved back by 2 spaces. Then
      // the player moves their racer forward by 5 spaces."
      if (rank == 0) {
        crash_effect(emit(rule, "{} is in first position: no racer is moved back.", who(r)), -1);
      } else {
        const int front = order[rank - 1];
        if (on_track(front)) {
          move_back(front, c.other);
          crash_effect(emit(rule, "{}, one position in front, moves back to {}.", who(front), where(front)),
                       front);
        } else {
          crash_effect(
              emit(rule, "{} is not on the track yet: racers there are only moved forward.", who(front)), -1);
        }
      }
      move_forward(r, c.spaces);
      crash_effect(emit(rule, "{} moves forward {} spaces to {}.", who(r), c.spaces, where(r)), r);
      break;
    case CrashEffect::Stay: crash_effect(emit(rule, "{} does not move.", who(r)), -1); break;
    case CrashEffect::CatchingUp:
      // "The closest racer behind the active player moves their racer forward."
      if (rank + 1 >= n) {
        crash_effect(emit(rule, "{} stays; nobody is behind.", who(r)), -1);
      } else {
        const int behind = order[rank + 1];
        move_forward(behind, c.spaces);
        crash_effect(emit(rule, "{} stays; {}, the closest racer behind, moves forward {} to {}.", who(r),
                          who(behind), c.spaces, where(behind)),
                     behind);
      }
      break;
    case CrashEffect::BackwardsDie:
      if (!on_track(r)) {
        crash_effect(emit(rule, "{} is not on the track yet: racers there are only moved forward.", who(r)),
                     -1);
        break;
      }
      phase_ = Phase::CrashDie;
      return;
    case CrashEffect::Push: crash_push(c); break;
    case CrashEffect::Backwards:
      if (!on_track(r)) {
        crash_effect(emit(rule, "{} is not on the track yet: racers there are only moved forward.", who(r)),
                     -1);
        break;
      }
      move_back(r, c.spaces);
      crash_effect(emit(rule, "{} moves back to {}.", who(r), where(r)), r);
      break;
    case CrashEffect::LossOfPosition: crash_loss_of_position(order[n - 1]); break;
    case CrashEffect::LastPlace: {
      const int last = order[n - 1];
      move_forward(last, c.spaces);
      if (last == r)
        crash_effect(
            emit(rule, "{} is in last position and moves forward {} to {}.", who(r), c.spaces, where(r)), r);
      else
        crash_effect(emit(rule, "{} stays; {}, in last position, moves forward {} to {}.", who(r), who(last),
                          c.spaces, where(last)),
                     last);
      break;
    }
  }
  resolve_fights(Next::CrashMarker);
}

// Every effect is told as the racer whose card it is, the racer it moved (none: "") and
// where that racer stands now (none moved: where the card's racer stands).
void ScrapRacerState::crash_effect(EventFields fields, int moved) const {
  const int r = active();
  fields.type("crash_effect")
      .with("racer", name(r))
      .with("moved", moved < 0 ? std::string_view() : std::string_view(name(moved)))
      .with("distance", distance(moved < 0 ? r : moved));
}

void ScrapRacerState::crash_push(const CrashCard& c) {
  const int r = active();
  const char* rule = kCrashRule;
  // "forward by up to 5 spaces, stopping immediately when landing on a space
  // with another racer on it. The other racer on this space moves forward by 2 spaces."
  int pushed = -1;
  int steps = 0;
  while (steps < c.spaces && pushed < 0) {
    move_forward(r, 1);
    ++steps;
    IndexArray<int, kMaxRacers> here{};
    const int count = racers_on(track().space_of(distance(r)), here);
    for (int i = 0; i < count; ++i)
      if (here[i] != r) pushed = here[i];
  }
  if (pushed < 0) {
    crash_effect(
        emit(rule, "{} moves forward {} spaces to {} without meeting a racer.", who(r), steps, where(r)), r);
  } else {
    move_forward(pushed, c.other);
    crash_effect(emit(rule, "{} moves {} space{} onto {} and pushes it forward {} to {}.", who(r), steps,
                      plural(steps), who(pushed), c.other, where(pushed)),
                 pushed);
  }
}

void ScrapRacerState::crash_loss_of_position(int last) {
  const int r = active();
  const char* rule = kCrashRule;
  // "The player places their racer on the track just behind the racer in last position."
  if (last == r) {
    crash_effect(emit(rule, "{} is in last position already and does not move.", who(r)), -1);
    return;
  }
  if (!on_track(r)) {
    crash_effect(emit(rule, "{} is not on the track yet: racers there are only moved forward.", who(r)), -1);
    return;
  }
  const int floor = track().lap_start(distance(r));
  const int target = distance(last) - 1;
  dist_[r] = static_cast<std::int16_t>(std::max(target, floor));
  if (target < floor)
    crash_effect(emit(rule, "{} falls back but may not pass behind the finish line: it stops on {}.", who(r),
                      where(r)),
                 r);
  else
    crash_effect(emit(rule, "{} falls back just behind {} to {}.", who(r), who(last), where(r)), r);
}

void ScrapRacerState::crash_marker() {
  // "2nd Taking a bonus marker".
  gain_bonus_marker(active(), Next::CrashDiscard);
}

void ScrapRacerState::crash_discard() {
  // "Once the instructions on the crash card have been followed, the card is
  // discarded. If the draw deck is now empty, shuffle the discard pile".
  const auto pile = static_cast<std::size_t>(crash_pile_);
  crash_discard_[pile].add(crash_card_);
  crash_card_ = -1;
  if (crash_deck_[pile].empty()) {
    crash_deck_[pile].take_all_from(crash_discard_[pile]);
    emit("Doubles rolled", "Crash pile {} is empty: its discard pile is shuffled into a new pile.",
         Data::pile_name(crash_pile_))
        .type("crash_reshuffle")
        .with("pile", Data::pile_name(crash_pile_));
  }
  crossing();
}

// --- Goal cards -----------------------------------------------------------------

void ScrapRacerState::apply_goal(int kind) {
  const GoalCard& g = data().goals[kind];
  const char* rule = "Goal cards";
  emit(rule, "{} draws the goal card {} \"{}\".", who(goal_for_), g.number, g.name)
      .type("goal_card")
      .with("racer", name(goal_for_))
      .with("card", g.name);
  IndexArray<int, kMaxRacers> order{};
  const int n = ranking(order);
  const int from = g.moves == GoalMoves::Last ? std::max(0, n - g.racers) : std::min(n, g.racers);
  // Everyone named moves at once, from the places before the card.
  for (int i = from; i < n; ++i) move_forward(order[i], g.spaces);
  if (from >= n) emit(rule, "No racer is in those places.").type("goal_no_racer");
  for (int i = from; i < n; ++i) {
    const int r = order[i];
    emit(rule, "{} ({} place) moves forward {} to {}.", who(r), ordinal(i + 1), g.spaces, where(r))
        .type("goal_move")
        .with("racer", name(r))
        .with("place", i + 1)
        .with("distance", distance(r));
  }
  resolve_fights(Next::Crossing);
}

// --- chance outcomes applied (state.cpp dispatches them here) ---------------

// A) Move 3: both owners roll; a tie rolls again, the higher roll wins.
void ScrapRacerState::roll_fight(Action action) {
  const int a = (action - kFightBase) / 6 + 1;
  const int b = (action - kFightBase) % 6 + 1;
  if (a == b) {
    emit("Move 3: fight", "{} and {} both roll {}: a tie, both roll again.", who(fight_a_), who(fight_b_), a)
        .type("fight_roll")
        .with("racers", [&] { return name(fight_a_) + ", " + name(fight_b_); })
        .with("dice", std::array<int, 2>{a, a});
    return;
  }
  emit("Move 3: fight", "{} rolls {}, {} rolls {}.", who(fight_a_), a, who(fight_b_), b)
      .type("fight_roll")
      .with("racers", [&] { return name(fight_a_) + ", " + name(fight_b_); })
      .with("dice", std::array<int, 2>{a, b});
  if (a > b)
    fight_won(fight_a_, fight_b_, 1, "wins the fight");
  else
    fight_won(fight_b_, fight_a_, 1, "wins the fight");
  resolve_fights(fights_next_);
}

// B) Doubles: the top crash card of the pile, applied.
void ScrapRacerState::draw_crash_card(Action action) {
  const int k = action - kCrashBase;
  crash_deck_[crash_pile_].take(k);
  crash_card_ = static_cast<std::int8_t>(k);
  last_crash_ = crash_card_;
  apply_crash(k);
}

// Crash card "Backwards die": move back the roll.
void ScrapRacerState::roll_crash_backwards(Action action) {
  const int v = action - kDieBase;
  move_back(active(), v);
  emit("Crash card: Backwards die", "{} rolls {} and moves back to {}.", who(active()), v, where(active()))
      .type("crash_roll")
      .with("racer", name(active()))
      .with("dice", std::array<int, 1>{v})
      .with("distance", distance(active()));
  resolve_fights(Next::CrashMarker);
}

// Crash card "2 dice": move forward their sum.
void ScrapRacerState::roll_crash_two_dice(Action action) {
  const int a = (action - kTwoDiceBase) / 6 + 1;
  const int b = (action - kTwoDiceBase) % 6 + 1;
  move_forward(active(), a + b);
  emit("Crash card: 2 dice", "{} rolls {} and {} and moves forward {} to {}{}.", who(active()), a, b, a + b,
       where(active()), a == b ? " (no crash card and no bonus marker for this double)" : "")
      .type("crash_roll")
      .with("racer", name(active()))
      .with("dice", std::array<int, 2>{a, b})
      .with("distance", distance(active()));
  resolve_fights(Next::CrashMarker);
}

// B) Doubles 2: a bonus card, face down into its owner's hand.
void ScrapRacerState::draw_bonus_card(Action action) {
  const Data& d = data();
  const int k = action - kBonusBase;
  bonus_deck_.take(k);
  const PlayerId p = owner(bonus_for_);
  hand_[p].add(k);
  // Said once to each: the drawer hears the card, the others the count.
  emit_private(everyone_but(p), "Doubles 2: bonus card",
               "{} draws a bonus card and keeps it face down ({} in hand).", player_name(p), bonus_cards(p))
      .type("bonus_draw_unseen")
      .seat("player", p)
      .with("hand", bonus_cards(p));
  emit_private(p, "Doubles 2: bonus card", "{} draws the bonus card {} and keeps it face down ({} in hand).",
               player_name(p), d.bonus[k].name, bonus_cards(p))
      .type("bonus_draw")
      .seat("player", p)
      .with("card", d.bonus[k].name)
      .with("hand", bonus_cards(p));
  continue_at(bonus_next_);
}

// Crossing the finish line: the top goal card, applied.
void ScrapRacerState::draw_goal_card(Action action) {
  const int k = action - kGoalBase;
  goal_deck_.take(k);
  goal_discard_.add(k);
  last_goal_ = static_cast<std::int8_t>(k);
  apply_goal(k);
}

}  // namespace rt::scrap_racer
