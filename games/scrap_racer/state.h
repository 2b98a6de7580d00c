// Scrap Racer rules engine. Rulebook: ../shared/rulebooks/scrap-racer.txt;
// what its lost pictures held: ../shared/reference/scrap-racer.md.
//
// A turn: roll one die at a time (up to six) and decide after each to roll
// again or move; a repeated number is a double and draws a crash card from the
// matching pile instead. Boost markers change the die just rolled. A move adds
// the dice, bonus cards before/after, the racer's ability, then fights for
// shared spaces. Crossing the finish line gives a lap marker and a goal card;
// the third lap marker starts the last round.
//
// Every die, card draw, dashboard and Boost marker face is a chance node.
// Face-down Boost markers are all alike until collected, so a marker's face is
// drawn (weighted by the faces not yet seen) when a racer picks it up.
#pragma once

#include <array>
#include <memory>

#include "core/deck.h"
#include "core/per_player.h"
#include "core/state.h"
#include "games/scrap_racer/data.h"
#include "games/scrap_racer/narration.h"
#include "games/scrap_racer/track.h"

namespace rt::scrap_racer {

class ScrapRacerGame;

// Player decisions.
inline constexpr Action kRoll = 1;     // roll another die
inline constexpr Action kMove = 2;     // keep the dice and move
inline constexpr Action kCrash = 3;    // accept the double: draw a crash card
inline constexpr Action kAdvance = 4;  // move by the dice total (bonus cards before/after)
inline constexpr Action kEndMove = 5;  // done playing bonus cards after the dice move
inline constexpr Action kBoostReroll = 10;
inline constexpr Action kBoostPlus = 11;
inline constexpr Action kBoostMinus = 12;
inline constexpr Action kBoostTurn = 13;
inline constexpr Action kPlayBase = 20;    // + bonus card kind
inline constexpr Action kFirstBase = 40;   // + racer: 2-player turn order, this racer first
inline constexpr Action kWinnerBase = 50;  // + racer: same-owner fight, this racer wins
// Chance outcomes.
inline constexpr Action kDealBase = 100;     // + racer kind: the next dashboard dealt
inline constexpr Action kStartBase = 110;    // + seat: the start player
inline constexpr Action kDieBase = 120;      // + 1..6: one die
inline constexpr Action kFightBase = 130;    // + (a-1)*6 + (b-1): both fighters' dice
inline constexpr Action kTwoDiceBase = 170;  // + (a-1)*6 + (b-1), a <= b: the crash card's 2 dice
inline constexpr Action kCrashBase = 210;    // + crash card kind
inline constexpr Action kGoalBase = 240;     // + goal card kind
inline constexpr Action kBonusBase = 250;    // + bonus card kind
inline constexpr Action kRevealBase = 270;   // + Boost kind: the face of a collected marker

enum class Phase : std::uint8_t {
  Deal,          // chance: a dashboard for racer deal_next_
  ChooseStart,   // chance: the start player
  ChooseFirst,   // player: (two racers each) which of my racers goes first
  RollDie,       // chance: the next die, or a re-rolled one
  AfterDie,      // player: Boost markers on the die; roll again / move / take the crash
  MoveBefore,    // player: bonus cards before the dice move, or advance
  MoveAfter,     // player: bonus cards after the dice move, or end the move
  Fight,         // chance: both fighters roll one die
  FightChoose,   // player: a fight between two racers of the same player
  CrashDraw,     // chance: the crash card from pile crash_pile_
  CrashDie,      // chance: the backwards die
  CrashTwoDice,  // chance: the 2 dice
  BonusDraw,     // chance: a bonus card for bonus_for_
  GoalDraw,      // chance: a goal card for goal_for_
  BoostReveal,   // chance: the face of the Boost marker reveal_for_ collects
  Over,
};

// Where the turn continues once a fight, a card draw or a reveal is done.
enum class Next : std::uint8_t { None, MoveFights, Crossing, CrashMarker, CrashDiscard, Refill, EndTurn };

class ScrapRacerState final : public State {
 public:
  explicit ScrapRacerState(const ScrapRacerGame& game);

