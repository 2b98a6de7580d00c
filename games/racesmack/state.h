// Racesmack rules engine. Rulebook: ../shared/rulebooks/racesmack.txt;
// facts and our defaults: ../shared/reference/racesmack.md.
//
// Rounds without turns: everyone picks a secret card, all are revealed, then
// everyone taps one revealed card (a timed contest that ends when all players
// but one have tapped). A correct tap wins your own card, a wrong one loses
// a Race card, leftovers go to the fastest correct tapper. Won cards go to
// either end of your Race; the highest-numbered Rule Card in your Race is
// your Finish. Everyone draws one card from the face-up pile; a met Finish
// wins, an empty draw pile ends the game (most Race cards wins).
//
// Deals, the face-up pile's new top card, the Racing Rules deck, After You's
// blind reveals and every step of a generated deck are chance outcomes.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "core/deck.h"
#include "core/per_player.h"
#include "core/state.h"
#include "core/timed_contests.h"
#include "games/racesmack/data.h"
#include "games/racesmack/judge.h"

namespace rt::racesmack {

class RacesmackGame;

// Player decisions.
inline constexpr Action kPlayBase = 0;       // + card: play it face down
inline constexpr Action kTapBase = 100;      // + slot: tap revealed card #slot+1
inline constexpr Action kLeftBase = 200;     // + card: put a won card at the left end of your Race
inline constexpr Action kRightBase = 300;    // + card: ... at the right end
inline constexpr Action kLoseBase = 400;     // + card: lose this Race card
inline constexpr Action kDiscardBase = 500;  // + card: lose this hand card (Time Penalty)
inline constexpr Action kPenaltyRace = 600;  // Time Penalty: lose 2 Race cards
inline constexpr Action kPenaltyHand = 601;  //   lose 2 hand cards
inline constexpr Action kPenaltyTie = 602;   //   next round, a tie makes you incorrect
inline constexpr Action kReveal = 610;       // After You: reveal your top blind card
// Chance outcomes.
inline constexpr Action kCardBase = 1000;    // + card: dealt, turned up, set aside, revealed
inline constexpr Action kStartBase = 1200;   // + seat: After You's start player
inline constexpr Action kGenDisplay = 2000;  // + Display
inline constexpr Action kGenIcons = 2010;    // + icon count
inline constexpr Action kGenShape = 2020;    // + shape
inline constexpr Action kGenColour = 2030;   // + colour
inline constexpr Action kGenRule = 2040;     // + RuleKey
inline constexpr Action kGenFinish = 2050;   // + FinishKey
inline constexpr Action kGenValue = 2060;    // + value index within the placeholder

enum class Phase : std::uint8_t {
  Generate,     // chance: the next step of a generated deck
  SetAside,     // chance: Racing Rules, the next Rule Card for the separate deck
  Deal,         // chance: the next card dealt to deal_to_
  FlipTop,      // chance: the new top card of the face-up draw pile
  StartPlayer,  // chance: After You's start player
  RacingFlip,   // chance: Racing Rules, this round's default rule
  Pick,         // simultaneous: everyone picks a secret card
  AyTurn,       // After You: current_ reveals a card
  AyReveal,     // chance: which blind card current_ reveals
  Tap,          // timed: everyone taps one revealed card
  Settle,       // simultaneous: penalties, lost cards, won cards to the Race
  Over,
};

// Where play continues after the face-up pile's new top card is turned up.
enum class Resume : std::uint8_t { SetupDone, Refill, AyRefill };

enum class Result : std::uint8_t { None, Correct, Incorrect, TooLate };
enum class Penalty : std::uint8_t { None, Race, Hand, Tie };

// A set of card ids.
struct CardSet {
  IndexArray<std::uint64_t, 2> w{};
  bool has(int c) const { return (w[c >> 6] >> (c & 63)) & 1u; }
  void add(int c) { w[c >> 6] |= 1ull << (c & 63); }
  void remove(int c) { w[c >> 6] &= ~(1ull << (c & 63)); }
  int size() const { return std::popcount(w[0]) + std::popcount(w[1]); }
  bool empty() const { return (w[0] | w[1]) == 0; }
  void clear() { w = {}; }
  int first() const { return w[0] ? std::countr_zero(w[0]) : w[1] ? 64 + std::countr_zero(w[1]) : -1; }
  // How many ids below c the set holds.
  int count_below(int c) const {
    if (c < 64) return std::popcount(w[0] & ((1ull << c) - 1));
    return std::popcount(w[0]) + std::popcount(w[1] & ((1ull << (c - 64)) - 1));
  }
  // The next id after c, or -1.
  int next(int c) const {
    ++c;
    if (c < 64) {
      const std::uint64_t rest = w[0] & (~0ull << c);
      if (rest) return std::countr_zero(rest);
      c = 64;
    }
    if (c >= 128) return -1;
    const std::uint64_t rest = w[1] & (~0ull << (c - 64));
    return rest ? 64 + std::countr_zero(rest) : -1;
  }
  // Calls f(id) in increasing order, clearing the lowest bit of a word copy
  // each time (dealing lists every card in the pile: this is the hot loop).
  template <class F>
  void each(F&& f) const {
    for (int k = 0; k < w.size(); ++k)
      for (std::uint64_t bits = w[k]; bits != 0; bits &= bits - 1) f(64 * k + std::countr_zero(bits));
  }
};

// An ordered row of cards (a hand, a Race, an After You pile).
struct Row {
  IndexArray<std::uint8_t, kMaxCards> c{};
  int len = 0;
  bool has(int card) const;
  void push_back(int card) { c[len++] = static_cast<std::uint8_t>(card); }
  void push_front(int card);
  void remove(int card);
  int operator[](int i) const { return c[i]; }
};

// Progress of a generated deck (reference 2.3, 3.1-3.2; chance steps).
enum class GenStage : std::uint8_t {
  Display,
  Icons,
  Shape,
  Colour,
  RuleTemplate,
  RuleValue,
  FinishTemplate,
  FinishValue,
  Done
};
struct Gen {
  GenStage stage = GenStage::Done;
  std::uint8_t set = 0;    // 0 base regular, 1 Rule Cards, 2 Shifting Gears
  std::uint8_t index = 0;  // card within the set
  std::uint8_t icon = 0;   // icon being drawn
  std::uint8_t slot = 0;   // template value being drawn
  IndexArray<std::uint8_t, kMaxIcons + 1> icon_pool{};
  IndexArray<std::uint8_t, kMaxValues> shape_pool{};
  IndexArray<std::uint8_t, kMaxValues> colour_pool{};
};

class RacesmackState final : public TimedContests {
 public:
  explicit RacesmackState(const RacesmackGame& game);

