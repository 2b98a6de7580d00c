// Racesmack's State and its dispatch: who acts, legal decisions, chance
// outcomes, applying a decision (do_apply) and a chance outcome (apply_chance)
// to the phase machine; the rules they call live in the topic files.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

RacesmackState::RacesmackState(const RacesmackGame& game)
    : TimedContests(game.options().players), game_(&game) {
  played_.fill(-1);
  tap_.fill(-1);
  slot_card_.fill(-1);
  slot_owner_.fill(-1);
  tap_order_.fill(-1);
  const Data& d = game.data();
  if (game.variants().generated) {
    phase_ = Phase::Generate;
    gen_begin_set(0);
    return;
  }
  for (const Card& c : d.base_cards) cards_[ncards_++] = c;
  if (game.variants().gears)
    for (const Card& c : d.gears_cards) cards_[ncards_++] = c;
  for (int c = 0; c < ncards_; ++c) draw_.add(c);
  deck_ready();
}

const Data& RacesmackState::data() const {
  return game_->data();
}
const Variants& RacesmackState::variants() const {
  return game_->variants();
}
const std::string& RacesmackState::name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}

Turn RacesmackState::turn() const {
  switch (phase_) {
    case Phase::Pick:
    case Phase::Tap: return Turn::Simultaneous;
    case Phase::Settle:
      if (variants().after_you)
        for (PlayerId p = 0; p < num_players(); ++p)
          if (lose_hand_[p] > 0) return Turn::Chance;
      return Turn::Simultaneous;
    case Phase::AyTurn: return Turn::Player;
    case Phase::Over: return Turn::Over;
    default: return Turn::Chance;
  }
}

Tick RacesmackState::deadline() const {
  return phase_ == Phase::Tap ? open_ + data().tap_window_ms : kNoDeadline;
}

void RacesmackState::chance_outcomes(std::vector<Outcome>& out) const {
  // Every card of a set, equally likely: gathered on the stack, appended at once
  // (dealing lists the whole pile, so this is the game's hottest loop).
  auto each = [&](const CardSet& s) {
    std::array<Outcome, kMaxCards> buf;
    std::size_t n = 0;
    s.each([&](int c) { buf[n++] = Outcome{kCardBase + c, 1}; });
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
  };
  switch (phase_) {
    case Phase::Generate: gen_outcomes(out); return;
    case Phase::SetAside:
      draw_.each([&](int c) {
        if (card(c).is_rule) out.push_back(Outcome{kCardBase + c, 1});
      });
      return;
    case Phase::Deal:
    case Phase::FlipTop: each(draw_); return;
    case Phase::StartPlayer:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(Outcome{kStartBase + p, 1});
      return;
    case Phase::RacingFlip: each(racing_deck_); return;
    case Phase::AyReveal: {
      // A blind pile's order is unknown to everyone: any of its cards may be on top.
      const Row& h = hand(current_);
      std::size_t start = out.size();
      for (int i = 0; i < h.len; ++i) out.push_back(Outcome{kCardBase + h[i], 1});
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                [](const Outcome& a, const Outcome& b) { return a.action < b.action; });
      return;
    }
    case Phase::Settle:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (lose_hand_[p] > 0) {
          const Row& h = hand(p);
          std::size_t start = out.size();
          for (int i = 0; i < h.len; ++i) out.push_back(Outcome{kCardBase + h[i], 1});
          std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                    [](const Outcome& a, const Outcome& b) { return a.action < b.action; });
          return;
        }
      return;
    default: return;
  }
}

ChanceSpan RacesmackState::chance_span(ChanceScratch& scratch) const {
  switch (phase_) {
    case Phase::Deal:
    case Phase::FlipTop: {
      const auto n = static_cast<std::uint32_t>(draw_count_);
      return ChanceSpan{draw_outcomes_.data(), n, n};
    }
    case Phase::RacingFlip: {
      if (racing_deck_.size() > static_cast<int>(scratch.size())) return {};
      std::uint32_t n = 0;
      racing_deck_.each([&](int c) { scratch[n++] = Outcome{kCardBase + c, 1}; });
      return ChanceSpan{scratch.data(), n, n};
    }
    default: return {};  // generating, setting aside, After You's blind cards: rarer
  }
}

void RacesmackState::actors(std::vector<PlayerId>& out) const {
  if (phase_ == Phase::Settle && turn() == Turn::Chance) return;  // the other chance phases list nobody below
  auto list = [&](unsigned seats) {
    for (; seats != 0; seats &= seats - 1) out.push_back(static_cast<PlayerId>(std::countr_zero(seats)));
  };
  switch (phase_) {
    case Phase::Pick: list(seats_to_pick()); return;
    case Phase::Tap: list(seats_to_tap()); return;
    case Phase::Settle: list(seats_settling()); return;
    case Phase::AyTurn: out.push_back(current_); return;
    default: return;
  }
}

