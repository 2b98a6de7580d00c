// Go Wacky! rules engine. Rulebook: ../shared/rulebooks/go-wacky.txt.
//
// Players match the colour of the Play Pile's top card (exact or split
// match), draw back to 4, or pass. Word cards start contests: Everybody Go
// Wacky! (everyone races to roll its colour), Go Wacky! (you roll alone while
// the others count to twenty), Round 'n Round (a row of cards collected by
// turn-based rolls) and Bull's-eye (everyone throws at the same moment). The
// game ends as soon as the Draw Pile is empty; most cards won wins.
//
// Dice rolls, card draws and throw scatter are chance outcomes; rolling races
// and throws are timed decisions.
#pragma once

#include <array>
#include <memory>

#include "core/deck.h"
#include "core/per_player.h"
#include "core/state.h"
#include "core/timed_contests.h"
#include "games/go_wacky/data.h"

namespace rt::go_wacky {

class GoWackyGame;

// Action ids. Player decisions:
inline constexpr Action kPlayBase = 0;  // + card type: play that card
inline constexpr Action kPass = 100;
inline constexpr Action kRoll = 101;      // one roll of your die in a rolling race
inline constexpr Action kThrow = 102;     // stop the Bull's-eye needle: throw
inline constexpr Action kTakeBase = 200;  // + card type: take from the Round 'n Round row
// Chance outcomes:
inline constexpr Action kDealerBase = 300;   // + seat
inline constexpr Action kDrawBase = 400;     // + card type
inline constexpr Action kDieBase = 500;      // + colour
inline constexpr Action kScatterBase = 700;  // + offset + scatter

// Where a Bull's-eye throw not made in time "lands".
inline constexpr std::int16_t kMissedThrow = 32767;

// The variant that plays out a contest under way when its turn-over or row
// empties the Draw Pile (the rulebook ends the game at once).
inline constexpr const char* kPlayOutVariant = "play-out";

enum class Phase : std::uint8_t {
  ChooseDealer,  // chance: who deals
  Deal,          // chance: one card to deal_to_
  FlipStart,     // chance: the first Play Pile card
  Turn,          // current_ plays a matching card or passes
  AllPassFlip,   // chance: every player passed, turn up the top card
  Refill,        // chance: refill_for_ draws back to the hand size
  EgwRace,       // timed: everyone rolls
  GwRace,        // timed: contest_owner_ rolls until the count reaches twenty
  GwFlip,        // chance: after a Go Wacky! match, the next Play Pile card
  Roll,          // chance: roller_'s die
  RnrLay,        // chance: the next card of the Round 'n Round row
  RnrTake,       // roller_ chooses which matching row card to take
  BeThrow,       // timed: everyone who has not thrown stops the needle
  BeScatter,     // chance: where roller_'s throw lands
  Over,
};

// The chance nodes that take the Draw Pile's top card.
constexpr bool draws_from_pile(Phase p) {
  return p == Phase::Deal || p == Phase::FlipStart || p == Phase::AllPassFlip || p == Phase::Refill ||
         p == Phase::GwFlip || p == Phase::RnrLay;
}

class GoWackyState final : public TimedContests {
 public:
  explicit GoWackyState(const GoWackyGame& game);

