#include "games/go_wacky/state.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/go_wacky/game.h"

namespace rt::go_wacky {
GoWackyState::GoWackyState(const GoWackyGame& game)
    : TimedContests(game.options().players), game_(&game), play_out_(game.options().has(kPlayOutVariant)) {
  const Deck& d = game.deck();
  for (int t = 0; t < d.types.size(); ++t) draw_[t] = static_cast<std::uint8_t>(d.types[t].copies);
  draw_total_ = d.total_cards;
  list_draw_outcomes();
  last_roll_.fill(-1);
  landing_.fill(kMissedThrow);
}

const Deck& GoWackyState::deck() const {
  return game_->deck();
}
const std::string& GoWackyState::name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}
const std::string& GoWackyState::card_name(int type) const {
  return deck().types[type].name;
}

bool GoWackyState::matches_top(int type) const {
  const int top = top_card();
  if (top < 0) return false;
  return (deck().types[type].colours & deck().types[top].colours) != 0;
}

int GoWackyState::count_reached(Tick at) const {
  if (at < contest_open_) return 0;
  const int n = static_cast<int>((at - contest_open_) / static_cast<Tick>(deck().timing.count_ms));
  return std::min(n, deck().timing.count_to);
}

int GoWackyState::needle_at(Tick at) const {
  const ContestTiming& tm = deck().timing;
  const Tick t = at >= contest_open_ ? at - contest_open_ : 0;
  const int half = tm.needle_period_ms / 2;
  const int phase = static_cast<int>(t % static_cast<Tick>(tm.needle_period_ms));
  const int range = tm.needle_range;
  if (phase < half) return -range + 2 * range * phase / half;
  return range - 2 * range * (phase - half) / half;
}

// --- who acts ---------------------------------------------------------------

Turn GoWackyState::turn() const {
  switch (phase_) {
    case Phase::Turn:
    case Phase::RnrTake: return Turn::Player;
    case Phase::EgwRace:
    case Phase::GwRace:
    case Phase::BeThrow: return Turn::Simultaneous;
    case Phase::Over: return Turn::Over;
    default: return Turn::Chance;
  }
}

void GoWackyState::actors(std::vector<PlayerId>& out) const {
  switch (phase_) {
    case Phase::Turn: out.push_back(current_); break;
    case Phase::RnrTake: out.push_back(roller_); break;
    case Phase::GwRace: out.push_back(contest_owner_); break;
    case Phase::EgwRace:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(p);
      break;
    case Phase::BeThrow:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (!has_thrown(p)) out.push_back(p);
      break;
    default: break;
  }
}

Tick GoWackyState::deadline() const {
  const ContestTiming& tm = deck().timing;
  if (phase_ == Phase::GwRace)
    return contest_open_ + static_cast<Tick>(tm.count_to) * static_cast<Tick>(tm.count_ms);
  if (phase_ == Phase::BeThrow) return contest_open_ + static_cast<Tick>(tm.throw_window_ms);
  return kNoDeadline;
}

// A die takes roll_ms to land: each roll in a race, and each Round 'n Round
// roll the game makes for the roller. A throw at the bull's-eye is one per
// round, so its flight needs no pace.
Tick GoWackyState::action_time(PlayerId player, Action action) const {
  const auto roll = static_cast<Tick>(deck().timing.roll_ms);
  if (player == kChance) return phase_ == Phase::Roll && contest_ == Phase::RnrLay ? roll : 0;
  return (phase_ == Phase::EgwRace || phase_ == Phase::GwRace) && action == kRoll ? roll : 0;
}

namespace {

// Adds `a` to the sorted list out[start..] unless it is there (a hand or a
// row: a few ids, so by insertion).
void add_sorted_once(std::vector<Action>& out, std::size_t start, Action a) {
  for (std::size_t k = start; k < out.size(); ++k)
    if (out[k] == a) return;
  out.push_back(a);
  for (std::size_t j = out.size() - 1; j > start && out[j - 1] > a; --j) std::swap(out[j], out[j - 1]);
}

}  // namespace

