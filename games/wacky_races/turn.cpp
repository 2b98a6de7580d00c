// A player's turn (rulebook: Steps 1, 2 and 3, Tile Space, Wild Terrain
// Tiles; the Swamp's exits): the turn's legal actions and playing them; the
// Movement cards passed, discarded and drawn (Step 4 - Redraw Your Hand).
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

void WackyState::start_turn(PlayerId seat) {
  const Catalog& c = catalog();
  current_ = seat;
  chooser_ = seat;
  cards_played_ = 0;
  card_limit_ = static_cast<std::int8_t>(c.cards_per_turn);
  wild_tile_ = -1;
  hand_plus_ = 0;
  turn_over_ = false;
  emit("Racer Turn", "Round {}: {}'s turn, on {}.", round_, rname(slot_of(seat)), tname(pos(slot_of(seat))))
      .type("turn")
      .with("round", round_)
      .seat("player", seat)
      .with("racer", rname(slot_of(seat)))
      .with("tile", tname(pos(slot_of(seat))));
  if (bridge_[seat]) {
    bridge_[seat] = false;
    card_limit_ = 1;
    emit("Trap: Broken Bridge", "{} can only play 1 Movement card this turn.", rname(slot_of(seat)))
        .type("one_card_turn")
        .with("racer", rname(slot_of(seat)));
  }
  push(TaskKind::TurnMain).who = seat;
}

bool WackyState::turn_now(PlayerId seat) {
  start_turn(seat);
  return step_turn_main(at_top());
}

void WackyState::end_turn(PlayerId seat) {
  push(TaskKind::NextTurn).who = seat;
  push(TaskKind::Dastardly);
  // Off the Crossroads nothing can happen before the refill, so a refill that
  // would do nothing (no Mud Pool, hand full) is not queued at all.
  const int p = pos(slot_of(seat));
  const bool crossroads = is_crossroads(p);
  if (crossroads || mud_[seat] || hand_total(seat) < hand_target()) push(TaskKind::Refill).who = seat;
  if (crossroads) push(TaskKind::Crossroads).who = seat;
}

// Writes the legal turn actions in increasing order into `out` (room for
// kMaxTurnActions) and returns how many. Where a random hand decides, the
// loop is branch-free: those branches are the ones a CPU cannot predict.
[[gnu::always_inline]] inline int WackyState::turn_actions(PlayerId seat, Action* out) const {
  int n = 0;
  const int p = pos(slot_of(seat));
  const int total = hand_total(seat);
  if (cards_played() < card_limit() && total > 0) {
    const int left = card_limit() - cards_played();
    if (is_swamp(p)) {
      if (cards_played() == 0)
        for (int k = 0; k < kTerrains; ++k)
          if (hand(seat, k) > 0) out[n++] = kStay + k;
      if (left >= 2)
        for (int k = 0; k < kTerrains; ++k)
          if (hand(seat, k) >= 2) out[n++] = kPair + k;
      if (left >= 3 && total >= 3) {
        const auto& tr = triples();
        for (int i = 0; i < tr.size(); ++i) {
          int need[kTerrains] = {0, 0, 0, 0};
          for (int j = 0; j < 3; ++j) ++need[tr[i].t[j]];
          bool ok = true;
          for (int k = 0; k < kTerrains; ++k) ok = ok && hand(seat, k) >= need[k];
          if (ok) out[n++] = kThree + i;
        }
      }
    } else {
      // matches(p, k) for every k; bitwise on purpose (no branch per condition)
      const bool any = (static_cast<unsigned>(cards_played() == 0) | static_cast<unsigned>(is_wild(p)) |
                        static_cast<unsigned>(wild_tile() == p)) != 0;
      const int here = tile(p);
      for (int k = 0; k < kTerrains; ++k) {
        out[n] = kPlay + k;
        n += static_cast<int>((hand(seat, k) > 0) & (any | (here == k)));
      }
    }
  }
  out[n] = kEnd;
  n += static_cast<int>((cards_played() >= 1) | (total == 0));
  if (turn_over()) return n;  // power_usable() says no to each
  // The powers a turn may use (a CANCEL card never is) that are not exhausted.
  const unsigned ready =
      catalog().teams[team_of(slot_of(seat))].turn_powers & ~static_cast<unsigned>(exhausted_[seat]);
  for (unsigned m = ready; m != 0; m &= m - 1) {
    const int i = std::countr_zero(m);
    out[n] = kPower + i;
    n += static_cast<int>(power_ready(seat, i));
  }
  return n;
}

void WackyState::legal_turn(PlayerId seat, std::vector<Action>& out) const {
  IndexArray<Action, kMaxTurnActions> list;
  const int n = turn_actions(seat, list.data());
  out.insert(out.end(), list.begin(), list.begin() + n);
}