  Turn turn() const override;
  void actors(std::vector<PlayerId>& out) const override;
  bool timed() const override {
    return phase_ == Phase::EgwRace || phase_ == Phase::GwRace || phase_ == Phase::BeThrow;
  }
  Tick deadline() const override;
  std::uint32_t contest_id() const override { return contest_id_; }
  Tick action_time(PlayerId player, Action action) const override;
  bool contest_running() const override { return contest_ != Phase::Over && phase_ != Phase::Over; }
  void legal_actions(PlayerId player, std::vector<Action>& out) const override;
  std::span<const Action> kept_actions(PlayerId player) const override;
  void chance_outcomes(std::vector<Outcome>& out) const override;
  // Draws and die rolls, the game's usual chance nodes, listed in place.
  ChanceSpan chance_span(ChanceScratch& scratch) const override;
  std::string action_text(PlayerId player, Action action) const override;
  // A pass loses the turn (offered only when no card matches, so alone).
  bool gives_up(PlayerId, Action action) const override { return action == kPass; }
  std::optional<Action> parse_action(PlayerId player, std::string_view text) const override;
  Standings standings() const override;
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new GoWackyState(*this)); }
  void determinize(PlayerId viewer, Rng& rng) override;
  std::string debug_string() const override;
  std::string check_invariants() const override;

  // Read access for views, bots and tests.
  const Deck& deck() const;
  const std::string& name(PlayerId p) const;
  Phase phase() const { return phase_; }
  PlayerId current() const { return current_; }
  PlayerId dealer() const { return dealer_; }
  int top_card() const { return pile_size_ ? pile_[pile_size_ - 1] : -1; }
  int play_pile_size() const { return pile_size_; }
  int draw_pile_size() const { return draw_total_; }
  int draw_count(int type) const { return draw_[type]; }
  int hand_size(PlayerId p) const { return hand_len_[p]; }
  int hand_card(PlayerId p, int i) const { return hands_[p][i]; }
  int score(PlayerId p) const { return score_[p]; }
  int row_size() const { return row_len_; }
  int row_card(int i) const { return row_[i]; }
  int centre_card() const { return centre_; }
  PlayerId contest_owner() const { return contest_owner_; }
  PlayerId roller() const { return roller_; }
  // The contest under way (EgwRace, GwRace, RnrLay or BeThrow), Over when none.
  Phase contest() const { return contest_; }
  ColourMask target() const { return target_; }
  Tick contest_open() const { return contest_open_; }
  int count_reached(Tick at) const;  // the "N Go Wacky" count at a tick
  int needle_at(Tick at) const;      // Bull's-eye needle position at a tick
  bool has_thrown(PlayerId p) const { return thrown_ & (1u << p); }
  int throw_landing(PlayerId p) const { return landing_[p]; }
  int last_roll(PlayerId p) const { return last_roll_[p]; }
  bool ending() const { return ending_; }
  bool matches_top(int type) const;

 protected:
  void do_apply(PlayerId player, Action action) override;

 private:
  GoWackyState(const GoWackyState&) = default;

  PlayerId left_of(PlayerId p) const { return rt::left_of(p, num_players()); }  // core/deck.h
  const std::string& card_name(int type) const;

  // do_apply's parts: who took the step, then each phase's own step.
  void apply_chance(Action action);
  void apply_clock();
  void apply_decision(PlayerId player, Action action);
  void choose_dealer(PlayerId dealer);
  void deal_card(int type);
  void flip_start(int type);
  void flip_after_passes(int type);
  void draw_back(int type);
  void turn_over(int type);
  void lay_row_card(int type);
  void land_throw(int offset);  // from where the die was aimed
  void pass(PlayerId player);

  void take_from_draw(int type);
  void list_draw_outcomes();  // draw_outcomes_ from draw_
  void remove_from_hand(PlayerId p, int type);
  void add_to_hand(PlayerId p, int type);
  void play_card(PlayerId p, int type);
  void start_turn(PlayerId p);
  void finish_contest(PlayerId next);
  void end_game();
  void after_refill();
  void open_bullseye_round();
  void resolve_bullseye_round();
  void resolve_roll(ColourMask rolled_colour);
  void rnr_take(int type);

  const GoWackyGame* game_;
  Phase phase_ = Phase::ChooseDealer;
  PlayerId dealer_ = 0;
  PlayerId current_ = 0;
  PlayerId deal_to_ = 0;
  PlayerId refill_for_ = 0;
  PlayerId contest_owner_ = -1;
  PlayerId roller_ = -1;
  PlayerId next_after_contest_ = 0;
  PlayerId first_passer_ = -1;
  std::uint8_t passes_ = 0;
  bool play_out_ = false;       // the play-out variant
  bool ending_ = false;         // the Draw Pile ran out during a contest (play-out only)
  bool after_contest_ = false;  // the coming draw back to 4 ends a contest

  IndexArray<std::uint8_t, kMaxCardTypes> draw_{};
  int draw_total_ = 0;
  // The Draw Pile as chance outcomes, kept as cards leave it: a type per
  // entry, weighted by its copies left, in type order (as chance_outcomes()
  // lists them from draw_, which stays the count of record).
  IndexArray<Outcome, kMaxCardTypes> draw_outcomes_{};
  std::uint8_t draw_kinds_ = 0;
  PerPlayer<IndexArray<std::uint8_t, kMaxHand>, kMaxPlayers> hands_{};
  PerPlayer<std::uint8_t, kMaxPlayers> hand_len_{};
  IndexArray<std::uint8_t, 256> pile_{};
  int pile_size_ = 0;
  PerPlayer<std::uint8_t, kMaxPlayers> score_{};
  IndexArray<std::uint8_t, kMaxCardTypes> won_{};  // scoring piles by type, all players
  IndexArray<std::uint8_t, 6> row_{};
  int row_len_ = 0;
  int row_to_lay_ = 0;
  int centre_ = -1;  // the Bull's-eye card on the table

  Phase contest_ = Phase::Over;  // EgwRace, GwRace, RnrLay or BeThrow while a contest runs
  ColourMask target_ = 0;
  std::uint32_t contest_id_ = 0;
  Tick contest_open_ = 0;
  std::uint8_t thrown_ = 0;
  PerPlayer<std::int16_t, kMaxPlayers> aimed_{};
  PerPlayer<std::int16_t, kMaxPlayers> landing_{};
  PerPlayer<std::int8_t, kMaxPlayers> last_roll_{};
};

}  // namespace rt::go_wacky
