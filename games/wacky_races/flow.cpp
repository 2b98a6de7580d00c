// Set-up, the player turn, the round, the end of a race and the championship;
// applying decisions and chance outcomes to the input task on top.
#include <algorithm>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

namespace {
const char* const kOrdinal[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
}

// --- set-up -----------------------------------------------------------------

void WackyState::reset_race() {
  const Catalog& c = catalog();
  pos_.fill(-1);
  occupied_.fill(0);
  tile_.fill(kUnlaid);
  for (int p = 0; p < c.start_len; ++p)
    tile_[static_cast<std::size_t>(p)] = c.starting_board[static_cast<std::size_t>(p)];
  tile_[static_cast<std::size_t>(c.gas_pos)] = kGas;
  tile_[static_cast<std::size_t>(c.finish_pos)] = kFinish;
  swamp_pos_ = -1;
  trap_.fill(-1);
  peek_.fill(0);
  trap_deck_.fill(0);
  trap_disc_.fill(0);
  trap_box_.fill(0);
  for (std::size_t k = 0; k < c.traps.size(); ++k)
    trap_deck_[k] = static_cast<std::uint8_t>(c.traps[k].copies);
  deck_.fill(static_cast<std::uint8_t>(c.cards_per_terrain));
  disc_.fill(0);
  top_ = -1;
  for (auto& h : hand_) h.fill(0);
  exhausted_.fill(0);
  bridge_.fill(false);
  mud_.fill(false);
  dast_ = -1;
  dast_out_ = false;
  special_ = -1;
  round_ = 1;
  turns_done_ = 0;
  winner_ = -1;
  current_ = starting_;
  chooser_ = starting_;
  cards_played_ = 0;
  card_limit_ = static_cast<std::int8_t>(c.cards_per_turn);
  wild_tile_ = -1;
  hand_plus_ = 0;
  turn_over_ = false;
}

// Set-up runs once per chance outcome it asks for, and every stage only
// ever completes: the Setup task's `c` counts the stages found complete, so
// each run starts where the last one stopped instead of rescanning them.
bool WackyState::step_setup(Task& t) {
  const Catalog& c = catalog();
  const int n = num_players();
  if (t.c == 0) {
    for (int p = 0; p < n; ++p) {
      if (team_[static_cast<std::size_t>(p)] < 0) {
        push(TaskKind::PickTeam).who = static_cast<std::int8_t>(p);
        return true;
      }
    }
    t.c = 1;
  }
  if (t.c == 1) {
    for (int s = n; s < kField; ++s) {
      if (team_[static_cast<std::size_t>(s)] < 0) {
        push(TaskKind::PickNeutral).racer = static_cast<std::int8_t>(s);
        return true;
      }
    }
    t.c = 2;
  }
  if (t.c == 2) {
    if (pos_[0] < 0) {
      // "The Starting Player ... place[s] it next to the Starting Board space just
      // in front of Dick Dastardly. Then, moving clockwise ... from rear to front."
      for (int k = 0; k < n; ++k) place_racer((starting_ + k) % n, k);
    }
    for (int k = n; k < kField; ++k) {
      if (racers_at(k) != 0) continue;
      int unplaced = -1;
      int count = 0;
      for (int s = n; s < kField; ++s)
        if (pos(s) < 0) {
          unplaced = s;
          ++count;
        }
      if (count == 1) {
        place_racer(unplaced, k);
        continue;
      }
      push(TaskKind::PlaceNeutral).a = static_cast<std::int8_t>(k);
      return true;
    }
    t.c = 3;
  }
  if (t.c == 3) {
    if (special_ < 0) {
      if ((specials_used_ & ((1u << kSpecials) - 1)) == (1u << kSpecials) - 1) specials_used_ = 0;
      push(TaskKind::PickSpecial);
      return true;
    }
    t.c = 4;
  }
  if (t.c == 4) {
    for (int p = c.first_begin; p < c.finish_pos; ++p) {
      if (tile(p) == kUnlaid) {
        push(TaskKind::LayTile).a = static_cast<std::int8_t>(p);
        return true;
      }
    }
    t.c = 5;
  }
  for (int k = 0; k < n; ++k) {
    const PlayerId p = static_cast<PlayerId>((starting_ + k) % n);
    if (hand_total(p) < c.hand_size) {
      push(TaskKind::DrawCard).who = p;
      return true;
    }
  }
  pop();
  begin_race();
  return true;
}

void WackyState::begin_race() {
  const Catalog& c = catalog();
  if (narrating()) {
    std::string course;
    for (int p = c.first_begin; p <= c.finish_pos; ++p)
      course += fmt::format("{}{} {}", p == c.first_begin ? "" : ", ", tile_number(p), kind_name(p));
    emit("Setting Up the Course", "Race {} of {}. The course: {}.", race_, races_, course)
        .type("course")
        .with("race", race_)
        .with("races", races_)
        .with("course", course);
    std::string grid;
    for (int p = 0; p < c.start_len; ++p)
      for (int s = 0; s < kField; ++s)
        if (pos(s) == p)
          grid += fmt::format("{}{} ({})", grid.empty() ? "" : ", ", racer_name(s), kind_name(p));
    emit("Racers Take Their Positions", "The Starting Board, rear to front: {}. Dick Dastardly waits on 00.",
         grid)
        .type("grid")
        .with("grid", grid);
  }
  start_turn(starting_);
}

// --- the turn ---------------------------------------------------------------

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
int WackyState::turn_actions(PlayerId seat, Action* out) const {
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
        for (std::size_t i = 0; i < tr.size(); ++i) {
          int need[kTerrains] = {0, 0, 0, 0};
          for (int j = 0; j < 3; ++j) ++need[tr[i].t[j]];
          bool ok = true;
          for (int k = 0; k < kTerrains; ++k) ok = ok && hand(seat, k) >= need[k];
          if (ok) out[n++] = kThree + static_cast<Action>(i);
        }
      }
    } else {
      const bool any = cards_played() == 0 || is_wild(p) || wild_tile() == p;  // matches(p, k) for every k
      const int here = tile(p);
      for (int k = 0; k < kTerrains; ++k) {
        out[n] = kPlay + k;
        n += static_cast<int>((hand(seat, k) > 0) & (any | (here == k)));
      }
    }
  }
  if (cards_played() >= 1 || total == 0) out[n++] = kEnd;
  if (turn_over()) return n;  // power_usable() says no to each
  for (int i = 0; i < kPowers; ++i)
    if (!exhausted(seat, i) && power_usable(seat, i)) out[n++] = kPower + i;
  return n;
}

