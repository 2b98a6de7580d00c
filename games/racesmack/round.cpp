// A round (rulebook "Gameplay"; reference 3.4, 7.5): the simultaneous reveal,
// the judgement of correct cards, tapping (a timed contest, with Time
// Penalty's tie rule), and who wins and loses what.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// --- reveal and judgement ------------------------------------------------------

void RacesmackState::reveal_picks() {
  const Data& d = data();
  nslots_ = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int c = played(p);
    if (c < 0) continue;
    slot_card_[nslots_] = static_cast<std::int8_t>(c);
    slot_owner_[nslots_++] = p;
  }
  if (narrating()) {
    std::string list;
    for (int s = 0; s < nslots_; ++s)
      list += fmt::format("{}#{} {}: {}", s ? "; " : "", s + 1, name(slot_owner(s)),
                          d.card_text(card(slot_card(s))));
    emit("Gameplay: reveal at the same time", "Revealed: {}.", list).type("reveal").with("cards", list);
  }
  open_tapping();
}

void RacesmackState::judge_spread() {
  const Verdict v =
      judge(data(), variants(), spread(), racing_current_ >= 0 ? &card(racing_current_) : nullptr,
            trigger_ >= 0 ? &card(trigger_) : nullptr);
  ruling_ = v.rule;
  ruling_src_ = v.source;
  correct_ = v.correct;
  switch (v.source) {
    case Source::Default: ruling_card_ = -1; break;
    case Source::Racing: ruling_card_ = racing_current_; break;
    case Source::Trigger: ruling_card_ = trigger_; break;
    case Source::Played:
    case Source::OnlyRules: ruling_card_ = slot_card(v.rule_slot); break;
  }
}

void RacesmackState::open_tapping() {
  judge_spread();
  tie_now_ = tie_next_;
  tie_next_ = 0;
  ++contest_id_;
  open_ = now();
  tap_.fill(-1);
  tap_order_.fill(-1);
  ntaps_ = 0;
  result_.fill(Result::None);
  phase_ = Phase::Tap;
  if (narrating())
    emit("Gameplay: which cards are correct",
         "{} Tap a correct card! The round ends when all but one have tapped.", ruling_text())
        .type("ruling")
        .with("ruling", [&] { return ruling_text(); });
}

// "If none of the cards are correct, tap your own card." Time Penalty's tie
// penalty: a tie (several correct cards) makes this player's tap incorrect.
bool RacesmackState::tap_correct(PlayerId p, int s) const {
  bool ok = correct_ == 0 ? s == own_slot(p) : ((correct_ >> s) & 1u) != 0;
  if (ok && tie_flag(p) && std::popcount(static_cast<unsigned>(correct_)) > 1) ok = false;
  return ok;
}

// --- the end of tapping: who wins and loses what --------------------------------

void RacesmackState::end_tapping(bool clock) {
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int s = tap_[p];
    result_[p] = s < 0 ? Result::TooLate : tap_correct(p, s) ? Result::Correct : Result::Incorrect;
  }
  if (narrating()) narrate_tapping_end(clock);
  award();
}

void RacesmackState::narrate_tapping_end(bool clock) const {
  const Data& d = data();
  const Spread t = spread();
  if (clock) {
    std::string late;
    for (PlayerId p = 0; p < num_players(); ++p)
      if (tap_[p] < 0) late += (late.empty() ? "" : ", ") + name(p);
    emit("Gameplay: the round ends", "Time is up ({}s): {} did not tap.", d.tap_window_ms / 1000, late)
        .type("round_end")
        .with("reason", "time");
  } else {
    PlayerId last = 0;
    for (PlayerId p = 0; p < num_players(); ++p)
      if (tap_[p] < 0) last = p;
    emit("Gameplay: the round ends", "All players but {} have tapped: the round ends.", name(last))
        .type("round_end")
        .with("reason", "all tapped");
  }
  // Which cards were correct, and why.
  if (correct_ == 0) {
    const std::string under = ruling_src_ == Source::Default ? std::string("the default rule")
                                                             : fmt::format("{}'s rule", cname(ruling_card_));
    emit("Gameplay: nothing correct", "No card is correct under {}: tapping your own card counts as correct.",
         under)
        .type("nothing_correct");
  } else {
    std::string list;
    for (int s = 0; s < nslots_; ++s)
      if (correct_ & (1u << s)) list += fmt::format("{}#{}", list.empty() ? "" : ", ", s + 1);
    const std::string why = ruling_src_ == Source::OnlyRules ? std::string() : explain(d, t, ruling_);
    const char* rule =
        ruling_src_ == Source::OnlyRules ? "Racing Rules: only Rule Cards played"
        : variants().tiebreak && std::popcount(static_cast<unsigned>(correct_cards(t, ruling_))) > 1
            ? "Tiebreaker: one correct card"
            : "Gameplay: which cards are correct";
    emit(rule, "Correct: {}{}{}.", list, why.empty() ? "" : " — ", why).type("correct").with("cards", list);
  }
}