void GoWackyState::legal_actions(PlayerId player, std::vector<Action>& out) const {
  switch (phase_) {
    case Phase::Turn: {
      if (player != current_) return;
      const auto& hand = hands_[player];
      const std::size_t start = out.size();
      for (int i = 0; i < hand_len_[player]; ++i)
        if (matches_top(hand[i])) add_sorted_once(out, start, kPlayBase + hand[i]);
      if (out.size() == start) out.push_back(kPass);
      return;
    }
    case Phase::RnrTake: {
      if (player != roller_) return;
      const ColourMask rolled = static_cast<ColourMask>(1u << last_roll_[roller_]);
      const std::size_t start = out.size();
      for (int i = 0; i < row_len_; ++i)
        if (deck().types[row_[i]].colours & rolled) add_sorted_once(out, start, kTakeBase + row_[i]);
      return;
    }
    case Phase::EgwRace:
    case Phase::GwRace:
    case Phase::BeThrow: {
      const std::span<const Action> one = kept_actions(player);
      out.insert(out.end(), one.begin(), one.end());
      return;
    }
    default: return;
  }
}

// A race's roll and the Bull's-eye throw are one action each, from a table:
// most decisions of a game are rolls, and the bot needs no list built for them.
// The one legal action of a roll or a throw, from a table; empty otherwise.
std::span<const Action> GoWackyState::kept_actions(PlayerId player) const {
  static constexpr Action kRollOnly[] = {kRoll};
  static constexpr Action kThrowOnly[] = {kThrow};
  // Tests, not a switch: a jump table here mispredicts as the phases alternate.
  if (phase_ == Phase::EgwRace || (phase_ == Phase::GwRace && player == contest_owner_)) return kRollOnly;
  if (phase_ == Phase::BeThrow && !has_thrown(player)) return kThrowOnly;
  return {};
}

void GoWackyState::chance_outcomes(std::vector<Outcome>& out) const {
  if (draws_from_pile(phase_)) {
    for (int t = 0; t < deck().types.size(); ++t)
      if (draw_[t]) out.push_back(Outcome{kDrawBase + t, draw_[t]});
    return;
  }
  switch (phase_) {
    case Phase::ChooseDealer:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(Outcome{kDealerBase + p, 1});
      return;
    case Phase::Roll:
      for (int c = 0; c < deck().colour_ids.size(); ++c) out.push_back(Outcome{kDieBase + c, 1});
      return;
    case Phase::BeScatter: {
      const int s = deck().timing.scatter;
      for (int o = -s; o <= s; ++o) out.push_back(Outcome{kScatterBase + o + s, 1});
      return;
    }
    default: return;
  }
}

ChanceSpan GoWackyState::chance_span(ChanceScratch& scratch) const {
  if (draws_from_pile(phase_))
    return ChanceSpan{draw_outcomes_.data(), draw_kinds_, static_cast<std::uint32_t>(draw_total_)};
  if (phase_ == Phase::Roll) {
    const std::size_t faces = deck().colour_ids.values().size();
    if (faces > scratch.size()) return {};
    for (std::size_t c = 0; c < faces; ++c) scratch[c] = Outcome{kDieBase + static_cast<Action>(c), 1};
    return ChanceSpan{scratch.data(), static_cast<std::uint32_t>(faces), static_cast<std::uint32_t>(faces)};
  }
  return {};  // the dealer and a throw's scatter: once a game or a round
}

// --- applying decisions ------------------------------------------------------

void GoWackyState::take_from_draw(int type) {
  --draw_[type];
  --draw_total_;
  const Action drawn = kDrawBase + type;
  auto* const first = draw_outcomes_.data();
  auto* const last = first + draw_kinds_;
  Outcome* o = first;
  while (o->action != drawn) ++o;
  if (--o->weight == 0) {
    std::copy(o + 1, last, o);
    --draw_kinds_;
  }
}

void GoWackyState::list_draw_outcomes() {
  draw_kinds_ = 0;
  for (int t = 0; t < deck().types.size(); ++t)
    if (draw_[t]) draw_outcomes_[draw_kinds_++] = Outcome{kDrawBase + t, draw_[t]};
}

void GoWackyState::add_to_hand(PlayerId p, int type) {
  auto& len = hand_len_[p];
  hands_[p][len++] = static_cast<std::uint8_t>(type);
}

void GoWackyState::remove_from_hand(PlayerId p, int type) {
  auto& hand = hands_[p];
  auto& len = hand_len_[p];
  for (int i = 0; i < len; ++i) {
    if (hand[i] == type) {
      hand[i] = hand[len - 1];
      --len;
      return;
    }
  }
}

void GoWackyState::start_turn(PlayerId p) {
  current_ = p;
  phase_ = Phase::Turn;
}