void WackyState::legal_turn(PlayerId seat, std::vector<Action>& out) const {
  std::array<Action, kMaxTurnActions> list;
  const int n = turn_actions(seat, list.data());
  out.insert(out.end(), list.begin(), list.begin() + n);
}

// Lists the turn's actions once, when the turn stops for a decision: the bot
// asking legal_actions() and the next settle() both read this list.
bool WackyState::list_turn_actions(PlayerId seat) {
  const int n = turn_actions(seat, turn_actions_.data());
  const bool ends = cards_played() >= 1 || hand_total(seat) == 0;  // kEnd is listed (turn_actions())
  const bool choice = n > static_cast<int>(ends);                  // something besides ending the turn
  turn_actions_size_ = static_cast<std::uint8_t>(n);
  turn_actions_valid_ = choice;
  return choice;
}

void WackyState::play_card(PlayerId seat, int terrain, bool) {
  --hand_[seat][static_cast<std::size_t>(terrain)];
  discard_card(terrain);
  ++cards_played_;
}

void WackyState::apply_turn_action(PlayerId seat, Action a) {
  const Catalog& c = catalog();
  const int slot = slot_of(seat);
  const auto terr = [&](int k) -> const std::string& { return c.terrains[static_cast<std::size_t>(k)].name; };
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
    const Triple& tr = triples()[static_cast<std::size_t>(a - kThree)];
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
  if (a >= kStay) {
    play_card(seat, a - kStay);
    emit("Swamp", "{} plays {} but cannot leave the Swamp with one card: stuck.", rname(slot),
         terr(a - kStay))
        .type("stuck_in_swamp")
        .with("racer", rname(slot))
        .with("card", terr(a - kStay));
    return;
  }
  const int k = a - kPlay;
  const int nth = cards_played_;
  play_card(seat, k);
  if (nth == 0)
    emit("Steps 1, 2, and 3 - Moving your Racer",
         "{} plays {} (1st card: moves 1 space whatever the terrain).", rname(slot), terr(k))
        .type("play")
        .with("racer", rname(slot))
        .with("card", terr(k))
        .with("nth", nth + 1);
  else if (wild_tile_ == pos(slot) || is_wild(pos(slot)))
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} plays {} ({} card, on a wild tile).", rname(slot),
         terr(k), kOrdinal[nth])
        .type("play")
        .with("racer", rname(slot))
        .with("card", terr(k))
        .with("nth", nth + 1);
  else
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} plays {} ({} card, matching {}).", rname(slot), terr(k),
         kOrdinal[nth], kname(pos(slot)))
        .type("play")
        .with("racer", rname(slot))
        .with("card", terr(k))
        .with("nth", nth + 1);
  push_move(slot, 1, +1);
}

