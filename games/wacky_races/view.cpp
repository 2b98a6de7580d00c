// Draws the race on a Canvas: the course as a row of tiles (terrain letters
// and colours, two racer slots each, face-down Traps, the Mean Machine above),
// scrolled so the field fits; the viewer's hand and powers; every racer.
// Other players' hands and unpeeked Traps are never shown unless omniscient.
#include <algorithm>

#include <fmt/format.h>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {
namespace {

constexpr int kCol = 4;  // columns per tile: 3 characters and a gap

Color terrain_colour(int k) {
  switch (k) {
    case 0: return Color::Yellow;  // Desert
    case 1: return Color::Green;   // Forest
    case 2: return Color::Cyan;    // Prairie
    case 3: return Color::Red;     // Farm
    default: return Color::Default;
  }
}

Style kind_style(const WackyState& s, int p) {
  const int k = s.tile(p);
  if (k >= 0 && k < kTerrains) return Style{terrain_colour(k), Color::Default, attr::kBold};
  if (k >= kSpecialBase) return Style{Color::Magenta, Color::Default, attr::kBold};
  if (k == kGas) return Style{Color::Blue, Color::Default, attr::kBold};
  if (k == kFinish) return Style{Color::White, Color::Default, attr::kBold | attr::kReverse};
  return Style{};
}

std::string kind_label(const WackyState& s, int p) {
  const Catalog& c = s.catalog();
  const int k = s.tile(p);
  if (k >= 0 && k < kTerrains) {
    std::string l = c.terrains[k].short_name;
    if (s.is_start(p)) l[0] = static_cast<char>(l[0] | 0x20);  // start spaces in lower case
    return l;
  }
  if (k >= kSpecialBase) return c.specials[k - kSpecialBase].short_name;
  if (k == kWild) return "any";
  if (k == kGas) return "GAS";
  if (k == kFinish) return "FIN";
  return "???";
}

std::string trap_label(const WackyState& s, int p, const ViewContext& ctx) {
  const int k = s.trap(p);
  if (k < 0) return "";
  const bool known = ctx.omniscient || (ctx.viewer >= 0 && s.peeked(ctx.viewer, p));
  if (!known) return "[?]";
  return s.catalog().traps[k].short_name;  // a Trap you have looked at
}

}  // namespace

std::string WackyState::legend() const {
  const Catalog& c = catalog();
  auto list = [](const auto& items, auto code, auto name) {
    std::string out;
    for (const auto& it : items) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", code(it), name(it));
    return out;
  };
  const auto short_of = [](const auto& t) { return t.short_name; };
  const auto name_of = [](const auto& t) { return t.name; };
  return fmt::format(
      "The course, rear to front: 00 is the Mean Machine's spot, S1-S6 the Starting Board, then the tiles by "
      "number. Under each number: the terrain, a face-down Trap, then up to two racers.\n"
      "  terrains: {} (lower case: a starting space); any: every terrain; GAS Gas Station; FIN Finish Line\n"
      "  Special tiles: {}\n"
      "  [?] (?? when narrow): a face-down Trap; a Trap's code once you have looked at it: {}\n"
      "  racers: {}; your own racer is drawn reversed; +2: two more racers on a crowded space\n"
      "DD: Dick Dastardly's Mean Machine. An arrow at either end: more course that way (with how many racers "
      "are out of sight behind).\n"
      "> marks the racer whose turn it is. Your powers: (used) once used this race, the others ready.",
      list(c.terrains, short_of, name_of), list(c.specials, short_of, name_of),
      list(c.traps, short_of, name_of),
      list(
          c.teams, [](const Team& t) { return t.code; }, name_of));
}

// "Convert!" when it can still be used, "Convert! (used)" once used: the
// line of four fits 80 columns, so a small window keeps a row for the question.
std::string WackyState::power_label(PlayerId p, int i) const {
  return exhausted(p, i) ? power_name(p, i) + " (used)" : power_name(p, i);
}

