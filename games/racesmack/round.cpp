// Racesmack rounds: secret picks, the simultaneous reveal, tapping (a timed
// contest), who wins and loses what, the Race, refills and the end.
// Rulebook "Gameplay", "Objective" and the variants; reference 3.4, 4, 5, 7.5.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

void RacesmackState::actors(std::vector<PlayerId>& out) const {
  if (phase_ == Phase::Settle && turn() == Turn::Chance) return;  // the other chance phases list nobody below
  switch (phase_) {
    case Phase::Pick:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (!has_picked(p) && hand(p).len > 0) out.push_back(p);
      return;
    case Phase::Tap:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (tap_[p] < 0) out.push_back(p);
      return;
    case Phase::Settle:
      for (PlayerId p = 0; p < num_players(); ++p) {
        const auto i = static_cast<std::size_t>(p);
        if (penalty_pending_[i] || lose_race_[i] > 0 || lose_hand_[i] > 0 || !to_place_[i].empty())
          out.push_back(p);
      }
      return;
    case Phase::AyTurn: out.push_back(current_); return;
    default: return;
  }
}

void RacesmackState::legal_actions(PlayerId p, std::vector<Action>& out) const {
  // Only Settle can be a chance node among the phases that ask players (see turn()).
  if (p < 0 || p >= num_players() || (phase_ == Phase::Settle && turn() == Turn::Chance)) return;
  const auto i = static_cast<std::size_t>(p);
  // A row (hand, Race) is in play order, not id order: sorted here, by
  // insertion (a handful of ids). The other lists are built in order.
  auto cards_of = [&](const Row& r, Action base) {
    const std::size_t start = out.size();
    for (int k = 0; k < r.len; ++k) out.push_back(base + r[k]);
    for (std::size_t k = start + 1; k < out.size(); ++k) {
      const Action a = out[k];
      std::size_t j = k;
      for (; j > start && out[j - 1] > a; --j) out[j] = out[j - 1];
      out[j] = a;
    }
  };
  switch (phase_) {
    case Phase::Pick:
      if (!has_picked(p)) cards_of(hand(p), kPlayBase);
      break;
    case Phase::Tap:
      if (tap_[i] < 0)
        for (int s = 0; s < nslots_; ++s) out.push_back(kTapBase + s);
      break;
    case Phase::Settle:
      if (penalty_pending_[i]) {
        out.insert(out.end(), {kPenaltyRace, kPenaltyHand, kPenaltyTie});
      } else if (lose_race_[i] > 0) {
        cards_of(race(p), kLoseBase);
      } else if (lose_hand_[i] > 0) {
        cards_of(hand(p), kDiscardBase);
      } else if (!to_place_[i].empty()) {
        // An empty Race has one end: only "left" is offered.
        const bool both = race(p).len > 0;
        to_place_[i].each([&](int c) { out.push_back(kLeftBase + c); });
        if (both) to_place_[i].each([&](int c) { out.push_back(kRightBase + c); });
      }
      break;
    case Phase::AyTurn:
      if (p == current_) out.push_back(kReveal);
      break;
    default: break;
  }
}

void RacesmackState::do_apply(PlayerId player, Action a) {
  if (player == kChance) {
    apply_chance(a);
    return;
  }
  if (player == kClock) {
    if (phase_ == Phase::Tap) end_tapping(true);
    return;
  }
  const Data& d = data();
  const auto i = static_cast<std::size_t>(player);
  switch (phase_) {
    case Phase::Pick: {
      const int c = a - kPlayBase;
      hands_[i].remove(c);
      played_[i] = static_cast<std::int8_t>(c);
      if (narrating())
        emit_private(player, "Gameplay: pick a secret card", "{} picks {}.", name(player),
                     d.card_text(card(c)))
            .type("pick")
            .seat("player", player)
            .with("card", cname(c));
      bool waiting = false;
      for (PlayerId q = 0; q < num_players(); ++q) waiting = waiting || (!has_picked(q) && hand(q).len > 0);
      if (!waiting) reveal_picks();
      return;
    }
    case Phase::Tap: {
      const int s = a - kTapBase;
      tap_[i] = static_cast<std::int8_t>(s);
      tap_order_[static_cast<std::size_t>(ntaps_++)] = player;
      emit("Gameplay: tap a card", "{} taps #{} ({}).", name(player), s + 1, cname(slot_card(s)))
          .type("tap")
          .seat("player", player)
          .with("slot", s + 1)
          .with("card", cname(slot_card(s)));
      if (ntaps_ >= num_players() - 1) end_tapping(false);
      return;
    }
    case Phase::Settle:
      if (a == kPenaltyRace || a == kPenaltyHand || a == kPenaltyTie) {
        penalty_pending_[i] = false;
        if (a == kPenaltyRace) {
          lose_race_[i] = 2;
          emit("Time Penalty: lose 2 Race cards", "{} takes the penalty: lose 2 Race cards.", name(player))
              .type("penalty")
              .seat("player", player)
              .with("penalty", "race cards");
        } else if (a == kPenaltyHand) {
          lose_hand_[i] = 2;
          emit("Time Penalty: lose 2 hand cards", "{} takes the penalty: lose 2 hand cards.", name(player))
              .type("penalty")
              .seat("player", player)
              .with("penalty", "hand cards");
        } else {
          tie_next_ = static_cast<std::uint8_t>(tie_next_ | (1u << player));
          emit("Time Penalty: incorrect on a tie",
               "{} takes the penalty: next round, any tie makes {} incorrect.", name(player), name(player))
              .type("penalty")
              .seat("player", player)
              .with("penalty", "tie");
        }
      } else if (a >= kDiscardBase) {
        discard_hand_card(player, a - kDiscardBase);
      } else if (a >= kLoseBase) {
        lose_race_card(player, a - kLoseBase);
      } else if (a >= kRightBase) {
        place(player, a - kRightBase, true);
      } else {
        place(player, a - kLeftBase, false);
      }
      settle(player);
      settle_all();
      return;
    case Phase::AyTurn: phase_ = Phase::AyReveal; return;
    default: return;
  }
}

