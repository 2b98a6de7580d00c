// Draws the race on a Canvas: the course as a row of tiles (terrain letters
// and colours, two racer slots each, face-down Traps, the Mean Machine above),
// scrolled so the field fits; the viewer's hand and powers; every racer.
// Other players' hands and unpeeked Traps are never shown unless omniscient.
#include <algorithm>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/wacky_races/game.h"
#include "games/wacky_races/presenter.h"

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

const Style kBold{Color::Default, Color::Default, attr::kBold};
const Style kDim{Color::Default, Color::Default, attr::kDim};
const Style kDastardly{Color::Magenta, Color::Default, attr::kBold};

// "Convert!" when it can still be used, "Convert! (used)" once used: the
// line of four fits 80 columns, so a small window keeps a row for the question.
std::string power_label(const WackyState& s, PlayerId p, int i) {
  return s.exhausted(p, i) ? s.power_name(p, i) + " (used)" : s.power_name(p, i);
}

// Whether every racer is on the course (else the race is being set up).
bool set_up(const WackyState& s) {
  for (int slot = 0; slot < kField; ++slot)
    if (s.pos(slot) < 0) return false;
  return true;
}

// "WACKY RACES  race 1/1  round 3  Ana's turn": `room` is how many columns
// the header may take and still leave the piles beside it.
std::string header(const WackyState& s, SeatLabels& seats, int room) {
  std::string head = fmt::format("WACKY RACES  race {}/{}  round {}", s.race(), s.races(), s.round());
  // Between the last turn of a round and the next round's first turn (the
  // Neutral Racers' move, Dastardly) it is nobody's turn: the round's end task
  // lies at the bottom of the stack. While the race is set up, nobody's either.
  const bool round_end = s.depth() > 0 && s.task(0).kind == TaskKind::NextTurn && s.task(0).ends_round() == 1;
  if (!s.over() && !set_up(s)) {
    head += "  setting up";
  } else if (!s.over() && round_end) {
    head += "  end of the round";
  } else if (!s.over() && s.depth() > 0 && s.top()->kind != TaskKind::Setup) {
    const std::string& name = s.game().seat_name(s.current());
    // A computer's mark is never cut: the piles give way first.
    const int fixed = utf8_length(head) + utf8_length("  's turn");
    const int whole = utf8_length(name) + utf8_length(kShortComputerMark);
    head += fmt::format("  {}'s turn", seats(s.current(), name, std::max(room - fixed, whole)));
  }
  if (s.over()) head += "  - finished";
  return head;
}

// How many rows the viewer's hand and powers take (every hand's when omniscient).
int hand_rows(const WackyState& s, const ViewContext& ctx, int width) {
  int rows = 0;
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    int x = 2 + utf8_length("powers:") + 1;
    rows += 2;
    for (int i = 0; i < kPowers; ++i) {
      const int len = utf8_length(power_label(s, p, i));
      if (x + len > width) {
        ++rows;
        x = 2;
      }
      x += len + 2;
    }
  }
  return rows;
}

// The course from position `first` to `last`, `col` columns a tile, from
// row `at`: numbers, terrains, Traps, racers; an arrow where more lies
// beyond (`wrapped`: the second row of a course drawn in two).
void draw_course(Canvas& cv, const WackyState& s, const ViewContext& ctx, int first, int last, int col,
                 int at, bool wrapped) {
  const Catalog& c = s.catalog();
  const int x0 = kCol;
  const int label = col - 1;  // characters of a label
  const int yd = at, yn = at + 1, yk = at + 2, yt = at + 3, ys = at + 4;
  // Left margin: the 00 spot, or an arrow and how many racers are out of sight behind.
  if (first == 0) {
    cv.text(0, yn, "00", kDim);
  } else if (!wrapped) {
    cv.put(0, yk, cv.glyphs().arrow_l, kDim);
    int behind = 0;
    for (int slot = 0; slot < kField; ++slot) behind += s.pos(slot) < first;
    if (behind) cv.text(1, yk, fmt::format("{}", behind), kBold);
  }
  if (!s.dastardly_out() && s.dastardly() < 0 && first == 0) cv.text(0, yd, "DD", kDastardly);
  for (int p = first; p <= last; ++p) {
    const int x = x0 + (p - first) * col;
    const std::string num =
        s.is_start(p) ? fmt::format("S{}", p + 1) : fmt::format("{:>2}", s.tile_number(p));
    cv.text(x, yn, num, p == c.gas_pos || p == c.finish_pos ? kBold : kDim);
    cv.text(x, yk, kind_label(s, p), kind_style(s, p), label);
    std::string mark = trap_label(s, p, ctx);
    if (label == 2 && mark == "[?]") mark = "??";
    cv.text(x, yt, mark, Style{Color::Red, Color::Default, attr::kBold}, label);
    if (!s.dastardly_out() && s.dastardly() == p) cv.text(x, yd, "DD", kDastardly);
    int row = 0;
    const int here = s.occupancy(p);
    for (int slot = 0; slot < kField && row < 2; ++slot) {
      if (s.pos(slot) != p) continue;
      if (row == 1 && here > 2) {
        cv.text(x, ys + 1, fmt::format("+{}", here - 1), kBold);  // a crowded Swamp
        break;
      }
      const bool mine = ctx.viewer >= 0 && s.owner(slot) == ctx.viewer;
      Style st = s.neutral(slot) ? kDim : kBold;
      if (mine) st.attrs |= attr::kReverse;
      cv.text(x, ys + row, c.teams[s.team_of(slot)].code, st);
      ++row;
    }
  }
  if (last < c.num_pos - 1)
    cv.put(std::min(cv.width() - 1, x0 + (last - first + 1) * col), yk, cv.glyphs().arrow_r, kDim);
}

