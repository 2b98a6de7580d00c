// Variant After You (reference 7.5): turn-based reveals from blind piles.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// --- After You (turn-based) ---------------------------------------------------

void RacesmackState::ay_turn() {
  ++round_;
  nslots_ = 0;
  if (hand(current_).len > 0) {
    phase_ = Phase::AyTurn;
    return;
  }
  emit("After You: reveal in turn", "{} has no blind cards left and cannot reveal.", name(current_))
      .type("no_blind_card")
      .seat("player", current_);
  ay_refill();
}

void RacesmackState::ay_refill() {
  if (top_ >= 0) {
    const int c = top_;
    take_top(current_);
    emit("After You: refill", "{} takes {} from the face-up pile into the blind pile.", name(current_),
         cname(c))
        .type("blind_refill")
        .seat("player", current_)
        .with("card", cname(c));
    if (!draw_.empty()) {
      resume_ = Resume::AyRefill;
      phase_ = Phase::FlipTop;
      return;
    }
  }
  ay_end();
}

void RacesmackState::ay_end() {
  if (check_end()) return;
  current_ = left_of(current_);
  ay_turn();
}

}  // namespace rt::racesmack
