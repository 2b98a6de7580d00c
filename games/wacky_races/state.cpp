// The task stack: who acts, what they may do, and applying decisions and
// chance outcomes to the input task on top.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

using namespace std::string_view_literals;

const IndexArray<Triple, 20>& triples() {
  static const IndexArray<Triple, 20> table = [] {
    IndexArray<Triple, 20> out{};
    int k = 0;
    for (int a = 0; a < kTerrains; ++a)
      for (int b = a; b < kTerrains; ++b)
        for (int c = b; c < kTerrains; ++c)
          out[k++] =
              Triple{{static_cast<std::int8_t>(a), static_cast<std::int8_t>(b), static_cast<std::int8_t>(c)}};
    return out;
  }();
  return table;
}

WackyState::WackyState(const WackyGame& game)
    : State(game.options().players), game_(&game), catalog_(&game.catalog()) {
  races_ = game.races();
  team_.fill(-1);
  owner_.fill(-1);
  for (PlayerId p = 0; p < num_players(); ++p) {
    owner_[p] = p;
    team_[p] = static_cast<std::int8_t>(game.chosen_teams()[p]);
  }
  reset_race();
  push(TaskKind::Setup);
  settle();
}

void WackyState::stack_overflow() {
  throw std::logic_error("wacky-races: task stack overflow");
}

// --- who acts ---------------------------------------------------------------

// The game is over only with nothing left to do (check_invariants() says so):
// an empty stack is the one test.
Turn WackyState::turn() const {
  if (depth_ == 0) return Turn::Over;
  return is_chance(at_top().kind) ? Turn::Chance : Turn::Player;
}

void WackyState::actors(std::vector<PlayerId>& out) const {
  if (depth_ != 0 && !is_chance(at_top().kind)) out.push_back(at_top().who);
}

// The turn's list, made when the turn stopped for `player` (most decisions);
// empty otherwise.
std::span<const Action> WackyState::kept_actions(PlayerId player) const {
  if (turn_actions_valid_ && player == at_top().who) return {turn_actions_.data(), turn_actions_size_};
  return {};
}

// The turn's list needs no copy.

void WackyState::legal_actions(PlayerId player, std::vector<Action>& out) const {
  if (const std::span<const Action> listed = kept_actions(player); !listed.empty()) {
    out.insert(out.end(), listed.begin(), listed.end());
    return;
  }
  if (turn() != Turn::Player) return;
  const Task& t = *top();
  if (player != t.who) return;
  switch (t.kind) {
    case TaskKind::TurnMain: legal_turn(player, out); return;
    case TaskKind::ChooseRacer:
      for (int s = 0; s < kField; ++s)
        if (t.mask & (1u << s)) out.push_back(kRacer + s);
      return;
    case TaskKind::ChooseTile:
      for (int p = 0; p < catalog().num_pos; ++p)
        if (t.mask & (1u << p)) out.push_back(kTile + p);
      if (t.purpose == Purpose::CrossFirst) out.push_back(kNoSwap);
      return;
    case TaskKind::ChooseCard:
    case TaskKind::Redraw:
      for (int k = 0; k < kTerrains; ++k)
        if (hand(player, k) > 0) out.push_back(kCard + k);
      if (t.kind == TaskKind::Redraw) out.push_back(kDone);
      return;
    case TaskKind::ChoosePower: {
      const bool want_exhausted = t.purpose == Purpose::Unexhaust;
      for (int i = 0; i < kPowers; ++i)
        if (exhausted(player, i) == want_exhausted) out.push_back(kPowerPick + i);
      return;
    }
    default: return;
  }
}

// Every chance list is short (at most 16 teams), so it is written straight
// into the driver's scratch array; chance_outcomes() copies the same list.
static_assert(kMaxTeams <= static_cast<int>(kChanceScratch) &&
              kMaxTrapKinds <= static_cast<int>(kChanceScratch));
static_assert((kTerrains & (kTerrains - 1)) == 0);  // other_chances() masks a tile to a terrain index
ChanceSpan WackyState::chance_span(ChanceScratch& out) const {
  if (depth_ == 0) return {};
  const Task& t = at_top();
  std::uint32_t n = 0;
  std::uint32_t total = 0;
  if (t.kind == TaskKind::DrawCard) {      // most chance nodes
    for (int k = 0; k < kTerrains; ++k) {  // branch-free: an empty terrain is overwritten
      out[n] = Outcome{kDraw + k, deck_[k]};
      n += deck_[k] > 0;
      total += deck_[k];
    }
    return ChanceSpan{out.data(), n, total};
  }
  if (!is_chance(t.kind)) return {};
  return other_chances(t, out);
}

