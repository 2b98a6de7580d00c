// Menu labels: each option in words, a slide naming the tiles it moves and
// "done" the program it leaves.
#include <fmt/format.h>

#include "games/rc_racer/presenter.h"

namespace rt::rc_racer {
namespace {

const char* cell_word(Cell c) {
  switch (c) {
    case Cell::Floor: return "empty";
    case Cell::Obstacle: return "obstacle";
    case Cell::Impassable: return "impassable";
    case Cell::Water: return "water puddle";
    case Cell::Carpet: return "carpet";
    case Cell::Grass: return "grass";
    case Cell::Speeder: return "crayon speeder";
  }
  return "?";
}

// Whether everything the label would name for this action exists now.
bool label_in_range(const RcRacerState& s, PlayerId player, Action a) {
  const Data& d = s.data();
  if (a == kDone || a == kStay || a == kShieldUse || a == kShieldStop) return true;
  if (a >= kFlyBase && a < kFlyBase + kLanes) return s.track().inside(a - kFlyBase, s.car(player).row);
  if (a >= kStartBase && a < kStartBase + static_cast<Action>(s.track().slot_lane.size())) return true;
  if (a >= kCarBase && a < kCarBase + static_cast<Action>(d.racecars.size())) return true;
  if (a >= kSlideBase && a < kSlideBase + 12) {
    const int k = a - kSlideBase;
    return k % 3 + 1 <= slide_room(s.gap(player), static_cast<Dir>(k / 3));
  }
  return false;
}

}  // namespace

std::string RcRacerPresenter::action_label(const State& state, PlayerId player, Action a) const {
  const RcRacerState& s = game_state(state);
  const Data& d = s.data();
  // A label names the tiles, cars and spaces the action would use; one this
  // seat cannot take (a slide with no tile there, a car or space that does
  // not exist) gets its short text instead of reading past them.
  if (player < 0 || player >= s.num_players() || !label_in_range(s, player, a))
    return s.action_text(player, a);
  if (a == kDone) {
    std::string prog;
    for (int step = 0; step < kProgram; ++step) {
      const TileKind* t = s.program_step(player, step);
      prog += (step ? " " : "") + (t ? t->short_name : std::string("__"));
    }
    if (s.real_time())
      return fmt::format("Done! Take Smile {} — program: {}", d.smile_name(s.done_count(), s.racing_count()),
                         prog);
    return fmt::format("Done after {} slide{} — program: {}", s.slides(player),
                       s.slides(player) == 1 ? "" : "s", prog);
  }
  const Car& car = s.car(player);
  if (a == kStay) return fmt::format("Stay in lane {}", car.lane + 1);
  if (a == kShieldUse)
    return fmt::format("Use an Energy Shield: move 2 spaces forward ({} left after)", car.shields - 1);
  if (a == kShieldStop)
    return fmt::format("Stop: discard the remaining {} Shield{}", car.shields, car.shields == 1 ? "" : "s");
  if (a >= kFlyBase) {
    const int lane = a - kFlyBase;
    return fmt::format("Fly to lane {} ({})", lane + 1, cell_word(s.track().at(lane, car.row)));
  }
  if (a >= kStartBase) {
    const int slot = a - kStartBase;
    return fmt::format("Starting space {} ({})", slot + 1,
                       where(s.track().slot_lane[slot], s.track().slot_row[slot]));
  }
  if (a >= kCarBase) {
    const Racecar& r = d.racecars[a - kCarBase];
    return fmt::format("{}: {}", r.name, r.text);
  }
  const int k = a - kSlideBase;
  const auto dir = static_cast<Dir>(k / 3);
  const int count = k % 3 + 1;
  const int g = s.gap(player);
  std::string tiles;
  for (int i = count; i >= 1; --i) {
    const std::uint8_t t = s.grid(player)[picked_cell(g, dir, i)];
    tiles += (tiles.empty() ? "" : i == 1 ? " and " : ", ") + d.kind_of_tile(t).name;
  }
  return count == 1 ? fmt::format("Slide {} {}", tiles, dir_word(dir))
                    : fmt::format("Slide {} {} ({} tiles)", tiles, dir_word(dir), count);
}

}  // namespace rt::rc_racer
