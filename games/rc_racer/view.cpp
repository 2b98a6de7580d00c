// Draws RC Racer on a Canvas: the track lane by lane (the race runs to the
// right; Blue edge on top, Red below), cars as seat letters, the finish line,
// a player table, and a controller with rows 2-3 marked and the path its
// program would drive previewed on the track.
#include <algorithm>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/rc_racer/game.h"
#include "games/rc_racer/presenter.h"

namespace rt::rc_racer {
namespace {

constexpr int kTrackX = 4;  // first track column

const Color kSeatColour[kMaxPlayers] = {Color::Yellow, Color::Cyan, Color::Magenta, Color::Green};

char cell_glyph(Cell c) {
  switch (c) {
    case Cell::Floor: return '.';
    case Cell::Obstacle: return 'X';
    case Cell::Impassable: return '#';
    case Cell::Water: return '~';
    case Cell::Carpet: return ':';
    case Cell::Grass: return ',';
    case Cell::Speeder: return '^';
  }
  return '?';
}

Style cell_style(Cell c) {
  switch (c) {
    case Cell::Obstacle: return Style{Color::Red, Color::Default, attr::kBold};
    case Cell::Impassable: return Style{Color::White, Color::Default, attr::kDim};
    case Cell::Water: return Style{Color::Blue, Color::Default, attr::kBold};
    case Cell::Carpet: return Style{Color::Magenta, Color::Default, attr::kNone};
    case Cell::Grass: return Style{Color::Green, Color::Default, attr::kNone};
    case Cell::Speeder: return Style{Color::Yellow, Color::Default, attr::kBold};
    default: return Style{Color::Default, Color::Default, attr::kDim};
  }
}

// What one picture shows: the State as it is, or a picture of its race
// phase (the cars as they stood after one command of the last step, that
// command's player active), read like the State itself.
struct Picture {
  const RcRacerState& s;
  const PerPlayer<Car, kMaxPlayers>& cars;
  Phase phase;
  PlayerId active;

