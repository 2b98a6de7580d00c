// Who acts, what is legal, and applying decisions and chance outcomes. The
// turn itself is in turn.cpp; card effects and fights in effects.cpp; each
// phase below calls its rule by name.
#include <algorithm>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {

ScrapRacerState::ScrapRacerState(const ScrapRacerGame& game)
    : State(game.options().players), game_(&game), data_(&game.data()), track_(&game.track()) {
  const Data& d = game.data();
  const Track& t = game.track();
  const int n = num_players();
  teams_ = game.teams();
  n_racers_ = static_cast<std::int8_t>(teams_ ? 2 * n : n);
  kind_.fill(-1);
  seq_.fill(-1);
  for (int r = 0; r < n_racers_; ++r) {
    owner_[r] = static_cast<PlayerId>(teams_ ? r / 2 : r);
    seq_[r] = static_cast<std::int8_t>(r);
  }
  // Setup 6: the crash cards sorted by their backs into three piles.
  for (int k = 0; k < d.crash.size(); ++k)
    crash_deck_[d.crash[k].pile].add(static_cast<int>(k), d.crash[k].copies);
  for (int k = 0; k < d.goals.size(); ++k) goal_deck_.add(static_cast<int>(k), d.goals[k].copies);
  for (int k = 0; k < d.bonus.size(); ++k) bonus_deck_.add(static_cast<int>(k), d.bonus[k].copies);
  // Setup 2: one face-down Boost marker on each Boost space, the rest as the supply.
  int supply = d.boost_markers;
  for (int s = 0; s < t.length; ++s)
    if (t.boost[s] && supply > 0) {
      boost_on_[s] = true;
      --supply;
    }
  boost_supply_ = static_cast<std::int8_t>(supply);
  bonus_supply_ = static_cast<std::int8_t>(d.bonus_markers);
}

const RacerInfo& ScrapRacerState::info(int r) const {
  return data().racers[kind_[static_cast<std::size_t>(r)]];
}
const std::string& ScrapRacerState::name(int r) const {
  return info(r).name;
}
const std::string& ScrapRacerState::player_name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}

int ScrapRacerState::dice_total() const {
  int sum = 0;
  for (int i = 0; i < n_dice_; ++i) sum += dice_[i];
  return sum;
}

bool ScrapRacerState::last_die_is_double() const {
  if (n_dice_ < 2) return false;
  const int v = dice_[n_dice_ - 1];
  for (int i = 0; i + 1 < n_dice_; ++i)
    if (dice_[i] == v) return true;
  return false;
}

int ScrapRacerState::seq_distance(int r) const {
  for (int k = 0; k < n_racers_; ++k)
    if (seq_[k] == r) return (k - cur_ + n_racers_) % n_racers_;
  return n_racers_;
}

int ScrapRacerState::ranking(IndexArray<int, kMaxRacers>& out) const {
  // By distance (laps, then how far along); racers behind the line by turn
  // order from the start racer (the rulebook's start-of-game clarification).
  for (int k = 0; k < n_racers_; ++k) out[k] = seq_[k];
  for (int i = 1; i < n_racers_; ++i)
    for (int j = i; j > 0; --j) {
      const int a = out[j - 1];
      const int b = out[j];
      if (dist_[b] <= dist_[a]) break;
      std::swap(out[j - 1], out[j]);
    }
  return n_racers_;
}

int ScrapRacerState::rank_of(int r) const {
  IndexArray<int, kMaxRacers> order{};
  const int n = ranking(order);
  for (int i = 0; i < n; ++i)
    if (order[i] == r) return i;
  return n;
}

int ScrapRacerState::racers_on(int space, IndexArray<int, kMaxRacers>& out) const {
  int n = 0;
  for (int r = 0; r < n_racers_; ++r)
    if (on_track(r) && track().space_of(distance(r)) == space) out[n++] = r;
  return n;
}

void ScrapRacerState::team(PlayerId p, int& first, int& second) const {
  first = second = -1;
  for (int k = 0; k < n_racers_; ++k) {
    const int r = seq_[k];
    if (owner(r) != p) continue;
    (first < 0 ? first : second) = r;
  }
}

