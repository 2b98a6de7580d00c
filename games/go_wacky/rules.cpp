#include "games/go_wacky/rules.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/go_wacky/game.h"

namespace rt::go_wacky {
namespace {
constexpr std::int16_t kMissed = 32767;  // a Bull's-eye throw not made in time
}

GoWackyState::GoWackyState(const GoWackyGame& game)
    : State(game.options().players), game_(&game) {
  const Deck& d = game.deck();
  for (std::size_t t = 0; t < d.types.size(); ++t) draw_[t] = static_cast<std::uint8_t>(d.types[t].copies);
  draw_total_ = d.total_cards;
  last_roll_.fill(-1);
  landing_.fill(kMissed);
}

const Deck& GoWackyState::deck() const { return game_->deck(); }
const std::string& GoWackyState::name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}
std::string GoWackyState::card_name(int type) const {
  return deck().types[static_cast<std::size_t>(type)].name;
}

bool GoWackyState::matches_top(int type) const {
  const int top = top_card();
  if (top < 0) return false;
  return (deck().types[static_cast<std::size_t>(type)].colours &
          deck().types[static_cast<std::size_t>(top)].colours) != 0;
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
    case Phase::RnrTake:
      return Turn::Player;
    case Phase::EgwRace:
    case Phase::GwRace:
    case Phase::BeThrow:
      return Turn::Simultaneous;
    case Phase::Over:
      return Turn::Over;
    default:
      return Turn::Chance;
  }
}

void GoWackyState::actors(std::vector<PlayerId>& out) const {
  switch (phase_) {
    case Phase::Turn:
      out.push_back(current_);
      break;
    case Phase::RnrTake:
      out.push_back(roller_);
      break;
    case Phase::GwRace:
      out.push_back(contest_owner_);
      break;
    case Phase::EgwRace:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(p);
      break;
    case Phase::BeThrow:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (!has_thrown(p)) out.push_back(p);
      break;
    default:
      break;
  }
}

Tick GoWackyState::deadline() const {
  const ContestTiming& tm = deck().timing;
  if (phase_ == Phase::GwRace)
    return contest_open_ + static_cast<Tick>(tm.count_to) * static_cast<Tick>(tm.count_ms);
  if (phase_ == Phase::BeThrow) return contest_open_ + static_cast<Tick>(tm.throw_window_ms);
  return kNoDeadline;
}

void GoWackyState::legal_actions(PlayerId player, std::vector<Action>& out) const {
  switch (phase_) {
    case Phase::Turn: {
      if (player != current_) return;
      const auto& hand = hands_[static_cast<std::size_t>(player)];
      const std::size_t start = out.size();
      for (int i = 0; i < hand_len_[static_cast<std::size_t>(player)]; ++i)
        if (matches_top(hand[static_cast<std::size_t>(i)])) out.push_back(kPlayBase + hand[static_cast<std::size_t>(i)]);
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
      out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()), out.end());
      if (out.size() == start) out.push_back(kPass);
      return;
    }
    case Phase::RnrTake: {
      if (player != roller_) return;
      const ColourMask rolled = static_cast<ColourMask>(1u << last_roll_[static_cast<std::size_t>(roller_)]);
      const std::size_t start = out.size();
      for (int i = 0; i < row_len_; ++i)
        if (deck().types[row_[static_cast<std::size_t>(i)]].colours & rolled)
          out.push_back(kTakeBase + row_[static_cast<std::size_t>(i)]);
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
      out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()), out.end());
      return;
    }
    case Phase::EgwRace:
      out.push_back(kRoll);
      return;
    case Phase::GwRace:
      if (player == contest_owner_) out.push_back(kRoll);
      return;
    case Phase::BeThrow:
      if (!has_thrown(player)) out.push_back(kThrow);
      return;
    default:
      return;
  }
}