void RacesmackState::award() {
  const bool ay = variants().after_you;
  PlayerId fastest = -1;
  for (int k = 0; k < ntaps_; ++k)
    if (result(tap_order_[k]) == Result::Correct) {
      fastest = tap_order_[k];
      break;
    }
  std::uint8_t won_slots = 0;
  const bool tie = std::popcount(static_cast<unsigned>(correct_)) > 1;
  for (int k = 0; k < ntaps_; ++k) {
    const PlayerId p = tap_order_[k];
    const int s = tap_[p];
    const int own = own_slot(p);
    if (result(p) == Result::Correct) {
      if (own < 0) {
        emit("Gameplay: a correct tap", "{} tapped #{}: correct, but has no card of their own in play.",
             name(p), s + 1)
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", true)
            .with("won", 0);
        continue;
      }
      won_slots = static_cast<std::uint8_t>(won_slots | (1u << own));
      if (ay) {
        const Row& pl = pile(p);
        for (int j = 0; j < pl.len; ++j) to_place_[p].add(pl[j]);
        emit("After You: a correct tap wins your pile",
             "{} tapped #{}: correct, wins their own pile of {} card{}.", name(p), s + 1, pl.len,
             pl.len == 1 ? "" : "s")
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", true)
            .with("won", pl.len);
      } else {
        to_place_[p].add(played(p));
        if (narrating())  // cname() measures the id
          emit("Gameplay: a correct tap wins your own card",
               "{} tapped #{}: correct, wins their own card {}.", name(p), s + 1, cname(played(p)))
              .type("tap_result")
              .seat("player", p)
              .with("slot", s + 1)
              .with("correct", true)
              .with("won", 1);
      }
    } else {
      const bool tie_flagged = tie_flag(p) && tie && (correct_ & (1u << s));
      const char* how =
          tie_flagged ? "incorrect (Time Penalty: a tie makes them incorrect this round)" : "incorrect";
      if (variants().penalty) {
        penalty_pending_[p] = true;
        emit("Time Penalty: pick a penalty", "{} tapped #{}: {}, and must pick a penalty.", name(p), s + 1,
             how)
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", false)
            .with("won", 0);
      } else {
        lose_race_[p] = 1;
        emit("Gameplay: an incorrect tap loses a Race card", "{} tapped #{}: {}, loses 1 Race card.", name(p),
             s + 1, how)
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", false)
            .with("won", 0);
      }
    }
  }
  for (PlayerId p = 0; p < num_players(); ++p)
    if (result(p) == Result::TooLate)
      emit("Gameplay: the last player", "{} did not tap: wins nothing, loses nothing.", name(p))
          .type("no_tap")
          .seat("player", p);
  // Leftovers: every card in play that its owner did not win.
  std::string left;
  CardSet leftovers;
  for (int s = 0; s < nslots_; ++s) {
    if (won_slots & (1u << s)) continue;
    const PlayerId owner = slot_owner(s);
    if (ay) {
      const Row& pl = pile(owner);
      for (int j = 0; j < pl.len; ++j) leftovers.add(pl[j]);
    } else {
      leftovers.add(played(owner));
    }
  }
  if (narrating())
    leftovers.each([&](int c) { left += fmt::format("{}{}", left.empty() ? "" : ", ", cname(c)); });
  if (!leftovers.empty()) {
    if (fastest >= 0) {
      leftovers.each([&](int c) { to_place_[fastest].add(c); });
      emit("Gameplay: leftovers to the fastest winner",
           "{} was the first to tap a correct card and wins the leftovers: {}.", name(fastest), left)
          .type("leftovers")
          .seat("player", fastest)
          .with("cards", left);
    } else {
      leftovers.each([&](int c) { discard_.add(c); });
      emit("Gameplay: leftovers (our reading)",
           "Nobody tapped a correct card: the leftovers are discarded: {}.", left)
          .type("leftovers_discarded")
          .with("cards", left);
    }
  }
  played_.fill(-1);
  for (auto& pl : piles_) pl.len = 0;
  phase_ = Phase::Settle;
  settle_all();
}

}  // namespace rt::racesmack