// --- the order of play --------------------------------------------------------

bool WackyState::step_next_turn(Task& t) {
  const int n = num_players();
  if (t.c == 1) {
    pop();
    ++round_;
    start_turn(starting_);
    return true;
  }
  const PlayerId seat = t.who;
  pop();
  if (++turns_done_ < n) {
    start_turn(left_of(seat, n));
    return true;
  }
  turns_done_ = 0;
  push(TaskKind::NextTurn).c = 1;
  std::uint32_t neutrals = 0;
  for (int s = 0; s < kField; ++s)
    if (neutral(s)) neutrals |= 1u << s;
  if (neutrals == 0) return true;
  if (round_ == 1) {
    emit("End of the Round", "End of round 1: the Neutral Racers skip the very first round.")
        .type("round_end")
        .with("round", 1)
        .with("neutrals_move", false);
    return true;
  }
  chooser_ = starting_;
  if (n == 2) push(TaskKind::Dastardly).c = 1;
  for (int k = 0; k < catalog().neutral_reveals; ++k) push(TaskKind::Reveal).c = 0;
  emit("End of the Round", "End of round {}: all Neutral Racers move 1 space, leader first.", round_)
      .type("round_end")
      .with("round", round_)
      .with("neutrals_move", true);
  Task& g = push(TaskKind::GroupMove);
  g.mask = neutrals;
  g.n = 1;
  g.who = starting_;
  return true;
}

void WackyState::race_won(int slot) {
  winner_ = static_cast<std::int8_t>(slot);
  depth_ = 0;
  emit("Winning the Game", "{} reaches the Finish Line first and wins the race!", rname(slot))
      .type("race_won")
      .with("racer", rname(slot));
  push(TaskKind::RaceEnd);
}

bool WackyState::step_race_end(Task&) {
  pop();
  const Catalog& c = catalog();
  // Race order: the winner, then by position; racers on one tile share a place.
  std::array<int, kField> place{};
  for (int s = 0; s < kField; ++s) {
    int pl = 1;
    for (int o = 0; o < kField; ++o) {
      if (o == s) continue;
      if (o == winner_ || (s != winner_ && pos(o) > pos(s))) ++pl;
    }
    place[static_cast<std::size_t>(s)] = pl;
  }
  if (narrating()) {
    std::string order;
    for (int pl = 1; pl <= kField; ++pl)
      for (int s = 0; s < kField; ++s)
        if (place[static_cast<std::size_t>(s)] == pl)
          order += fmt::format("{}{}. {}", order.empty() ? "" : ", ", pl, racer_name(s));
    emit("Winning the Game", "Race {} result: {}.", race_, order)
        .type("race_result")
        .with("race", race_)
        .with("order", order);
  }
  if (game_->championship()) {
    for (int s = 0; s < kField; ++s) {
      const int pl = place[static_cast<std::size_t>(s)];
      const int pts =
          pl <= static_cast<int>(c.points.size()) ? c.points[static_cast<std::size_t>(pl - 1)] : 0;
      points_[static_cast<std::size_t>(s)] =
          static_cast<std::int16_t>(points_[static_cast<std::size_t>(s)] + pts);
      if (pl == 1) ++wins_[static_cast<std::size_t>(s)];
      if (pl == 2) ++seconds_[static_cast<std::size_t>(s)];
      if (pts > 0)
        emit("Championship", "{} scores {} point{} ({} in all).", rname(s), pts, pts == 1 ? "" : "s",
             points_[static_cast<std::size_t>(s)])
            .type("points")
            .with("racer", rname(s))
            .with("points", pts)
            .with("total", points_[static_cast<std::size_t>(s)]);
    }
  }
  if (race_ < races_) {
    ++race_;
    starting_ = static_cast<PlayerId>((race_ - 1) % num_players());
    reset_race();
    emit("Championship", "On to race {} of {}: a fresh course; {} is the Starting Player.", race_, races_,
         game_->seat_name(starting_))
        .type("next_race")
        .with("race", race_)
        .seat("starting_player", starting_);
    push(TaskKind::Setup);
    return true;
  }
  over_ = true;
  if (narrating()) emit("Winning the Game", "{}", standings().summary).type("game_over");
  return true;
}

// --- cards --------------------------------------------------------------------