void GoWackyState::chance_outcomes(std::vector<Outcome>& out) const {
  switch (phase_) {
    case Phase::ChooseDealer:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(Outcome{kDealerBase + p, 1});
      return;
    case Phase::Deal:
    case Phase::FlipStart:
    case Phase::AllPassFlip:
    case Phase::Refill:
    case Phase::GwFlip:
    case Phase::RnrLay:
      for (std::size_t t = 0; t < deck().types.size(); ++t)
        if (draw_[t]) out.push_back(Outcome{kDrawBase + static_cast<Action>(t), draw_[t]});
      return;
    case Phase::Roll:
      for (std::size_t c = 0; c < deck().colour_ids.size(); ++c)
        out.push_back(Outcome{kDieBase + static_cast<Action>(c), 1});
      return;
    case Phase::BeScatter: {
      const int s = deck().timing.scatter;
      for (int o = -s; o <= s; ++o) out.push_back(Outcome{kScatterBase + o + s, 1});
      return;
    }
    default:
      return;
  }
}

// --- applying decisions ------------------------------------------------------

void GoWackyState::take_from_draw(int type) {
  --draw_[static_cast<std::size_t>(type)];
  --draw_total_;
}

void GoWackyState::add_to_hand(PlayerId p, int type) {
  auto& len = hand_len_[static_cast<std::size_t>(p)];
  hands_[static_cast<std::size_t>(p)][len++] = static_cast<std::uint8_t>(type);
}

void GoWackyState::remove_from_hand(PlayerId p, int type) {
  auto& hand = hands_[static_cast<std::size_t>(p)];
  auto& len = hand_len_[static_cast<std::size_t>(p)];
  for (int i = 0; i < len; ++i) {
    if (hand[static_cast<std::size_t>(i)] == type) {
      hand[static_cast<std::size_t>(i)] = hand[static_cast<std::size_t>(len - 1)];
      --len;
      return;
    }
  }
}

void GoWackyState::start_turn(PlayerId p) {
  current_ = p;
  phase_ = Phase::Turn;
}