// Lists the turn's actions once, when the turn stops for a decision: the bot
// asking legal_actions() and the next settle() both read this list.
bool WackyState::list_turn_actions(PlayerId seat) {
  const int n = turn_actions(seat, turn_actions_.data());
  // kEnd is listed (turn_actions()); bitwise on purpose (no branch per condition)
  const bool ends =
      (static_cast<unsigned>(cards_played() >= 1) | static_cast<unsigned>(hand_total(seat) == 0)) != 0;
  const bool choice = n > static_cast<int>(ends);  // something besides ending the turn
  turn_actions_size_ = static_cast<std::uint8_t>(n);
  turn_actions_valid_ = choice;
  return choice;
}

void WackyState::play_card(PlayerId seat, int terrain, bool) {
  --hand_[seat][terrain];
  discard_card(terrain);
  ++cards_played_;
}

void WackyState::apply_turn_action(PlayerId seat, Action a) {
  const int slot = slot_of(seat);
  if (a < kStay) {  // the commonest: play a Movement card and move 1
    const int k = a - kPlay;
    const int nth = cards_played_;
    play_card(seat, k);
    if (narrating()) [[unlikely]]
      narrate_play(slot, k, nth);
    move_now(slot, 1, +1);
    return;
  }
  const Catalog& c = catalog();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[k].name; };
  if (a == kEnd) {
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} ends their movement.", rname(slot))
        .type("end_movement")
        .with("racer", rname(slot));
    pop();
    end_turn(seat);
    return;
  }
  if (a >= kPower) {
    use_power(seat, a - kPower);
    return;
  }
  if (a >= kThree) {
    const Triple& tr = triples()[a - kThree];
    for (int j = 0; j < 3; ++j) play_card(seat, tr.t[j]);
    emit("Swamp", "{} discards {}, {} and {} to leave the Swamp.", rname(slot), terr(tr.t[0]), terr(tr.t[1]),
         terr(tr.t[2]))
        .type("leave_swamp")
        .with("racer", rname(slot))
        .with("cards",
              [&] { return fmt::format("{}, {}, {}", terr(tr.t[0]), terr(tr.t[1]), terr(tr.t[2])); });
    push_move(slot, 1, +1, true);
    return;
  }
  if (a >= kPair) {
    play_card(seat, a - kPair);
    play_card(seat, a - kPair);
    emit("Swamp", "{} discards 2 {} cards to leave the Swamp.", rname(slot), terr(a - kPair))
        .type("leave_swamp")
        .with("racer", rname(slot))
        .with("cards", [&] { return fmt::format("{}, {}", terr(a - kPair), terr(a - kPair)); });
    push_move(slot, 1, +1, true);
    return;
  }
  play_card(seat, a - kStay);  // kStay
  emit("Swamp", "{} plays {} but cannot leave the Swamp with one card: stuck.", rname(slot), terr(a - kStay))
      .type("stuck_in_swamp")
      .with("racer", rname(slot))
      .with("card", terr(a - kStay));
}

void WackyState::narrate_play(int slot, int k, int nth) const {
  const std::string& card = catalog().terrains[k].name;
  if (nth == 0)
    emit("Steps 1, 2, and 3 - Moving your Racer",
         "{} plays {} (1st card: moves 1 space whatever the terrain).", rname(slot), card)
        .type("play")
        .with("racer", rname(slot))
        .with("card", card)
        .with("nth", nth + 1);
  else if (wild_tile_ == pos(slot) || is_wild(pos(slot)))
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} plays {} ({} card, on a wild tile).", rname(slot), card,
         kOrdinal[nth])
        .type("play")
        .with("racer", rname(slot))
        .with("card", card)
        .with("nth", nth + 1);
  else
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} plays {} ({} card, matching {}).", rname(slot), card,
         kOrdinal[nth], kname(pos(slot)))
        .type("play")
        .with("racer", rname(slot))
        .with("card", card)
        .with("nth", nth + 1);
}

// --- cards --------------------------------------------------------------------

bool WackyState::prepare_draw() {
  if (deck_total() > 0) return true;
  if (discard_total() == 0) return false;
  for (int k = 0; k < kTerrains; ++k) {
    deck_[k] = static_cast<std::uint8_t>(deck_[k] + disc_[k]);
    disc_[k] = 0;
  }
  top_ = -1;
  emit("Step 4 - Redraw Your Hand",
       "The Movement Deck is empty: the Discard Pile is reshuffled into a new deck of {} cards.",
       deck_total())
      .type("reshuffle")
      .with("deck", deck_total());
  return true;
}

// The same as pushing the DrawCard and letting step_choice() check for a
// card, without running the stack once more for it.
bool WackyState::draw_for(Task& t, std::int8_t who) {
  if (!prepare_draw()) {
    t.result = -2;
    return true;
  }
  push(TaskKind::DrawCard).who = who;
  return false;
}

void WackyState::pass_card(PlayerId from, PlayerId to, int terrain) {
  --hand_[from][terrain];
  if (to >= 0)
    ++hand_[to][terrain];
  else
    discard_card(terrain);
}

void WackyState::discard_card(int terrain) {
  ++disc_[terrain];
  top_ = static_cast<std::int8_t>(terrain);
}
}  // namespace rt::wacky_races
