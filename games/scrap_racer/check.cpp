// Every field for tests, the conservation checks, and hidden bonus cards.
#include <fmt/format.h>

#include "core/rng.h"
#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

namespace rt::scrap_racer {
namespace {

template <int N>
std::string pool_text(const CardPool<N>& pool, int kinds) {
  std::string s;
  for (int k = 0; k < kinds; ++k) s += fmt::format("{}{}", k ? "," : "", pool.count(k));
  return s;
}

}  // namespace

std::string ScrapRacerState::debug_string() const {
  const Data& d = data();
  const int nb = d.bonus.size();
  const int nc = d.crash.size();
  const int ng = d.goals.size();
  std::string s = fmt::format(
      "phase={} teams={} racers={} deal_next={} start={} cur={} turns={} ending={} now={}\n"
      "turn: dice=[",
      static_cast<int>(phase_), teams_, n_racers_, deal_next_, start_player_, cur_, turns_, ending_, now());
  for (int i = 0; i < n_dice_; ++i) s += fmt::format("{}{}", i ? " " : "", dice_[i]);
  s += fmt::format(
      "] rerolling={} crash_turn={} dice_moved={} move_total={} move_from={} fight={},{} crash_pile={} "
      "crash_card={} goal_for={} bonus_for={} reveal_for={} refill_next={} next={},{},{} last={},{}\n",
      rerolling_, crash_turn_, dice_moved_, move_total_, move_from_, fight_a_, fight_b_, crash_pile_,
      crash_card_, goal_for_, bonus_for_, reveal_for_, refill_next_, static_cast<int>(fights_next_),
      static_cast<int>(bonus_next_), static_cast<int>(reveal_next_), last_crash_, last_goal_);
  s += "seq:";
  for (int k = 0; k < n_racers_; ++k) s += fmt::format(" {}", seq_[k]);
  s += " fixed:";
  for (int p = 0; p < num_players(); ++p) s += order_fixed_[p] ? "1" : "0";
  s += "\n";
  for (int r = 0; r < n_racers_; ++r) {
    const auto i = static_cast<std::size_t>(r);
    s += fmt::format("R{} kind={} owner={} dist={} laps={} laps_before={} markers={} boosts={},{},{}\n", r,
                     kind_[i], owner_[i], dist_[i], laps_[i], laps_before_[i], markers_[i], boosts_[i][0],
                     boosts_[i][1], boosts_[i][2]);
  }
  for (int p = 0; p < num_players(); ++p) s += fmt::format("P{} hand={}\n", p + 1, pool_text(hand_[p], nb));
  for (int p = 0; p < kPiles; ++p)
    s += fmt::format("crash{} deck={} discard={}\n", p, pool_text(crash_deck_[p], nc),
                     pool_text(crash_discard_[p], nc));
  s += fmt::format("goal deck={} discard={}\nbonus deck={} discard={}\n", pool_text(goal_deck_, ng),
                   pool_text(goal_discard_, ng), pool_text(bonus_deck_, nb), pool_text(bonus_discard_, nb));
  s += "boost spaces:";
  for (int sp = 0; sp < track().length; ++sp)
    if (boost_on_[sp]) s += fmt::format(" {}", sp);
  s += fmt::format(" supply={} used={},{},{} bonus_supply={}\n", boost_supply_, boost_used_[0],
                   boost_used_[1], boost_used_[2], bonus_supply_);
  return s;
}

std::string ScrapRacerState::check_invariants() const {
  const Data& d = data();
  const Track& t = track();
  // Racers: dealt once each, legal positions, lap markers match crossings.
  int laps_held = 0;
  for (int r = 0; r < n_racers_; ++r) {
    const auto i = static_cast<std::size_t>(r);
    if (r < deal_next_ && (kind_[i] < 0 || find_racer_kind(kind_[i]) != r))
      return fmt::format("racer {} has no dashboard or a duplicate", r);
    if (dist_[i] < 0) return fmt::format("racer {} is at distance {}", r, dist_[i]);
    if (laps_[i] > kLaps || laps_[i] > t.laps_of(dist_[i]))
      return fmt::format("racer {} holds {} lap markers after {} laps", r, laps_[i], t.laps_of(dist_[i]));
    laps_held += laps_[i];
    if (r < deal_next_ && markers_[i] >= marker_threshold(r))
      return fmt::format("racer {} kept {} bonus markers", r, markers_[i]);
  }
  if (laps_held > d.lap_markers) return "more lap markers held than exist";
  // No two racers share a space once a turn's movement is over.
  const bool at_rest = phase_ == Phase::RollDie || phase_ == Phase::AfterDie ||
                       phase_ == Phase::ChooseFirst || phase_ == Phase::Over;
  if (at_rest) {
    IndexArray<int, kMaxRacers> here{};
    for (int r = 0; r < n_racers_; ++r)
      if (on_track(r) && racers_on(t.space_of(distance(r)), here) > 1)
        return fmt::format("racers share space {} after the fights", t.space_of(distance(r)) + 1);
  }
  if (phase_ == Phase::Over) {
    bool three = false;
    for (int r = 0; r < n_racers_; ++r) three = three || laps_[r] == kLaps;
    if (!three) return "the race ended without a racer on three laps";
  }
  // Dice: all different but (maybe) the last.
  if (n_dice_ > kDice) return "more than six dice";
  for (int i = 0; i + 1 < n_dice_; ++i)
    for (int j = i + 1; j + 1 < n_dice_; ++j)
      if (dice_[i] == dice_[j]) return "a double was kept";
  // Bonus markers.
  int markers = bonus_supply_;
  for (int r = 0; r < n_racers_; ++r) markers += markers_[r];
  if (markers != d.bonus_markers) return fmt::format("{} bonus markers, not {}", markers, d.bonus_markers);
  // Bonus cards.
  for (int k = 0; k < d.bonus.size(); ++k) {
    int n = bonus_deck_.count(k) + bonus_discard_.count(k);
    for (int p = 0; p < num_players(); ++p) n += hand_[p].count(k);
    if (n != d.bonus[k].copies) return fmt::format("bonus card {}: {} copies", d.bonus[k].id, n);
  }
  // Goal cards; the deck never runs out (each racer draws at most two).
  for (int k = 0; k < d.goals.size(); ++k)
    if (goal_deck_.count(k) + goal_discard_.count(k) != d.goals[k].copies)
      return fmt::format("goal card {} not conserved", d.goals[k].id);
  if (goal_deck_.empty()) return "the goal deck ran out";
  // Crash cards: each in its pile's deck, its discard pile, or in play.
  for (int k = 0; k < d.crash.size(); ++k) {
    const auto pile = static_cast<std::size_t>(d.crash[k].pile);
    const int n = crash_deck_[pile].count(k) + crash_discard_[pile].count(k) + (crash_card_ == k ? 1 : 0);
    if (n != d.crash[k].copies)
      return fmt::format("crash card {} (pile {}): {} copies", d.crash[k].id,
                         Data::pile_name(static_cast<int>(pile)), n);
  }
  for (int p = 0; p < kPiles; ++p)
    if (crash_deck_[p].empty() && !(crash_card_ >= 0 && crash_pile_ == p))
      return fmt::format("crash pile {} is empty", Data::pile_name(p));
  // Boost markers: face down (on Boost spaces or in the supply) are exactly those not yet seen.
  int face_down = boost_supply_ + (phase_ == Phase::BoostReveal ? 1 : 0);  // one being turned over
  for (int s = 0; s < kMaxSpaces; ++s) {
    if (!boost_on_[s]) continue;
    if (s >= t.length || !t.boost[s]) return fmt::format("a Boost marker on space {}", s + 1);
    ++face_down;
  }
  int unseen = 0;
  for (int k = 0; k < kBoostKinds; ++k) {
    int n = d.boost_copies[k] - boost_used_[k];
    for (int r = 0; r < n_racers_; ++r) n -= boosts_[r][k];
    if (n < 0) return fmt::format("too many {} markers", Data::boost_name(k));
    unseen += n;
  }
  if (boost_supply_ < 0 || face_down != unseen)
    return fmt::format("{} face-down Boost markers but {} unseen", face_down, unseen);
  return {};
}

void ScrapRacerState::determinize(PlayerId viewer, Rng& rng) {
  // Hidden: the bonus cards in other players' hands and the bonus deck.
  IndexVector<int, std::uint8_t> pool;
  const int nb = data().bonus.size();
  for (int k = 0; k < nb; ++k)
    for (int c = 0; c < bonus_deck_.count(k); ++c) pool.push_back(static_cast<std::uint8_t>(k));
  PerPlayer<int, kMaxPlayers> sizes{};
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    auto& h = hand_[p];
    sizes[p] = h.total();
    for (int k = 0; k < nb; ++k)
      for (int c = 0; c < h.count(k); ++c) pool.push_back(static_cast<std::uint8_t>(k));
    h.clear();
  }
  rng.shuffle(std::span<std::uint8_t>(pool));
  int next = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    for (int c = 0; c < sizes[p]; ++c) hand_[p].add(pool[next++]);
  bonus_deck_.clear();
  for (; next < pool.size(); ++next) bonus_deck_.add(pool[next]);
}

}  // namespace rt::scrap_racer
