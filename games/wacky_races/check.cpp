// Every field for tests (debug_string), conservation checks, hidden-information
// sampling, and scenario set-up helpers for tests.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

std::string WackyState::debug_string() const {
  const Catalog& c = catalog();
  std::string s = fmt::format(
      "race={}/{} round={} over={} starting={} current={} chooser={} turns_done={} winner={} special={} "
      "specials_used={} now={}\n",
      race_, races_, round_, over_, starting_, current_, chooser_, turns_done_, winner_, special_,
      specials_used_, now());
  s += fmt::format("turn: played={} limit={} wild={} plus={} over={}\n", cards_played_, card_limit_,
                   wild_tile_, hand_plus_, turn_over_);
  for (int r = 0; r < kField; ++r)
    s += fmt::format("slot{} team={} owner={} pos={} points={} wins={} seconds={}\n", r, team_[r], owner_[r],
                     pos_[r], points_[r], wins_[r], seconds_[r]);
  s += "tiles:";
  for (int p = 0; p < c.num_pos; ++p) s += fmt::format(" {}/{}/{}", tile_[p], trap_[p], peek_[p]);
  s += fmt::format("\ndastardly={} out={}\n", dast_, dast_out_);
  s += fmt::format("deck={} {} {} {} discard={} {} {} {} top={}\n", deck_[0], deck_[1], deck_[2], deck_[3],
                   disc_[0], disc_[1], disc_[2], disc_[3], top_);
  for (int p = 0; p < num_players(); ++p) {
    const auto& h = hand_[p];
    s += fmt::format("seat{} hand={} {} {} {} exhausted={} bridge={} mud={}\n", p, h[0], h[1], h[2], h[3],
                     exhausted_[p], bridge_[p], mud_[p]);
  }
  s += "traps deck/discard/box:";
  for (int k = 0; k < c.traps.size(); ++k)
    s += fmt::format(" {}/{}/{}", trap_deck_[k], trap_disc_[k], trap_box_[k]);
  s += fmt::format("\nstack({}):", depth_);
  for (int i = 0; i < depth_; ++i) {
    const Task& t = stack_[i];
    const auto& slot = t.slots();
    s += fmt::format(" [{} p{} w{} r{} slots{},{},{},{} res{} m{}]", static_cast<int>(t.kind),
                     static_cast<int>(t.purpose), t.who, t.racer, slot[0], slot[1], slot[2], slot[3],
                     t.result, t.mask);
  }
  s += "\n";
  return s;
}