void GoWackyState::end_game() {
  phase_ = Phase::Over;
  if (narrating())  // standings() writes every placing's text
    emit("Winning", "The Draw Pile is empty: the game is over. {}", standings().summary).type("game_over");
}

// A step, by who took it: chance (a card, a die, a throw's scatter), the
// clock (a contest's time ran out) or a player's decision.
void GoWackyState::do_apply(PlayerId player, Action action) {
  if (player == kChance)
    apply_chance(action);
  else if (player == kClock)
    apply_clock();
  else
    apply_decision(player, action);
}

// A chance outcome, resolved by the phase that drew it.
void GoWackyState::apply_chance(Action action) {
  const int t = action - kDrawBase;  // a card drawn, in the phases that draw one
  switch (phase_) {
    case Phase::ChooseDealer: choose_dealer(static_cast<PlayerId>(action - kDealerBase)); return;
    case Phase::Deal: deal_card(t); return;
    case Phase::FlipStart: flip_start(t); return;
    case Phase::AllPassFlip: flip_after_passes(t); return;
    case Phase::Refill: draw_back(t); return;
    case Phase::GwFlip: turn_over(t); return;
    case Phase::RnrLay: lay_row_card(t); return;
    case Phase::Roll: resolve_roll(static_cast<ColourMask>(action - kDieBase)); return;
    case Phase::BeScatter: land_throw(action - kScatterBase - deck().timing.scatter); return;
    default: return;
  }
}

void GoWackyState::choose_dealer(PlayerId dealer) {
  const Deck& d = deck();
  dealer_ = dealer;
  deal_to_ = left_of(dealer_);
  phase_ = Phase::Deal;
  emit("Set Up", "{} deals {} cards to each player.", name(dealer_), d.hand_size)
      .type("deal")
      .seat("dealer", dealer_)
      .with("cards", d.hand_size);
}

void GoWackyState::deal_card(int t) {
  take_from_draw(t);
  add_to_hand(deal_to_, t);
  emit_private(deal_to_, "Set Up", "{} is dealt {}.", name(deal_to_), card_name(t))
      .type("dealt")
      .seat("player", deal_to_)
      .with("card", [&] { return card_name(t); });
  deal_to_ = left_of(deal_to_);
  if (hand_len_[deal_to_] == deck().hand_size) phase_ = Phase::FlipStart;
}

void GoWackyState::flip_start(int t) {
  take_from_draw(t);
  pile_[pile_size_++] = static_cast<std::uint8_t>(t);
  emit("Set Up", "The top card is turned up to start the Play Pile: {}.", card_name(t))
      .type("start_pile")
      .with("card", [&] { return card_name(t); });
  start_turn(left_of(dealer_));
  emit("Play", "{}, left of the dealer, goes first.", name(current_))
      .type("first_player")
      .seat("player", current_);
}

void GoWackyState::flip_after_passes(int t) {
  take_from_draw(t);
  pile_[pile_size_++] = static_cast<std::uint8_t>(t);
  emit("Play: every player passed", "Everyone passed: {} is turned up onto the Play Pile.", card_name(t))
      .type("all_passed")
      .with("card", [&] { return card_name(t); });
  if (draw_total_ == 0) {
    end_game();
    return;
  }
  start_turn(first_passer_);
  emit("Play: every player passed", "The turn comes back to {}, the first who could not go.", name(current_))
      .type("turn_back")
      .seat("player", current_);
}

void GoWackyState::draw_back(int t) {
  const Deck& d = deck();
  const int n = num_players();
  take_from_draw(t);
  add_to_hand(refill_for_, t);
  // Said once to each: the drawer hears the card, the others the count.
  emit_private(refill_for_, "Play: draw back to 4",
               "{} draws {}: back to {} cards ({} left in the Draw Pile).", name(refill_for_), card_name(t),
               d.hand_size, draw_total_)
      .type("draw")
      .seat("player", refill_for_)
      .with("card", [&] { return card_name(t); })
      .with("hand", d.hand_size)
      .with("draw_pile", draw_total_);
  emit_private(everyone_but(refill_for_), "Play: draw back to 4",
               "{} draws back to {} cards ({} left in the Draw Pile).", name(refill_for_), d.hand_size,
               draw_total_)
      .type("draw_unseen")
      .seat("player", refill_for_)
      .with("hand", d.hand_size)
      .with("draw_pile", draw_total_);
  if (draw_total_ == 0) {
    end_game();
    return;
  }
  if (after_contest_) {
    after_contest_ = false;
    emit("Play", "{} plays next (left of {}).", name(next_after_contest_),
         name(static_cast<PlayerId>((next_after_contest_ + n - 1) % n)))
        .type("next_player")
        .seat("player", next_after_contest_);
  }
  start_turn(next_after_contest_);
}

