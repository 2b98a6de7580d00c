// Setup (rulebook "Setup"; reference 5, 6): the deck ready, dealing 4, the
// face-up draw pile, and each round's start (the Racing Rules card revealed).
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// --- dealing and the face-up pile --------------------------------------------

void RacesmackState::deck_ready() {
  list_draw_outcomes();
  if (variants().racing) {
    int rules = 0;
    draw_.each([&](int c) { rules += card(c).is_rule; });
    aside_left_ = std::min(data().racing_deck, rules);
    phase_ = aside_left_ > 0 ? Phase::SetAside : Phase::Deal;
  } else {
    phase_ = Phase::Deal;
  }
  deal_to_ = 0;
}

void RacesmackState::take_from_draw(int c) {
  Outcome* const taken = draw_outcomes_.data() + draw_.count_below(c);
  std::copy(taken + 1, draw_outcomes_.data() + draw_count_, taken);
  --draw_count_;
  draw_.remove(c);
}

void RacesmackState::list_draw_outcomes() {
  draw_count_ = 0;
  draw_.each([&](int c) { draw_outcomes_[draw_count_++] = Outcome{kCardBase + c, 1}; });
}

void RacesmackState::take_top(PlayerId p) {
  const int c = top_;
  top_ = -1;
  hands_[p].push_back(c);
}

void RacesmackState::setup_done() {
  if (variants().after_you) {
    phase_ = Phase::StartPlayer;
    return;
  }
  begin_round();
}

void RacesmackState::after_flip() {
  switch (resume_) {
    case Resume::SetupDone: setup_done(); return;
    case Resume::Refill: refill_step(); return;
    case Resume::AyRefill: ay_end(); return;
  }
}

void RacesmackState::begin_round() {
  ++round_;
  played_.fill(-1);
  nslots_ = 0;
  trigger_ = -1;
  emit("Gameplay: rounds", "Round {}: everyone picks a secret card.", round_)
      .type("round")
      .with("round", round_);
  if (variants().racing) {
    if (racing_deck_.empty()) {
      racing_deck_ = racing_used_;
      racing_used_.clear();
      racing_current_ = -1;
      emit("Racing Rules: re-use the deck", "The Racing Rules deck is empty: its {} cards form a new deck.",
           racing_deck_.size())
          .type("racing_rules_reshuffle");
    }
    phase_ = Phase::RacingFlip;
    return;
  }
  phase_ = Phase::Pick;
}

}  // namespace rt::racesmack