std::string WackyState::check_invariants() const {
  const Catalog& c = catalog();
  const int n = num_players();
  // Every Movement card in exactly one place.
  for (int k = 0; k < kTerrains; ++k) {
    int total = deck(k) + discard(k);
    for (int p = 0; p < kField; ++p) total += hand_[p][k];
    if (total != c.cards_per_terrain)
      return fmt::format("{} cards: {} in play, not {}", c.terrains[k].name, total, c.cards_per_terrain);
  }
  for (int p = n; p < kField; ++p)
    if (hand_total(static_cast<PlayerId>(p)) != 0) return fmt::format("no seat {} but it holds cards", p + 1);
  if ((discard_total() == 0) != (top_ < 0)) return "the discard pile's top card disagrees with its contents";
  if (top_ >= 0 && discard(top_) == 0) return "the top of the discard pile is not in it";
  // Every Trap card in exactly one place.
  for (int k = 0; k < c.traps.size(); ++k) {
    int total = trap_deck_[k] + trap_disc_[k] + trap_box_[k];
    for (int p = 0; p < c.num_pos; ++p) total += trap_[p] == k;
    if (total != c.traps[k].copies)
      return fmt::format("{} Traps: {} in play, not {}", c.traps[k].name, total, c.traps[k].copies);
  }
  if (over_ && depth_ != 0) return "the game is over with tasks still pending";  // turn() relies on it
  if (turn_actions_valid_) {  // the cached list must be what the rules give now
    if (depth_ == 0 || top()->kind != TaskKind::TurnMain) return "a turn's action list outlived its turn";
    std::vector<Action> fresh;
    legal_turn(top()->who, fresh);
    if (!std::equal(fresh.begin(), fresh.end(), turn_actions_.begin(),
                    turn_actions_.begin() + turn_actions_size_) ||
        fresh.size() != turn_actions_size_)
      return "the turn's cached action list is stale";
  }
  for (int p = 0; p < c.num_pos; ++p) {
    int here = 0;
    for (int s = 0; s < kField; ++s) here += pos(s) == p;
    if (here != occupancy(p))
      return fmt::format("{} counts {} racers but holds {}", tile_name(p), occupancy(p), here);
  }
  for (int p = 0; p < c.num_pos; ++p)
    if ((p == swamp_pos_) != (is_special(p) && special_code(p) == SpecialCode::Swamp))
      return fmt::format("the Swamp is on {}, not where the course keeps it ({})", tile_name(p), swamp_pos_);
  if (depth_ < 0 || depth_ > kStackSize) return "task stack out of range";
  if (!over_ && depth_ == 0) return "nothing left to do but the race is not over";
  bool setting_up = false;
  for (int i = 0; i < depth_; ++i) setting_up = setting_up || stack_[i].kind == TaskKind::Setup;
  for (int p = 0; p < n; ++p)
    if (exhausted_[p] >> kPowers) return "a power mask has too many bits";
  if (setting_up) return {};
  // Racers: on the course, at most 2 per tile (1 per start space), any number on the Swamp.
  for (int s = 0; s < kField; ++s) {
    if (team_of(s) < 0) return fmt::format("slot {} has no racer", s);
    for (int o = 0; o < s; ++o)
      if (team_of(o) == team_of(s)) return "a team races twice";
    if (pos(s) < 0 || pos(s) >= c.num_pos) return fmt::format("{} is off the course", racer_name(s));
    if (pos(s) == c.finish_pos && winner_ < 0) return "a racer is on the Finish Line but nobody won";
  }
  for (int p = 0; p < c.num_pos; ++p)
    if (occupancy(p) > capacity(p)) return fmt::format("{} holds {} racers", tile_name(p), occupancy(p));
  // The course: the drawn tiles (swaps move them between the halves).
  int count[kTerrains] = {0, 0, 0, 0};
  int specials = 0;
  for (int p = c.first_begin; p < c.finish_pos; ++p) {
    if (p == c.gas_pos) continue;
    if (tile(p) >= 0 && tile(p) < kTerrains)
      ++count[tile(p)];
    else if (tile(p) == kSpecialBase + special_)
      ++specials;
    else
      return fmt::format("{} is not a course tile", tile_name(p));
  }
  for (int k = 0; k < kTerrains; ++k)
    if (count[k] != c.first_half[k] + c.second_half[k])
      return "the course does not hold the tiles it was drawn from";
  if (specials != 1) return "the course must hold exactly one Special tile";
  if (tile(c.gas_pos) != kGas || tile(c.finish_pos) != kFinish) return "the Gas Station or Finish Line moved";
  // No Trap lies under a racer, except one about to be set off.
  for (int p = 0; p < c.num_pos; ++p) {
    if (trap(p) < 0 || occupancy(p) == 0) continue;
    bool pending = false;
    for (int i = 0; i < depth_; ++i) {
      const Task& t = stack_[i];
      pending = pending || ((t.kind == TaskKind::TrapAt || t.kind == TaskKind::Trigger) && t.pos() == p);
    }
    if (!pending) return fmt::format("a Trap lies under a racer on {}", tile_name(p));
    if (trap(p) >= 0 && (is_start(p) || p == c.finish_pos)) return "a Trap off the course";
  }
  if (dast_ != -1 && (dast_ < c.first_begin || dast_ >= c.finish_pos))
    return fmt::format("Dastardly stands on {}", tile_name(dast_));
  if (winner_ < 0 && over_) return "the game is over without a winner";
  return {};
}

// --- hidden information -------------------------------------------------------

