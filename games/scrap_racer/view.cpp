// Draws Scrap Racer: the loop track as a ring of spaces ("[ ]" straight,
// "( )" curve, "*" a face-down Boost marker, letters for racers, "F>" the
// finish line before space 1), the turn in progress inside the ring, and the
// racers' dashboards below. Other players' bonus cards are shown as counts.
#include <algorithm>

#include <fmt/format.h>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"

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

}  // namespace

std::string ScrapRacerState::legend() const {
  // Every racer of the game, dealt or not (the legend is asked at any time).
  std::string racers;
  for (const RacerInfo& r : data().racers)
    racers += fmt::format("{}{} {}", racers.empty() ? "" : ", ", r.letter, r.name);
  return fmt::format(
      "The track: [  ] a straight space, (  ) a curve, F> the finish line before space 1; numbers every "
      "fifth "
      "space.\n"
      "  * a face-down Boost marker; . an empty Boost space; letters are racers ({}), the racer moving drawn "
      "reversed; + more racers on one space.\n"
      "Dashboards: > marks the racer moving; laps: lap markers of {}; position: space and lap; boost R/+-/T: "
      "Boost markers Re-roll / Plus-minus / Turn; markers: bonus markers toward a bonus card (filled: "
      "collected); cards: bonus cards held (shared: a team's, shown on its leader).",
      racers, kLaps);
}