// --- reveal and judgement ------------------------------------------------------

void RacesmackState::reveal_picks() {
  const Data& d = data();
  nslots_ = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int c = played(p);
    if (c < 0) continue;
    slot_card_[static_cast<std::size_t>(nslots_)] = static_cast<std::int8_t>(c);
    slot_owner_[static_cast<std::size_t>(nslots_++)] = p;
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
    if (result(tap_order_[static_cast<std::size_t>(k)]) == Result::Correct) {
      fastest = tap_order_[static_cast<std::size_t>(k)];
      break;
    }
  std::uint8_t won_slots = 0;
  const bool tie = std::popcount(static_cast<unsigned>(correct_)) > 1;
  for (int k = 0; k < ntaps_; ++k) {
    const PlayerId p = tap_order_[static_cast<std::size_t>(k)];
    const auto i = static_cast<std::size_t>(p);
    const int s = tap_[i];
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
        for (int j = 0; j < pl.len; ++j) to_place_[i].add(pl[j]);
        emit("After You: a correct tap wins your pile",
             "{} tapped #{}: correct, wins their own pile of {} card{}.", name(p), s + 1, pl.len,
             pl.len == 1 ? "" : "s")
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", true)
            .with("won", pl.len);
      } else {
        to_place_[i].add(played(p));
        emit("Gameplay: a correct tap wins your own card", "{} tapped #{}: correct, wins their own card {}.",
             name(p), s + 1, cname(played(p)))
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
        penalty_pending_[i] = true;
        emit("Time Penalty: pick a penalty", "{} tapped #{}: {}, and must pick a penalty.", name(p), s + 1,
             how)
            .type("tap_result")
            .seat("player", p)
            .with("slot", s + 1)
            .with("correct", false)
            .with("won", 0);
      } else {
        lose_race_[i] = 1;
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

// --- settling: penalties, losses, won cards into the Race -----------------------

void RacesmackState::settle(PlayerId p) {
  const auto i = static_cast<std::size_t>(p);
  if (penalty_pending_[i]) return;
  if (lose_race_[i] > 0) {
    if (race(p).len == 0) {
      emit("Gameplay: an incorrect tap loses a Race card", "{} has no Race cards to lose.", name(p))
          .type("nothing_to_lose")
          .seat("player", p);
      lose_race_[i] = 0;
    } else if (race(p).len <= lose_race_[i]) {
      while (race(p).len > 0) lose_race_card(p, race(p)[0]);
      lose_race_[i] = 0;
    } else {
      return;
    }
  }
  if (lose_hand_[i] > 0) {
    if (hand(p).len == 0) {
      emit("Time Penalty: lose 2 hand cards", "{} has no hand cards left to lose.", name(p))
          .type("nothing_to_lose")
          .seat("player", p);
      lose_hand_[i] = 0;
    } else if (variants().after_you) {
      return;  // blind cards: chance picks them
    } else if (hand(p).len <= lose_hand_[i]) {
      while (hand(p).len > 0) discard_hand_card(p, hand(p)[0]);
      lose_hand_[i] = 0;
    } else {
      return;
    }
  }
  if (!to_place_[i].empty() && race(p).len == 0 && to_place_[i].size() == 1)
    place(p, to_place_[i].first(), false);
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

bool RacesmackState::settle_pending() const {
  for (std::size_t i = 0; i < static_cast<std::size_t>(num_players()); ++i)
    if (penalty_pending_[i] || lose_race_[i] > 0 || lose_hand_[i] > 0 || !to_place_[i].empty()) return true;
  return false;
}

void RacesmackState::place(PlayerId p, int c, bool right) {
  auto& r = races_[p];
  to_place_[p].remove(c);
  const bool empty = r.len == 0;
  if (right)
    r.push_back(c);
  else
    r.push_front(c);
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
  emit(
      variants().penalty ? "Time Penalty: lose 2 Race cards" : "Gameplay: an incorrect tap loses a Race card",
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