// The course window from row y: 4 columns a tile, or 3 (two-letter labels)
// when the whole field would not fit otherwise; past that, the leader stays
// in sight. With rows to spare (a large window), the whole course in two
// rows of tiles. Returns the rows used; `course_col` the columns a tile.
int draw_course_window(Canvas& cv, const WackyState& s, const ViewContext& ctx, int y, int hands,
                       int& course_col) {
  const Catalog& c = s.catalog();
  const int width = cv.width();
  course_col = kCol;
  const int whole_fit = std::max(1, (width - kCol) / kCol);
  if (c.num_pos > whole_fit && c.num_pos <= 2 * whole_fit && cv.height() >= y + 12 + hands + kField) {
    // The course wraps: its second row goes on where the first stops.
    draw_course(cv, s, ctx, 0, whole_fit - 1, kCol, y, false);
    draw_course(cv, s, ctx, whole_fit, c.num_pos - 1, kCol, y + 6, true);
    return 12;
  }
  int lo = s.last_pos();
  const int hi = s.leader_pos();
  if (!s.dastardly_out()) lo = std::min(lo, s.dastardly());  // -1: the 00 spot
  int col = kCol;
  if ((width - kCol) / kCol < hi - std::max(lo, 0) + 2) col = kCol - 1;
  const int fit = std::max(1, (width - kCol) / col);
  int first = std::max(0, std::min(lo - 1, c.num_pos - fit));
  if (hi > first + fit - 1) first = hi - fit + 1;
  const int last = std::min(c.num_pos - 1, first + fit - 1);
  draw_course(cv, s, ctx, first, last, col, y, false);
  course_col = col;
  return 6;
}

