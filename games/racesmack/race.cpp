// Your Race (rulebook "Gameplay", "Objective"; reference 4, 7.5): won cards
// placed at either end, lost Race and hand cards, Time Penalty's penalties,
// the refill, finishing and the end of the game.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// --- settling: penalties, losses, won cards into the Race -----------------------

void RacesmackState::settle(PlayerId p) {
  if (penalty_pending_[p]) return;
  if (lose_race_[p] > 0) {
    if (race(p).len == 0) {
      emit("Gameplay: an incorrect tap loses a Race card", "{} has no Race cards to lose.", name(p))
          .type("nothing_to_lose")
          .seat("player", p);
      lose_race_[p] = 0;
    } else if (race(p).len <= lose_race_[p]) {
      while (race(p).len > 0) lose_race_card(p, race(p)[0]);
      lose_race_[p] = 0;
    } else {
      return;
    }
  }
  if (lose_hand_[p] > 0) {
    if (hand(p).len == 0) {
      emit("Time Penalty: lose 2 hand cards", "{} has no hand cards left to lose.", name(p))
          .type("nothing_to_lose")
          .seat("player", p);
      lose_hand_[p] = 0;
    } else if (variants().after_you) {
      return;  // blind cards: chance picks them
    } else if (hand(p).len <= lose_hand_[p]) {
      while (hand(p).len > 0) discard_hand_card(p, hand(p)[0]);
      lose_hand_[p] = 0;
    } else {
      return;
    }
  }
  if (race(p).len == 0 && to_place_[p].size() == 1) place(p, to_place_[p].first(), false);
}

void RacesmackState::settle_all() {
  if (phase_ != Phase::Settle) return;
  for (PlayerId p = 0; p < num_players(); ++p) settle(p);
  if (turn() == Turn::Chance || settle_pending()) return;
  {
    if (variants().after_you) {
      phase_ = Phase::AyTurn;  // leaves Settle; ay_refill() sets what comes next
      ay_refill();
    } else {
      start_refill();
    }
  }
}

unsigned RacesmackState::seats_settling() const {
  unsigned seats = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    // Bitwise on purpose: no branch per condition (clang asks for the casts).
    const unsigned owes =
        static_cast<unsigned>(penalty_pending_[p]) | static_cast<unsigned>(lose_race_[p] > 0) |
        static_cast<unsigned>(lose_hand_[p] > 0) | static_cast<unsigned>(!to_place_[p].empty());
    seats |= owes << p;
  }
  return seats;
}

void RacesmackState::place(PlayerId p, int c, bool right) {
  auto& r = races_[p];
  to_place_[p].remove(c);
  const bool empty = r.len == 0;
  if (right)
    r.push_back(c);
  else
    r.push_front(c);
  if (!narrating()) return;  // cname() measures the id
  if (empty)
    emit("Gameplay: won cards go to your Race", "{} starts their Race with {}.", name(p), cname(c))
        .type("race_card")
        .seat("player", p)
        .with("card", cname(c))
        .with("end", "first");
  else
    emit("Gameplay: won cards go to your Race", "{} puts {} at the {} end of their Race ({} cards).", name(p),
         cname(c), right ? "right" : "left", r.len)
        .type("race_card")
        .seat("player", p)
        .with("card", cname(c))
        .with("end", right ? "right" : "left");
}

void RacesmackState::lose_race_card(PlayerId p, int c) {
  races_[p].remove(c);
  discard_.add(c);
  auto& owed = lose_race_[p];
  if (owed > 0) --owed;
  if (narrating())  // cname() measures the id
    emit(variants().penalty ? "Time Penalty: lose 2 Race cards"
                            : "Gameplay: an incorrect tap loses a Race card",
         "{} loses {} from their Race (discarded; {} left).", name(p), cname(c), race(p).len)
        .type("race_card_lost")
        .seat("player", p)
        .with("card", cname(c))
        .with("left", race(p).len);
}

void RacesmackState::discard_hand_card(PlayerId p, int c) {
  hands_[p].remove(c);
  discard_.add(c);
  auto& owed = lose_hand_[p];
  if (owed > 0) --owed;
  // Said once to each: the owner hears the card, the others that one went.
  emit_private(everyone_but(p), "Time Penalty: lose 2 hand cards", "{} discards a hand card.", name(p))
      .type("discard_unseen")
      .seat("player", p);
  if (narrating())
    emit_private(p, "Time Penalty: lose 2 hand cards", "{} discards {}.", name(p), data().card_text(card(c)))
        .type("discard")
        .seat("player", p)
        .with("card", cname(c));
}

// --- refill and the end -----------------------------------------------------------

void RacesmackState::start_refill() {
  refill_seat_ = 0;
  refill_step();
}

void RacesmackState::refill_step() {
  while (refill_seat_ < num_players() && top_ >= 0) {
    const PlayerId p = refill_seat_++;
    const int c = top_;
    take_top(p);
    if (narrating())  // cname() measures the id
      emit("Round end: everyone draws 1 card", "{} draws {} from the face-up pile.", name(p), cname(c))
          .type("draw")
          .seat("player", p)
          .with("card", cname(c));
    if (!draw_.empty()) {
      resume_ = Resume::Refill;
      phase_ = Phase::FlipTop;
      return;
    }
  }
  end_of_round();
}

void RacesmackState::end_of_round() {
  if (!check_end()) begin_round();
}

bool RacesmackState::check_end() {
  const Data& d = data();
  finished_ = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int f = finish_of(p);
    if (f < 0) continue;
    const Progress pr = progress_of(p);
    if (!pr.done()) continue;
    finished_ = static_cast<std::uint8_t>(finished_ | (1u << p));
    // emit() evaluates its arguments: texts and standings only when someone listens.
    if (narrating())
      emit("Objective: finish your Race", "{} meets their Finish {} ({}): {}.", name(p), cname(f),
           d.finish_text(card(f).finish_text), progress_text(d, card(f).finish, pr))
          .type("finished")
          .seat("player", p)
          .with("card", cname(f));
  }
  if (finished_) {
    phase_ = Phase::Over;
    if (narrating()) emit("Objective: finish your Race", "{}", standings().summary).type("game_over");
    return true;
  }
  if (draw_size() == 0) {
    deck_out_ = true;
    phase_ = Phase::Over;
    if (narrating())
      emit("Objective: the deck runs out", "The draw pile is empty. {}", standings().summary)
          .type("game_over");
    return true;
  }
  return false;
}

}  // namespace rt::racesmack