int ScrapRacerState::marker_threshold(int r) const {
  return info(r).ability == Ability::TwoMarkers ? data().hover_markers_per_card : data().markers_per_card;
}

int ScrapRacerState::find_racer_kind(int kind) const {
  for (int r = 0; r < n_racers_; ++r)
    if (kind_[r] == kind) return r;
  return -1;
}

bool ScrapRacerState::ability_on(Ability a) const {
  // "A player may only use the ability of their racer when they are the
  // active player", and never while a crash card is being resolved.
  return !crash_turn_ && info(active()).ability == a;
}

int ScrapRacerState::bonus_target(int r, int kind) const {
  const BonusCard& card = data().bonus[kind];
  const Track& t = track();
  const int d = distance(r);
  switch (card.effect) {
    case BonusEffect::Forward: return d + card.spaces;
    case BonusEffect::Straight:
    case BonusEffect::Curve: {
      const SpaceKind want = card.effect == BonusEffect::Straight ? SpaceKind::Straight : SpaceKind::Curve;
      for (int step = 1; step <= t.length; ++step)
        if (t.kind[t.space_of(d + step)] == want) return d + step;
      return -1;
    }
    case BonusEffect::CatchUp: {
      // The next racer in front following the track (a racer on the same space is not in front).
      const int last_step = d == 0 ? t.length : t.length - 1;
      for (int step = 1; step <= last_step; ++step) {
        const int s = t.space_of(d + step);
        for (int o = 0; o < n_racers_; ++o)
          if (o != r && on_track(o) && t.space_of(distance(o)) == s) return d + step;
      }
      return -1;
    }
  }
  return -1;
}

bool ScrapRacerState::bonus_playable(int kind) const {
  if (phase_ != Phase::MoveBefore && phase_ != Phase::MoveAfter) return false;
  if (bonus_cards(active_player(), kind) == 0) return false;
  return bonus_target(active(), kind) >= 0;
}

bool ScrapRacerState::any_bonus_playable() const {
  // Most turns start with an empty hand: no need to look at each kind.
  if (bonus_cards(active_player()) == 0) return false;
  for (int k = 0; k < data().bonus.size(); ++k)
    if (bonus_playable(k)) return true;
  return false;
}

// --- who acts ---------------------------------------------------------------

namespace {

// The dice nodes never change: their outcome lists are built at compile time
// and appended with one copy (the same order as listing them one by one).
constexpr std::array<Outcome, 6> kOneDie = [] {
  std::array<Outcome, 6> a{};
  for (int f = 1; f <= 6; ++f) a[static_cast<std::size_t>(f - 1)] = Outcome{kDieBase + f, 1};
  return a;
}();
constexpr std::array<Outcome, 36> kFightDice = [] {  // both fighters' dice, in order
  std::array<Outcome, 36> o{};
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      o[static_cast<std::size_t>((a - 1) * 6 + (b - 1))] = Outcome{kFightBase + (a - 1) * 6 + (b - 1), 1};
  return o;
}();
constexpr std::array<Outcome, 21> kTwoDice = [] {  // the crash card's 2 dice: a <= b, weighted
  std::array<Outcome, 21> o{};
  std::size_t i = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = a; b <= 6; ++b) o[i++] = Outcome{kTwoDiceBase + (a - 1) * 6 + (b - 1), a == b ? 1u : 2u};
  return o;
}();

// For room the caller has checked (why: docs/PERFORMANCE.md, "Rules code
// shaped for speed").
template <std::size_t N>
void append_in_room(std::vector<Outcome>& out, const std::array<Outcome, N>& list) {
  for (const Outcome& o : list) {
    if (out.size() == out.capacity()) __builtin_unreachable();
    out.push_back(o);
  }
}

template <std::size_t N>
void append(std::vector<Outcome>& out, const std::array<Outcome, N>& list) {
  const std::size_t first = out.size();
  out.resize(first + N);
  std::copy(list.begin(), list.end(), out.begin() + static_cast<std::ptrdiff_t>(first));
}

}  // namespace