void WackyState::determinize(PlayerId viewer, Rng& rng) {
  turn_actions_valid_ = false;
  // Unknown to the viewer: the other hands, the deck order, face-down Traps it did not peek at.
  IndexVector<int, std::uint8_t> pool;
  for (int k = 0; k < kTerrains; ++k)
    for (int i = 0; i < deck(k); ++i) pool.push_back(static_cast<std::uint8_t>(k));
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    for (int k = 0; k < kTerrains; ++k)
      for (int i = 0; i < hand(p, k); ++i) pool.push_back(static_cast<std::uint8_t>(k));
  }
  rng.shuffle(std::span<std::uint8_t>(pool));
  int next = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer) continue;
    const int total = hand_total(p);
    hand_[p].fill(0);
    for (int i = 0; i < total; ++i) ++hand_[p][pool[next++]];
  }
  deck_.fill(0);
  for (; next < pool.size(); ++next) ++deck_[pool[next]];

  IndexVector<int, std::uint8_t> traps;
  for (int k = 0; k < trap_deck_.size(); ++k)
    for (int i = 0; i < trap_deck_[k]; ++i) traps.push_back(static_cast<std::uint8_t>(k));
  const int n = catalog().num_pos;
  for (int p = 0; p < n; ++p)
    if (trap(p) >= 0 && (viewer < 0 || !peeked(viewer, p)))
      traps.push_back(static_cast<std::uint8_t>(trap(p)));
  rng.shuffle(std::span<std::uint8_t>(traps));
  next = 0;
  for (int p = 0; p < n; ++p)
    if (trap(p) >= 0 && (viewer < 0 || !peeked(viewer, p)))
      trap_[p] = static_cast<std::int8_t>(traps[next++]);
  trap_deck_.fill(0);
  for (; next < traps.size(); ++next) ++trap_deck_[traps[next]];
}

// --- scenarios ------------------------------------------------------------------

void WackyState::test_set_position(int slot, int p) {
  turn_actions_valid_ = false;
  if (p < 0 || p >= catalog().num_pos) throw std::logic_error("test_set_position: off the course");
  place_racer(slot, p);
}

void WackyState::test_set_tile(int p, int kind) {
  turn_actions_valid_ = false;
  tile_[p] = static_cast<std::int8_t>(kind);
  note_tile(p);
  if (kind >= kSpecialBase) special_ = static_cast<std::int8_t>(kind - kSpecialBase);
}

void WackyState::test_set_hand(PlayerId seat, IndexArray<int, kTerrains> counts) {
  turn_actions_valid_ = false;
  auto& h = hand_[seat];
  for (int k = 0; k < kTerrains; ++k) {
    deck_[k] = static_cast<std::uint8_t>(deck_[k] + h[k]);
    h[k] = 0;
  }
  for (int k = 0; k < kTerrains; ++k) {
    if (deck(k) < counts[k]) throw std::logic_error("test_set_hand: not enough cards in the deck");
    deck_[k] = static_cast<std::uint8_t>(deck(k) - counts[k]);
    h[k] = static_cast<std::uint8_t>(counts[k]);
  }
}

void WackyState::put_trap(int p, int kind) {
  turn_actions_valid_ = false;
  if (trap_deck_[kind] == 0) throw std::logic_error("put_trap: none left in the Trap deck");
  if (trap(p) >= 0) ++trap_deck_[trap(p)];
  --trap_deck_[kind];
  trap_[p] = static_cast<std::int8_t>(kind);
}

void WackyState::discard_trap(int kind) {
  turn_actions_valid_ = false;
  if (trap_deck_[kind] == 0) throw std::logic_error("discard_trap: none left in the Trap deck");
  --trap_deck_[kind];
  ++trap_disc_[kind];
}

void WackyState::test_set_dastardly(int p, bool out) {
  turn_actions_valid_ = false;
  dast_ = static_cast<std::int8_t>(p);
  dast_out_ = out;
}

void WackyState::set_exhausted(PlayerId seat, int power, bool on) {
  turn_actions_valid_ = false;
  auto& m = exhausted_[seat];
  m = static_cast<std::uint8_t>(on ? (m | (1u << power)) : (m & ~(1u << power)));
}

void WackyState::test_set_discard_top(int terrain) {
  turn_actions_valid_ = false;
  if (deck(terrain) == 0) throw std::logic_error("test_set_discard_top: none left in the deck");
  --deck_[terrain];
  discard_card(terrain);
}

void WackyState::test_jump_to_turn(PlayerId seat, int done) {
  turn_actions_valid_ = false;
  depth_ = 0;
  turns_done_ = static_cast<std::int8_t>(done);
  start_turn(seat);
  settle();
}

}  // namespace rt::wacky_races