bool WackyState::prepare_draw() {
  if (deck_total() > 0) return true;
  if (discard_total() == 0) return false;
  for (int k = 0; k < kTerrains; ++k) {
    deck_[static_cast<std::size_t>(k)] =
        static_cast<std::uint8_t>(deck_[static_cast<std::size_t>(k)] + disc_[static_cast<std::size_t>(k)]);
    disc_[static_cast<std::size_t>(k)] = 0;
  }
  top_ = -1;
  emit("Step 4 - Redraw Your Hand",
       "The Movement Deck is empty: the Discard Pile is reshuffled into a new deck of {} cards.",
       deck_total())
      .type("reshuffle")
      .with("deck", deck_total());
  return true;
}

void WackyState::pass_card(PlayerId from, PlayerId to, int terrain) {
  --hand_[from][static_cast<std::size_t>(terrain)];
  if (to >= 0)
    ++hand_[to][static_cast<std::size_t>(terrain)];
  else
    discard_card(terrain);
}

void WackyState::discard_card(int terrain) {
  ++disc_[static_cast<std::size_t>(terrain)];
  top_ = static_cast<std::int8_t>(terrain);
}

// --- inputs -------------------------------------------------------------------

// The commonest chance outcome (most chance nodes are cards drawn) in a
// function of its own: no frame for the other outcomes' work, and the event
// text built in a cold function only when someone listens.
void WackyState::resolve_draw(Action a) {
  const int k = a - kDraw;
  const PlayerId who = at_top().who;
  --deck_[static_cast<std::size_t>(k)];
  pop();
  if (who >= 0) {
    ++hand_[who][static_cast<std::size_t>(k)];
    if (narrating()) [[unlikely]]
      narrate_draw(who, k);
  } else {
    discard_card(k);
  }
  if (depth_) at_top().result = static_cast<std::int8_t>(k);
}

void WackyState::narrate_draw(PlayerId who, int k) const {
  const TaskKind why = depth_ ? top()->kind : TaskKind::Refill;
  emit_private(who,
               why == TaskKind::Setup       ? "Common Decks"
               : why == TaskKind::DrawCards ? "Racers' Special Powers"
                                            : "Step 4 - Redraw Your Hand",
               "{} {} {}.", game_->seat_name(who), why == TaskKind::Setup ? "is dealt" : "draws",
               catalog().terrains[static_cast<std::size_t>(k)].name)
      .type(why == TaskKind::Setup ? "dealt" : "draw")
      .seat("player", who)
      .with("card", catalog().terrains[static_cast<std::size_t>(k)].name);
}

// Split from the decisions: the chance outcomes (a card drawn, mostly) run
// without the larger frame the decisions' code needs.
void WackyState::apply_outcome(Action a) {
  const Catalog& c = catalog();
  Task& t = at_top();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[static_cast<std::size_t>(k)].name; };
  switch (t.kind) {
    case TaskKind::DrawTrap: {
      const int k = a - kTrapDraw;
      --trap_deck_[static_cast<std::size_t>(k)];
      trap_[static_cast<std::size_t>(t.a)] = static_cast<std::int8_t>(k);
      peek_[static_cast<std::size_t>(t.a)] = 0;
      pop();
      return;
    }
    case TaskKind::PickHand: {
      const int k = a - kPick;
      const PlayerId from = t.who;
      const PlayerId to = t.b;
      pop();
      pass_card(from, to, k);
      if (to < 0) {
        emit("Racers' Special Powers", "{} discards {} (at random).", game_->seat_name(from), terr(k))
            .type("discard")
            .seat("player", from)
            .with("card", terr(k));
        return;
      }
      emit("Racers' Special Powers", "{} takes a random card from {}.", game_->seat_name(to),
           game_->seat_name(from))
          .type("take_unseen")
          .seat("player", to)
          .seat("from", from);
      emit_private(to, "Racers' Special Powers", "{} takes {} from {}.", game_->seat_name(to), terr(k),
                   game_->seat_name(from))
          .type("take")
          .seat("player", to)
          .seat("from", from)
          .with("card", terr(k));
      emit_private(from, "Racers' Special Powers", "{} takes {}'s {}.", game_->seat_name(to),
                   game_->seat_name(from), terr(k))
          .type("take")
          .seat("player", to)
          .seat("from", from)
          .with("card", terr(k));
      return;
    }
    case TaskKind::PickTeam: {
      const int team = a - kTeam;
      team_[static_cast<std::size_t>(t.who)] = static_cast<std::int8_t>(team);
      emit("Choosing Your Racers", "{} drives {} ({}).", game_->seat_name(t.who),
           c.teams[static_cast<std::size_t>(team)].name, c.teams[static_cast<std::size_t>(team)].car)
          .type("racer_chosen")
          .seat("player", t.who)
          .with("team", c.teams[static_cast<std::size_t>(team)].name);
      pop();
      return;
    }
    case TaskKind::PickNeutral: {
      const int team = a - kNeutral;
      team_[static_cast<std::size_t>(t.racer)] = static_cast<std::int8_t>(team);
      emit("Neutral Racers", "{} joins the race as a Neutral Racer.",
           c.teams[static_cast<std::size_t>(team)].name)
          .type("neutral_joins")
          .with("team", c.teams[static_cast<std::size_t>(team)].name);
      pop();
      return;
    }
    case TaskKind::PlaceNeutral:
      place_racer(a - kPlace, t.a);
      pop();
      return;
    case TaskKind::PickSpecial: {
      const int s = a - kSpecial;
      special_ = static_cast<std::int8_t>(s);
      specials_used_ = static_cast<std::uint8_t>(specials_used_ | (1u << s));
      emit("Set Up the Track's Second Half", "The Special tile drawn for this race: {}.",
           c.specials[static_cast<std::size_t>(s)].name)
          .type("special_tile")
          .with("tile", c.specials[static_cast<std::size_t>(s)].name);
      pop();
      return;
    }
    case TaskKind::LayTile: {
      const int k = a - kLay;
      tile_[static_cast<std::size_t>(t.a)] =
          static_cast<std::int8_t>(k < kTerrains ? k : kSpecialBase + (k - kTerrains));
      note_tile(t.a);
      pop();
      return;
    }
    default: return;
  }
}