void GoWackyState::do_apply(PlayerId player, Action action) {
  const Deck& d = deck();
  const int n = num_players();
  if (player == kChance) {
    switch (phase_) {
      case Phase::ChooseDealer:
        dealer_ = static_cast<PlayerId>(action - kDealerBase);
        deal_to_ = left_of(dealer_);
        phase_ = Phase::Deal;
        emit("Set Up", "{} deals {} cards to each player.", name(dealer_), d.hand_size);
        return;
      case Phase::Deal: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        add_to_hand(deal_to_, t);
        emit_private(deal_to_, "Set Up", "{} is dealt {}.", name(deal_to_), card_name(t));
        deal_to_ = left_of(deal_to_);
        if (hand_len_[static_cast<std::size_t>(deal_to_)] == d.hand_size) phase_ = Phase::FlipStart;
        return;
      }
      case Phase::FlipStart: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        pile_[static_cast<std::size_t>(pile_size_++)] = static_cast<std::uint8_t>(t);
        emit("Set Up", "The top card is turned up to start the Play Pile: {}.", card_name(t));
        start_turn(left_of(dealer_));
        emit("Play", "{}, left of the dealer, goes first.", name(current_));
        return;
      }
      case Phase::AllPassFlip: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        pile_[static_cast<std::size_t>(pile_size_++)] = static_cast<std::uint8_t>(t);
        emit("Play: every player passed", "Everyone passed: {} is turned up onto the Play Pile.", card_name(t));
        if (draw_total_ == 0) {
          phase_ = Phase::Over;
          emit("Winning", "That was the last card of the Draw Pile: the game is over. {}", standings().summary);
          return;
        }
        start_turn(first_passer_);
        emit("Play: every player passed", "The turn comes back to {}, the first who could not go.", name(current_));
        return;
      }
      case Phase::Refill: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        add_to_hand(refill_for_, t);
        emit_private(refill_for_, "Play: draw back to 4", "{} draws {}.", name(refill_for_), card_name(t));
        emit("Play: draw back to 4", "{} draws back to {} cards ({} left in the Draw Pile).", name(refill_for_),
             d.hand_size, draw_total_);
        if (draw_total_ == 0) {
          phase_ = Phase::Over;
          emit("Winning", "That was the last card of the Draw Pile: the game is over. {}", standings().summary);
          return;
        }
        start_turn(next_after_contest_);
        return;
      }
      case Phase::GwFlip: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        pile_[static_cast<std::size_t>(pile_size_++)] = static_cast<std::uint8_t>(t);
        target_ = d.types[static_cast<std::size_t>(t)].colours;
        if (draw_total_ == 0) ending_ = true;
        emit("Go Wacky!", "{} turns over {}: now rolling for {}.", name(contest_owner_), card_name(t),
             d.colour_names(target_, " or "));
        phase_ = Phase::GwRace;
        return;
      }
      case Phase::RnrLay: {
        const int t = action - kDrawBase;
        take_from_draw(t);
        row_[static_cast<std::size_t>(row_len_++)] = static_cast<std::uint8_t>(t);
        --row_to_lay_;
        if (draw_total_ == 0) {
          ending_ = true;
          row_to_lay_ = 0;
        }
        if (row_to_lay_ == 0) {
          std::string row;
          for (int i = 0; i < row_len_; ++i) row += (i ? ", " : "") + card_name(row_[static_cast<std::size_t>(i)]);
          emit("Round 'n Round", "The row: {}. {} rolls first.", row, name(contest_owner_));
          roller_ = contest_owner_;
          phase_ = Phase::Roll;
        }
        return;
      }
      case Phase::Roll:
        resolve_roll(static_cast<ColourMask>(action - kDieBase));
        return;
      case Phase::BeScatter: {
        const int offset = action - kScatterBase - d.timing.scatter;
        const int landed = aimed_[static_cast<std::size_t>(roller_)] + offset;
        landing_[static_cast<std::size_t>(roller_)] = static_cast<std::int16_t>(landed);
        const bool touching = std::abs(landed) <= d.timing.card_radius;
        emit("Bull's-eye", "{}'s die lands {} from the centre{}.", name(roller_), std::abs(landed),
             touching ? "" : ", off the card");
        if (thrown_ == (1u << n) - 1) resolve_bullseye_round();
        else phase_ = Phase::BeThrow;
        return;
      }
      default:
        return;
    }
  }
  if (player == kClock) {
    if (phase_ == Phase::GwRace) {
      emit("Go Wacky!", "\"Twenty Go Wacky!\" Time is up for {}.", name(contest_owner_));
      finish_contest(left_of(contest_owner_));
    } else if (phase_ == Phase::BeThrow) {
      for (PlayerId p = 0; p < n; ++p)
        if (!has_thrown(p)) emit("Bull's-eye", "{} did not throw in time.", name(p));
      resolve_bullseye_round();
    }
    return;
  }
  switch (phase_) {
    case Phase::Turn:
      if (action == kPass) {
        if (passes_ == 0) first_passer_ = player;
        ++passes_;
        emit("Play: pass", "{} has no card matching {} and passes.", name(player),
             d.colour_names(d.types[static_cast<std::size_t>(top_card())].colours));
        if (passes_ == n) {
          passes_ = 0;
          phase_ = Phase::AllPassFlip;
        } else {
          start_turn(left_of(player));
        }
        return;
      }
      passes_ = 0;
      play_card(player, action - kPlayBase);
      return;
    case Phase::RnrTake:
      rnr_take(action - kTakeBase);
      return;
    case Phase::EgwRace:
    case Phase::GwRace:
      roller_ = player;
      phase_ = Phase::Roll;
      return;
    case Phase::BeThrow:
      aimed_[static_cast<std::size_t>(player)] = static_cast<std::int16_t>(needle_at(now()));
      thrown_ = static_cast<std::uint8_t>(thrown_ | (1u << player));
      roller_ = player;
      phase_ = Phase::BeScatter;
      return;
    default:
      return;
  }
}

