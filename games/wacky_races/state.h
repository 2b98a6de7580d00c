// Wacky Races rules engine. Rulebook: ../shared/rulebooks/wacky-races.txt;
// gaps filled from ../shared/reference/wacky-races.md (see README.md).
//
// Six racers (players' and Neutral) race along a course of single Starting
// Board spaces, 8 First Half tiles, the Gas Station, 9 Second Half tiles and
// the Finish Line. A turn plays Movement cards (the first moves 1, the 2nd and
// 3rd only on matching terrain), Special Powers at any time, then refills the
// hand and moves Dick Dastardly, who lays Traps when alone in the lead. The
// Neutral Racers move at the end of each round but the first.
//
// Everything that happens is resolved on a stack of small tasks: a task either
// runs by itself (a move, a trap) or waits for a decision or a chance outcome
// (a card drawn, a tie broken, a target chosen). The stack is a fixed array:
// nothing is allocated while playing.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "core/per_player.h"
#include "core/state.h"
#include "games/wacky_races/data.h"

namespace rt::wacky_races {

class WackyGame;

// Places in words, for the narration and the prompts.
inline constexpr const char* kOrdinal[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};

// Player decisions.
inline constexpr Action kPlay = 0;         // + terrain: play a Movement card and move
inline constexpr Action kStay = 10;        // + terrain: on the Swamp, play a card and stay
inline constexpr Action kPair = 20;        // + terrain: leave the Swamp with 2 identical cards
inline constexpr Action kThree = 30;       // + combination (0..19): leave the Swamp with 3 cards
inline constexpr Action kEnd = 60;         // end your movement
inline constexpr Action kPower = 70;       // + power: use a Special Power
inline constexpr Action kRacer = 100;      // + field slot: choose a racer
inline constexpr Action kTile = 200;       // + position: choose a tile
inline constexpr Action kCard = 300;       // + terrain: choose a card from your hand
inline constexpr Action kDone = 310;       // stop discarding (Rebuild)
inline constexpr Action kNoSwap = 311;     // Crossroads: swap nothing
inline constexpr Action kPowerPick = 320;  // + power: choose one of your power cards
// Chance outcomes.
inline constexpr Action kDraw = 400;      // + terrain: the top Movement card
inline constexpr Action kTrapDraw = 410;  // + trap kind: the top Trap card
inline constexpr Action kTeam = 430;      // + team: a player's racer
inline constexpr Action kNeutral = 450;   // + team: a Neutral Racer
inline constexpr Action kPlace = 470;     // + field slot: the Neutral Racer on the next start space
inline constexpr Action kSpecial = 480;   // + special: the race's Special tile
inline constexpr Action kLay = 490;       // + terrain, or 4 + special: the next course tile
inline constexpr Action kPick = 500;      // + terrain: a random card from a hand

// Exactly one racer (or tile) in a mask.
constexpr bool one_bit(std::uint32_t m) {
  return m != 0 && (m & (m - 1)) == 0;
}

// The 20 ways to hold three cards of four terrains (a <= b <= c).
struct Triple {
  std::int8_t t[3];
};
const IndexArray<Triple, 20>& triples();

enum class TaskKind : std::uint8_t {
  // Set-up and the order of play.
  Setup,       // draws the field, course and hands, one chance outcome at a time
  TurnMain,    // input: the active player's turn
  Crossroads,  // the Crossroads swap at the end of a turn
  Refill,      // draw back to 3 (or more)
  Dastardly,   // move the Mean Machine; trap and retreat when alone in the lead
  NextTurn,    // the next player, or the end of the round
  Reveal,      // Neutral Racers: reveal a card, move those on its terrain
  RaceEnd,     // points, then the next race or the end
  // Movement.
  GroupMove,     // several racers move, leader first (ties: chooser decides)
  SelectRear,    // Painted Tunnel: pick the racers furthest back
  Move,          // one racer moves `spaces` ahead or back, space by space
  Enter,         // a racer arrived on a tile: finish, traps, tile effects
  TileEffect,    // Railroad Crossing, A.C.M.E. Laboratory, Gas Station
  AcmeReveal,    // A.C.M.E.: reveal a terrain, trap the next tile of it
  PlaceTrap,     // put the top Trap card on a tile
  TrapAt,        // a trap moved onto a tile with racers (Crossroads, Sawtooth)
  Trigger,       // a racer sets off the trap on its tile
  SwitchBehind,  // The Old Switcheroo
  UnexhaustAll,  // Failed Plan and the Gas Station: each player unexhausts 1
  // Powers.
  Power,      // a Special Power's effects, one after another
  Redraw,     // input: Rebuild's discards
  DrawCards,  // draw cards into a hand
  TakeCards,  // cards leave a hand (at random or the victim's pick)
  // Waiting for an input (decision or chance); they write `result` below.
  ChooseRacer,   // input: a racer among `mask`
  ChooseTile,    // input: a tile among `mask`
  ChooseCard,    // input: a card from `who`'s hand
  ChoosePower,   // input: one of `who`'s power cards (exhaust / unexhaust)
  DrawCard,      // chance: the top Movement card, to a hand (who) or the discard pile
  DrawTrap,      // chance: the top Trap card onto tile `pos`
  PickHand,      // chance: a random card from `who`'s hand
  PickTeam,      // chance: seat `who`'s racer
  PickNeutral,   // chance: the Neutral Racer in slot `racer`
  PlaceNeutral,  // chance: which Neutral Racer takes start space `pos`
  PickSpecial,   // chance: the Special tile
  LayTile,       // chance: the tile at `pos`
};

// The chance kinds close the list (DrawCard .. LayTile), so one comparison says
// whether a task waits for a chance outcome.
constexpr bool is_chance(TaskKind k) {
  return k >= TaskKind::DrawCard;
}

// Why a racer or tile is being chosen (prompts and labels).
enum class Purpose : std::uint8_t {
  None,
  Order,
  Rear,
  Switch,
  Target,
  Trigger,
  CrossFirst,
  CrossSecond,
  Sawtooth,
  Peek,
  Exhaust,
  Unexhaust,
  Discard,
  Give,
  Sabotage,
};

// A task's own small numbers, besides the fields every kind has (who, racer,
// result, mask). Each is one byte in one of four slots (the enumerators are
// grouped by slot), so the stack stays small and cheap to copy for the
// search; a kind uses the fields task_fields() lists, never two on one slot.
enum class TaskField : std::uint8_t {
  // Slot 0.
  Pos,         // the tile or start space the task is about
  FirstTile,   // the Crossroads' first tile chosen
  Direction,   // +1 ahead, -1 back
  CardsDrawn,  // cards drawn so far
  Power,       // the power card's index
  // Slot 1.
  MayLeaveSwamp,  // 1 for the first space of a Swamp exit
  Receiver,       // the seat receiving the cards (kNobody: discarded)
  TwoPlayerRule,  // 1 for Dastardly's move under the 2-player Neutral rule (else Step 5)
  RetreatAfter,   // 1 Dastardly retreats once the Trap is placed
  // Slot 2.
  Stage,         // how far a task that runs in steps has got (0: not started)
  EndsRound,     // 1 for the round's last task, below the Neutral Racers' moves
  RacersToPick,  // how many racers furthest back to pick
  SeatsDone,     // seats done, from `who` on
  NextEffect,    // the power's next effect to run
  VictimPicks,   // 1 the victim chooses the cards (else at random)
  // Slot 3.
  Spaces,       // spaces to move (Move counts them down)
  CardsLeft,    // cards still to draw or take
  CardsToDraw,  // cards to draw in all
  Discarded,    // cards discarded so far
  TilesBehind,  // how far behind the racer to look
  FromAcme,     // 1 for the A.C.M.E. Laboratory's Trap (else Dastardly's)
  FailedPlan,   // 1 Failed Plan (else the Gas Station)
};

constexpr std::size_t field_slot(TaskField f) {
  return f < TaskField::MayLeaveSwamp ? 0 : f < TaskField::Stage ? 1 : f < TaskField::Spaces ? 2 : 3;
}
constexpr std::uint32_t field_bit(TaskField f) {
  return 1u << static_cast<unsigned>(f);
}

// The fields each kind uses; a kind not listed uses none.
constexpr std::uint32_t task_fields(TaskKind k) {
  using F = TaskField;
  const auto of = [](auto... f) { return (field_bit(f) | ... | 0u); };
  switch (k) {
    // Stage: the set-up stages completed (0..5).
    case TaskKind::Setup: return of(F::Stage);
    case TaskKind::NextTurn: return of(F::EndsRound);
    // Stage 1: CardsToDraw is known.
    case TaskKind::Refill: return of(F::Stage, F::CardsToDraw, F::CardsDrawn);
    // Stage 1: a card was flipped to start the Discard Pile.
    case TaskKind::Dastardly: return of(F::Stage, F::TwoPlayerRule);
    // Stage 1: the Movement card is drawn.
    case TaskKind::Reveal: return of(F::Stage);
    // Stage 0 asks for the first tile, 1 for the second, 2 swaps.
    case TaskKind::Crossroads: return of(F::Stage, F::FirstTile);
    // Each racer in `mask` moves as far.
    case TaskKind::GroupMove: return of(F::Spaces);
    // `mask`: the racers picked so far.
    case TaskKind::SelectRear: return of(F::RacersToPick, F::Spaces);
    case TaskKind::Move: return of(F::Spaces, F::Direction, F::MayLeaveSwamp);
    case TaskKind::TileEffect:
    case TaskKind::TrapAt:
    case TaskKind::Trigger:
    case TaskKind::DrawTrap:
    case TaskKind::LayTile:
    case TaskKind::PlaceNeutral: return of(F::Pos);
    // Stage 1: the terrain is drawn.
    case TaskKind::AcmeReveal: return of(F::Pos, F::Stage);
    // Stage 1: the Trap card is drawn.
    case TaskKind::PlaceTrap: return of(F::Pos, F::Stage, F::FromAcme, F::RetreatAfter);
    case TaskKind::SwitchBehind: return of(F::TilesBehind);
    case TaskKind::UnexhaustAll: return of(F::SeatsDone, F::FailedPlan);
    // FailedPlan: copied from the UnexhaustAll that asks.
    case TaskKind::ChoosePower: return of(F::FailedPlan);
    case TaskKind::Power: return of(F::Power, F::NextEffect);
    case TaskKind::Redraw: return of(F::Discarded);
    // Stage 1: the draw is announced.
    case TaskKind::DrawCards: return of(F::Stage, F::CardsLeft);
    case TaskKind::TakeCards: return of(F::CardsLeft, F::Receiver, F::VictimPicks);
    case TaskKind::ChooseCard:
    case TaskKind::PickHand: return of(F::Receiver);
    default: return 0;
  }
}

// No kind uses two fields kept in one slot.
constexpr bool fields_share_no_slot() {
  for (int k = 0; k <= static_cast<int>(TaskKind::LayTile); ++k) {
    std::uint32_t slots = 0;
    for (int f = 0; f <= static_cast<int>(TaskField::FailedPlan); ++f) {
      if (!(task_fields(static_cast<TaskKind>(k)) >> f & 1u)) continue;
      const std::uint32_t slot = 1u << field_slot(static_cast<TaskField>(f));
      if (slots & slot) return false;
      slots |= slot;
    }
  }
  return true;
}
static_assert(fields_share_no_slot());

// One entry of the task stack: what every kind has, then the kind's own
// fields by name (debug builds check that the kind uses the field).
struct Task {
  TaskKind kind = TaskKind::Setup;
  Purpose purpose = Purpose::None;
  std::int8_t who = -1;     // the seat deciding or concerned
  std::int8_t racer = -1;   // the field slot concerned
  std::int8_t result = -1;  // written by an input task pushed above this one
  std::uint32_t mask = 0;   // racers or positions