void WackyState::apply_decision(PlayerId player, Action a) {
  const Catalog& c = catalog();
  Task& t = at_top();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[static_cast<std::size_t>(k)].name; };
  switch (t.kind) {
    case TaskKind::TurnMain: apply_turn_action(player, a); return;
    case TaskKind::ChooseRacer:
      pop();
      at_top().result = static_cast<std::int8_t>(a - kRacer);
      return;
    case TaskKind::ChooseTile:
      pop();
      at_top().result = static_cast<std::int8_t>(a == kNoSwap ? -2 : a - kTile);
      return;
    case TaskKind::ChooseCard: {
      const int k = a - kCard;
      const PlayerId to = t.b;
      pop();
      pass_card(player, to, k);
      if (to < 0) {
        emit("Racers' Special Powers", "{} discards {}.", game_->seat_name(player), terr(k))
            .type("discard")
            .seat("player", player)
            .with("card", terr(k));
        return;
      }
      emit("Racers' Special Powers", "{} hands a card to {}.", game_->seat_name(player), game_->seat_name(to))
          .type("give_unseen")
          .seat("player", player)
          .seat("to", to);
      emit_private(to, "Racers' Special Powers", "{} gives {} a {} card.", game_->seat_name(player),
                   game_->seat_name(to), terr(k))
          .type("give")
          .seat("player", player)
          .seat("to", to)
          .with("card", terr(k));
      return;
    }
    case TaskKind::Redraw: {
      if (a == kDone) {
        const int n = t.n;
        pop();
        emit("Racers' Special Powers", "{} discarded {} card{} and draws {}.", game_->seat_name(player), n,
             n == 1 ? "" : "s", n + 1)
            .type("rebuild")
            .seat("player", player)
            .with("discarded", n)
            .with("draws", n + 1);
        Task& d = push(TaskKind::DrawCards);
        d.who = player;
        d.n = static_cast<std::int8_t>(n + 1);
        return;
      }
      const int k = a - kCard;
      --hand_[player][static_cast<std::size_t>(k)];
      discard_card(k);
      ++t.n;
      emit("Racers' Special Powers", "{} discards {}.", game_->seat_name(player), terr(k))
          .type("discard")
          .seat("player", player)
          .with("card", terr(k));
      return;
    }
    case TaskKind::ChoosePower: {
      const int i = a - kPowerPick;
      const bool un = t.purpose == Purpose::Unexhaust;
      const char* rule = t.purpose == Purpose::Sabotage ? "Trap: Sabotage"
                         : !un                          ? "Racers' Special Powers"
                         : t.n == 1                     ? "Trap: Failed Plan"
                                                        : "Gas Station";
      pop();
      set_exhausted(player, i, !un);
      emit(rule, "{} {} {}.", rname(slot_of(player)), un ? "unexhausts" : "exhausts", power_name(player, i))
          .type(un ? "unexhaust" : "exhaust")
          .with("racer", rname(slot_of(player)))
          .with("power", power_name(player, i));
      return;
    }
    default: return;
  }
}

}  // namespace rt::wacky_races