ChanceSpan WackyState::other_chances(const Task& t, ChanceScratch& out) const {
  std::uint32_t n = 0;
  std::uint32_t total = 0;
  const Catalog& c = catalog();
  // An outcome of weight 0 is not listed: the next one overwrites it.
  const auto add = [&](Action action, std::uint32_t weight) {
    out[n] = Outcome{action, weight};
    n += weight > 0;
    total += weight;
  };
  switch (t.kind) {
    case TaskKind::DrawTrap:
      for (int k = 0; k < c.traps.size(); ++k) add(kTrapDraw + k, trap_deck_[k]);
      break;
    case TaskKind::PickHand:
      for (int k = 0; k < kTerrains; ++k) add(kPick + k, static_cast<std::uint32_t>(hand(t.who, k)));
      break;
    case TaskKind::PickTeam:
    case TaskKind::PickNeutral: {
      const Action base = t.kind == TaskKind::PickTeam ? kTeam : kNeutral;
      std::uint32_t taken = 0;  // the teams already in the field (slot_of_team() >= 0)
      for (int s = 0; s < kField; ++s)
        if (team_of(s) >= 0) taken |= 1u << team_of(s);
      for (int team = 0; team < c.teams.size(); ++team) add(base + team, ~taken >> team & 1u);
      break;
    }
    case TaskKind::PlaceNeutral:
      for (int s = 0; s < kField; ++s) add(kPlace + s, neutral(s) && pos(s) < 0);
      break;
    case TaskKind::PickSpecial:
      for (int s = 0; s < kSpecials; ++s) add(kSpecial + s, !(specials_used_ >> s & 1u));
      break;
    case TaskKind::LayTile: {
      const bool first = t.pos() < c.gas_pos;
      const int from = first ? c.first_begin : c.second_begin;
      const auto& want = first ? c.first_half : c.second_half;
      int laid[kTerrains] = {0, 0, 0, 0};
      bool special_laid = false;
      for (int p = from; p < t.pos(); ++p) {  // the set-up lays a half's tiles in order: none after pos yet
        const int k = tile(p);                // a terrain, unlaid (-1) or the Special tile
        laid[k & (kTerrains - 1)] += static_cast<unsigned>(k) < static_cast<unsigned>(kTerrains);
        special_laid |= k >= kSpecialBase;
      }
      for (int k = 0; k < kTerrains; ++k)
        add(kLay + k, static_cast<std::uint32_t>(std::max(want[k] - laid[k], 0)));
      add(kLay + kTerrains + special_, !first && !special_laid);
      break;
    }
    default: return {};
  }
  return ChanceSpan{out.data(), n, total};
}

void WackyState::chance_outcomes(std::vector<Outcome>& out) const {
  ChanceScratch scratch;
  const ChanceSpan span = chance_span(scratch);
  out.insert(out.end(), span.data, span.data + span.size);
}

// --- running the stack -------------------------------------------------------

// Runs tasks until one waits (the dispatch is inlined here: docs/PERFORMANCE.md,
// "Rules code shaped for speed").
void WackyState::settle() {
  for (int guard = 0; depth_ > 0;) {
    if (!step_task()) return;
    if (++guard > 100000) [[unlikely]]
      throw std::logic_error("wacky-races: the task stack does not settle");
  }
}

[[gnu::always_inline]] inline bool WackyState::step_task() {
  Task& t = at_top();
  switch (t.kind) {
    case TaskKind::Setup: return step_setup(t);
    case TaskKind::TurnMain: return step_turn_main(t);
    case TaskKind::Crossroads: return step_crossroads(t);
    case TaskKind::Refill: return step_refill(t);
    case TaskKind::Dastardly: return step_dastardly(t);
    case TaskKind::NextTurn: return step_next_turn(t);
    case TaskKind::Reveal: return step_reveal(t);
    case TaskKind::RaceEnd: return step_race_end(t);
    case TaskKind::GroupMove: return step_group(t);
    case TaskKind::SelectRear: return step_rear(t);
    case TaskKind::Move: return step_move(t);
    case TaskKind::Enter: return step_enter(t);
    case TaskKind::TileEffect: return step_tile_effect(t);
    case TaskKind::AcmeReveal: return step_acme(t);
    case TaskKind::PlaceTrap: return step_place_trap(t);
    case TaskKind::TrapAt: return step_trap_at(t);
    case TaskKind::Trigger: return step_trigger(t);
    case TaskKind::SwitchBehind: return step_switch(t);
    case TaskKind::UnexhaustAll: return step_unexhaust_all(t);
    case TaskKind::Power: return step_power(t);
    case TaskKind::DrawCards: return step_draw_cards(t);
    case TaskKind::TakeCards: return step_take_cards(t);
    case TaskKind::Redraw: return false;
    case TaskKind::ChooseRacer:
    case TaskKind::ChooseTile:
    case TaskKind::ChooseCard:
    case TaskKind::PickHand:
    case TaskKind::ChoosePower:
    case TaskKind::DrawCard:
    case TaskKind::DrawTrap: return step_choice(t);
    case TaskKind::PickTeam:
    case TaskKind::PickNeutral:
    case TaskKind::PlaceNeutral:
    case TaskKind::PickSpecial:
    case TaskKind::LayTile: return false;
  }
  return false;
}