  Turn turn() const override;
  void actors(std::vector<PlayerId>& out) const override;
  void legal_actions(PlayerId player, std::vector<Action>& out) const override;
  void chance_outcomes(std::vector<Outcome>& out) const override;
  std::string action_text(PlayerId player, Action action) const override;
  // Taking the crash card on a double, when a Boost could save the roll.
  bool gives_up(PlayerId, Action action) const override { return action == kCrash; }
  Standings standings() const override;
  void winners(std::vector<PlayerId>& out) const override;  // without standings' texts (bench)
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new ScrapRacerState(*this)); }
  void determinize(PlayerId viewer, Rng& rng) override;
  std::string debug_string() const override;
  std::string check_invariants() const override;

  // Read access for views, bots and tests.
  const Data& data() const { return *data_; }
  const Track& track() const { return *track_; }
  Phase phase() const { return phase_; }
  bool teams() const { return teams_; }
  int racers() const { return n_racers_; }
  int dashboards_dealt() const { return deal_next_; }  // racers() once the deal is done
  int active() const { return seq_[cur_]; }            // the racer taking its turn
  PlayerId active_player() const { return owner_[active()]; }
  PlayerId start_player() const { return start_player_; }
  int turn_racer(int k) const { return seq_[k]; }  // k-th racer in turn order
  int turn_index() const { return cur_; }
  int kind(int r) const { return kind_[r]; }  // index into data().racers
  const RacerInfo& info(int r) const;
  PlayerId owner(int r) const { return owner_[r]; }
  int distance(int r) const { return dist_[r]; }
  bool on_track(int r) const { return dist_[r] > 0; }
  int lap_markers(int r) const { return laps_[r]; }
  int bonus_markers(int r) const { return markers_[r]; }
  int boosts(int r, BoostKind k) const { return boosts_[r][k]; }
  int boosts_held(int r) const {
    const auto& b = boosts_[r];
    return b[0] + b[1] + b[2];
  }
  int bonus_cards(PlayerId p, int kind) const { return hand_[p].count(kind); }
  int bonus_cards(PlayerId p) const { return hand_[p].total(); }
  int dice_rolled() const { return n_dice_; }
  int die(int i) const { return dice_[i]; }
  int dice_total() const;
  bool last_die_is_double() const;
  bool crash_turn() const { return crash_turn_; }
  int move_total() const { return move_total_; }
  bool dice_moved() const { return dice_moved_; }  // this turn's dice move is done
  bool boost_on(int space) const { return boost_on_[space]; }
  int boost_supply() const { return boost_supply_; }
  int boosts_used(BoostKind k) const { return boost_used_[k]; }
  int bonus_supply() const { return bonus_supply_; }
  int crash_pile_size(int pile) const { return crash_deck_[pile].total(); }
  int crash_deck_count(int pile, int kind) const { return crash_deck_[pile].count(kind); }
  int crash_discard_size(int pile) const { return crash_discard_[pile].total(); }
  int goal_deck_size() const { return goal_deck_.total(); }
  int bonus_deck_size() const { return bonus_deck_.total(); }
  int bonus_discard_size() const { return bonus_discard_.total(); }
  bool ending() const { return ending_; }
  int fighter_a() const { return fight_a_; }
  int fighter_b() const { return fight_b_; }
  int last_crash_card() const { return last_crash_; }
  int last_goal_card() const { return last_goal_; }
  int turns_played() const { return turns_; }
  // Racers by race position: leader first; racers not yet on the track are
  // behind everyone, in turn order. Returns how many.
  int ranking(IndexArray<int, kMaxRacers>& out) const;
  int rank_of(int r) const;           // 0 = leader
  int seq_distance(int r) const;      // turn-order distance from the active racer (0 = active)
  int marker_threshold(int r) const;  // bonus markers for a card (Hover: 2)
  // The racers on a space (by 0-based space index).
  int racers_on(int space, IndexArray<int, kMaxRacers>& out) const;
  // Whether a bonus card kind can be played now, and where it would take the active racer.
  bool bonus_playable(int kind) const;
  bool any_bonus_playable() const;  // some kind is playable now (no kind at all with an empty hand)
  int bonus_target(int racer, int kind) const;
  // A 2-player (or 3-player variant) team's two racers.
  void team(PlayerId p, int& first, int& second) const;
  const std::string& player_name(PlayerId p) const;

  // Tests and puzzles: rearrange the table between turns (conserves markers).
  void test_set_distance(int r, int distance);  // with the lap markers of the laps done
  void test_set_laps(int r, int laps);
  void test_set_boost(int r, BoostKind k, int count);           // from/to the supply's unseen markers
  void test_set_bonus_card(PlayerId p, const std::string& id);  // from the bonus deck to a hand
  void test_set_bonus_markers(int r, int count);
  void test_set_boost_space(int space, bool marker);  // from/to the supply

 protected:
  void do_apply(PlayerId player, Action action) override;

 private:
  ScrapRacerState(const ScrapRacerState&) = default;

  const std::string& name(int r) const;  // racer name
  Who who(int r) const { return Who{&player_name(owner(r)), &name(r)}; }
  Where where(int r) const { return Where{distance(r), track().length}; }
  bool ability_on(Ability a) const;  // the active racer's ability applies now
  int find_racer_kind(int kind) const;

  // do_apply() and chance_outcomes() take a die roll (most chance nodes)
  // straight away and pass everything else on here (state.cpp): one line per
  // phase, calling the rule in its topic file.
  void apply_chance(Action action);
  void apply_decision(PlayerId player, Action action);
  void other_outcomes(std::vector<Outcome>& out) const;

  // Setup 7 and 8 (setup.cpp).
  void deal_dashboard(Action action);
  void choose_start_player(Action action);
  // Changes in a 2-player game (two_player.cpp).
  void choose_first_racer(PlayerId player, Action action);
  void choose_fight_winner(Action action);

  // Setup and turn flow (turn.cpp).
  void begin_turn();
  void on_die(int value);
  void offer_die_decision();
  void die_decision(Action a);
  void start_move();
  void move_dice();
  void offer_after_move();
  void play_bonus(int kind);
  void end_step_one();
  void gain_bonus_marker(int r, Next next);
  void continue_at(Next next);
  void crossing();
  void refill();
  void pickup();
  void collect_boost(int r, int space, Next next);
  void reveal_boost(Action action);
  void end_turn();
  void finish_game();

  // Effects (effects.cpp).
  void move_forward(int r, int spaces);
  void move_back(int r, int spaces);
  void resolve_fights(Next next);
  void fight_won(int winner, int loser, int spaces, const char* how);
  void start_crash(int pile);
  void apply_crash(int kind);
  void crash_effect(EventFields fields, int moved) const;  // fields of a crash card's effect
  void crash_push(const CrashCard& c);
  void crash_loss_of_position(int last);
  void crash_marker();
  void crash_discard();
  void apply_goal(int kind);
  void roll_fight(Action action);
  void draw_crash_card(Action action);
  void roll_crash_backwards(Action action);
  void roll_crash_two_dice(Action action);
  void draw_bonus_card(Action action);
  void draw_goal_card(Action action);
  bool passed_a_racer() const;

  const ScrapRacerGame* game_;
  // The game's immutable data and track, shared by every state (never copied).
  const Data* data_;
  const Track* track_;
  Phase phase_ = Phase::Deal;
  bool teams_ = false;
  std::int8_t n_racers_ = 0;
  std::int8_t deal_next_ = 0;
  PlayerId start_player_ = 0;
  std::int8_t cur_ = 0;
  IndexArray<std::int8_t, kMaxRacers> kind_{};
  IndexArray<PlayerId, kMaxRacers> owner_{};
  IndexArray<std::int16_t, kMaxRacers> dist_{};
  IndexArray<std::uint8_t, kMaxRacers> laps_{};
  IndexArray<std::uint8_t, kMaxRacers> markers_{};
  IndexArray<IndexArray<std::uint8_t, kBoostKinds>, kMaxRacers> boosts_{};
  IndexArray<std::int8_t, kMaxRacers> seq_{};
  PerPlayer<bool, kMaxPlayers> order_fixed_{};
  PerPlayer<CardPool<kMaxBonusTypes>, kMaxPlayers> hand_{};

  // The turn in progress.
  IndexArray<std::int8_t, kDice> dice_{};
  std::int8_t n_dice_ = 0;
  bool rerolling_ = false;
  bool crash_turn_ = false;
  bool dice_moved_ = false;
  std::int16_t move_total_ = 0;
  std::int16_t move_from_ = 0;
  IndexArray<std::uint8_t, kMaxRacers> laps_before_{};  // completed laps by distance at turn start
  std::int8_t fight_a_ = -1;
  std::int8_t fight_b_ = -1;
  std::int8_t crash_pile_ = -1;
  std::int8_t crash_card_ = -1;  // in play until discarded
  std::int8_t goal_for_ = -1;
  std::int8_t bonus_for_ = -1;
  std::int8_t reveal_for_ = -1;
  std::int8_t refill_next_ = 0;
  Next fights_next_ = Next::None;
  Next bonus_next_ = Next::None;
  Next reveal_next_ = Next::None;
  std::int8_t last_crash_ = -1;  // for the view: the card that resolved most recently this turn
  std::int8_t last_goal_ = -1;
  bool ending_ = false;
  std::int16_t turns_ = 0;

  // Supplies.
  IndexArray<CardPool<kMaxCrashTypes>, kPiles> crash_deck_{};
  IndexArray<CardPool<kMaxCrashTypes>, kPiles> crash_discard_{};
  CardPool<kMaxGoalTypes> goal_deck_{};
  CardPool<kMaxGoalTypes> goal_discard_{};
  CardPool<kMaxBonusTypes> bonus_deck_{};
  CardPool<kMaxBonusTypes> bonus_discard_{};
  IndexArray<bool, kMaxSpaces> boost_on_{};
  std::int8_t boost_supply_ = 0;
  IndexArray<std::uint8_t, kBoostKinds> boost_used_{};
  std::int8_t bonus_supply_ = 0;
};

}  // namespace rt::scrap_racer