  Task() = default;
  explicit Task(TaskKind k) : kind(k) {}

  // The kind's own fields: TaskField says what each holds, task_fields()
  // which ones a kind uses.
  std::int8_t& pos() { return field(TaskField::Pos); }
  std::int8_t pos() const { return field(TaskField::Pos); }
  std::int8_t& first_tile() { return field(TaskField::FirstTile); }
  std::int8_t first_tile() const { return field(TaskField::FirstTile); }
  std::int8_t& direction() { return field(TaskField::Direction); }
  std::int8_t direction() const { return field(TaskField::Direction); }
  std::int8_t& cards_drawn() { return field(TaskField::CardsDrawn); }
  std::int8_t cards_drawn() const { return field(TaskField::CardsDrawn); }
  std::int8_t& power() { return field(TaskField::Power); }
  std::int8_t power() const { return field(TaskField::Power); }
  std::int8_t& may_leave_swamp() { return field(TaskField::MayLeaveSwamp); }
  std::int8_t may_leave_swamp() const { return field(TaskField::MayLeaveSwamp); }
  std::int8_t& receiver() { return field(TaskField::Receiver); }
  std::int8_t receiver() const { return field(TaskField::Receiver); }
  std::int8_t& two_player_rule() { return field(TaskField::TwoPlayerRule); }
  std::int8_t two_player_rule() const { return field(TaskField::TwoPlayerRule); }
  std::int8_t& retreat_after() { return field(TaskField::RetreatAfter); }
  std::int8_t retreat_after() const { return field(TaskField::RetreatAfter); }
  std::int8_t& stage() { return field(TaskField::Stage); }
  std::int8_t stage() const { return field(TaskField::Stage); }
  std::int8_t& ends_round() { return field(TaskField::EndsRound); }
  std::int8_t ends_round() const { return field(TaskField::EndsRound); }
  std::int8_t& racers_to_pick() { return field(TaskField::RacersToPick); }
  std::int8_t racers_to_pick() const { return field(TaskField::RacersToPick); }
  std::int8_t& seats_done() { return field(TaskField::SeatsDone); }
  std::int8_t seats_done() const { return field(TaskField::SeatsDone); }
  std::int8_t& next_effect() { return field(TaskField::NextEffect); }
  std::int8_t next_effect() const { return field(TaskField::NextEffect); }
  std::int8_t& victim_picks() { return field(TaskField::VictimPicks); }
  std::int8_t victim_picks() const { return field(TaskField::VictimPicks); }
  std::int8_t& spaces() { return field(TaskField::Spaces); }
  std::int8_t spaces() const { return field(TaskField::Spaces); }
  std::int8_t& cards_left() { return field(TaskField::CardsLeft); }
  std::int8_t cards_left() const { return field(TaskField::CardsLeft); }
  std::int8_t& cards_to_draw() { return field(TaskField::CardsToDraw); }
  std::int8_t cards_to_draw() const { return field(TaskField::CardsToDraw); }
  std::int8_t& discarded() { return field(TaskField::Discarded); }
  std::int8_t discarded() const { return field(TaskField::Discarded); }
  std::int8_t& tiles_behind() { return field(TaskField::TilesBehind); }
  std::int8_t tiles_behind() const { return field(TaskField::TilesBehind); }
  std::int8_t& from_acme() { return field(TaskField::FromAcme); }
  std::int8_t from_acme() const { return field(TaskField::FromAcme); }
  std::int8_t& failed_plan() { return field(TaskField::FailedPlan); }
  std::int8_t failed_plan() const { return field(TaskField::FailedPlan); }