bool WackyState::step_turn_main(Task& t) {
  if (!turn_over_ && list_turn_actions(t.who)) return false;
  const PlayerId seat = t.who;
  if (!turn_over_ && cards_played_ == 0)
    emit("Steps 1, 2, and 3 - Moving your Racer", "{} has no Movement card to play.", rname(slot_of(seat)))
        .type("no_card")
        .with("racer", rname(slot_of(seat)));
  pop();
  end_turn(seat);
  return true;
}

bool WackyState::step_choice(Task& t) {
  switch (t.kind) {
    case TaskKind::ChooseRacer:
    case TaskKind::ChooseTile:
      if (t.mask == 0) {  // nothing to choose from: report "no choice"
        pop();
        if (Task* up = depth_ ? &at_top() : nullptr) up->result = -2;
        return true;
      }
      return false;
    case TaskKind::ChooseCard:
    case TaskKind::PickHand:
      if (hand_total(t.who) == 0) {
        pop();
        return true;
      }
      return false;
    case TaskKind::ChoosePower: {
      const bool want_exhausted = t.purpose == Purpose::Unexhaust;
      for (int i = 0; i < kPowers; ++i)
        if (exhausted(t.who, i) == want_exhausted) return false;
      pop();
      return true;
    }
    case TaskKind::DrawCard:
      if (!prepare_draw()) {
        pop();
        if (depth_) at_top().result = -2;
        return true;
      }
      return false;
    case TaskKind::DrawTrap:
      if (trap_deck_total() == 0) {
        pop();
        return true;
      }
      return false;
    default: return false;
  }
}

void WackyState::note_tile(int p) {
  if (is_special(p) && special_code(p) == SpecialCode::Swamp)
    swamp_pos_ = static_cast<std::int8_t>(p);
  else if (swamp_pos_ == p)
    swamp_pos_ = -1;
}

void WackyState::do_apply(PlayerId player, Action a) {
  turn_actions_valid_ = false;
  const TaskKind kind = at_top().kind;
  if (kind == TaskKind::TurnMain)  // most decisions
    apply_turn_action(player, a);
  else if (player != kChance)
    apply_decision(player, a);
  else if (kind == TaskKind::DrawCard) {
    if (!resolve_draw(a)) return;
  } else
    apply_outcome(a);
  settle();
}

// --- applying inputs ---------------------------------------------------------

// The commonest chance outcome (most chance nodes are cards drawn) in a
// function of its own: no frame for the other outcomes' work, and the event
// text built in a cold function only when someone listens.
bool WackyState::resolve_draw(Action a) {
  const int k = a - kDraw;
  const PlayerId who = at_top().who;
  --deck_[k];
  pop();
  if (who >= 0) {
    ++hand_[who][k];
    if (narrating()) [[unlikely]]
      narrate_draw(who, k);
  } else {
    discard_card(k);
  }
  if (depth_ == 0) return true;
  Task& up = at_top();
  up.result = static_cast<std::int8_t>(k);
  // The task that waited for the card runs on at once (the stack would run it
  // next anyway).
  switch (up.kind) {
    case TaskKind::Refill: return step_refill(up);
    case TaskKind::Reveal: return step_reveal(up);
    case TaskKind::Setup: return step_setup(up);
    default: return true;
  }
}

void WackyState::narrate_draw(PlayerId who, int k) const {
  const TaskKind why = depth_ ? top()->kind : TaskKind::Refill;
  emit_private(who,
               why == TaskKind::Setup       ? "Common Decks"
               : why == TaskKind::DrawCards ? "Racers' Special Powers"
                                            : "Step 4 - Redraw Your Hand",
               "{} {} {}.", game_->seat_name(who), why == TaskKind::Setup ? "is dealt" : "draws",
               catalog().terrains[k].name)
      .type(why == TaskKind::Setup ? "dealt" : "draw")
      .seat("player", who)
      .with("card", catalog().terrains[k].name);
}