  const Car& car(PlayerId p) const { return cars[p]; }
  int place_of(PlayerId p) const { return s.place_of(p, cars); }
};

const char* phase_title(const Picture& pic) {
  const RcRacerState& s = pic.s;
  switch (pic.phase) {
    case Phase::StartSide:
    case Phase::DrawBoard:
    case Phase::FinishSide: return "Setup: building the track";
    case Phase::ChooseCar: return "Setup: choosing Racecars";
    case Phase::PlaceCar: return "Setup: starting positions";
    case Phase::Scramble: return "Reset: scrambling the controllers";
    case Phase::Programming:
      return s.real_time() ? "Programming (real time)" : "Programming (counted slides)";
    case Phase::BirdFly:
    case Phase::Shield: return "Race phase";
    case Phase::Over: return "The race is over";
  }
  return "";
}

// The column of a track row (one extra column for the finish line).
int column_of(const Track& t, int row) {
  return kTrackX + row + (row >= t.line_row ? 1 : 0);
}

const Style kBold{Color::Default, Color::Default, attr::kBold};
const Style kDim{Color::Default, Color::Default, attr::kDim};

// Whose controller to show: the viewer's, else the acting or active player's.
PlayerId controller_shown(const Picture& pic, const ViewContext& ctx) {
  const RcRacerState& s = pic.s;
  const int n = s.num_players();
  PlayerId shown = ctx.viewer >= 0 && ctx.viewer < n ? ctx.viewer : pic.active;
  if (shown < 0 && pic.phase == Phase::Programming)
    for (PlayerId p = 0; p < n && shown < 0; ++p)
      if (s.racing(p) && !s.done(p)) shown = p;
  return shown < 0 ? 0 : shown;
}

// The path the shown controller's program would drive, while programming.
struct PathPreview {
  bool on = false;
  Trail trail;
  Race sim;  // the race after the program ran
};

PathPreview preview_path(const Picture& pic, PlayerId shown) {
  const RcRacerState& s = pic.s;
  PathPreview out;
  out.sim = s.race();
  out.sim.cars = pic.cars;
  if (s.boards_laid() > 0 && s.track().rows > 0 && pic.car(shown).placed() &&
      pic.phase == Phase::Programming && s.racing(shown)) {
    out.on = true;
    out.sim.trail = &out.trail;
    TurnCtx tc;
    for (int step = 0; step < kProgram; ++step)
      if (const TileKind* k = s.program_step(shown, step)) out.sim.run_command(shown, *k, tc, nullptr);
    out.sim.trail = nullptr;
  }
  return out;
}

// Board names above the track, the lanes between the Blue and Red edges,
// the starting spaces while cars are placed, the finish line.
void draw_lanes(Canvas& c, const Picture& pic) {
  const RcRacerState& s = pic.s;
  const Data& d = s.data();
  const Track& t = s.track();
  for (int seg = 0; seg < t.segments; ++seg) {
    const BoardSide& b = d.side(t.refs[seg]);
    std::string code = b.code;
    if (code.rfind("start-", 0) == 0) code = "S" + code.substr(6);
    if (code.rfind("finish-", 0) == 0) code = "F" + code.substr(7);
    c.text(column_of(t, t.first_row[seg]), 1, code, kDim);
  }
  c.put(column_of(t, t.line_row) - 1, 1, U'|', kBold);
  const int right = column_of(t, t.rows - 1);
  c.text(0, 2, "Blu", Style{Color::Blue, Color::Default, attr::kBold});
  c.text(0, 3 + kLanes, "Red", Style{Color::Red, Color::Default, attr::kBold});
  c.hline(kTrackX, 2, right - kTrackX + 1, Style{Color::Blue});
  c.hline(kTrackX, 3 + kLanes, right - kTrackX + 1, Style{Color::Red});
  for (int lane = 0; lane < kLanes; ++lane) {
    const int y = 3 + lane;
    c.text(0, y, fmt::format("{}", lane + 1), kDim);
    for (int row = 0; row < t.rows; ++row) {
      const Cell cell = t.at(lane, row);
      char ch = cell_glyph(cell);
      if (row < t.start_rows)
        for (int slot = 0; slot < kMaxPlayers; ++slot)
          if (t.slot_lane[slot] == lane && t.slot_row[slot] == row && pic.phase <= Phase::PlaceCar)
            ch = static_cast<char>('1' + slot);
      c.put(column_of(t, row), y, static_cast<char32_t>(ch), cell_style(cell));
    }
    c.put(column_of(t, t.line_row) - 1, y, c.glyphs().v, kBold);
  }
}

// The program's path: '*' on each space it passes, '@' where it ends.
void draw_path(Canvas& c, const Track& t, const PathPreview& preview, PlayerId shown, bool styled) {
  const Trail& trail = preview.trail;
  for (int i = 0; i < trail.size; ++i) {
    const int x = column_of(t, trail.row[i]);
    const int y = 3 + trail.lane[i];
    const Cell cell = t.at(trail.lane[i], trail.row[i]);
    // Over grass, water or a speeder the terrain stays visible in colour;
    // in plain text the path is a '*' on every space it passes.
    if (cell == Cell::Floor || !styled)
      c.put(x, y, U'*', Style{kSeatColour[shown], Color::Default, attr::kBold});
    else
      c.restyle(x, y, 1, Style{cell_style(cell).fg, Color::Default, attr::kReverse});
  }
  const Car& end = preview.sim.cars[shown];
  c.put(column_of(t, end.row), 3 + end.lane, U'@',
        Style{kSeatColour[shown], Color::Default, attr::kBold | attr::kReverse});
}

// The cars as seat letters ('&' where two share a space).
void draw_cars(Canvas& c, const Picture& pic) {
  const Track& t = pic.s.track();
  const int n = pic.s.num_players();
  for (PlayerId p = 0; p < n; ++p) {
    const Car& cr = pic.car(p);
    if (!cr.placed()) continue;
    int here = 0;
    for (PlayerId q = 0; q < n; ++q)
      if (pic.car(q).lane == cr.lane && pic.car(q).row == cr.row) ++here;
    const char letter = here > 1 ? '&' : static_cast<char>((cr.down ? 'a' : 'A') + p);
    c.put(column_of(t, cr.row), 3 + cr.lane, static_cast<char32_t>(letter),
          Style{kSeatColour[p], Color::Default,
                static_cast<std::uint8_t>(attr::kBold | (p == pic.active ? attr::kReverse : 0))});
  }
}

void draw_track(Canvas& c, const Picture& pic, const ViewContext& ctx, PlayerId shown,
                const PathPreview& preview) {
  const Track& t = pic.s.track();
  draw_lanes(c, pic);
  if (preview.on) draw_path(c, t, preview, shown, ctx.styled);
  draw_cars(c, pic);
  c.text(0, 4 + kLanes, "X obstacle # impassable ~ water : carpet , grass ^ speeder A-D cars a-d down", kDim);
  // While cars are placed, the digits on the grid: right of its edge
  // (no controller is drawn there yet). The path's '*' and '@' are
  // explained beside the controller.
  const int right = column_of(t, t.rows - 1);
  if (pic.phase <= Phase::PlaceCar && c.width() - right - 3 >= 19)
    c.text(right + 3, 2, "1-4 starting spaces", kDim);
}

// The Racecars while they are chosen: names in two columns, no taller than
// the player table that follows, so the prompt below keeps its rows; the
// options spell out each power.
void draw_racecar_choice(Canvas& c, const Picture& pic, SeatLabels& seats, int y) {
  const RcRacerState& s = pic.s;
  const Data& d = s.data();
  c.text(0, y++, "Racecars (x: taken; each power is in the options below):", kBold);
  const int per_column = (d.racecars.size() + 1) / 2;
  for (int r = 0; r < d.racecars.size(); ++r) {
    const bool taken = s.car_taken(r);
    std::string who;
    for (PlayerId p = 0; p < s.num_players() && taken; ++p)
      if (pic.car(p).racer == r) who = " (" + seats(p, s.name(p)) + ")";
    c.text(r / per_column * 40, y + r % per_column,
           fmt::format("{} {}{}", taken ? "x" : "-", d.racecars[r].name, who), taken ? kDim : kBold, 39);
  }
}

// What a player's Status column says: lying down, slippery, sliding or
// done, past the line.
std::string car_status(const Picture& pic, PlayerId p) {
  const RcRacerState& s = pic.s;
  const Car& cr = pic.car(p);
  std::string status;
  if (cr.down)
    status = "lying down";
  else if (s.race().slippery == p)
    status = "slippery";
  if (pic.phase == Phase::Programming && s.racing(p))
    status += (status.empty() ? "" : ", ") +
              (s.done(p) ? fmt::format("done ({})", s.slides(p)) : fmt::format("sliding ({})", s.slides(p)));
  if (cr.placed() && cr.row >= s.track().line_row)
    status += (status.empty() ? "" : ", ") + std::string("past the line");
  return status;
}

// The player table from row y; returns the row below it.
int draw_players(Canvas& c, const Picture& pic, SeatLabels& seats, int y) {
  const RcRacerState& s = pic.s;
  const Data& d = s.data();
  const Phase phase = pic.phase;
  c.text(0, y++, "   Player       Racecar        Batt Shld Smile  Place  Status (slides)", kBold);
  for (PlayerId p = 0; p < s.num_players() && y < c.height(); ++p, ++y) {
    const Car& cr = pic.car(p);
    const bool acting = p == pic.active || (phase == Phase::Programming && s.racing(p) && !s.done(p)) ||
                        (phase == Phase::ChooseCar && p == s.chooser()) ||
                        (phase == Phase::PlaceCar && p == s.placer());
    const Style st = acting ? kBold : Style{};
    c.put(0, y, acting ? c.glyphs().arrow_r : U' ', st);
    c.put(1, y, static_cast<char32_t>('A' + p), Style{kSeatColour[p], Color::Default, attr::kBold});
    c.text(3, y, seats(p, s.name(p), 12), st, 12);
    c.text(16, y, cr.racer < d.racecars.size() ? d.racecars[cr.racer].name : "-", st, 14);
    std::string batt;
    for (int b = 0; b < d.batteries; ++b)
      batt += b < cr.batteries ? (c.unicode() ? "■" : "#") : (c.unicode() ? "□" : ".");
    c.text(31, y, batt, Style{cr.batteries <= 1 ? Color::Red : Color::Green, Color::Default, attr::kNone});
    c.text(36, y, fmt::format("{}", cr.shields), st);
    c.text(41, y, s.smile(p) >= 0 ? d.smile_name(s.smile(p), s.racing_count()) : "-", st);
    c.text(
        48, y,
        s.finish_place(p) > 0 ? fmt::format("fin {}", s.finish_place(p)) : fmt::format("{}", pic.place_of(p)),
        st);
    c.text(55, y, car_status(pic, p), st, c.width() - 55);
  }
  return y;
}

// The shown controller (rows 2 and 3 run), beside the track on a wide
// screen or below the player table (from row y); under it the path's
// legend and the contest clock.
void draw_controller(Canvas& c, const Picture& pic, const ViewContext& ctx, SeatLabels& seats, PlayerId shown,
                     const PathPreview& preview, int y) {
  const RcRacerState& s = pic.s;
  const Data& d = s.data();
  const bool side = c.width() >= 80;
  const int cx = side ? 54 : 0;
  int cy = side ? 1 : y + 1;
  const bool clock = pic.phase == Phase::Programming && s.real_time();
  if (!side && cy + 7 + (clock ? 1 : 0) > c.height()) return;
  if (seats.computer(shown)) {
    // A computer's controller (a watcher's view): its marked name takes the
    // slides' place, which the player table's Status column says too.
    const std::string title = "'s controller";
    c.text(cx, cy++, seats(shown, s.name(shown), 26 - utf8_length(title)) + title, kBold, 26);
  } else {
    c.text(cx, cy++, fmt::format("{}'s controller", s.name(shown)), kBold, 16);
    c.text(cx + 17, cy - 1, fmt::format("{} slide{}", s.slides(shown), s.slides(shown) == 1 ? "" : "s"), kDim,
           9);
  }
  const Grid& gr = s.grid(shown);
  for (int r = 0; r < 4; ++r, ++cy) {
    const bool runs = r == 1 || r == 2;
    c.text(cx, cy, runs ? fmt::format("{}{}", r + 1, c.unicode() ? "▶" : ">") : fmt::format("{} ", r + 1),
           runs ? kBold : kDim);
    for (int col = 0; col < 4; ++col) {
      const std::uint8_t tile = gr[r * 4 + col];
      // The gap is named: arrow keys move the tiles beside it.
      const std::string label = tile == kGap ? std::string("[gap]") : d.kind_of_tile(tile).short_name;
      const Style st = runs ? Style{Color::Default, Color::Default, attr::kBold | attr::kUnderline} : kDim;
      c.text(cx + 2 + col * 6, cy, fmt::format("{:<5}", label), tile == kGap ? kDim : st);
    }
  }
  if (preview.on) {
    const Car& a = pic.car(shown);
    const Car& b = preview.sim.cars[shown];
    const int lost = a.batteries + a.shields - b.batteries - b.shields;
    std::string energy;
    if (lost > 0) energy = fmt::format(", -{} energy", lost);
    if (lost < 0) energy = fmt::format(", +{} energy", -lost);
    // The board's '*' and '@', where the program ends, and what it costs:
    // two lines whatever the program, so every seat's view keeps one layout.
    const Style seat{kSeatColour[shown], Color::Default, attr::kBold};
    c.text(cx, cy++, fmt::format("* path, @ end: column {}", b.row + 1), seat, 26);
    c.text(cx, cy++, energy.empty() ? std::string("energy: no change") : energy.substr(2) + " on the way",
           seat, 26);
  }
  if (clock) {
    // The contest clock, and the countdown once only one player is left.
    const Tick now = std::max(ctx.now, s.contest_open());
    if (s.countdown_from() != kNoDeadline) {
      const Tick end = s.deadline();
      const Tick left = now < end ? end - now : 0;
      c.text(cx, cy++, fmt::format("COUNTDOWN {}.{} s", left / 1000, left % 1000 / 100),
             Style{Color::Red, Color::Default, attr::kBold | attr::kReverse}, 26);
    } else {
      const Tick run = now - s.contest_open();
      c.text(cx, cy++, fmt::format("clock {}.{} s", run / 1000, run % 1000 / 100), kDim, 26);
    }
  }
}

// The board as a picture shows it: header, track, then the Racecars being
// chosen or the player table and the shown controller.
void draw_picture(Canvas& c, const Picture& pic, const ViewContext& ctx) {
  const RcRacerState& s = pic.s;
  const char* dot = c.unicode() ? " · " : " - ";
  std::string head = fmt::format("RC Racer{}{}", dot, phase_title(pic));
  if (s.round() > 0) head += fmt::format("{}round {}", dot, s.round());
  SeatLabels seats(ctx.computers);
  if (pic.active >= 0) head += fmt::format("{}{}'s turn", dot, seats(pic.active, s.name(pic.active)));
  c.text(0, 0, head, kBold);

  const PlayerId shown = controller_shown(pic, ctx);
  const PathPreview preview = preview_path(pic, shown);
  if (s.track().rows > 0) draw_track(c, pic, ctx, shown, preview);

  const int y = 5 + kLanes;
  if (pic.phase == Phase::ChooseCar) {
    draw_racecar_choice(c, pic, seats, y);
  } else {
    const int below = draw_players(c, pic, seats, y);
    if (pic.phase >= Phase::Scramble && pic.car(shown).placed())
      draw_controller(c, pic, ctx, seats, shown, preview, below);
  }
  seats.draw_key(c);
}

}  // namespace

void RcRacerPresenter::view(const State& state, Canvas& c, const ViewContext& ctx) const {
  const RcRacerState& s = game_state(state);
  const auto& frames = s.race_frames();
  if (ctx.frame < 0 || ctx.frame >= frames.size()) {
    draw_picture(c, Picture{s, s.race().cars, s.phase(), s.active()}, ctx);
    return;
  }
  // A picture of the race phase: the cars as they were after one command,
  // titled "Race phase" without the programming preview.
  const RcRacerState::RaceFrame& f = frames[ctx.frame];
  draw_picture(c, Picture{s, f.cars, Phase::Shield, f.player}, ctx);
  const char* dot = c.unicode() ? " · " : " - ";
  c.fill(0, 0, c.width(), 1, U' ');  // the header's row, blank
  const std::string caption =
      f.player >= 0 ? SeatLabels(ctx.computers).sentence(f.caption, f.player, s.name(f.player)) : f.caption;
  c.text(0, 0, fmt::format("Race phase{}round {}{}{}", dot, f.round, dot, caption), kBold);
}

int RcRacerPresenter::view_frames(const State& state) const {
  return game_state(state).race_frames().size();
}

}  // namespace rt::rc_racer