void GoWackyState::turn_over(int t) {
  const Deck& d = deck();
  take_from_draw(t);
  pile_[pile_size_++] = static_cast<std::uint8_t>(t);
  target_ = d.types[t].colours;
  if (draw_total_ == 0 && !play_out_) {
    // "As soon as the last card is taken from the Draw Pile, the game is over."
    emit("Go Wacky!", "{} turns over {}, the last card of the Draw Pile.", name(contest_owner_), card_name(t))
        .type("turn_over")
        .seat("player", contest_owner_)
        .with("card", [&] { return card_name(t); })
        .with("last", true);
    end_game();
    return;
  }
  if (draw_total_ == 0) ending_ = true;
  if (narrating())  // colour_names() builds a string
    emit("Go Wacky!", "{} turns over {}: now rolling for {}.", name(contest_owner_), card_name(t),
         d.colour_names(target_, " or "))
        .type("turn_over")
        .seat("player", contest_owner_)
        .with("card", [&] { return card_name(t); })
        .with("last", false);
  phase_ = Phase::GwRace;
}

void GoWackyState::lay_row_card(int t) {
  take_from_draw(t);
  row_[row_len_++] = static_cast<std::uint8_t>(t);
  --row_to_lay_;
  if (draw_total_ == 0 && !play_out_) {
    // The row's cards stay on the table: nobody has won them when the game ends.
    std::string row;
    for (int i = 0; narrating() && i < row_len_; ++i) row += (i ? ", " : "") + card_name(row_[i]);
    emit("Round 'n Round", "The row: {}. That was the last card of the Draw Pile.", row)
        .type("row")
        .with("cards", row)
        .with("last", true);
    end_game();
    return;
  }
  if (draw_total_ == 0) {
    ending_ = true;
    row_to_lay_ = 0;
  }
  if (row_to_lay_ == 0) {
    std::string row;
    for (int i = 0; narrating() && i < row_len_; ++i) row += (i ? ", " : "") + card_name(row_[i]);
    emit("Round 'n Round", "The row: {}. {} rolls first.", row, name(contest_owner_))
        .type("row")
        .with("cards", row)
        .with("last", false);
    roller_ = contest_owner_;
    phase_ = Phase::Roll;
  }
}

void GoWackyState::land_throw(int offset) {
  const Deck& d = deck();
  const int landed = aimed_[roller_] + offset;
  landing_[roller_] = static_cast<std::int16_t>(landed);
  const bool touching = std::abs(landed) <= d.timing.card_radius;
  emit("Bull's-eye", "{}'s die lands {} from the centre{}.", name(roller_), std::abs(landed),
       touching ? "" : ", off the card")
      .type("throw")
      .seat("player", roller_)
      .with("distance", std::abs(landed))
      .with("on_card", touching);
  if (thrown_ == (1u << num_players()) - 1)
    resolve_bullseye_round();
  else
    phase_ = Phase::BeThrow;
}

// The clock: a Go Wacky! count reached twenty, or a Bull's-eye round's time
// ran out before every player threw.
void GoWackyState::apply_clock() {
  if (phase_ == Phase::GwRace) {
    emit("Go Wacky!", "\"Twenty Go Wacky!\" Time is up for {}.", name(contest_owner_))
        .type("time_up")
        .seat("player", contest_owner_);
    finish_contest(left_of(contest_owner_));
  } else if (phase_ == Phase::BeThrow) {
    for (PlayerId p = 0; p < num_players(); ++p)
      if (!has_thrown(p))
        emit("Bull's-eye", "{} did not throw in time.", name(p)).type("no_throw").seat("player", p);
    resolve_bullseye_round();
  }
}