unsigned RacesmackState::seats_to_pick() const {
  unsigned seats = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    seats |= (static_cast<unsigned>(!has_picked(p)) & static_cast<unsigned>(hand(p).len > 0)) << p;
  return seats;
}

unsigned RacesmackState::seats_to_tap() const {
  unsigned seats = 0;
  for (PlayerId p = 0; p < num_players(); ++p) seats |= static_cast<unsigned>(tap_[p] < 0) << p;
  return seats;
}

// A tap (most decisions) is one of the revealed cards' slots, from a table;
// empty for a player who has tapped or off the Tap phase.
std::span<const Action> RacesmackState::kept_actions(PlayerId p) const {
  static constexpr auto kTaps = [] {
    IndexArray<Action, kMaxPlayers> taps{};
    for (int s = 0; s < kMaxPlayers; ++s) taps[s] = kTapBase + s;
    return taps;
  }();
  if (phase_ == Phase::Tap && p >= 0 && p < num_players() && tap_[p] < 0)
    return std::span<const Action>(kTaps.values).first(static_cast<std::size_t>(nslots_));
  return {};
}

void RacesmackState::legal_actions(PlayerId p, std::vector<Action>& out) const {
  // Only Settle can be a chance node among the phases that ask players (see turn()).
  if (p < 0 || p >= num_players() || (phase_ == Phase::Settle && turn() == Turn::Chance)) return;
  // A row (hand, Race) is in play order, not id order: its cards go
  // through a set, which lists them by id. The other lists are built in order.
  auto cards_of = [&](const Row& r, Action base) {
    CardSet ids;
    for (int k = 0; k < r.len; ++k) ids.add(r[k]);
    ids.each([&](int c) { out.push_back(base + c); });
  };
  switch (phase_) {
    case Phase::Pick:
      if (!has_picked(p)) cards_of(hand(p), kPlayBase);
      break;
    case Phase::Tap: {
      const std::span<const Action> t = kept_actions(p);
      out.insert(out.end(), t.begin(), t.end());
      break;
    }
    case Phase::Settle:
      if (penalty_pending_[p]) {
        out.insert(out.end(), {kPenaltyRace, kPenaltyHand, kPenaltyTie});
      } else if (lose_race_[p] > 0) {
        cards_of(race(p), kLoseBase);
      } else if (lose_hand_[p] > 0) {
        cards_of(hand(p), kDiscardBase);
      } else if (!to_place_[p].empty()) {
        // An empty Race has one end: only "left" is offered.
        const bool both = race(p).len > 0;
        to_place_[p].each([&](int c) { out.push_back(kLeftBase + c); });
        if (both) to_place_[p].each([&](int c) { out.push_back(kRightBase + c); });
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
  switch (phase_) {
    case Phase::Pick: {
      const int c = a - kPlayBase;
      hands_[player].remove(c);
      played_[player] = static_cast<std::int8_t>(c);
      if (narrating())
        emit_private(player, "Gameplay: pick a secret card", "{} picks {}.", name(player),
                     d.card_text(card(c)))
            .type("pick")
            .seat("player", player)
            .with("card", cname(c));
      if (seats_to_pick() == 0) reveal_picks();
      return;
    }
    case Phase::Tap: {
      const int s = a - kTapBase;
      tap_[player] = static_cast<std::int8_t>(s);
      tap_order_[ntaps_++] = player;
      if (narrating())  // cname() measures the id
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
        penalty_pending_[player] = false;
        if (a == kPenaltyRace) {
          lose_race_[player] = 2;
          emit("Time Penalty: lose 2 Race cards", "{} takes the penalty: lose 2 Race cards.", name(player))
              .type("penalty")
              .seat("player", player)
              .with("penalty", "race cards");
        } else if (a == kPenaltyHand) {
          lose_hand_[player] = 2;
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

void RacesmackState::apply_chance(Action a) {
  const int c = a - kCardBase;
  switch (phase_) {
    case Phase::Generate: gen_apply(a); return;
    case Phase::SetAside: set_aside(c); return;
    case Phase::Deal: deal(c); return;
    case Phase::FlipTop: flip_top(c); return;
    case Phase::StartPlayer: choose_start_player(static_cast<PlayerId>(a - kStartBase)); return;
    case Phase::RacingFlip: flip_racing_rule(c); return;
    case Phase::AyReveal: ay_reveal(c); return;
    case Phase::Settle: blind_discard(c); return;
    default: return;
  }
}

void RacesmackState::set_aside(int c) {
  take_from_draw(c);
  racing_deck_.add(c);
  emit("Racing Rules: a separate deck", "{} goes to the Racing Rules deck.", cname(c))
      .type("racing_rule_card")
      .with("card", cname(c));
  if (--aside_left_ == 0) {
    phase_ = Phase::Deal;
    deal_to_ = 0;
  }
}

void RacesmackState::deal(int c) {
  const Data& d = data();
  bool first = true;
  for (PlayerId p = 0; p < num_players(); ++p) first = first && hand(p).len == 0;
  if (first && narrating()) {
    int rules = 0;
    draw_.each([&](int x) { rules += card(x).is_rule; });
    emit("Setup",
         "The deck: {} cards ({} regular, {} Rule Cards). Everyone is dealt {}{}; the rest is a face-up "
         "draw pile.",
         draw_size() + racing_deck_.size(), draw_size() - rules, rules + racing_deck_.size(), d.hand_size,
         variants().after_you ? " face down as a blind pile" : "")
        .type("deck");
  }
  take_from_draw(c);
  hands_[deal_to_].push_back(c);
  if (!variants().after_you && narrating())
    emit_private(deal_to_, "Setup", "{} is dealt {}.", name(deal_to_), d.card_text(card(c)))
        .type("dealt")
        .seat("player", deal_to_)
        .with("card", cname(c));
  deal_to_ = left_of(deal_to_);
  if (hand(deal_to_).len == d.hand_size || draw_.empty()) {
    resume_ = Resume::SetupDone;
    if (draw_.empty())
      setup_done();
    else
      phase_ = Phase::FlipTop;
  }
}

void RacesmackState::flip_top(int c) {
  const Data& d = data();
  take_from_draw(c);
  top_ = c;
  if (narrating())
    emit("Setup: face-up draw pile", "The draw pile shows {} on top ({} cards left).",
         card(c).is_rule ? fmt::format("Rule Card {} (correct if it {}; Finish: {})", card(c).name(),
                                       d.rule_text(card(c).rule_text), d.finish_text(card(c).finish_text))
                         : d.card_text(card(c)),
         draw_size())
        .type("pile_top")
        .with("card", cname(c))
        .with("left", draw_size());
  after_flip();
}

void RacesmackState::choose_start_player(PlayerId p) {
  current_ = p;
  emit("After You: pick a start player", "{} starts; turns go clockwise.", name(current_))
      .type("start_player")
      .seat("player", current_);
  ay_turn();
}

void RacesmackState::flip_racing_rule(int c) {
  racing_deck_.remove(c);
  racing_used_.add(c);
  racing_current_ = c;
  if (narrating())
    emit("Racing Rules: this round's default rule",
         "Racing Rules reveals {}: this round a card is correct if it {}.", cname(c),
         data().rule_text(card(c).rule_text))
        .type("racing_rule")
        .with("card", cname(c));
  phase_ = Phase::Pick;
}

void RacesmackState::ay_reveal(int c) {
  hands_[current_].remove(c);
  piles_[current_].push_back(c);
  if (!card(c).is_rule) {
    if (narrating())
      emit("After You: reveal in turn", "{} reveals {} (pile of {}).", name(current_),
           data().card_text(card(c)), pile(current_).len)
          .type("reveal_turn")
          .seat("player", current_)
          .with("card", cname(c))
          .with("rule_card", false);
    ay_refill();
    return;
  }
  emit("After You: a Rule Card starts the smashing", "{} reveals {}, a Rule Card: the smashing begins!",
       name(current_), cname(c))
      .type("reveal_turn")
      .seat("player", current_)
      .with("card", cname(c))
      .with("rule_card", true);
  trigger_ = c;
  nslots_ = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const Row& pl = pile(p);
    if (pl.len == 0) continue;
    slot_card_[nslots_] = static_cast<std::int8_t>(pl[pl.len - 1]);
    slot_owner_[nslots_++] = p;
  }
  open_tapping();
}

// Time Penalty under After You: the first player owing hand cards discards
// one from the blind pile.
void RacesmackState::blind_discard(int c) {
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (lose_hand_[p] == 0) continue;
    hands_[p].remove(c);
    discard_.add(c);
    --lose_hand_[p];
    if (narrating())
      emit("Time Penalty: lose 2 hand cards", "{} discards {} from the blind pile.", name(p),
           data().card_text(card(c)))
          .type("blind_discard")
          .seat("player", p)
          .with("card", cname(c));
    settle(p);
    break;
  }
  settle_all();
}

}  // namespace rt::racesmack
