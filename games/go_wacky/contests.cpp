// Go Wacky! contests: rolls in the races and Round 'n Round, the Bull's-eye
// rounds, and the end of every contest.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/go_wacky/game.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {
void GoWackyState::resolve_roll(ColourMask colour) {
  const Deck& d = deck();
  last_roll_[roller_] = static_cast<std::int8_t>(colour);
  const ColourMask bit = static_cast<ColourMask>(1u << colour);
  const std::string& rolled = d.colour_ids[colour];
  switch (contest_) {
    case Phase::EgwRace:
      if (target_ & bit) {
        const int t = pile_[--pile_size_];
        ++score_[roller_];
        ++won_[t];
        emit("Everybody Go Wacky!", "{} rolls {} first — \"{}!\" — and takes {}.", name(roller_), rolled,
             rolled, card_name(t))
            .type("roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("takes", [&] { return card_name(t); });
        finish_contest(left_of(roller_));
      } else {
        emit("Everybody Go Wacky!", "{} rolls {}.", name(roller_), rolled)
            .type("roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("takes", "");
        phase_ = Phase::EgwRace;
      }
      return;
    case Phase::GwRace:
      if (target_ & bit) {
        const int t = pile_[--pile_size_];
        ++score_[roller_];
        ++won_[t];
        emit("Go Wacky!", "{} rolls {} at the count of {} and takes {}.", name(roller_), rolled,
             count_reached(now()), card_name(t))
            .type("count_roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("count", [&] { return count_reached(now()); })
            .with("takes", [&] { return card_name(t); });
        if (draw_total_ == 0) {
          emit("Go Wacky!", "The Draw Pile is empty: nothing more to turn over.").type("pile_empty");
          finish_contest(left_of(contest_owner_));
        } else {
          phase_ = Phase::GwFlip;
        }
      } else {
        emit("Go Wacky!", "{} rolls {} (count {}).", name(roller_), rolled, count_reached(now()))
            .type("count_roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("count", [&] { return count_reached(now()); })
            .with("takes", "");
        phase_ = Phase::GwRace;
      }
      return;
    case Phase::RnrLay: {
      int first = -1;
      int distinct = 0;
      for (int i = 0; i < row_len_; ++i) {
        const int t = row_[i];
        if (!(d.types[t].colours & bit)) continue;
        if (first < 0) first = t;
        bool seen = false;
        for (int j = 0; j < i; ++j) seen = seen || row_[j] == t;
        if (!seen) ++distinct;
      }
      if (first < 0) {
        emit("Round 'n Round", "{} rolls {}: no match.", name(roller_), rolled)
            .type("roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("takes", "");
        roller_ = left_of(roller_);
        phase_ = Phase::Roll;
      } else if (distinct == 1) {
        emit("Round 'n Round", "{} rolls {}.", name(roller_), rolled)
            .type("roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("takes", "");
        rnr_take(first);
      } else {
        emit("Round 'n Round", "{} rolls {}: two or more cards match.", name(roller_), rolled)
            .type("roll")
            .seat("player", roller_)
            .with("colour", rolled)
            .with("takes", "");
        phase_ = Phase::RnrTake;
      }
      return;
    }
    default: return;
  }
}

void GoWackyState::rnr_take(int type) {
  for (int i = 0; i < row_len_; ++i) {
    if (row_[i] == type) {
      for (int j = i; j + 1 < row_len_; ++j) row_[j] = row_[j + 1];
      --row_len_;
      break;
    }
  }
  ++score_[roller_];
  ++won_[type];
  emit("Round 'n Round", "{} takes {} ({} left in the row).", name(roller_), card_name(type), row_len_)
      .type("take")
      .seat("player", roller_)
      .with("card", [&] { return card_name(type); })
      .with("row_left", row_len_);
  if (row_len_ == 0) {
    finish_contest(left_of(roller_));
  } else {
    roller_ = left_of(roller_);
    phase_ = Phase::Roll;
  }
}

void GoWackyState::open_bullseye_round() {
  ++contest_id_;
  contest_open_ = now();
  thrown_ = 0;
  landing_.fill(kMissedThrow);
  aimed_.fill(0);
  phase_ = Phase::BeThrow;
}

void GoWackyState::resolve_bullseye_round() {
  const Deck& d = deck();
  int best = kMissedThrow;
  int at_best = 0;
  PlayerId winner = -1;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int dist = landing_[p] == kMissedThrow ? kMissedThrow : std::abs(landing_[p]);
    if (dist < best) {
      best = dist;
      at_best = 1;
      winner = p;
    } else if (dist == best) {
      ++at_best;
    }
  }
  if (best > d.timing.card_radius) {
    emit("Bull's-eye", "Nobody's die touches the card: everybody throws again.")
        .type("throw_again")
        .with("reason", "none on the card");
    open_bullseye_round();
    return;
  }
  if (at_best > 1) {
    emit("Bull's-eye", "Two dice lie equally close: everybody throws again.")
        .type("throw_again")
        .with("reason", "tie");
    open_bullseye_round();
    return;
  }
  const int t = centre_;
  centre_ = -1;
  ++score_[winner];
  ++won_[t];
  emit("Bull's-eye", "{} is closest to the bull's-eye and takes {}.", name(winner), card_name(t))
      .type("bullseye_win")
      .seat("player", winner)
      .with("card", [&] { return card_name(t); });
  finish_contest(left_of(winner));
}

void GoWackyState::finish_contest(PlayerId next) {
  contest_ = Phase::Over;
  next_after_contest_ = next;
  if (ending_ || draw_total_ == 0) {
    end_game();
    return;
  }
  refill_for_ = contest_owner_;
  after_contest_ = true;  // who plays next is said after the draw back to 4, in that order
  phase_ = Phase::Refill;
}

}  // namespace rt::go_wacky