// A player's decision: a card played or a pass, a card taken from the row, a
// roll in a race, a throw at the needle.
void GoWackyState::apply_decision(PlayerId player, Action action) {
  switch (phase_) {
    case Phase::Turn:
      if (action == kPass) {
        pass(player);
        return;
      }
      passes_ = 0;
      play_card(player, action - kPlayBase);
      return;
    case Phase::RnrTake: rnr_take(action - kTakeBase); return;
    case Phase::EgwRace:
    case Phase::GwRace:
      roller_ = player;
      phase_ = Phase::Roll;
      return;
    case Phase::BeThrow:
      aimed_[player] = static_cast<std::int16_t>(needle_at(now()));
      thrown_ = static_cast<std::uint8_t>(thrown_ | (1u << player));
      roller_ = player;
      phase_ = Phase::BeScatter;
      return;
    default: return;
  }
}

void GoWackyState::pass(PlayerId player) {
  const Deck& d = deck();
  if (passes_ == 0) first_passer_ = player;
  ++passes_;
  if (narrating())  // colour_names() builds a string
    emit("Play: pass", "{} has no card matching {} and passes.", name(player),
         d.colour_names(d.types[top_card()].colours))
        .type("pass")
        .seat("player", player);
  if (passes_ == num_players()) {
    passes_ = 0;
    phase_ = Phase::AllPassFlip;
  } else {
    start_turn(left_of(player));
  }
}

void GoWackyState::play_card(PlayerId p, int type) {
  const Deck& d = deck();
  const CardType& card = d.types[type];
  const CardType& top = d.types[top_card()];
  remove_from_hand(p, type);
  const bool exact = card.colours == top.colours;
  const char* match = exact ? "exact match" : "split match";
  if (card.kind != CardKind::BullsEye) pile_[pile_size_++] = static_cast<std::uint8_t>(type);
  contest_owner_ = p;
  switch (card.kind) {
    case CardKind::Plain:
    case CardKind::Split:
      emit(exact ? "Play: exact match" : "Play: split match", "{} plays {} on {}.", name(p), card.name,
           top.name)
          .type("play")
          .seat("player", p)
          .with("card", card.name)
          .with("on", top.name)
          .with("match", match)
          .with("contest", "none");
      refill_for_ = p;
      next_after_contest_ = left_of(p);
      phase_ = Phase::Refill;
      return;
    case CardKind::EverybodyGoWacky:
      if (narrating())  // colour_names() builds a string
        emit("Everybody Go Wacky!", "{} plays {} ({} on {}): EVERYBODY rolls for {}!", name(p), card.name,
             match, top.name, d.colour_names(card.colours))
            .type("play")
            .seat("player", p)
            .with("card", card.name)
            .with("on", top.name)
            .with("match", match)
            .with("contest", "everybody-go-wacky");
      target_ = card.colours;
      contest_ = Phase::EgwRace;
      ++contest_id_;
      contest_open_ = now();
      last_roll_.fill(-1);
      phase_ = Phase::EgwRace;
      return;
    case CardKind::GoWacky:
      if (narrating())  // colour_names() builds a string
        emit("Go Wacky!", "{} plays {} ({} on {}) and rolls alone for {} while the others count to {}!",
             name(p), card.name, match, top.name, d.colour_names(card.colours), d.timing.count_to)
            .type("play")
            .seat("player", p)
            .with("card", card.name)
            .with("on", top.name)
            .with("match", match)
            .with("contest", "go-wacky");
      target_ = card.colours;
      contest_ = Phase::GwRace;
      ++contest_id_;
      contest_open_ = now();
      last_roll_.fill(-1);
      phase_ = Phase::GwRace;
      return;
    case CardKind::RoundNRound:
      row_to_lay_ = std::min(num_players(), draw_total_);
      emit("Round 'n Round", "{} plays {} ({} on {}): {} cards are laid face up in a row.", name(p),
           card.name, match, top.name, row_to_lay_)
          .type("play")
          .seat("player", p)
          .with("card", card.name)
          .with("on", top.name)
          .with("match", match)
          .with("contest", "round-n-round");
      contest_ = Phase::RnrLay;
      last_roll_.fill(-1);
      phase_ = Phase::RnrLay;
      return;
    case CardKind::BullsEye:
      centre_ = type;
      emit("Bull's-eye", "{} plays {} ({} on {}) and places it in the centre. One, two, three... throw!",
           name(p), card.name, match, top.name)
          .type("play")
          .seat("player", p)
          .with("card", card.name)
          .with("on", top.name)
          .with("match", match)
          .with("contest", "bulls-eye");
      contest_ = Phase::BeThrow;
      open_bullseye_round();
      return;
  }
}

}  // namespace rt::go_wacky