// Split from the decisions: the chance outcomes (a card drawn, mostly) run
// without the larger frame the decisions' code needs.
void WackyState::apply_outcome(Action a) {
  const Catalog& c = catalog();
  Task& t = at_top();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[k].name; };
  switch (t.kind) {
    case TaskKind::DrawTrap: {
      const int k = a - kTrapDraw;
      --trap_deck_[k];
      trap_[t.pos()] = static_cast<std::int8_t>(k);
      peek_[t.pos()] = 0;
      pop();
      return;
    }
    case TaskKind::PickHand: {
      const int k = a - kPick;
      const PlayerId from = t.who;
      const PlayerId to = t.receiver();
      pop();
      pass_card(from, to, k);
      if (to < 0) {
        emit("Racers' Special Powers", "{} discards {} (at random).", game_->seat_name(from), terr(k))
            .type("discard")
            .seat("player", from)
            .with("card", terr(k));
        return;
      }
      // Both players are told the card in one line, everyone else that a card changed hands.
      emit_private(everyone_but(to, from), "Racers' Special Powers", "{} takes a random card from {}.",
                   game_->seat_name(to), game_->seat_name(from))
          .type("take_unseen")
          .seat("player", to)
          .seat("from", from);
      emit_private(only_to(to, from), "Racers' Special Powers", "{} takes {} from {}.", game_->seat_name(to),
                   terr(k), game_->seat_name(from))
          .type("take")
          .seat("player", to)
          .seat("from", from)
          .with("card", terr(k));
      return;
    }
    case TaskKind::PickTeam: {
      const int team = a - kTeam;
      team_[t.who] = static_cast<std::int8_t>(team);
      emit("Choosing Your Racers", "{} drives {} ({}).", game_->seat_name(t.who), c.teams[team].name,
           c.teams[team].car)
          .type("racer_chosen")
          .seat("player", t.who)
          .with("team", c.teams[team].name);
      pop();
      return;
    }
    case TaskKind::PickNeutral: {
      const int team = a - kNeutral;
      team_[t.racer] = static_cast<std::int8_t>(team);
      emit("Neutral Racers", "{} joins the race as a Neutral Racer.", c.teams[team].name)
          .type("neutral_joins")
          .with("team", c.teams[team].name);
      pop();
      return;
    }
    case TaskKind::PlaceNeutral:
      place_racer(a - kPlace, t.pos());
      pop();
      return;
    case TaskKind::PickSpecial: {
      const int s = a - kSpecial;
      special_ = static_cast<std::int8_t>(s);
      specials_used_ = static_cast<std::uint8_t>(specials_used_ | (1u << s));
      emit("Set Up the Track's Second Half", "The Special tile drawn for this race: {}.", c.specials[s].name)
          .type("special_tile")
          .with("tile", c.specials[s].name);
      pop();
      return;
    }
    case TaskKind::LayTile: {
      const int k = a - kLay;
      tile_[t.pos()] = static_cast<std::int8_t>(k < kTerrains ? k : kSpecialBase + (k - kTerrains));
      note_tile(t.pos());
      pop();
      return;
    }
    default: return;
  }
}

void WackyState::apply_decision(PlayerId player, Action a) {
  const Catalog& c = catalog();
  Task& t = at_top();
  const auto terr = [&](int k) -> const std::string& { return c.terrains[k].name; };
  switch (t.kind) {
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
      const PlayerId to = t.receiver();
      pop();
      pass_card(player, to, k);
      if (to < 0) {
        emit("Racers' Special Powers", "{} discards {}.", game_->seat_name(player), terr(k))
            .type("discard")
            .seat("player", player)
            .with("card", terr(k));
        return;
      }
      // The giver chose the card (its option named it); the receiver is told
      // which card it is, everyone else only that a card changed hands.
      emit_private(everyone_but(to), "Racers' Special Powers", "{} hands a card to {}.",
                   game_->seat_name(player), game_->seat_name(to))
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
        const int n = t.discarded();
        pop();
        emit("Racers' Special Powers", "{} discarded {} card{} and draws {}.", game_->seat_name(player), n,
             n == 1 ? "" : "s", n + 1)
            .type("rebuild")
            .seat("player", player)
            .with("discarded", n)
            .with("draws", n + 1);
        Task& d = push(TaskKind::DrawCards);
        d.who = player;
        d.cards_left() = static_cast<std::int8_t>(n + 1);
        return;
      }
      const int k = a - kCard;
      --hand_[player][k];
      discard_card(k);
      ++t.discarded();
      emit("Racers' Special Powers", "{} discards {}.", game_->seat_name(player), terr(k))
          .type("discard")
          .seat("player", player)
          .with("card", terr(k));
      return;
    }
    case TaskKind::ChoosePower: {
      const int i = a - kPowerPick;
      const bool un = t.purpose == Purpose::Unexhaust;
      const std::string_view rule = t.purpose == Purpose::Sabotage ? "Trap: Sabotage"sv
                                    : !un                          ? "Racers' Special Powers"sv
                                    : t.failed_plan() == 1         ? "Trap: Failed Plan"sv
                                                                   : "Gas Station"sv;
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