Turn ScrapRacerState::turn() const {
  switch (phase_) {
    case Phase::ChooseFirst:
    case Phase::AfterDie:
    case Phase::MoveBefore:
    case Phase::MoveAfter:
    case Phase::FightChoose: return Turn::Player;
    case Phase::Over: return Turn::Over;
    default: return Turn::Chance;
  }
}

void ScrapRacerState::actors(std::vector<PlayerId>& out) const {
  switch (phase_) {
    case Phase::ChooseFirst:
    case Phase::AfterDie:
    case Phase::MoveBefore:
    case Phase::MoveAfter: out.push_back(active_player()); return;
    case Phase::FightChoose: out.push_back(owner(fight_a_)); return;
    default: return;
  }
}

void ScrapRacerState::legal_actions(PlayerId player, std::vector<Action>& out) const {
  if (turn() != Turn::Player) return;
  const int r = active();
  switch (phase_) {
    case Phase::ChooseFirst: {
      if (player != active_player()) return;
      int a = 0, b = 0;
      team(player, a, b);
      out.push_back(kFirstBase + std::min(a, b));
      out.push_back(kFirstBase + std::max(a, b));
      return;
    }
    case Phase::AfterDie: {
      if (player != active_player()) return;
      const int v = dice_[n_dice_ - 1];
      if (last_die_is_double()) {
        out.push_back(kCrash);
      } else {
        if (n_dice_ < kDice) out.push_back(kRoll);
        out.push_back(kMove);
      }
      if (boosts(r, BoostKind::Reroll)) out.push_back(kBoostReroll);
      if (boosts(r, BoostKind::PlusMinus) && v < 6) out.push_back(kBoostPlus);
      if (boosts(r, BoostKind::PlusMinus) && v > 1) out.push_back(kBoostMinus);
      if (boosts(r, BoostKind::Turn)) out.push_back(kBoostTurn);
      return;
    }
    case Phase::MoveBefore:
    case Phase::MoveAfter:
      if (player != active_player()) return;
      out.push_back(phase_ == Phase::MoveBefore ? kAdvance : kEndMove);
      if (bonus_cards(player) > 0)  // an empty hand plays no card
        for (int k = 0; k < data().bonus.size(); ++k)
          if (bonus_playable(k)) out.push_back(kPlayBase + k);
      return;
    case Phase::FightChoose:
      if (player != owner(fight_a_)) return;
      out.push_back(kWinnerBase + std::min(fight_a_, fight_b_));
      out.push_back(kWinnerBase + std::max(fight_a_, fight_b_));
      return;
    default: return;
  }
}

void ScrapRacerState::chance_outcomes(std::vector<Outcome>& out) const {
  // Most chance nodes are a die; the driver's list keeps its room between nodes.
  if (phase_ == Phase::RollDie && out.capacity() - out.size() >= kOneDie.size()) {
    append_in_room(out, kOneDie);
    return;
  }
  other_outcomes(out);
}

void ScrapRacerState::other_outcomes(std::vector<Outcome>& out) const {
  switch (phase_) {
    case Phase::Deal:
      for (int k = 0; k < data().racers.size(); ++k)
        if (find_racer_kind(k) < 0) out.push_back(Outcome{kDealBase + k, 1});
      return;
    case Phase::ChooseStart:
      for (int p = 0; p < num_players(); ++p) out.push_back(Outcome{kStartBase + p, 1});
      return;
    case Phase::RollDie:
    case Phase::CrashDie: append(out, kOneDie); return;
    case Phase::Fight: append(out, kFightDice); return;
    case Phase::CrashTwoDice: append(out, kTwoDice); return;
    case Phase::CrashDraw: crash_deck_[crash_pile_].draw_outcomes(out, kCrashBase); return;
    case Phase::GoalDraw: goal_deck_.draw_outcomes(out, kGoalBase); return;
    case Phase::BonusDraw: bonus_deck_.draw_outcomes(out, kBonusBase); return;
    case Phase::BoostReveal:
      for (int k = 0; k < kBoostKinds; ++k) {
        int unseen = data().boost_copies[k] - boost_used_[k];
        for (int r = 0; r < n_racers_; ++r) unseen -= boosts_[r][k];
        if (unseen > 0) out.push_back(Outcome{kRevealBase + k, static_cast<std::uint32_t>(unseen)});
      }
      return;
    default: return;
  }
}

