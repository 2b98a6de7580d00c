// Draws Scrap Racer: the loop track as a ring of spaces ("[ ]" straight,
// "( )" curve, "*" a face-down Boost marker, letters for racers, "F>" the
// finish line before space 1), the turn in progress inside the ring, and the
// racers' dashboards below. Other players' bonus cards are shown as counts.
#include <algorithm>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/scrap_racer/game.h"
#include "games/scrap_racer/presenter.h"

namespace rt::scrap_racer {
namespace {

constexpr int kCell = 4;  // "[J*]"

struct Ring {
  int top = 0, side = 0, bottom = 0;
  IndexArray<int, kMaxSpaces> x{}, y{};
  int width = 0, height = 0;  // including the side columns
};

Ring layout_ring(int length, int x0, int y0) {
  Ring g;
  g.side = std::min(6, length / 4);
  const int rest = length - 2 * g.side;
  g.top = (rest + 1) / 2;
  g.bottom = rest - g.top;
  const int left = x0;                      // left column
  const int first = x0 + kCell;             // first top cell
  const int right = first + kCell * g.top;  // right column
  int s = 0;
  for (int i = 0; i < g.top; ++i, ++s) {
    g.x[s] = first + kCell * i;
    g.y[s] = y0;
  }
  for (int j = 0; j < g.side; ++j, ++s) {
    g.x[s] = right;
    g.y[s] = y0 + 1 + j;
  }
  for (int i = 0; i < g.bottom; ++i, ++s) {
    g.x[s] = first + kCell * (g.top - 1 - i);
    g.y[s] = y0 + g.side + 1;
  }
  for (int j = 0; j < g.side; ++j, ++s) {
    g.x[s] = left;
    g.y[s] = y0 + g.side - j;
  }
  g.width = kCell * (g.top + 2);
  g.height = g.side + 2;
  return g;
}

std::string short_card(const BonusCard& b) {
  switch (b.effect) {
    case BonusEffect::Forward: return fmt::format("+{}", b.spaces);
    case BonusEffect::Straight: return "Straight";
    case BonusEffect::Curve: return "Curve";
    case BonusEffect::CatchUp: return "Catch-up";
  }
  return "?";
}

const Style kBold{Color::Default, Color::Default, attr::kBold};
const Style kDim{Color::Default, Color::Default, attr::kDim};

// A racer's letter in its colour, reversed while it moves.
Style racer_style(const ScrapRacerState& s, int r, int act) {
  Style st{s.info(r).colour, Color::Default, attr::kBold};
  if (r == act) st.attrs |= attr::kReverse;
  return st;
}

// Where the turn in progress is drawn: inside the ring, or the whole width.
struct Panel {
  int x = 0, y = 0, w = 0, h = 0;
};

// The space numbers every fifth space (when `numbers`), the ring and the
// finish line from row `top`; returns the inside of the ring.
Panel draw_ring(Canvas& c, const ScrapRacerState& s, int top, bool numbers, int act) {
  const Track& t = s.track();
  const Ring g = layout_ring(t.length, 0, top);
  for (int sp = 0; sp < t.length && numbers; ++sp) {
    if ((sp + 1) % 5 != 0 && sp != 0) continue;
    const int sx = g.x[sp];
    const int sy = g.y[sp];
    if (sy == top)
      c.text(sx + 1, top - 1, fmt::format("{}", sp + 1), kDim);
    else if (sy == top + 1 + g.side)
      c.text(sx + 1, sy + 1, fmt::format("{}", sp + 1), kDim);
    else if (sx > 0)
      c.text(sx + kCell, sy, fmt::format("{}", sp + 1), kDim);
  }
  c.text(1, top, "F>", Style{Color::Default, Color::Default, attr::kBold | attr::kReverse});
  for (int sp = 0; sp < t.length; ++sp) {
    const int sx = g.x[sp];
    const int sy = g.y[sp];
    const bool straight = t.kind[sp] == SpaceKind::Straight;
    const Style frame{straight ? Color::Green : Color::Blue, Color::Default, attr::kNone};
    c.put(sx, sy, straight ? U'[' : U'(', frame);
    c.put(sx + 3, sy, straight ? U']' : U')', frame);
    IndexArray<int, kMaxRacers> here{};
    const int n = s.racers_on(sp, here);
    int col = sx + 1;
    for (int i = 0; i < n && i < 2; ++i) {
      const int r = here[i];
      c.put(col++, sy, static_cast<char32_t>(n > 2 && i == 1 ? '+' : s.info(r).letter),
            racer_style(s, r, act));
    }
    if (s.boost_on(sp) && col < sx + 3)
      c.put(col, sy, U'*', Style{Color::Yellow, Color::Default, attr::kBold});
    else if (col == sx + 1 && t.boost[sp])
      c.put(col, sy, c.glyphs().dot, kDim);  // an empty Boost space
  }
  return Panel{kCell + 1, top + 1, kCell * g.top - 2, g.side};
}

// The turn in progress: who moves, the dice, the card just drawn, a fight,
// the viewer's bonus cards (every hand for an omniscient view); returns the
// row below the last line drawn.
int draw_turn(Canvas& c, const ScrapRacerState& s, const ViewContext& ctx, SeatLabels& seats, Panel at) {
  const Data& d = s.data();
  int py = at.y;
  auto line = [&](const std::string& text, Style st = {}) {
    if (py < c.height() && py < at.y + at.h) c.text(at.x, py++, text, st, at.w);
  };
  // Until every dashboard is dealt and the start player chosen.
  if (s.dashboards_dealt() < s.racers() || s.phase() == Phase::ChooseStart) {
    line("Dealing the dashboards...");
    return py;
  }
  if (s.phase() == Phase::Over) {
    line("The race is over.", kBold);
    std::string summary = s.standings().summary;
    for (PlayerId p = 0; p < s.num_players(); ++p) summary = seats.sentence(summary, p, s.player_name(p));
    line(summary, {});
    return py;
  }
  const int r = s.active();
  line(fmt::format("{} - {} ({}){}", seats(s.owner(r), s.player_name(s.owner(r))), s.info(r).name,
                   s.info(r).letter, s.crash_turn() ? " - CRASH!" : ""),
       kBold);
  const int n_dice = s.dice_rolled();
  if (n_dice > 0) {
    std::string dice;
    for (int i = 0; i < n_dice; ++i) dice += fmt::format("[{}]", s.die(i));
    const bool dbl = s.last_die_is_double();
    line(fmt::format("Dice {} = {}{}", dice, s.dice_total(),
                     dbl                                ? "  DOUBLE!"
                     : s.crash_turn() || s.dice_moved() ? ""
                     : n_dice < kDice ? fmt::format("  next die: {} of 6 is a double", n_dice)
                                      : std::string()));
  } else if (s.phase() == Phase::ChooseFirst) {
    line("Choosing the turn order of the team.");
  } else {
    line("Rolling the first die...");
  }
  if (s.phase() == Phase::MoveBefore || s.phase() == Phase::MoveAfter)
    line(fmt::format("Moving {} with the dice{}", s.move_total(), s.dice_moved() ? " (done)" : ""));
  if (s.last_crash_card() >= 0) {
    const CrashCard& cc = d.crash[s.last_crash_card()];
    line(fmt::format("Crash {}: {} - {}", Data::pile_name(cc.pile), cc.name, describe(cc)),
         Style{Color::Red, Color::Default, attr::kBold});
  }
  if (s.last_goal_card() >= 0) {
    const GoalCard& gc = d.goals[s.last_goal_card()];
    line(fmt::format("Goal {}: {} - {}", gc.number, gc.name, describe(gc)),
         Style{Color::Green, Color::Default, attr::kBold});
  }
  if (s.phase() == Phase::Fight || s.phase() == Phase::FightChoose)
    line(fmt::format("FIGHT: {} ({}) against {} ({})", s.info(s.fighter_a()).name,
                     s.info(s.fighter_a()).letter, s.info(s.fighter_b()).name, s.info(s.fighter_b()).letter),
         kBold);
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    if (s.bonus_cards(p) == 0) continue;
    std::string cards;
    for (int k = 0; k < d.bonus.size(); ++k)
      for (int n = 0; n < s.bonus_cards(p, k); ++n)
        cards += (cards.empty() ? "" : " ") + short_card(d.bonus[k]);
    line(fmt::format("{}'s bonus cards: {}", seats(p, s.player_name(p)), cards));
  }
  return py;
}

// The racers' dashboards in race order from row y, under a header; returns
// the row below them.
int draw_dashboards(Canvas& c, const ScrapRacerState& s, SeatLabels& seats, int y, int act) {
  const Track& t = s.track();
  constexpr int kName = 4, kPlayer = 18, kLapCol = 31, kPos = 37, kBoost = 50, kMarks = 63, kCards = 72;
  if (y < c.height()) {
    c.text(kName - 1, y, "racer", kBold);
    c.text(kPlayer, y, "player", kBold);
    c.text(kLapCol, y, "laps", kBold);
    c.text(kPos, y, "position", kBold);
    c.text(kBoost, y, "boost R/+-/T", kBold);
    c.text(kMarks, y, "markers", kBold);
    c.text(kCards, y, "cards", kBold);
    ++y;
  }
  IndexArray<int, kMaxRacers> order{};
  const int n = s.ranking(order);
  for (int i = 0; i < n && y < c.height(); ++i, ++y) {
    const int r = order[i];
    if (s.kind(r) < 0) continue;
    c.text(0, y, r == act ? ">" : " ", kBold);
    c.put(2, y, static_cast<char32_t>(s.info(r).letter), racer_style(s, r, act));
    c.text(kName, y, s.info(r).name, Style{s.info(r).colour}, kPlayer - kName - 1);
    const int player_w = kLapCol - kPlayer - 1;
    c.text(kPlayer, y, seats(s.owner(r), s.player_name(s.owner(r)), player_w), r == act ? kBold : Style{},
           player_w);
    c.text(kLapCol, y, fmt::format("{}/{}", s.lap_markers(r), kLaps));
    c.text(kPos, y,
           s.on_track(r)
               ? fmt::format("sp {:>2} lap {}", t.space_of(s.distance(r)) + 1, t.laps_of(s.distance(r)) + 1)
               : std::string("at the start"));
    c.text(kBoost, y,
           fmt::format("{}/{}/{}", s.boosts(r, BoostKind::Reroll), s.boosts(r, BoostKind::PlusMinus),
                       s.boosts(r, BoostKind::Turn)));
    std::string marks;
    for (int m = 0; m < s.marker_threshold(r); ++m)
      utf8_append(marks, m < s.bonus_markers(r) ? c.glyphs().bullet : c.glyphs().dot);
    c.text(kMarks, y, marks);
    const bool first_of_team = !s.teams() || s.seq_distance(r) <= s.seq_distance(r ^ 1);
    // A player's two racers share their bonus cards: the count once, on the leader.
    c.text(kCards, y, first_of_team ? fmt::format("{}", s.bonus_cards(s.owner(r))) : std::string("shared"));
  }
  return y;
}

}  // namespace