void GoWackyState::play_card(PlayerId p, int type) {
  const Deck& d = deck();
  const CardType& card = d.types[static_cast<std::size_t>(type)];
  const CardType& top = d.types[static_cast<std::size_t>(top_card())];
  remove_from_hand(p, type);
  const char* match = card.colours == top.colours ? "exact match" : "split match";
  if (card.kind != CardKind::BullsEye) pile_[static_cast<std::size_t>(pile_size_++)] = static_cast<std::uint8_t>(type);
  contest_owner_ = p;
  switch (card.kind) {
    case CardKind::Plain:
    case CardKind::Split:
      emit(fmt::format("Play: {}", match), "{} plays {} on {}.", name(p), card.name, top.name);
      refill_for_ = p;
      next_after_contest_ = left_of(p);
      phase_ = Phase::Refill;
      return;
    case CardKind::EverybodyGoWacky:
      emit("Everybody Go Wacky!", "{} plays {} ({} on {}): EVERYBODY rolls for {}!", name(p), card.name, match,
           top.name, d.colour_names(card.colours));
      target_ = card.colours;
      contest_ = Phase::EgwRace;
      ++contest_id_;
      contest_open_ = now();
      last_roll_.fill(-1);
      phase_ = Phase::EgwRace;
      return;
    case CardKind::GoWacky:
      emit("Go Wacky!", "{} plays {} ({} on {}) and rolls alone for {} while the others count to {}!",
           name(p), card.name, match, top.name, d.colour_names(card.colours), d.timing.count_to);
      target_ = card.colours;
      contest_ = Phase::GwRace;
      ++contest_id_;
      contest_open_ = now();
      last_roll_.fill(-1);
      phase_ = Phase::GwRace;
      return;
    case CardKind::RoundNRound:
      row_to_lay_ = std::min(num_players(), draw_total_);
      emit("Round 'n Round", "{} plays {} ({} on {}): {} cards are laid face up in a row.", name(p), card.name,
           match, top.name, row_to_lay_);
      contest_ = Phase::RnrLay;
      last_roll_.fill(-1);
      phase_ = Phase::RnrLay;
      return;
    case CardKind::BullsEye:
      centre_ = type;
      emit("Bull's-eye", "{} plays {} ({} on {}) and places it in the centre. One, two, three... throw!",
           name(p), card.name, match, top.name);
      contest_ = Phase::BeThrow;
      open_bullseye_round();
      return;
  }
}

void GoWackyState::resolve_roll(ColourMask colour) {
  const Deck& d = deck();
  last_roll_[static_cast<std::size_t>(roller_)] = static_cast<std::int8_t>(colour);
  const ColourMask bit = static_cast<ColourMask>(1u << colour);
  const std::string& rolled = d.colour_ids[colour];
  switch (contest_) {
    case Phase::EgwRace:
      if (target_ & bit) {
        const int t = pile_[static_cast<std::size_t>(--pile_size_)];
        ++score_[static_cast<std::size_t>(roller_)];
        ++won_[static_cast<std::size_t>(t)];
        emit("Everybody Go Wacky!", "{} rolls {} first — \"{}!\" — and takes {}.", name(roller_), rolled,
             rolled, card_name(t));
        finish_contest(left_of(roller_));
      } else {
        emit("Everybody Go Wacky!", "{} rolls {}.", name(roller_), rolled);
        phase_ = Phase::EgwRace;
      }
      return;
    case Phase::GwRace:
      if (target_ & bit) {
        const int t = pile_[static_cast<std::size_t>(--pile_size_)];
        ++score_[static_cast<std::size_t>(roller_)];
        ++won_[static_cast<std::size_t>(t)];
        emit("Go Wacky!", "{} rolls {} at the count of {} and takes {}.", name(roller_), rolled,
             count_reached(now()), card_name(t));
        if (draw_total_ == 0) {
          emit("Go Wacky!", "The Draw Pile is empty: nothing more to turn over.");
          finish_contest(left_of(contest_owner_));
        } else {
          phase_ = Phase::GwFlip;
        }
      } else {
        emit("Go Wacky!", "{} rolls {} (count {}).", name(roller_), rolled, count_reached(now()));
        phase_ = Phase::GwRace;
      }
      return;
    case Phase::RnrLay: {
      int first = -1;
      int distinct = 0;
      for (int i = 0; i < row_len_; ++i) {
        const int t = row_[static_cast<std::size_t>(i)];
        if (!(d.types[static_cast<std::size_t>(t)].colours & bit)) continue;
        if (first < 0) first = t;
        bool seen = false;
        for (int j = 0; j < i; ++j) seen = seen || row_[static_cast<std::size_t>(j)] == t;
        if (!seen) ++distinct;
      }
      if (first < 0) {
        emit("Round 'n Round", "{} rolls {}: no match.", name(roller_), rolled);
        roller_ = left_of(roller_);
        phase_ = Phase::Roll;
      } else if (distinct == 1) {
        emit("Round 'n Round", "{} rolls {}.", name(roller_), rolled);
        rnr_take(first);
      } else {
        emit("Round 'n Round", "{} rolls {}: two or more cards match.", name(roller_), rolled);
        phase_ = Phase::RnrTake;
      }
      return;
    }
    default:
      return;
  }
}