void ScrapRacerState::view(Canvas& c, const ViewContext& ctx) const {
  const Data& d = data();
  const Track& t = track();
  const Style bold{Color::Default, Color::Default, attr::kBold};
  const Style dim{Color::Default, Color::Default, attr::kDim};
  const bool dealt = deal_next_ == n_racers_;
  const int act = phase_ == Phase::Over || !dealt || phase_ == Phase::ChooseStart ? -1 : active();
  // Rows: [title] [numbers] ring [numbers] dashboards [supplies] [legend];
  // the bracketed ones go first when the canvas is short.
  const int side = std::min(6, t.length / 4);
  const int ring_w = kCell * ((t.length - 2 * side + 1) / 2 + 2);
  const int dash = 1 + n_racers_;
  const int spare = c.height() - (side + 2) - dash;
  const bool ring = c.width() >= ring_w && spare >= 0;
  const bool title = !ring || spare >= 1;
  const bool numbers = ring && spare >= 3;
  int y = 0;

  if (title)
    c.text(0, y++,
           fmt::format("Scrap Racer - track {} ({} spaces a lap){}", t.name, t.length,
                       ending_ ? " - FINAL ROUND" : ""),
           bold);

  auto racer_style = [&](int r) {
    Style s{info(r).colour, Color::Default, attr::kBold};
    if (r == act) s.attrs |= attr::kReverse;
    return s;
  };

  int panel_x = 0;
  int panel_y = y;
  int panel_w = c.width();
  int panel_h = c.height();
  if (ring) {
    // Space numbers every fifth space, the ring, and the finish line.
    const int top = numbers ? y + 1 : y;
    const Ring g = layout_ring(t.length, 0, top);
    for (int s = 0; s < t.length && numbers; ++s) {
      if ((s + 1) % 5 != 0 && s != 0) continue;
      const int sx = g.x[s];
      const int sy = g.y[s];
      if (sy == top)
        c.text(sx + 1, top - 1, fmt::format("{}", s + 1), dim);
      else if (sy == top + 1 + g.side)
        c.text(sx + 1, sy + 1, fmt::format("{}", s + 1), dim);
      else if (sx > 0)
        c.text(sx + kCell, sy, fmt::format("{}", s + 1), dim);
    }
    c.text(1, top, "F>", Style{Color::Default, Color::Default, attr::kBold | attr::kReverse});
    for (int s = 0; s < t.length; ++s) {
      const int sx = g.x[s];
      const int sy = g.y[s];
      const bool straight = t.kind[s] == SpaceKind::Straight;
      const Style frame{straight ? Color::Green : Color::Blue, Color::Default, attr::kNone};
      c.put(sx, sy, straight ? U'[' : U'(', frame);
      c.put(sx + 3, sy, straight ? U']' : U')', frame);
      IndexArray<int, kMaxRacers> here{};
      const int n = racers_on(s, here);
      int col = sx + 1;
      for (int i = 0; i < n && i < 2; ++i) {
        const int r = here[i];
        c.put(col++, sy, static_cast<char32_t>(n > 2 && i == 1 ? '+' : info(r).letter), racer_style(r));
      }
      if (boost_on_[s] && col < sx + 3)
        c.put(col, sy, U'*', Style{Color::Yellow, Color::Default, attr::kBold});
      else if (col == sx + 1 && t.boost[s])
        c.put(col, sy, c.glyphs().dot, dim);  // an empty Boost space
    }
    panel_x = kCell + 1;
    panel_y = top + 1;
    panel_w = kCell * g.top - 2;
    panel_h = g.side;
    y = top + g.height + (numbers ? 1 : 0);
  }

  // The turn in progress (inside the ring when there is room).
  int py = panel_y;
  auto line = [&](const std::string& text, Style s = {}) {
    if (py < c.height() && py < panel_y + panel_h) c.text(panel_x, py++, text, s, panel_w);
  };
  if (!dealt || phase_ == Phase::ChooseStart) {
    line("Dealing the dashboards...");
  } else if (phase_ == Phase::Over) {
    line("The race is over.", bold);
    line(standings().summary, {});
  } else {
    const int r = act;
    line(fmt::format("{} - {} ({}){}", player_name(owner(r)), name(r), info(r).letter,
                     crash_turn_ ? " - CRASH!" : ""),
         bold);
    if (n_dice_ > 0) {
      std::string dice;
      for (int i = 0; i < n_dice_; ++i) dice += fmt::format("[{}]", dice_[i]);
      const bool dbl = last_die_is_double();
      line(fmt::format("Dice {} = {}{}", dice, dice_total(),
                       dbl                          ? "  DOUBLE!"
                       : crash_turn_ || dice_moved_ ? ""
                       : n_dice_ < kDice            ? fmt::format("  next die: {} of 6 is a double", n_dice_)
                                                    : std::string()));
    } else if (phase_ == Phase::ChooseFirst) {
      line("Choosing the turn order of the team.");
    } else {
      line("Rolling the first die...");
    }
    if (phase_ == Phase::MoveBefore || phase_ == Phase::MoveAfter)
      line(fmt::format("Moving {} with the dice{}", move_total_, dice_moved_ ? " (done)" : ""));
    if (last_crash_ >= 0) {
      const CrashCard& cc = d.crash[last_crash_];
      line(fmt::format("Crash {}: {} - {}", Data::pile_name(cc.pile), cc.name, describe(cc)),
           Style{Color::Red, Color::Default, attr::kBold});
    }
    if (last_goal_ >= 0) {
      const GoalCard& gc = d.goals[last_goal_];
      line(fmt::format("Goal {}: {} - {}", gc.number, gc.name, describe(gc)),
           Style{Color::Green, Color::Default, attr::kBold});
    }
    if (phase_ == Phase::Fight || phase_ == Phase::FightChoose)
      line(fmt::format("FIGHT: {} ({}) against {} ({})", name(fight_a_), info(fight_a_).letter,
                       name(fight_b_), info(fight_b_).letter),
           bold);
    // The viewer's own bonus cards (every hand for an omniscient view).
    for (PlayerId p = 0; p < num_players(); ++p) {
      if (!ctx.omniscient && p != ctx.viewer) continue;
      if (hand_[p].empty()) continue;
      std::string cards;
      for (int k = 0; k < d.bonus.size(); ++k)
        for (int n = 0; n < hand_[p].count(k); ++n)
          cards += (cards.empty() ? "" : " ") + short_card(d.bonus[k]);
      line(fmt::format("{}'s bonus cards: {}", player_name(p), cards));
    }
  }
  if (panel_y == y) y = py + 1;  // no ring: the panel went first

  // Dashboards, in race order.
  constexpr int kName = 4, kPlayer = 18, kLapCol = 31, kPos = 37, kBoost = 50, kMarks = 63, kCards = 72;
  if (y < c.height()) {
    c.text(kName - 1, y, "racer", bold);
    c.text(kPlayer, y, "player", bold);
    c.text(kLapCol, y, "laps", bold);
    c.text(kPos, y, "position", bold);
    c.text(kBoost, y, "boost R/+-/T", bold);
    c.text(kMarks, y, "markers", bold);
    c.text(kCards, y, "cards", bold);
    ++y;
  }
  IndexArray<int, kMaxRacers> order{};
  const int n = ranking(order);
  for (int i = 0; i < n && y < c.height(); ++i, ++y) {
    const int r = order[i];
    if (kind_[r] < 0) continue;
    c.text(0, y, r == act ? ">" : " ", bold);
    c.put(2, y, static_cast<char32_t>(info(r).letter), racer_style(r));
    c.text(kName, y, name(r), Style{info(r).colour}, kPlayer - kName - 1);
    c.text(kPlayer, y, player_name(owner(r)), r == act ? bold : Style{}, kLapCol - kPlayer - 1);
    c.text(kLapCol, y, fmt::format("{}/{}", lap_markers(r), kLaps));
    c.text(kPos, y,
           on_track(r)
               ? fmt::format("sp {:>2} lap {}", t.space_of(distance(r)) + 1, t.laps_of(distance(r)) + 1)
               : std::string("at the start"));
    const auto& b = boosts_[r];
    c.text(kBoost, y, fmt::format("{}/{}/{}", b[0], b[1], b[2]));
    std::string marks;
    for (int m = 0; m < marker_threshold(r); ++m)
      utf8_append(marks, m < markers_[r] ? c.glyphs().bullet : c.glyphs().dot);
    c.text(kMarks, y, marks);
    const bool first_of_team = !teams_ || seq_distance(r) <= seq_distance(r ^ 1);
    // A player's two racers share their bonus cards: the count once, on the leader.
    c.text(kCards, y, first_of_team ? fmt::format("{}", bonus_cards(owner(r))) : std::string("shared"));
  }
  if (y < c.height())
    c.text(0, y++,
           fmt::format("Supplies: Boost {}  bonus markers {}  bonus deck {}  crash piles {}/{}/{}",
                       boost_supply_, bonus_supply_, bonus_deck_.total(), crash_deck_[0].total(),
                       crash_deck_[1].total(), crash_deck_[2].total()),
           dim);
  if (y < c.height() && ring)
    c.text(0, y, "[ ] straight  ( ) curve  * Boost marker  . empty Boost space  F> finish line", dim);
}

}  // namespace rt::scrap_racer