void ScrapRacerPresenter::view(const State& state, Canvas& c, const ViewContext& ctx) const {
  const ScrapRacerState& s = game_state(state);
  const Track& t = s.track();
  SeatLabels seats(ctx.computers);
  const bool dealt = s.dashboards_dealt() == s.racers();
  const int act = s.phase() == Phase::Over || !dealt || s.phase() == Phase::ChooseStart ? -1 : s.active();
  // Rows: [title] [numbers] ring [numbers] dashboards [supplies] [legend];
  // the bracketed ones go first when the canvas is short.
  const int side = std::min(6, t.length / 4);
  const int ring_w = kCell * ((t.length - 2 * side + 1) / 2 + 2);
  const int dash = 1 + s.racers();
  const int spare = c.height() - (side + 2) - dash;
  const bool ring = c.width() >= ring_w && spare >= 0;
  const bool title = !ring || spare >= 1;
  const bool numbers = ring && spare >= 3;
  int y = 0;

  if (title)
    c.text(0, y++,
           fmt::format("Scrap Racer - track {} ({} spaces a lap){}", t.name, t.length,
                       s.ending() ? " - FINAL ROUND" : ""),
           kBold);

  Panel panel{0, y, c.width(), c.height()};
  if (ring) {
    const int top = numbers ? y + 1 : y;
    panel = draw_ring(c, s, top, numbers, act);
    y = top + side + 2 + (numbers ? 1 : 0);
  }
  const int below_turn = draw_turn(c, s, ctx, seats, panel);
  if (!ring) y = below_turn + 1;  // no ring: the panel went first

  y = draw_dashboards(c, s, seats, y, act);
  if (y < c.height())
    c.text(0, y++,
           fmt::format("Supplies: Boost {}  bonus markers {}  bonus deck {}  crash piles {}/{}/{}",
                       s.boost_supply(), s.bonus_supply(), s.bonus_deck_size(), s.crash_pile_size(0),
                       s.crash_pile_size(1), s.crash_pile_size(2)),
           kDim);
  if (y < c.height() && ring)
    c.text(0, y, "[ ] straight  ( ) curve  * Boost marker  . empty Boost space  F> finish line", kDim);
  seats.draw_key(c);
}

}  // namespace rt::scrap_racer