void GoWackyState::rnr_take(int type) {
  for (int i = 0; i < row_len_; ++i) {
    if (row_[static_cast<std::size_t>(i)] == type) {
      for (int j = i; j + 1 < row_len_; ++j) row_[static_cast<std::size_t>(j)] = row_[static_cast<std::size_t>(j + 1)];
      --row_len_;
      break;
    }
  }
  ++score_[static_cast<std::size_t>(roller_)];
  ++won_[static_cast<std::size_t>(type)];
  emit("Round 'n Round", "{} takes {} ({} left in the row).", name(roller_), card_name(type), row_len_);
  if (row_len_ == 0) {
    finish_contest(left_of(roller_));
  } else {
    roller_ = left_of(roller_);
    phase_ = Phase::Roll;
  }
}

void GoWackyState::open_bullseye_round() {
  ++contest_id_;
  contest_open_ = now();
  thrown_ = 0;
  landing_.fill(kMissed);
  aimed_.fill(0);
  phase_ = Phase::BeThrow;
}

void GoWackyState::resolve_bullseye_round() {
  const Deck& d = deck();
  int best = kMissed;
  int at_best = 0;
  PlayerId winner = -1;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int dist = landing_[static_cast<std::size_t>(p)] == kMissed ? kMissed : std::abs(landing_[static_cast<std::size_t>(p)]);
    if (dist < best) {
      best = dist;
      at_best = 1;
      winner = p;
    } else if (dist == best) {
      ++at_best;
    }
  }
  if (best > d.timing.card_radius) {
    emit("Bull's-eye", "Nobody's die touches the card: everybody throws again.");
    open_bullseye_round();
    return;
  }
  if (at_best > 1) {
    emit("Bull's-eye", "Two dice lie equally close: everybody throws again.");
    open_bullseye_round();
    return;
  }
  const int t = centre_;
  centre_ = -1;
  ++score_[static_cast<std::size_t>(winner)];
  ++won_[static_cast<std::size_t>(t)];
  emit("Bull's-eye", "{} is closest to the bull's-eye and takes {}.", name(winner), card_name(t));
  finish_contest(left_of(winner));
}

void GoWackyState::finish_contest(PlayerId next) {
  contest_ = Phase::Over;
  next_after_contest_ = next;
  if (ending_ || draw_total_ == 0) {
    phase_ = Phase::Over;
    emit("Winning", "The Draw Pile is empty: the game is over. {}", standings().summary);
    return;
  }
  refill_for_ = contest_owner_;
  emit("Play", "{} plays next (left of {}).", name(next),
       name(static_cast<PlayerId>((next + num_players() - 1) % num_players())));
  phase_ = Phase::Refill;
}

// --- text forms -------------------------------------------------------------

std::string GoWackyState::action_text(PlayerId player, Action a) const {
  const Deck& d = deck();
  if (player == kClock) return "time";
  if (player == kChance) {
    if (a >= kScatterBase) return fmt::format("scatter {:+d}", a - kScatterBase - d.timing.scatter);
    if (a >= kDieBase) return "die " + d.colour_ids[static_cast<std::size_t>(a - kDieBase)];
    if (a >= kDrawBase) return "draw " + d.types[static_cast<std::size_t>(a - kDrawBase)].id;
    return fmt::format("dealer {}", a - kDealerBase + 1);
  }
  if (a == kPass) return "pass";
  if (a == kRoll) return "roll";
  if (a == kThrow) return "throw";
  if (a >= kTakeBase) return "take " + d.types[static_cast<std::size_t>(a - kTakeBase)].id;
  return "play " + d.types[static_cast<std::size_t>(a - kPlayBase)].id;
}