  // All four slots whatever they hold, for debug_string() (which must show
  // everything a state holds).
  const std::array<std::int8_t, 4>& slots() const { return slot_; }

 private:
  std::int8_t& field(TaskField f) {
    assert(task_fields(kind) & field_bit(f));
    return slot_[field_slot(f)];
  }
  std::int8_t field(TaskField f) const {
    assert(task_fields(kind) & field_bit(f));
    return slot_[field_slot(f)];
  }

  std::array<std::int8_t, 4> slot_{};
};
// The search copies whole states: the stack stays trivially copyable and small.
static_assert(std::is_trivially_copyable_v<Task> && sizeof(Task) == 16);

// Names for events, formatted only when someone listens (see the fmt
// formatters at the end of this file): building them costs nothing otherwise.
struct RacerName {
  const class WackyState* s;
  int slot;
};
struct TileName {
  const class WackyState* s;
  int pos;
};
struct KindName {
  const class WackyState* s;
  int pos;
};
struct PowerWords {
  const Catalog* c;
  const Power* p;
};

inline constexpr int kStackSize = 96;
inline constexpr std::int8_t kNobody = -1;

class WackyState final : public State {
 public:
  explicit WackyState(const WackyGame& game);

  Turn turn() const override;
  void actors(std::vector<PlayerId>& out) const override;
  void legal_actions(PlayerId player, std::vector<Action>& out) const override;
  std::span<const Action> kept_actions(PlayerId player) const override;
  PlayerId player_to_act(std::vector<PlayerId>&) const override { return at_top().who; }
  void chance_outcomes(std::vector<Outcome>& out) const override;
  ChanceSpan chance_span(ChanceScratch& out) const override;
  std::string action_text(PlayerId player, Action action) const override;
  // Playing a card and staying stuck in the Swamp, when the cards to leave it are there.
  bool gives_up(PlayerId, Action action) const override { return action >= kStay && action < kPair; }
  Standings standings() const override;
  void winners(std::vector<PlayerId>& out) const override;
  std::string skipped_spaces(int from, int dir, int skipped) const;
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new WackyState(*this)); }
  void determinize(PlayerId viewer, Rng& rng) override;
  std::string debug_string() const override;
  std::string check_invariants() const override;

  // --- read access for the view, bots and tests ---------------------------
  const Catalog& catalog() const { return *catalog_; }
  const WackyGame& game() const { return *game_; }
  int race() const { return race_; }
  int races() const { return races_; }
  int round() const { return round_; }
  PlayerId current() const { return current_; }
  PlayerId starting_player() const { return starting_; }
  const Task* top() const { return depth_ ? &stack_[depth_ - 1] : nullptr; }
  int depth() const { return depth_; }
  const Task& task(int i) const { return stack_[i]; }
  bool over() const { return over_; }

  int team_of(int slot) const { return team_[slot]; }
  PlayerId owner(int slot) const { return owner_[slot]; }
  int slot_of(PlayerId seat) const { return static_cast<int>(seat); }  // seats own slots 0..n-1
  int slot_of_team(int team) const;
  bool neutral(int slot) const { return owner_[slot] < 0; }
  int pos(int slot) const { return pos_[slot]; }
  int tile(int p) const { return tile_[p]; }
  int trap(int p) const { return trap_[p]; }
  bool peeked(PlayerId seat, int p) const { return (static_cast<unsigned>(peek_[p]) >> seat) & 1u; }
  int dastardly() const { return dast_; }  // -1: the 00 spot behind the Starting Board
  bool dastardly_out() const { return dast_out_; }
  int special() const { return special_; }
  int hand(PlayerId seat, int terrain) const { return hand_[seat][terrain]; }
  int hand_total(PlayerId seat) const {
    const auto& h = hand_[seat];
    return h[0] + h[1] + h[2] + h[3];
  }
  int deck(int terrain) const { return deck_[terrain]; }
  int deck_total() const { return deck_[0] + deck_[1] + deck_[2] + deck_[3]; }
  int discard(int terrain) const { return disc_[terrain]; }
  int discard_total() const { return disc_[0] + disc_[1] + disc_[2] + disc_[3]; }
  int top_discard() const { return top_; }
  int trap_deck(int kind) const { return trap_deck_[kind]; }
  int trap_deck_total() const;
  int trap_discards(int kind) const { return trap_disc_[kind]; }
  bool exhausted(PlayerId seat, int power) const {
    return (static_cast<unsigned>(exhausted_[seat]) >> power) & 1u;
  }
  bool bridge(PlayerId seat) const { return bridge_[seat]; }
  bool mud(PlayerId seat) const { return mud_[seat]; }
  int cards_played() const { return cards_played_; }
  int card_limit() const { return card_limit_; }
  bool turn_over() const { return turn_over_; }
  int wild_tile() const { return wild_tile_; }
  int hand_target() const { return catalog().hand_size + hand_plus_; }
  int points(int slot) const { return points_[slot]; }
  int wins(int slot) const { return wins_[slot]; }
  int seconds(int slot) const { return seconds_[slot]; }
  int winner() const { return winner_; }

  // Course helpers.
  bool is_start(int p) const { return p < catalog().start_len; }
  // A Terrain tile of the course (not Special/Gas/Start/Finish).
  bool is_course_terrain(int p) const {
    const Catalog& c = catalog();
    if (p < c.first_begin || p >= c.finish_pos || p == c.gas_pos) return false;
    const int k = tile(p);
    return k >= 0 && k < kTerrains;
  }
  bool is_special(int p) const { return tile_[p] >= kSpecialBase; }
  SpecialCode special_code(int p) const { return catalog().specials[tile(p) - kSpecialBase].code; }
  bool is_swamp(int p) const { return p == swamp_pos_; }
  bool is_crossroads(int p) const { return is_special(p) && special_code(p) == SpecialCode::Crossroads; }
  // Matches every Movement card.
  bool is_wild(int p) const {
    const int k = tile(p);
    return k == kWild || k == kGas || k >= kSpecialBase;
  }
  // For the 2nd and 3rd cards (wild tiles, Showing Off).
  bool matches(int p, int terrain) const { return is_wild(p) || tile(p) == terrain || wild_tile_ == p; }
  int capacity(int p) const {
    if (p == catalog().finish_pos || is_swamp(p)) return kField;
    return is_start(p) ? 1 : catalog().spaces_per_tile;
  }
  int occupancy(int p) const { return occupied_[p]; }
  int next_free(int from, int dir) const;                            // the next tile with a free space, or -1
  bool order_cannot_matter(std::uint32_t racers, int spaces) const;  // sharing racers, see step_group
  int tile_number(int p) const { return p - catalog().start_len + 1; }  // course tiles 1..; start <= 0
  std::string tile_name(int p) const;      // "tile 9 (Gas Station)", "start space 2 (Prairie)"
  std::string kind_name(int p) const;      // "Forest", "Swamp", "wild"
  std::string racer_name(int slot) const;  // "Red Max (Ana)" / "Red Max (Neutral)"
  const std::string& power_name(PlayerId seat, int power) const;
  RacerName rname(int slot) const { return RacerName{this, slot}; }
  TileName tname(int p) const { return TileName{this, p}; }
  KindName kname(int p) const { return KindName{this, p}; }
  int leader_pos() const;
  // Race rank of a slot: 1 for the winner, then by position (a shared tile shares the rank).
  int race_rank(int slot) const;
  // A seat's place in standings(): by race rank, or in a championship by
  // points, then wins, then second places.
  int standing_place(PlayerId p) const;
  int last_pos() const;
  int retreat_pos() const;                  // where Dastardly goes back to
  int dastardly_target(int terrain) const;  // where Dastardly would move, or -1
  bool power_usable(PlayerId seat, int power) const;
  bool power_ready(PlayerId seat, int power) const;  // power_usable() for an unexhausted power in a turn
  std::uint32_t targets(PlayerId seat, const Effect& e) const;  // racers a power may target
  std::uint32_t tile_targets(PlayerId seat, const Effect& e) const;

  // --- scenario set-up for tests and examples -----------------------------
  // They keep every card, trap and racer in exactly one place.
  void test_set_position(int slot, int p);
  void test_set_tile(int p, int kind);  // a terrain, or kSpecialBase + special
  void test_set_hand(PlayerId seat, IndexArray<int, kTerrains> counts);  // cards from/to the deck
  void put_trap(int p, int kind);                                        // from the Trap deck
  void discard_trap(int kind);  // from the Trap deck to its discard pile
  void test_set_dastardly(int p, bool out = false);
  void set_exhausted(PlayerId seat, int power, bool on);
  void test_set_discard_top(int terrain);  // moves one card from the deck to the discard pile
  void test_set_round(int round) { round_ = round; }
  // Drops whatever is pending and starts `seat`'s turn, `done` turns into the round.
  void test_jump_to_turn(PlayerId seat, int done);

 protected:
  void do_apply(PlayerId player, Action action) override;

 private:
  WackyState(const WackyState&) = default;
  // Stack.
  // Inline (docs/PERFORMANCE.md, "Rules code shaped for speed").
  Task& push(TaskKind kind) {
    if (depth_ >= kStackSize) [[unlikely]]
      stack_overflow();
    Task& t = stack_[depth_++];
    t = Task(kind);
    return t;
  }
  [[noreturn, gnu::cold]] static void stack_overflow();
  void pop() { --depth_; }
  Task& at_top() { return stack_[depth_ - 1]; }
  const Task& at_top() const { return stack_[depth_ - 1]; }
  Task* parent() { return depth_ >= 2 ? &stack_[depth_ - 2] : nullptr; }
  void settle();     // runs automatic tasks until an input is needed
  bool step_task();  // false: the top task waits for an input
  bool step_turn_main(Task& t);
  bool step_choice(Task& t);           // an input task with nothing to choose from pops itself
  void note_tile(int p);               // after tile_[p] changed: keeps swamp_pos_
  void place_racer(int slot, int p) {  // -1: off the course
    const int from = pos(slot);
    if (from >= 0) --occupied_[from];
    if (p >= 0) ++occupied_[p];
    pos_[slot] = static_cast<std::int8_t>(p);
  }

  // Setting up a race (setup.cpp).
  bool step_setup(Task& t);
  void begin_race();
  void reset_race();
  // The order of play, the end of a race, the championship (round.cpp).
  bool step_next_turn(Task& t);
  // After a pop, the end of a turn runs on at once (the stack would run the
  // task below next anyway): Dastardly after the refill, then the next turn.
  bool next_turn_now();  // step_next_turn() if NextTurn is on top
  bool step_race_end(Task& t);
  void race_won(int slot);
  // A player's turn (turn.cpp).
  void start_turn(PlayerId seat);
  // start_turn() and the turn's first step at once: the stack would run it next anyway.
  bool turn_now(PlayerId seat);
  void end_turn(PlayerId seat);
  void apply_turn_action(PlayerId seat, Action a);
  void legal_turn(PlayerId seat, std::vector<Action>& out) const;
  int turn_actions(PlayerId seat, Action* out) const;  // see kMaxTurnActions
  bool list_turn_actions(PlayerId seat);               // false: nothing to choose but ending the turn
  void play_card(PlayerId seat, int terrain, bool count_discard = true);
  [[gnu::cold, gnu::noinline]] void narrate_play(int slot, int terrain, int nth) const;

  // Movement, tiles and Dastardly (movement.cpp).
  bool step_group(Task& t);
  bool step_rear(Task& t);
  bool step_move(Task& t);
  [[gnu::cold, gnu::noinline]] void narrate_move(int racer, int from, int to, int dir) const;
  bool step_enter(Task& t);
  bool step_tile_effect(Task& t);
  bool step_acme(Task& t);
  bool step_place_trap(Task& t);
  bool step_trap_at(Task& t);
  bool step_dastardly(Task& t);
  bool dastardly_now();  // step_dastardly() if Dastardly is on top
  bool step_reveal(Task& t);
  [[gnu::cold, gnu::noinline]] void narrate_reveal(int terrain, std::uint32_t racers) const;
  bool step_crossroads(Task& t);
  void dastardly_retreat(std::string_view rule);
  void swap_tiles(int a, int b, std::string_view rule);
  void push_move(int slot, int n, int dir, bool may_leave_swamp = false);
  // push_move() and its first step at once: the stack would run it next anyway.
  bool move_now(int slot, int n, int dir);
  std::uint32_t racers_at(int p) const {
    std::uint32_t m = 0;
    for (int s = 0; s < kField; ++s)
      if (pos(s) == p) m |= 1u << s;
    return m;
  }

  // Traps (traps.cpp).
  bool step_trigger(Task& t);
  bool cancel_trap(int slot, int kind);  // by the owner's Special Power: true if it did
  void apply_trap(int slot, const TrapKind& kind);
  bool step_switch(Task& t);
  bool step_unexhaust_all(Task& t);
  void stop_movement(int slot);

  // Powers (powers.cpp).
  void use_power(PlayerId seat, int power);
  bool step_power(Task& t);
  bool step_power_on_racer(Task& t, const Effect& e);
  bool step_power_on_tile(Task& t, const Effect& e);
  bool step_draw_cards(Task& t);
  bool step_take_cards(Task& t);
  bool step_refill(Task& t);

  // Movement cards (turn.cpp).
  bool prepare_draw();  // reshuffles the discard pile into an empty deck; false if no card at all
  // Queues the top Movement card for `who` (kNobody: the discard pile) above
  // `t`, which waits for it (false); with no card at all, `t` gets result -2
  // and runs on (true).
  bool draw_for(Task& t, std::int8_t who);
  void discard_card(int terrain);
  void pass_card(PlayerId from, PlayerId to, int terrain);  // to another hand, or discarded (to < 0)
  // Applying inputs to the input task on top (state.cpp).
  ChanceSpan other_chances(const Task& t, ChanceScratch& out) const;  // chance_span() but a card drawn
  void apply_outcome(Action a);                                       // a chance outcome but a card drawn
  bool resolve_draw(Action a);  // a Movement card drawn; false: the next input is waited for
  [[gnu::cold, gnu::noinline]] void narrate_draw(PlayerId who, int terrain) const;
  void apply_decision(PlayerId player, Action a);  // a player's decision but a turn's action

  const WackyGame* game_;
  const Catalog* catalog_;  // the game's, kept here so the many lookups inline
  int races_ = 1;
  int race_ = 1;
  int round_ = 1;
  bool over_ = false;
  PlayerId starting_ = 0;
  PlayerId current_ = 0;
  PlayerId chooser_ = 0;  // who breaks ties for effects now (the active player)
  std::int8_t turns_done_ = 0;
  std::int8_t winner_ = -1;
  std::int8_t special_ = -1;
  std::uint8_t specials_used_ = 0;

  IndexArray<std::int8_t, kField> team_{};
  IndexArray<std::int8_t, kField> owner_{};
  IndexArray<std::int8_t, kField> pos_{};         // set by place_racer() (swapping two keeps occupied_)
  IndexArray<std::uint8_t, kMaxPos> occupied_{};  // racers on each position
  IndexArray<std::int16_t, kField> points_{};
  IndexArray<std::int8_t, kField> wins_{};
  IndexArray<std::int8_t, kField> seconds_{};

  IndexArray<std::int8_t, kMaxPos> tile_{};
  IndexArray<std::int8_t, kMaxPos> trap_{};
  IndexArray<std::uint8_t, kMaxPos> peek_{};
  std::int8_t dast_ = -1;
  bool dast_out_ = false;
  std::int8_t swamp_pos_ = -1;  // where the Swamp lies (-1: not in this race); kept by note_tile()

  IndexArray<std::uint8_t, kTerrains> deck_{};
  IndexArray<std::uint8_t, kTerrains> disc_{};
  std::int8_t top_ = -1;
  PerPlayer<IndexArray<std::uint8_t, kTerrains>, kField> hand_{};
  IndexArray<std::uint8_t, kMaxTrapKinds> trap_deck_{};
  IndexArray<std::uint8_t, kMaxTrapKinds> trap_disc_{};
  IndexArray<std::uint8_t, kMaxTrapKinds> trap_box_{};
  PerPlayer<std::uint8_t, kField> exhausted_{};
  PerPlayer<bool, kField> bridge_{};
  PerPlayer<bool, kField> mud_{};

  std::int8_t cards_played_ = 0;
  std::int8_t card_limit_ = 3;
  std::int8_t wild_tile_ = -1;
  std::int8_t hand_plus_ = 0;
  bool turn_over_ = false;

  IndexArray<Task, kStackSize> stack_{};
  int depth_ = 0;

  // The legal actions of the turn waiting on top, listed when it stopped;
  // anything that changes the state without settling clears `valid`.
  static constexpr int kMaxTurnActions = 4 + 4 + 20 + 1 + kPowers;  // the most, on the Swamp
  IndexArray<Action, kMaxTurnActions> turn_actions_{};
  std::uint8_t turn_actions_size_ = 0;
  bool turn_actions_valid_ = false;
};

}  // namespace rt::wacky_races

template <>
struct fmt::formatter<rt::wacky_races::RacerName> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const rt::wacky_races::RacerName& n, fmt::format_context& ctx) const;
};
template <>
struct fmt::formatter<rt::wacky_races::TileName> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const rt::wacky_races::TileName& n, fmt::format_context& ctx) const;
};
template <>
struct fmt::formatter<rt::wacky_races::KindName> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const rt::wacky_races::KindName& n, fmt::format_context& ctx) const;
};
template <>
struct fmt::formatter<rt::wacky_races::PowerWords> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const rt::wacky_races::PowerWords& n, fmt::format_context& ctx) const;
};