  Turn turn() const override;
  void actors(std::vector<PlayerId>& out) const override;
  bool timed() const override { return phase_ == Phase::Tap; }
  // Reading the revealed cards before tapping: 300 ms a card.
  Tick think_time(PlayerId) const override {
    return phase_ == Phase::Tap ? 300 * static_cast<Tick>(slots()) : 0;
  }
  Tick deadline() const override;
  std::uint32_t contest_id() const override { return contest_id_; }
  void legal_actions(PlayerId player, std::vector<Action>& out) const override;
  std::span<const Action> kept_actions(PlayerId player) const override;
  void chance_outcomes(std::vector<Outcome>& out) const override;
  // Deals, the face-up pile's new top card and the Racing Rules deck, listed in place.
  ChanceSpan chance_span(ChanceScratch& scratch) const override;
  std::string action_text(PlayerId player, Action action) const override;
  // A Race card or hand card lost, or a Time Penalty taken (every option of
  // those decisions loses something: the highlight stays first).
  bool gives_up(PlayerId, Action action) const override {
    return action >= kLoseBase && action <= kPenaltyTie;
  }
  Standings standings() const override;
  void winners(std::vector<PlayerId>& out) const override;
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new RacesmackState(*this)); }
  void determinize(PlayerId viewer, Rng& rng) override;
  std::string debug_string() const override;
  std::string check_invariants() const override;

  // Read access for views, bots and tests.
  const Data& data() const;
  const std::string& name(PlayerId p) const;
  const Variants& variants() const;
  Phase phase() const { return phase_; }
  int num_cards() const { return ncards_; }
  const Card& card(int id) const { return cards_[id]; }
  const Card* deck() const { return cards_.data(); }
  int find_card(std::string_view id) const;  // -1 if no such card
  int draw_size() const { return draw_.size() + (top_ >= 0 ? 1 : 0); }
  int top() const { return top_; }
  const CardSet& hidden_draw() const { return draw_; }
  const Row& hand(PlayerId p) const { return hands_[p]; }
  const Row& race(PlayerId p) const { return races_[p]; }
  const Row& pile(PlayerId p) const { return piles_[p]; }
  const CardSet& discard() const { return discard_; }
  int played(PlayerId p) const { return played_[p]; }
  bool has_picked(PlayerId p) const { return played_[p] >= 0; }
  int round() const { return round_; }
  PlayerId current() const { return current_; }
  int racing_card() const { return racing_current_; }
  const CardSet& racing_deck() const { return racing_deck_; }
  const CardSet& racing_used() const { return racing_used_; }
  // The revealed cards being judged (slots in seat order).
  int slots() const { return nslots_; }
  int slot_card(int s) const { return slot_card_[s]; }
  PlayerId slot_owner(int s) const { return slot_owner_[s]; }
  int own_slot(PlayerId p) const;
  Spread spread() const;
  // The rule in force for the revealed cards and what decided it.
  Rule ruling() const { return ruling_; }
  Source ruling_source() const { return ruling_src_; }
  int ruling_card() const { return ruling_card_; }
  std::string ruling_text() const;
  std::uint8_t correct_mask() const { return correct_; }
  bool none_correct() const { return correct_ == 0; }
  int tap_of(PlayerId p) const { return tap_[p]; }
  int taps() const { return ntaps_; }
  Tick contest_open() const { return open_; }
  Result result(PlayerId p) const { return result_[p]; }
  bool tie_flag(PlayerId p) const { return (tie_now_ >> p) & 1u; }
  bool tie_flag_next(PlayerId p) const { return (tie_next_ >> p) & 1u; }
  // Would a tap on slot s by p be correct now?
  bool tap_correct(PlayerId p, int s) const;
  // Settle-phase work still owed by p.
  bool penalty_pending(PlayerId p) const { return penalty_pending_[p]; }
  int lose_race_owed(PlayerId p) const { return lose_race_[p]; }
  int lose_hand_owed(PlayerId p) const { return lose_hand_[p]; }
  const CardSet& to_place(PlayerId p) const { return to_place_[p]; }
  // Finish of p (highest Rule Card in the Race) or -1, and its progress.
  int finish_of(PlayerId p) const;
  Progress progress_of(PlayerId p) const;
  bool finished(PlayerId p) const { return (finished_ >> p) & 1u; }
  bool deck_out() const { return deck_out_; }

 protected:
  void do_apply(PlayerId player, Action action) override;

 private:
  RacesmackState(const RacesmackState&) = default;

  // What standings rank by: a met Finish first, then Race cards.
  int standing_key(PlayerId p) const { return (finished(p) ? 1000 : 0) + race(p).len; }
  std::string_view cname(int c) const { return card(c).name(); }
  // Seats (bit per seat) that still pick a card, tap, or settle, worked out
  // for every seat at once (docs/PERFORMANCE.md, "Rules code shaped for speed").
  unsigned seats_to_pick() const;
  unsigned seats_to_tap() const;
  unsigned seats_settling() const;
  bool settle_pending() const { return seats_settling() != 0; }
  PlayerId left_of(PlayerId p) const { return rt::left_of(p, num_players()); }  // core/deck.h

  // state.cpp: a chance outcome applied to the phase machine.
  void apply_chance(Action a);
  // apply_chance's parts, one per chance phase.
  void set_aside(int c);
  void deal(int c);
  void flip_top(int c);
  void choose_start_player(PlayerId p);
  void flip_racing_rule(int c);
  void ay_reveal(int c);
  void blind_discard(int c);
  // generated_deck.cpp: the generated deck, one chance outcome per step.
  void gen_begin_set(int set);
  void gen_begin_card();
  void gen_apply(Action a);
  void gen_finish_card();
  void gen_outcomes(std::vector<Outcome>& out) const;
  std::string gen_text(Action a) const;
  // setup.cpp: the deck ready, dealing, the face-up pile, a round's start (Racing Rules).
  void deck_ready();
  void take_from_draw(int c);  // draw_ and draw_outcomes_ without c
  void list_draw_outcomes();   // draw_outcomes_ from draw_
  void take_top(PlayerId p);
  void setup_done();
  void after_flip();
  void begin_round();
  // after_you.cpp: After You's turns.
  void ay_turn();
  void ay_refill();
  void ay_end();
  // round.cpp: the reveal, the judgement, tapping, who wins and loses what.
  void reveal_picks();
  void open_tapping();
  void judge_spread();
  void end_tapping(bool clock);
  void narrate_tapping_end(bool clock) const;
  void award();
  // race.cpp: settling into the Race, losses and penalties, the refill, the end.
  void settle(PlayerId p);
  void settle_all();
  void place(PlayerId p, int c, bool right);
  void lose_race_card(PlayerId p, int c);
  void discard_hand_card(PlayerId p, int c);
  void start_refill();
  void refill_step();
  void end_of_round();
  bool check_end();

  const RacesmackGame* game_;
  Phase phase_ = Phase::Deal;
  Resume resume_ = Resume::SetupDone;  // where FlipTop returns
  Gen gen_;
  IndexArray<Card, kMaxCards> cards_{};
  int ncards_ = 0;

  CardSet draw_;  // the draw pile below its face-up top card (order unknown)
  // The same cards as chance outcomes, equally likely, in id order (as
  // chance_outcomes() lists them from draw_), kept as cards leave the pile.
  IndexArray<Outcome, kMaxCards> draw_outcomes_{};
  int draw_count_ = 0;
  int top_ = -1;  // the face-up top card, -1 when the pile is empty
  PerPlayer<Row, kMaxPlayers> hands_{};
  PerPlayer<Row, kMaxPlayers> races_{};
  PerPlayer<Row, kMaxPlayers> piles_{};  // After You: revealed cards in front of each player
  PerPlayer<std::int8_t, kMaxPlayers> played_{};
  CardSet discard_;
  CardSet racing_deck_, racing_used_;  // Racing Rules: unrevealed and revealed
  int racing_current_ = -1;
  int aside_left_ = 0;

  PlayerId deal_to_ = 0;
  PlayerId refill_seat_ = 0;
  PlayerId current_ = 0;  // After You: whose turn
  int round_ = 0;

  // The revealed cards and their judgement.
  int nslots_ = 0;
  IndexArray<std::int8_t, kMaxPlayers> slot_card_{};
  IndexArray<PlayerId, kMaxPlayers> slot_owner_{};
  Rule ruling_{};
  Source ruling_src_ = Source::Default;
  int ruling_card_ = -1;
  int trigger_ = -1;  // After You: the Rule Card that started the tapping
  std::uint8_t correct_ = 0;

  // Tapping.
  std::uint32_t contest_id_ = 0;
  Tick open_ = 0;
  PerPlayer<std::int8_t, kMaxPlayers> tap_{};
  IndexArray<PlayerId, kMaxPlayers> tap_order_{};
  int ntaps_ = 0;
  PerPlayer<Result, kMaxPlayers> result_{};
  std::uint8_t tie_now_ = 0, tie_next_ = 0;  // Time Penalty: "incorrect on a tie" this/next round

  // Settling.
  PerPlayer<bool, kMaxPlayers> penalty_pending_{};
  PerPlayer<std::uint8_t, kMaxPlayers> lose_race_{};
  PerPlayer<std::uint8_t, kMaxPlayers> lose_hand_{};
  PerPlayer<CardSet, kMaxPlayers> to_place_{};

  std::uint8_t finished_ = 0;
  bool deck_out_ = false;
};

}  // namespace rt::racesmack