std::string GoWackyState::action_label(PlayerId player, Action a) const {
  const Deck& d = deck();
  if (player < 0) return action_text(player, a);
  if (a == kPass) return "Pass (no card matches)";
  if (a == kRoll) return "Roll your die!";
  if (a == kThrow) return "Throw! (stop the needle at the centre)";
  if (a >= kTakeBase) return "Take " + d.types[static_cast<std::size_t>(a - kTakeBase)].name;
  const int t = a - kPlayBase;
  const CardType& card = d.types[static_cast<std::size_t>(t)];
  const int top = top_card();
  const bool exact = top >= 0 && d.types[static_cast<std::size_t>(top)].colours == card.colours;
  return fmt::format("Play {} ({} match)", card.name, exact ? "exact" : "split");
}

std::optional<Action> GoWackyState::parse_action(PlayerId player, std::string_view text) const {
  if (player == kClock) return text == "time" ? std::optional<Action>(0) : std::nullopt;
  return State::parse_action(player, text);
}

std::string GoWackyState::prompt(PlayerId player) const {
  const Deck& d = deck();
  switch (phase_) {
    case Phase::Turn: {
      const std::string top = d.colour_names(d.types[static_cast<std::size_t>(top_card())].colours, " or ");
      std::vector<Action> acts;
      legal_actions(player, acts);
      if (acts.size() == 1 && acts[0] == kPass) return fmt::format("No card in your hand matches {}: pass.", top);
      return fmt::format("Play a card that matches {}.", top);
    }
    case Phase::EgwRace:
      return fmt::format("Everybody Go Wacky! Roll until your die shows {}!", d.colour_names(target_, " or "));
    case Phase::GwRace:
      return fmt::format("Go Wacky! Roll for {} before the count reaches {} (now {}).",
                         d.colour_names(target_, " or "), d.timing.count_to, count_reached(now()));
    case Phase::BeThrow:
      return "Bull's-eye! Throw when the needle is at the centre.";
    case Phase::RnrTake:
      return fmt::format("You rolled {}: take one matching card from the row.",
                         d.colour_ids[static_cast<std::size_t>(last_roll_[static_cast<std::size_t>(player)])]);
    default:
      return "";
  }
}

Standings GoWackyState::standings() const {
  Standings s;
  const int n = num_players();
  for (PlayerId p = 0; p < n; ++p) {
    int place = 1;
    for (PlayerId q = 0; q < n; ++q)
      if (score_[static_cast<std::size_t>(q)] > score_[static_cast<std::size_t>(p)]) ++place;
    const int sc = score_[static_cast<std::size_t>(p)];
    s.placings.push_back(Placing{p, place, sc, fmt::format("{} card{}", sc, sc == 1 ? "" : "s")});
  }
  std::stable_sort(s.placings.begin(), s.placings.end(),
                   [](const Placing& a, const Placing& b) { return a.place < b.place; });
  std::vector<std::string> winners;
  for (const auto& pl : s.placings)
    if (pl.place == 1) winners.push_back(name(pl.player));
  const int top = s.placings.front().score;
  if (winners.size() == 1) {
    s.summary = fmt::format("{} {} with {} card{}.", winners[0], phase_ == Phase::Over ? "wins" : "leads",
                            top, top == 1 ? "" : "s");
  } else {
    std::string list;
    for (std::size_t i = 0; i < winners.size(); ++i)
      list += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + winners[i];
    s.summary = fmt::format("{} {} with {} card{} each.", list,
                            phase_ == Phase::Over ? "share the win" : "share the lead", top, top == 1 ? "" : "s");
  }
  return s;
}

// --- hidden information -----------------------------------------------------

