// Draws RC Racer on a Canvas: the track lane by lane (the race runs to the
// right; Blue edge on top, Red below), cars as seat letters, the finish line,
// a player table, and a controller with rows 2-3 marked and the path its
// program would drive previewed on the track.
#include <algorithm>

#include <fmt/format.h>

#include "games/rc_racer/game.h"
#include "games/rc_racer/state.h"

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

const char* phase_title(const RcRacerState& s) {
  switch (s.phase()) {
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

}  // namespace

std::string RcRacerState::legend() const {
  return "The track runs to the right, lane 1 (Blue edge) on top to lane 5 (Red edge); above it, each "
         "board's "
         "code (S start, F finish) and | the finish line.\n"
         "  . floor  X obstacle  # impassable  ~ water  : carpet  , grass  ^ speeder\n"
         "  A-D: the players' cars (a-d: lying down; &: cars sharing a space); 1-4: starting spaces at "
         "set-up.\n"
         "  * the path your program would drive, @ where it ends.\n"
         "Players: Batt batteries, Shld energy shields, Smile the smile card, Place, Status (slides made).\n"
         "Controller: rows 2 and 3 (marked >) are the program run this round; [gap] is the empty space the "
         "tiles slide into.";
}

void RcRacerState::view(Canvas& c, const ViewContext& ctx) const {
  if (ctx.frame >= 0 && ctx.frame < static_cast<int>(frames_.size())) {
    // A picture of the race phase: the cars as they were after one command.
    const RaceFrame& f = frames_[static_cast<std::size_t>(ctx.frame)];
    RcRacerState then(*this);
    then.frames_.clear();
    then.race_.cars = f.cars;
    then.active_ = f.player;
    then.phase_ = Phase::Shield;  // "Race phase", no programming preview
    ViewContext plain = ctx;
    plain.frame = -1;
    then.view(c, plain);
    const char* dot = c.unicode() ? " · " : " - ";
    c.text(0, 0, std::string(static_cast<std::size_t>(std::max(0, c.width())), ' '));
    c.text(0, 0, fmt::format("Race phase{}round {}{}{}", dot, f.round, dot, f.caption),
           Style{Color::Default, Color::Default, attr::kBold});
    return;
  }
  const Data& d = data();
  const Track& t = track();
  const Glyphs& g = c.glyphs();
  const Style bold{Color::Default, Color::Default, attr::kBold};
  const Style dim{Color::Default, Color::Default, attr::kDim};
  const int n = num_players();

  const char* dot = c.unicode() ? " · " : " - ";
  std::string head = fmt::format("RC Racer{}{}", dot, phase_title(*this));
  if (round_ > 0) head += fmt::format("{}round {}", dot, round_);
  if (active_ >= 0) head += fmt::format("{}{}'s turn", dot, name(active_));
  c.text(0, 0, head, bold);

  // Whose controller to show: the viewer's, else the acting or active player's.
  PlayerId shown = ctx.viewer >= 0 && ctx.viewer < n ? ctx.viewer : active_;
  if (shown < 0 && phase_ == Phase::Programming)
    for (PlayerId p = 0; p < n && shown < 0; ++p)
      if (racing(p) && !done(p)) shown = p;
  if (shown < 0) shown = 0;

  // The path the shown controller's program would drive.
  Trail trail;
  bool preview = false;
  Race sim = race_;
  if (segs_ > 0 && t.rows > 0 && car(shown).placed() && phase_ == Phase::Programming && racing(shown)) {
    preview = true;
    sim.trail = &trail;
    TurnCtx tc;
    for (int s = 0; s < kProgram; ++s)
      if (const TileKind* k = program_step(shown, s)) sim.run_command(shown, *k, tc, nullptr);
    sim.trail = nullptr;
  }

  if (t.rows > 0) {
    // Board names above the track.
    for (int s = 0; s < t.segments; ++s) {
      const BoardSide& b = d.side(t.refs[static_cast<std::size_t>(s)]);
      std::string code = b.code;
      if (code.rfind("start-", 0) == 0) code = "S" + code.substr(6);
      if (code.rfind("finish-", 0) == 0) code = "F" + code.substr(7);
      c.text(column_of(t, t.first_row[static_cast<std::size_t>(s)]), 1, code, dim);
    }
    c.put(column_of(t, t.line_row) - 1, 1, U'|', bold);
    const int right = column_of(t, t.rows - 1);
    c.text(0, 2, "Blu", Style{Color::Blue, Color::Default, attr::kBold});
    c.text(0, 3 + kLanes, "Red", Style{Color::Red, Color::Default, attr::kBold});
    c.hline(kTrackX, 2, right - kTrackX + 1, Style{Color::Blue});
    c.hline(kTrackX, 3 + kLanes, right - kTrackX + 1, Style{Color::Red});
    for (int lane = 0; lane < kLanes; ++lane) {
      const int y = 3 + lane;
      c.text(0, y, fmt::format("{}", lane + 1), dim);
      for (int row = 0; row < t.rows; ++row) {
        const Cell cell = t.at(lane, row);
        char ch = cell_glyph(cell);
        if (row < t.start_rows)
          for (int slot = 0; slot < kMaxPlayers; ++slot)
            if (t.slot_lane[static_cast<std::size_t>(slot)] == lane &&
                t.slot_row[static_cast<std::size_t>(slot)] == row && phase_ <= Phase::PlaceCar)
              ch = static_cast<char>('1' + slot);
        c.put(column_of(t, row), y, static_cast<char32_t>(ch), cell_style(cell));
      }
      c.put(column_of(t, t.line_row) - 1, y, g.v, bold);
    }
    if (preview) {
      for (int i = 0; i < trail.size; ++i) {
        const int x = column_of(t, trail.row[static_cast<std::size_t>(i)]);
        const int y = 3 + trail.lane[static_cast<std::size_t>(i)];
        const Cell cell =
            t.at(trail.lane[static_cast<std::size_t>(i)], trail.row[static_cast<std::size_t>(i)]);
        // Over grass, water or a speeder the terrain stays visible in colour;
        // in plain text the path is a '*' on every space it passes.
        if (cell == Cell::Floor || !ctx.styled)
          c.put(x, y, U'*', Style{kSeatColour[shown], Color::Default, attr::kBold});
        else
          c.restyle(x, y, 1, Style{cell_style(cell).fg, Color::Default, attr::kReverse});
      }
      const Car& end = sim.cars[shown];
      c.put(column_of(t, end.row), 3 + end.lane, U'@',
            Style{kSeatColour[shown], Color::Default, attr::kBold | attr::kReverse});
    }
    for (PlayerId p = 0; p < n; ++p) {
      const Car& cr = car(p);
      if (!cr.placed()) continue;
      int here = 0;
      for (PlayerId q = 0; q < n; ++q)
        if (car(q).lane == cr.lane && car(q).row == cr.row) ++here;
      const char letter = here > 1 ? '&' : static_cast<char>((cr.down ? 'a' : 'A') + p);
      c.put(column_of(t, cr.row), 3 + cr.lane, static_cast<char32_t>(letter),
            Style{kSeatColour[p], Color::Default,
                  static_cast<std::uint8_t>(attr::kBold | (p == active_ ? attr::kReverse : 0))});
    }
    c.text(0, 4 + kLanes, "X obstacle # impassable ~ water : carpet , grass ^ speeder A-D cars a-d down",
           dim);
    // While cars are placed, the digits on the grid: right of its edge
    // (no controller is drawn there yet). The path's '*' and '@' are
    // explained beside the controller.
    if (phase_ <= Phase::PlaceCar && c.width() - right - 3 >= 19)
      c.text(right + 3, 2, "1-4 starting spaces", dim);
  }

  // The player table.
  int y = 5 + kLanes;
  if (phase_ == Phase::ChooseCar) {
    // Names in two columns, no taller than the player table that follows,
    // so the prompt below keeps its rows; the options spell out each power.
    c.text(0, y++, "Racecars (x: taken; each power is in the options below):", bold);
    const int per_column = (static_cast<int>(d.racecars.size()) + 1) / 2;
    for (std::size_t r = 0; r < d.racecars.size(); ++r) {
      const bool taken = cars_taken_ >> r & 1;
      std::string who;
      for (PlayerId p = 0; p < n && taken; ++p)
        if (car(p).racer == r) who = " (" + name(p) + ")";
      const int col = static_cast<int>(r) / per_column;
      c.text(col * 40, y + static_cast<int>(r) % per_column,
             fmt::format("{} {}{}", taken ? "x" : "-", d.racecars[r].name, who), taken ? dim : bold, 39);
    }
    return;
  }
  c.text(0, y++, "   Player       Racecar        Batt Shld Smile  Place  Status (slides)", bold);
  for (PlayerId p = 0; p < n && y < c.height(); ++p, ++y) {
    const Car& cr = car(p);
    const bool acting = p == active_ || (phase_ == Phase::Programming && racing(p) && !done(p)) ||
                        (phase_ == Phase::ChooseCar && p == chooser_) ||
                        (phase_ == Phase::PlaceCar && p == placer_);
    const Style s = acting ? bold : Style{};
    c.put(0, y, acting ? g.arrow_r : U' ', s);
    c.put(1, y, static_cast<char32_t>('A' + p), Style{kSeatColour[p], Color::Default, attr::kBold});
    c.text(3, y, name(p), s, 12);
    c.text(16, y, cr.racer < d.racecars.size() ? d.racecars[cr.racer].name : "-", s, 14);
    std::string batt;
    for (int b = 0; b < d.batteries; ++b)
      batt += b < cr.batteries ? (c.unicode() ? "■" : "#") : (c.unicode() ? "□" : ".");
    c.text(31, y, batt, Style{cr.batteries <= 1 ? Color::Red : Color::Green, Color::Default, attr::kNone});
    c.text(36, y, fmt::format("{}", cr.shields), s);
    c.text(41, y, smile(p) >= 0 ? d.smile_name(smile(p), racing_count_) : "-", s);
    c.text(48, y,
           finish_place(p) > 0 ? fmt::format("fin {}", finish_place(p)) : fmt::format("{}", place_of(p)), s);
    std::string status;
    if (cr.down)
      status = "lying down";
    else if (race_.slippery == p)
      status = "slippery";
    if (phase_ == Phase::Programming && racing(p))
      status += (status.empty() ? "" : ", ") +
                (done(p) ? fmt::format("done ({})", slides(p)) : fmt::format("sliding ({})", slides(p)));
    if (cr.placed() && cr.row >= t.line_row)
      status += (status.empty() ? "" : ", ") + std::string("past the line");
    c.text(55, y, status, s, c.width() - 55);
  }

  // The controller: rows 2 and 3 run.
  if (phase_ < Phase::Scramble || !car(shown).placed()) return;
  const bool side = c.width() >= 80;
  const int cx = side ? 54 : 0;
  int cy = side ? 1 : y + 1;
  const bool clock = phase_ == Phase::Programming && real_time();
  if (!side && cy + 7 + (clock ? 1 : 0) > c.height()) return;
  c.text(cx, cy++, fmt::format("{}'s controller", name(shown)), bold, 16);
  c.text(cx + 17, cy - 1, fmt::format("{} slide{}", slides(shown), slides(shown) == 1 ? "" : "s"), dim, 9);
  const Grid& gr = grid(shown);
  for (int r = 0; r < 4; ++r, ++cy) {
    const bool runs = r == 1 || r == 2;
    c.text(cx, cy, runs ? fmt::format("{}{}", r + 1, c.unicode() ? "▶" : ">") : fmt::format("{} ", r + 1),
           runs ? bold : dim);
    for (int col = 0; col < 4; ++col) {
      const std::uint8_t tile = gr[static_cast<std::size_t>(r * 4 + col)];
      // The gap is named: arrow keys move the tiles beside it.
      const std::string label = tile == kGap ? std::string("[gap]") : d.kind_of_tile(tile).short_name;
      const Style st = runs ? Style{Color::Default, Color::Default, attr::kBold | attr::kUnderline} : dim;
      c.text(cx + 2 + col * 6, cy, fmt::format("{:<5}", label), tile == kGap ? dim : st);
    }
  }
  if (preview) {
    const Car& a = car(shown);
    const Car& b = sim.cars[shown];
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
    const Tick now = std::max(ctx.now, contest_open_);
    if (countdown_from_ != kNoDeadline) {
      const Tick end = deadline();
      const Tick left = now < end ? end - now : 0;
      c.text(cx, cy++, fmt::format("COUNTDOWN {}.{} s", left / 1000, left % 1000 / 100),
             Style{Color::Red, Color::Default, attr::kBold | attr::kReverse}, 26);
    } else {
      const Tick run = now - contest_open_;
      c.text(cx, cy++, fmt::format("clock {}.{} s", run / 1000, run % 1000 / 100), dim, 26);
    }
  }
}

}  // namespace rt::rc_racer
