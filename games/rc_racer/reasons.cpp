// Why the RC Racer heuristic does what it does (Agent::reason), in the
// words of its own scoring (bots.cpp): a program's worth in rows, a car
// placed far ahead on a clear lane, a Shield used when it gains.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "games/rc_racer/bots.h"
#include "games/rc_racer/race.h"
#include "games/rc_racer/state.h"

namespace rt::rc_racer {

namespace {

Program program_of(const Data& d, const Grid& g) {
  Program p{};
  for (int i = 0; i < kProgram; ++i) {
    const std::uint8_t t = program_tile(g, i);
    p[i] = t == kGap ? nullptr : &d.kinds[d.tile_kind[t]];
  }
  return p;
}

// The clear spaces ahead of `row` in `lane`, as the bot counts them.
int clear_run(const Track& t, int lane, int row) {
  int k = 0;
  for (int r = row + 1; r < t.rows && k < 8; ++r, ++k) {
    const Cell c = t.at(lane, r);
    if (c == Cell::Obstacle || c == Cell::Impassable) break;
  }
  return k;
}

// What a program does for `me` if run now, in a newcomer's words: rows
// forward (or back), and the finish line.
std::string program_gain(const RcRacerState& s, PlayerId me, const Program& program) {
  Race r = s.race();
  const int from = r.cars[me].row;
  TurnCtx t;
  for (const TileKind* k : program)
    if (k) r.run_command(me, *k, t, nullptr);
  const Car& after = r.cars[me];
  if (after.row >= r.track.line_row) return "crosses the finish line";
  if (after.down) return "leaves it lying down, out of energy";
  const int rows = after.row - from;
  if (rows == 0) return "keeps it where it is";
  return fmt::format("{} {} {}", rows > 0 ? "gains" : "loses", std::abs(rows),
                     std::abs(rows) == 1 ? "row" : "rows");
}

}  // namespace

std::string RcRacerBot::reason(const State& base, PlayerId me, Action action) const {
  const auto& s = static_cast<const RcRacerState&>(base);
  const Data& d = s.data();
  switch (s.phase()) {
    case Phase::Programming: {
      if (action == kDone)
        return fmt::format("its program is set and {}", program_gain(s, me, program_of(d, s.grid(me))));
      // One line per plan, at its first slide: the rest follow it.
      if (planned_for_ != me || next_ != 1 || plan_.empty()) return {};
      // The plan was made for this grid; a contest's proposal may be applied
      // after a later decision replanned, so every slide is checked first.
      Grid g = s.grid(me);
      for (const Dir dir : plan_) {
        const int gap = gap_cell(g);
        if (slide_room(gap, dir) == 0) return {};
        slide(g, gap, dir, 1);
      }
      return fmt::format("plans {} slides to a program that {}", plan_.size(),
                         program_gain(s, me, program_of(d, g)));
    }
    case Phase::ChooseCar:
      if (level_ == BotLevel::Easy) return "any car will do for an easy computer";
      return "the car it rates best of those left";
    case Phase::PlaceCar: {
      if (level_ == BotLevel::Easy) return "any space will do for an easy computer";
      const int slot = action - kStartBase;
      const int run = clear_run(s.track(), s.track().slot_lane[slot], s.track().slot_row[slot]);
      return fmt::format("far ahead and central, {} clear spaces in front", run);
    }
    case Phase::BirdFly: {
      const int here = clear_run(s.track(), s.car(me).lane, s.car(me).row);
      if (action == kStay) return fmt::format("no lane beats its own: {} clear spaces ahead", here);
      return fmt::format("lane {} is clear further ahead than its own", action - kFlyBase + 1);
    }
    case Phase::Shield:
      if (action == kShieldUse) return "a Shield moves it 2 forward at no cost in energy";
      return "a Shield would gain nothing here without costing energy";
    default: return {};
  }
}

}  // namespace rt::rc_racer