void GoWackyState::determinize(PlayerId viewer, Rng& rng) {
  // Unknown to the viewer: the other hands and the Draw Pile. Pool and redeal.
  std::vector<std::uint8_t> pool;
  for (std::size_t t = 0; t < deck().types.size(); ++t)
    for (int k = 0; k < draw_[t]; ++k) pool.push_back(static_cast<std::uint8_t>(t));
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    for (int i = 0; i < hand_len_[static_cast<std::size_t>(p)]; ++i)
      pool.push_back(hands_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)]);
  }
  rng.shuffle(std::span<std::uint8_t>(pool));
  std::size_t next = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    for (int i = 0; i < hand_len_[static_cast<std::size_t>(p)]; ++i)
      hands_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)] = pool[next++];
  }
  draw_.fill(0);
  for (; next < pool.size(); ++next) ++draw_[pool[next]];
}

// --- checks -----------------------------------------------------------------

std::string GoWackyState::debug_string() const {
  std::string s = fmt::format("phase={} dealer={} current={} deal_to={} refill_for={} owner={} roller={} next={} "
                              "first_passer={} passes={} ending={} now={}\n",
                              static_cast<int>(phase_), dealer_, current_, deal_to_, refill_for_, contest_owner_,
                              roller_, next_after_contest_, first_passer_, passes_, ending_, now());
  s += "draw:";
  for (std::size_t t = 0; t < deck().types.size(); ++t) s += fmt::format(" {}", draw_[t]);
  s += fmt::format(" total={}\n", draw_total_);
  for (PlayerId p = 0; p < num_players(); ++p) {
    s += fmt::format("P{} score={} hand:", p + 1, score_[static_cast<std::size_t>(p)]);
    for (int i = 0; i < hand_len_[static_cast<std::size_t>(p)]; ++i)
      s += fmt::format(" {}", hands_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)]);
    s += fmt::format(" last_roll={} aimed={} landing={}\n", last_roll_[static_cast<std::size_t>(p)],
                     aimed_[static_cast<std::size_t>(p)], landing_[static_cast<std::size_t>(p)]);
  }
  s += "pile:";
  for (int i = 0; i < pile_size_; ++i) s += fmt::format(" {}", pile_[static_cast<std::size_t>(i)]);
  s += "\nrow:";
  for (int i = 0; i < row_len_; ++i) s += fmt::format(" {}", row_[static_cast<std::size_t>(i)]);
  s += fmt::format("\nrow_to_lay={} centre={} contest={} target={} contest_id={} open={} thrown={}\nwon:",
                   row_to_lay_, centre_, static_cast<int>(contest_), target_, contest_id_, contest_open_, thrown_);
  for (std::size_t t = 0; t < deck().types.size(); ++t) s += fmt::format(" {}", won_[t]);
  s += "\n";
  return s;
}

std::string GoWackyState::check_invariants() const {
  const Deck& d = deck();
  std::vector<int> seen(d.types.size(), 0);
  int draw_sum = 0;
  for (std::size_t t = 0; t < d.types.size(); ++t) {
    seen[t] += draw_[t] + won_[t];
    draw_sum += draw_[t];
  }
  if (draw_sum != draw_total_) return fmt::format("draw pile count {} != {}", draw_total_, draw_sum);
  int scored = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    scored += score_[static_cast<std::size_t>(p)];
    if (hand_len_[static_cast<std::size_t>(p)] > d.hand_size) return fmt::format("P{} holds too many cards", p + 1);
    for (int i = 0; i < hand_len_[static_cast<std::size_t>(p)]; ++i)
      ++seen[hands_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)]];
  }
  int won_sum = 0;
  for (std::size_t t = 0; t < d.types.size(); ++t) won_sum += won_[t];
  if (won_sum != scored) return "scoring piles disagree with cards won";
  for (int i = 0; i < pile_size_; ++i) ++seen[pile_[static_cast<std::size_t>(i)]];
  for (int i = 0; i < row_len_; ++i) ++seen[row_[static_cast<std::size_t>(i)]];
  if (centre_ >= 0) ++seen[static_cast<std::size_t>(centre_)];
  for (std::size_t t = 0; t < d.types.size(); ++t)
    if (seen[t] != d.types[t].copies)
      return fmt::format("card {} is in {} places, not {}", d.types[t].id, seen[t], d.types[t].copies);
  if (phase_ != Phase::ChooseDealer && phase_ != Phase::Deal && phase_ != Phase::FlipStart && pile_size_ < 1) return "the Play Pile is empty";
  return {};
}

}  // namespace rt::go_wacky
