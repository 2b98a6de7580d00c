// Text forms (actions), the debug dump and the invariants.
#include <fmt/format.h>

#include "games/rc_racer/game.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

std::string RcRacerState::action_text(PlayerId player, Action a) const {
  const Data& d = data();
  if (player == kClock) return "time";
  if (player == kChance) {
    if (a >= kScrambleBase) return fmt::format("scramble {}", dir_word(static_cast<Dir>(a - kScrambleBase)));
    if (a >= kFinishSideBase) return a == kFinishSideBase ? "finish A" : "finish B";
    if (a >= kBoardBase)
      return "board " + d.side(d.track_ref((a - kBoardBase) / 2, (a - kBoardBase) % 2)).code;
    return a == kStartSideBase ? "start A" : "start B";
  }
  if (a == kDone) return "done";
  if (a == kStay) return "stay";
  if (a == kShieldUse) return "shield";
  if (a == kShieldStop) return "stop";
  if (a >= kFlyBase) return fmt::format("fly {}", a - kFlyBase + 1);
  if (a >= kStartBase) return fmt::format("start {}", a - kStartBase + 1);
  if (a >= kCarBase) {
    const int i = a - kCarBase;
    return i < d.racecars.size() ? d.racecars[i].id : fmt::format("car {}", i + 1);
  }
  const int k = a - kSlideBase;
  const int count = k % 3 + 1;
  return count == 1 ? std::string(dir_word(static_cast<Dir>(k / 3)))
                    : fmt::format("{} {}", dir_word(static_cast<Dir>(k / 3)), count);
}

std::string RcRacerState::debug_string() const {
  const Data& d = data();
  std::string s = fmt::format(
      "phase={} stage={} round={} now={} chooser={} placer={} taken={} scrambler={} scramble_left={} "
      "done_count={} contest={} open={} countdown={} turn_idx={} active={} racing={} finished={} called={}\n",
      static_cast<int>(phase_), static_cast<int>(stage_), round_, now(), chooser_, placer_, cars_taken_,
      scrambler_, scramble_left_, done_count_, contest_id_, contest_open_, countdown_from_, turn_idx_,
      active_, racing_count_, finished_, called_);
  s += fmt::format("turn: mod={} no_damage={} double={}\ntrack:", turn_.mod, turn_.no_damage,
                   turn_.double_damage);
  for (int i = 0; i < segs_; ++i) s += " " + d.side(refs_[i]).code;
  s += fmt::format(" boards_used={} wanted={} rows={} start_rows={} line={}\n", boards_used_, tracks_wanted_,
                   track().rows, track().start_rows, track().line_row);
  s += fmt::format("supply: shields={} slippery={}\n", race_.shield_supply, race_.slippery);
  for (PlayerId p = 0; p < num_players(); ++p) {
    const Car& c = car(p);
    s += fmt::format(
        "P{} racer={} lane={} row={} batt={} shields={} down={} slides={} done_order={} smile={} order={} "
        "finish={} last_scramble={} gap={} grid:",
        p + 1, c.racer, c.lane, c.row, c.batteries, c.shields, c.down, slides_[p], done_order_[p], smile_[p],
        order_[p], finish_place_[p], last_scramble_[p], gap_[p]);
    for (int i = 0; i < kCells; ++i) s += fmt::format(" {}", grid_[p][i]);
    s += "\n";
  }
  return s;
}

std::string RcRacerState::check_invariants() const {
  const Data& d = data();
  const int box = parity_class(d.layout);
  int held = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const Car& c = car(p);
    IndexArray<int, kCells> seen{};
    for (int i = 0; i < kCells; ++i) ++seen[grid_[p][i]];
    for (int i = 0; i < kCells; ++i)
      if (seen[i] != 1) return fmt::format("P{}'s controller holds tile {} {} times", p + 1, i, seen[i]);
    if (gap_cell(grid_[p]) != gap_[p]) return fmt::format("P{}'s gap is misplaced", p + 1);
    if (parity_class(grid_[p]) != box)
      return fmt::format("P{}'s controller cannot be solved by slides", p + 1);
    if (slides_[p] < 0 || slides_[p] > d.max_slides)
      return fmt::format("P{} made {} slides", p + 1, slides_[p]);
    if (c.batteries < 0 || c.batteries > d.batteries)
      return fmt::format("P{} has {} Batteries", p + 1, c.batteries);
    if (c.shields < 0) return fmt::format("P{} has {} Shields", p + 1, c.shields);
    held += c.shields;
    const bool setup = phase_ <= Phase::PlaceCar;
    if (c.placed()) {
      if (!track().inside(c.lane, c.row)) return fmt::format("P{} is off the track", p + 1);
      if (track().at(c.lane, c.row) == Cell::Impassable)
        return fmt::format("P{} is on an impassable space", p + 1);
      if (c.down && c.batteries >= d.batteries) return fmt::format("P{} lies down fully charged", p + 1);
      if (!c.down && c.batteries == 0) return fmt::format("P{} stands with no Battery", p + 1);
    } else if (!setup) {
      return fmt::format("P{} has no place on the track", p + 1);
    }
    if (!setup && c.racer >= d.racecars.size()) return fmt::format("P{} has no racecar", p + 1);
  }
  if (held + race_.shield_supply != d.shields)
    return fmt::format("{} Shields held and {} in the supply, not {}", held, race_.shield_supply, d.shields);
  if (race_.shield_supply < 0) return "the Shield supply is negative";
  if (race_.slippery >= 0 && race_.slippery != active_)
    return "the Slippery token is with a player whose turn it is not";
  if (phase_ == Phase::BirdFly || phase_ == Phase::Shield) {
    if (active_ < 0) return "nobody is taking a turn";
  } else if (race_.slippery >= 0) {
    return "the Slippery token is out of the supply between turns";
  }
  if (phase_ == Phase::Scramble &&
      scramble_key_ != scramble_key(gap_[scrambler_], last_scramble_[scrambler_]))
    return "the scramble's position disagrees with the controller";
  if (phase_ == Phase::Programming) {
    int done_seen = 0;
    for (PlayerId p = 0; p < num_players(); ++p) {
      done_seen += done(p) ? 1 : 0;
      const bool listed = (programming_ >> p & 1) != 0;
      if (listed != (racing(p) && !done(p)))
        return fmt::format("P{} is {} among those still programming", p + 1, listed ? "wrongly" : "missing");
    }
    if (done_seen != done_count_) return "the done count disagrees";
  }
  unsigned smiles = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int sm = smile(p);
    if (sm < 0) continue;
    if (sm >= num_players()) return fmt::format("P{} holds Smile rank {}", p + 1, sm);
    if (smiles >> sm & 1) return fmt::format("two players hold Smile rank {}", sm);
    smiles |= 1u << sm;
  }
  int finishers = 0;
  for (PlayerId p = 0; p < num_players(); ++p) finishers += finish_place_[p] > 0 ? 1 : 0;
  if (finishers != finished_) return "the finish places disagree";
  if (phase_ != Phase::Over && racing_count_ + finished_ != num_players()) return "racing cars miscounted";
  if (round_ > d.max_rounds) return "past the round limit";
  return {};
}

}  // namespace rt::rc_racer