// The viewer's hand and powers (every hand when omniscient) from row y;
// returns the row below them.
int draw_hands(Canvas& cv, const WackyState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  const Catalog& c = s.catalog();
  for (PlayerId p = 0; p < s.num_players() && y < cv.height(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    const int slot = s.slot_of(p);
    int x = cv.text(0, y,
                    fmt::format("{} ({}): ", seats(p, s.game().seat_name(p)), c.teams[s.team_of(slot)].code),
                    kBold);
    if (s.hand_total(p) == 0) x += cv.text(x, y, "no cards", kDim);
    for (int k = 0; k < kTerrains; ++k) {
      for (int i = 0; i < s.hand(p, k); ++i) {
        const Style st{terrain_colour(k), Color::Default, attr::kBold};
        x += cv.text(x, y, "[" + c.terrains[k].short_name + "]", st) + 1;
      }
    }
    if (s.bridge(p)) x += cv.text(x + 1, y, "BROKEN BRIDGE", Style{Color::Red}) + 1;
    if (s.mud(p)) cv.text(x + 1, y, "MUD POOL", Style{Color::Red});
    ++y;
    if (y >= cv.height()) break;
    x = 2 + cv.text(2, y, "powers:", kDim) + 1;
    for (int i = 0; i < kPowers; ++i) {
      const std::string label = power_label(s, p, i);
      if (x + utf8_length(label) > cv.width()) {
        ++y;
        x = 2;
      }
      x += cv.text(x, y, label, s.exhausted(p, i) ? kDim : Style{Color::Green}) + 2;
    }
    ++y;
  }
  return y;
}

// Every racer, leader first, from row y: team, who drives it, where, and
// its player's cards and powers; returns the row below them.
int draw_racers(Canvas& cv, const WackyState& s, SeatLabels& seats, int y) {
  const Catalog& c = s.catalog();
  const int width = cv.width();
  IndexArray<int, kField> order{};
  for (int slot = 0; slot < kField; ++slot) order[slot] = slot;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (a == s.winner() || b == s.winner()) return a == s.winner() && b != s.winner();
    return s.pos(a) > s.pos(b);
  });
  // Whole team names when the width allows ("Rufus Ruffcut & Sawtooth").
  int name_w = 20;
  for (int slot = 0; slot < kField; ++slot)
    name_w = std::max(name_w, utf8_length(c.teams[s.team_of(slot)].name));
  name_w = std::min(name_w, std::max(20, width - 5 - 1 - 9 - 13 - 22));
  const int who_x = 6 + name_w;
  for (int slot : order) {
    if (y >= cv.height()) break;
    const Team& team = c.teams[s.team_of(slot)];
    const PlayerId o = s.owner(slot);
    const std::string who = o >= 0 ? seats(o, s.game().seat_name(o), 8) : std::string("Neutral");
    std::string status;
    if (o >= 0) {
      int ready = 0;
      for (int i = 0; i < kPowers; ++i) ready += !s.exhausted(o, i);
      status = fmt::format("{} card{}, {}/4 powers{}{}", s.hand_total(o), s.hand_total(o) == 1 ? "" : "s",
                           ready, s.bridge(o) ? ", bridge" : "", s.mud(o) ? ", mud" : "");
    }
    const std::string where =
        slot == s.winner() ? std::string("FINISHED")
        : s.is_start(s.pos(slot))
            ? fmt::format("start {}", s.pos(slot) + 1)
            : fmt::format("tile {} {}", s.tile_number(s.pos(slot)), kind_label(s, s.pos(slot)));
    const bool acting = o >= 0 && o == s.current() && !s.over();
    cv.text(0, y, acting ? ">" : " ", kBold);
    cv.text(2, y, team.code, o >= 0 ? kBold : kDim);
    cv.text(5, y, team.name, o >= 0 ? Style{} : kDim, name_w);
    cv.text(who_x, y, who, Style{}, 8);
    cv.text(who_x + 9, y, where, Style{}, 12);
    cv.text(who_x + 22, y, status, kDim, std::max(0, width - who_x - 22));
    ++y;
  }
  return y;
}

}  // namespace

void WackyPresenter::view(const State& state, Canvas& cv, const ViewContext& ctx) const {
  const WackyState& s = game_state(state);
  const Catalog& c = s.catalog();
  const int width = cv.width();
  SeatLabels seats(ctx.computers);
  const std::string piles =
      fmt::format("Deck {}  Discard {}{}  Traps left {}", s.deck_total(), s.discard_total(),
                  s.top_discard() >= 0 ? " (top " + c.terrains[s.top_discard()].name + ")" : std::string(),
                  s.trap_deck_total());
  const std::string head = header(s, seats, width - 3 - utf8_length(piles));
  int y = 0;
  cv.text(0, y++, head, kBold);
  if (!set_up(s)) {
    cv.text(0, y + 1, "Setting up the race...", kDim);
    return;
  }

  // Rows short (80x24): every racer and the viewer's hand first; the legend,
  // the spacer and the deck line only when there is room for them too.
  const int hands = hand_rows(s, ctx, width);
  int course_col = kCol;
  y += draw_course_window(cv, s, ctx, y, hands, course_col);
  // All three (legend, spacer, piles) or none: rows left over go to the question under the board
  // (the "?" page explains the codes at any size).
  const int spare = cv.height() - (y + hands + kField);
  const bool show_legend = spare >= 3;
  const bool show_spacer = spare >= 3;
  if (show_legend) {  // else the rules screen explains DD and face-down Traps
    if (s.dastardly_out())
      cv.text(0, y, "Dastardly is out of the race.", kDim);
    else
      cv.text(0, y,
              fmt::format("DD = the Mean Machine, on {}.  {} = face-down Trap.", s.tile_name(s.dastardly()),
                          course_col == kCol ? "[?]" : "??"),
              kDim);
    ++y;
  }
  y = draw_hands(cv, s, ctx, seats, y);
  if (show_spacer && y < cv.height()) ++y;
  y = draw_racers(cv, s, seats, y);
  // The piles: a line of their own with room to spare, else beside the
  // header when it fits there (a row left to the question in a small window).
  if (show_spacer && y < cv.height())
    cv.text(0, y, piles, kDim);
  else if (utf8_length(head) + 3 + utf8_length(piles) <= width)
    cv.text(width - utf8_length(piles), 0, piles, kDim);
  seats.draw_key(cv);
}

}  // namespace rt::wacky_races