void WackyState::view(Canvas& cv, const ViewContext& ctx) const {
  const Catalog& c = catalog();
  const Style bold{Color::Default, Color::Default, attr::kBold};
  const Style dim{Color::Default, Color::Default, attr::kDim};
  const int width = cv.width();
  int y = 0;

  // Header.
  std::string head = fmt::format("WACKY RACES  race {}/{}  round {}", race_, races_, round_);
  bool set_up = true;
  for (int s = 0; s < kField; ++s) set_up = set_up && pos(s) >= 0;
  // Between the last turn of a round and the next round's first turn (the
  // Neutral Racers' move, Dastardly) it is nobody's turn: the round's end task
  // lies at the bottom of the stack. While the race is set up, nobody's either.
  const bool round_end = depth_ > 0 && stack_[0].kind == TaskKind::NextTurn && stack_[0].ends_round() == 1;
  if (!over_ && !set_up)
    head += "  setting up";
  else if (!over_ && round_end)
    head += "  end of the round";
  else if (!over_ && depth_ > 0 && top()->kind != TaskKind::Setup)
    head += fmt::format("  {}'s turn", game_->seat_name(current_));
  if (over_) head += "  - finished";
  cv.text(0, y++, head, bold);
  if (!set_up) {
    cv.text(0, y + 1, "Setting up the race...", dim);
    return;
  }

  // Rows short (80x24): every racer and the viewer's hand first; the legend,
  // the spacer and the deck line only when there is room for them too.
  int hand_rows = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    int x = 2 + utf8_length("powers:") + 1;
    hand_rows += 2;
    for (int i = 0; i < kPowers; ++i) {
      const int len = utf8_length(power_label(p, i));
      if (x + len > width) {
        ++hand_rows;
        x = 2;
      }
      x += len + 2;
    }
  }

  // The course window: 4 columns a tile, or 3 (two-letter labels) when the whole
  // field would not fit otherwise; past that, the leader stays in sight. With
  // rows to spare (a large window), the whole course in two rows of tiles.
  const Style dd{Color::Magenta, Color::Default, attr::kBold};
  int course_col = kCol;
  auto draw_course = [&](int first, int last, int col, int at, bool wrapped = false) {
    const int x0 = kCol;
    const int label = col - 1;  // characters of a label
    const int yd = at, yn = at + 1, yk = at + 2, yt = at + 3, ys = at + 4;
    // Left margin: the 00 spot, or an arrow and how many racers are out of sight behind.
    if (first == 0) {
      cv.text(0, yn, "00", dim);
    } else if (!wrapped) {
      cv.put(0, yk, cv.glyphs().arrow_l, dim);
      int behind = 0;
      for (int s = 0; s < kField; ++s) behind += pos(s) < first;
      if (behind) cv.text(1, yk, fmt::format("{}", behind), bold);
    }
    if (!dast_out_ && dast_ < 0 && first == 0) cv.text(0, yd, "DD", dd);
    for (int p = first; p <= last; ++p) {
      const int x = x0 + (p - first) * col;
      const std::string num = is_start(p) ? fmt::format("S{}", p + 1) : fmt::format("{:>2}", tile_number(p));
      cv.text(x, yn, num, p == c.gas_pos || p == c.finish_pos ? bold : dim);
      cv.text(x, yk, kind_label(*this, p), kind_style(*this, p), label);
      std::string mark = trap_label(*this, p, ctx);
      if (label == 2 && mark == "[?]") mark = "??";
      cv.text(x, yt, mark, Style{Color::Red, Color::Default, attr::kBold}, label);
      if (!dast_out_ && dast_ == p) cv.text(x, yd, "DD", dd);
      int row = 0;
      const int here = occupancy(p);
      for (int s = 0; s < kField && row < 2; ++s) {
        if (pos(s) != p) continue;
        if (row == 1 && here > 2) {
          cv.text(x, ys + 1, fmt::format("+{}", here - 1), bold);  // a crowded Swamp
          break;
        }
        const bool mine = ctx.viewer >= 0 && owner(s) == ctx.viewer;
        Style st = neutral(s) ? dim : bold;
        if (mine) st.attrs |= attr::kReverse;
        cv.text(x, ys + row, c.teams[team_of(s)].code, st);
        ++row;
      }
    }
    if (last < c.num_pos - 1)
      cv.put(std::min(width - 1, x0 + (last - first + 1) * col), yk, cv.glyphs().arrow_r, dim);
  };
  const int whole_fit = std::max(1, (width - kCol) / kCol);
  if (c.num_pos > whole_fit && c.num_pos <= 2 * whole_fit && cv.height() >= y + 12 + hand_rows + kField) {
    // The course wraps: its second row goes on where the first stops.
    draw_course(0, whole_fit - 1, kCol, y);
    draw_course(whole_fit, c.num_pos - 1, kCol, y + 6, true);
    y += 12;
  } else {
    int lo = last_pos();
    const int hi = leader_pos();
    if (!dast_out_) lo = std::min(lo, static_cast<int>(dast_));  // -1: the 00 spot
    int col = kCol;
    if ((width - kCol) / kCol < hi - std::max(lo, 0) + 2) col = kCol - 1;
    const int fit = std::max(1, (width - kCol) / col);
    int first = std::max(0, std::min(lo - 1, c.num_pos - fit));
    if (hi > first + fit - 1) first = hi - fit + 1;
    const int last = std::min(c.num_pos - 1, first + fit - 1);
    draw_course(first, last, col, y);
    course_col = col;
    y += 6;
  }
  // All three (legend, spacer, piles) or none: rows left over go to the question under the board
  // (the "?" page explains the codes at any size).
  const int spare = cv.height() - (y + hand_rows + kField);
  const bool show_legend = spare >= 3;
  const bool show_spacer = spare >= 3;
  if (show_legend) {  // else the rules screen explains DD and face-down Traps
    if (dast_out_)
      cv.text(0, y, "Dastardly is out of the race.", dim);
    else
      cv.text(0, y,
              fmt::format("DD = the Mean Machine, on {}.  {} = face-down Trap.", tile_name(dast_),
                          course_col == kCol ? "[?]" : "??"),
              dim);
    ++y;
  }

  // The viewer's hand and powers (every hand when omniscient).
  for (PlayerId p = 0; p < num_players() && y < cv.height(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    const int slot = slot_of(p);
    int x = cv.text(0, y, fmt::format("{} ({}): ", game_->seat_name(p), c.teams[team_of(slot)].code), bold);
    if (hand_total(p) == 0) x += cv.text(x, y, "no cards", dim);
    for (int k = 0; k < kTerrains; ++k) {
      for (int i = 0; i < hand(p, k); ++i) {
        const Style st{terrain_colour(k), Color::Default, attr::kBold};
        x += cv.text(x, y, "[" + c.terrains[k].short_name + "]", st) + 1;
      }
    }
    if (bridge(p)) x += cv.text(x + 1, y, "BROKEN BRIDGE", Style{Color::Red}) + 1;
    if (mud(p)) cv.text(x + 1, y, "MUD POOL", Style{Color::Red});
    ++y;
    if (y >= cv.height()) break;
    x = 2 + cv.text(2, y, "powers:", dim) + 1;
    for (int i = 0; i < kPowers; ++i) {
      const std::string label = power_label(p, i);
      if (x + utf8_length(label) > width) {
        ++y;
        x = 2;
      }
      x += cv.text(x, y, label, exhausted(p, i) ? dim : Style{Color::Green}) + 2;
    }
    ++y;
  }

  // Every racer, leader first.
  if (show_spacer && y < cv.height()) ++y;
  IndexArray<int, kField> order{};
  for (int s = 0; s < kField; ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (a == winner_ || b == winner_) return a == winner_ && b != winner_;
    return pos(a) > pos(b);
  });
  // Whole team names when the width allows ("Rufus Ruffcut & Sawtooth").
  int name_w = 20;
  for (int s = 0; s < kField; ++s) name_w = std::max(name_w, utf8_length(c.teams[team_of(s)].name));
  name_w = std::min(name_w, std::max(20, width - 5 - 1 - 9 - 13 - 22));
  const int who_x = 6 + name_w;
  for (int s : order) {
    if (y >= cv.height()) break;
    const Team& team = c.teams[team_of(s)];
    const PlayerId o = owner(s);
    std::string who = o >= 0 ? game_->seat_name(o) : std::string("Neutral");
    std::string status;
    if (o >= 0) {
      int ready = 0;
      for (int i = 0; i < kPowers; ++i) ready += !exhausted(o, i);
      status = fmt::format("{} card{}, {}/4 powers{}{}", hand_total(o), hand_total(o) == 1 ? "" : "s", ready,
                           bridge(o) ? ", bridge" : "", mud(o) ? ", mud" : "");
    }
    std::string where = s == winner_ ? std::string("FINISHED")
                        : is_start(pos(s))
                            ? fmt::format("start {}", pos(s) + 1)
                            : fmt::format("tile {} {}", tile_number(pos(s)), kind_label(*this, pos(s)));
    const bool acting = o >= 0 && o == current_ && !over_;
    cv.text(0, y, acting ? ">" : " ", bold);
    cv.text(2, y, team.code, o >= 0 ? bold : dim);
    cv.text(5, y, team.name, o >= 0 ? Style{} : dim, name_w);
    cv.text(who_x, y, who, Style{}, 8);
    cv.text(who_x + 9, y, where, Style{}, 12);
    cv.text(who_x + 22, y, status, dim, std::max(0, width - who_x - 22));
    ++y;
  }
  // The piles: a line of their own with room to spare, else beside the
  // header when it fits there (a row left to the question in a small window).
  const std::string piles =
      fmt::format("Deck {}  Discard {}{}  Traps left {}", deck_total(), discard_total(),
                  top_ >= 0 ? " (top " + c.terrains[top_].name + ")" : std::string(), trap_deck_total());
  if (show_spacer && y < cv.height())
    cv.text(0, y, piles, dim);
  else if (utf8_length(head) + 3 + utf8_length(piles) <= width)
    cv.text(width - utf8_length(piles), 0, piles, dim);
}

}  // namespace rt::wacky_races