// --- applying ---------------------------------------------------------------

void ScrapRacerState::do_apply(PlayerId player, Action action) {
  if (player == kChance && phase_ == Phase::RollDie) {  // most steps: kept apart from the switch's frame
    on_die(action - kDieBase);
    return;
  }
  if (player == kChance)
    apply_chance(action);
  else
    apply_decision(player, action);
}

void ScrapRacerState::apply_chance(Action action) {
  switch (phase_) {
    case Phase::Deal: deal_dashboard(action); return;
    case Phase::ChooseStart: choose_start_player(action); return;
    case Phase::RollDie: on_die(action - kDieBase); return;
    case Phase::Fight: roll_fight(action); return;
    case Phase::CrashDraw: draw_crash_card(action); return;
    case Phase::CrashDie: roll_crash_backwards(action); return;
    case Phase::CrashTwoDice: roll_crash_two_dice(action); return;
    case Phase::BonusDraw: draw_bonus_card(action); return;
    case Phase::GoalDraw: draw_goal_card(action); return;
    case Phase::BoostReveal: reveal_boost(action); return;
    default: return;
  }
}

void ScrapRacerState::apply_decision(PlayerId player, Action action) {
  switch (phase_) {
    case Phase::ChooseFirst: choose_first_racer(player, action); return;
    case Phase::AfterDie: die_decision(action); return;
    case Phase::MoveBefore:
      if (action == kAdvance) {
        move_dice();
        return;
      }
      play_bonus(action - kPlayBase);
      if (any_bonus_playable()) return;  // still in MoveBefore
      move_dice();
      return;
    case Phase::MoveAfter:
      if (action == kEndMove) {
        end_step_one();
        return;
      }
      play_bonus(action - kPlayBase);
      offer_after_move();
      return;
    case Phase::FightChoose: choose_fight_winner(action); return;
    default: return;
  }
}

// --- arranging positions (tests and puzzles) ------------------------------

void ScrapRacerState::test_set_distance(int r, int distance) {
  const int laps = track().laps_of(distance);
  dist_[r] = static_cast<std::int16_t>(distance);
  laps_before_[r] = static_cast<std::uint8_t>(laps);
  laps_[r] = static_cast<std::uint8_t>(std::min(laps, kLaps));
}

void ScrapRacerState::test_set_laps(int r, int laps) {
  laps_[r] = static_cast<std::uint8_t>(laps);
}

void ScrapRacerState::test_set_boost(int r, BoostKind k, int count) {
  auto& held = boosts_[r][k];
  boost_supply_ = static_cast<std::int8_t>(boost_supply_ - (count - held));
  held = static_cast<std::uint8_t>(count);
}

void ScrapRacerState::test_set_bonus_card(PlayerId p, const std::string& id) {
  for (int k = 0; k < data().bonus.size(); ++k)
    if (data().bonus[k].id == id && bonus_deck_.take(static_cast<int>(k))) {
      hand_[p].add(static_cast<int>(k));
      return;
    }
}

void ScrapRacerState::test_set_bonus_markers(int r, int count) {
  auto& held = markers_[r];
  bonus_supply_ = static_cast<std::int8_t>(bonus_supply_ - (count - held));
  held = static_cast<std::uint8_t>(count);
}

void ScrapRacerState::test_set_boost_space(int space, bool marker) {
  auto& on = boost_on_[space];
  if (on == marker) return;
  boost_supply_ = static_cast<std::int8_t>(boost_supply_ + (marker ? -1 : 1));
  on = marker;
}

}  // namespace rt::scrap_racer
