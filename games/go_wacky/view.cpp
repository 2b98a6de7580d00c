// Draws Go Wacky! on a Canvas: piles, players, the contest in progress and
// the viewer's hand. Hands of other players are never shown.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/go_wacky/game.h"
#include "games/go_wacky/presenter.h"

namespace rt::go_wacky {
namespace {

const Style kBold{Color::Default, Color::Default, attr::kBold};
const Style kDim{Color::Default, Color::Default, attr::kDim};

Color colour_of(const std::string& id) {
  if (id == "red") return Color::Red;
  if (id == "orange") return Color::Yellow;  // terminals have no orange: letter tells them apart
  if (id == "yellow") return Color::Yellow;
  if (id == "green") return Color::Green;
  if (id == "blue") return Color::Blue;
  if (id == "purple") return Color::Magenta;
  return Color::Default;
}

// A card as "[R/B]" with each letter in its colour; returns columns used.
int draw_card(Canvas& c, int x, int y, const Deck& d, int type, bool highlight = false) {
  const CardType& t = d.types[type];
  Style frame;
  if (highlight) frame.attrs = attr::kBold;
  int col = x;
  c.put(col++, y, U'[', frame);
  std::string prefix;
  switch (t.kind) {
    case CardKind::EverybodyGoWacky: prefix = "EGW "; break;
    case CardKind::GoWacky: prefix = "GW "; break;
    case CardKind::RoundNRound: prefix = "RnR "; break;
    case CardKind::BullsEye: prefix = "BE "; break;
    default: break;
  }
  col += c.text(col, y, prefix, kBold);
  bool first = true;
  for (int k = 0; k < d.colour_ids.size(); ++k) {
    if (!(t.colours & (1u << k))) continue;
    if (!first) c.put(col++, y, U'/', frame);
    first = false;
    Style s{colour_of(d.colour_ids[k]), Color::Default, attr::kBold};
    if (d.colour_ids[k] == "orange") s.attrs = attr::kNone;  // orange: plain yellow, yellow: bold
    c.put(col++, y, static_cast<char32_t>(d.colour_letters[k]), s);
  }
  c.put(col++, y, U']', frame);
  return col - x;
}

// The Draw Pile's count, the Play Pile's and its top card, on row y: the
// counts kept short so the longest card's name reads whole at 80 columns.
void draw_piles(Canvas& c, const GoWackyState& s, int y) {
  const Deck& d = s.deck();
  int x = c.text(
      0, y,
      fmt::format("Draw Pile: {:>2}   Play Pile: {:>2}   top ", s.draw_pile_size(), s.play_pile_size()));
  if (s.play_pile_size() > 0) {
    x += draw_card(c, x, y, d, s.top_card(), true);
    c.text(x + 1, y, d.types[s.top_card()].name, kDim);
  }
}

// Each player: die, cards in hand, cards won (with a bar); returns the rows used.
int draw_players(Canvas& c, const GoWackyState& s, SeatLabels& seats, int y) {
  const Deck& d = s.deck();
  c.text(0, y, "Player", kBold);
  c.text(24, y, "die", kBold);
  c.text(34, y, "hand", kBold);
  c.text(41, y, "won", kBold);
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    ++y;
    const bool acting =
        (s.phase() == Phase::Turn && p == s.current()) || (s.phase() == Phase::RnrTake && p == s.roller());
    Style st = acting ? kBold : Style{};
    c.text(0, y, acting ? ">" : " ", st);
    c.text(2, y, seats(p, s.name(p), 21), st, 21);
    c.text(24, y, d.dice[p], st, 9);
    c.text(34, y, fmt::format("{}", s.hand_size(p)), st);
    const int sc = s.score(p);
    c.text(41, y, fmt::format("{:>2} ", sc), st);
    c.fill(45, y, std::min(sc, c.width() - 46), 1, c.glyphs().block, Style{Color::Green});
  }
  return s.num_players() + 1;
}

// Everybody Go Wacky!: the colour everyone rolls for, each player's last
// roll; returns the rows used.
int draw_everybody_race(Canvas& c, const GoWackyState& s, SeatLabels& seats, int y) {
  const Deck& d = s.deck();
  c.text(0, y, fmt::format("EVERYBODY GO WACKY!  Everybody rolls for {}", d.colour_names(s.target(), " or ")),
         kBold);
  int cx = 0;
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    const int r = s.last_roll(p);
    const std::string face = r < 0 ? "-" : std::string(1, d.colour_letters[r]);
    cx += c.text(cx, y + 1, fmt::format("{}: {}   ", seats.brief(p, s.name(p)), face));
  }
  return 2;
}

// Go Wacky!: who rolls for what, their last roll and the count; returns the rows used.
int draw_go_wacky_race(Canvas& c, const GoWackyState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  const Deck& d = s.deck();
  const PlayerId owner = s.contest_owner();
  const int count = s.count_reached(std::max(s.now(), ctx.now));
  c.text(0, y,
         fmt::format("GO WACKY!  {} rolls for {}", seats(owner, s.name(owner)),
                     d.colour_names(s.target(), " or ")),
         kBold);
  const int r = s.last_roll(owner);
  c.text(0, y + 1,
         fmt::format("last roll: {}    \"{} Go Wacky!\" ({} to go)",
                     r < 0 ? std::string("-") : d.colour_ids[r], count, d.timing.count_to - count));
  return 2;
}

// Round 'n Round: who rolls next and the row of cards; returns the rows used.
int draw_round_n_round(Canvas& c, const GoWackyState& s, SeatLabels& seats, int y) {
  const PlayerId roller = s.roller();
  c.text(0, y,
         fmt::format("ROUND 'N ROUND  {} rolls next",
                     roller >= 0 ? seats(roller, s.name(roller)) : std::string()),
         kBold);
  int cx = 0;
  for (int i = 0; i < s.row_size(); ++i) cx += draw_card(c, cx, y + 1, s.deck(), s.row_card(i)) + 1;
  return 2;
}

// Bull's-eye: the needle's sweep with the card and its centre, then where
// each throw landed; returns the rows used.
int draw_bullseye(Canvas& c, const GoWackyState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  const ContestTiming& timing = s.deck().timing;
  c.text(0, y++, "BULL'S-EYE!  Stop the needle at the centre |", kBold);
  const int width = std::min(61, c.width() - 2);
  const int range = timing.needle_range;
  auto col_of = [&](int pos) { return 1 + (pos + range) * (width - 1) / (2 * range); };
  c.put(0, y, U'<');
  c.hline(1, y, width);
  c.put(width + 1, y, U'>');
  const int r = timing.card_radius;
  c.fill(col_of(-r), y, col_of(r) - col_of(-r) + 1, 1, U'=', Style{Color::Green});
  c.put(col_of(0), y, U'|', kBold);
  if (s.phase() == Phase::BeThrow)
    c.put(col_of(s.needle_at(std::max(s.now(), ctx.now))), y, U'v',
          Style{Color::Red, Color::Default, attr::kBold});
  ++y;
  int cx = 0;
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    const int l = s.throw_landing(p);
    const std::string where = !s.has_thrown(p)    ? "..."
                              : l == kMissedThrow ? "miss"
                                                  : fmt::format("{}", std::abs(l));
    cx += c.text(cx, y, fmt::format("{}: {}   ", seats.brief(p, s.name(p)), where));
  }
  return 3;
}

// The contest in progress, or a word when none runs; returns the rows used.
int draw_contest(Canvas& c, const GoWackyState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  switch (s.contest()) {
    case Phase::EgwRace: return draw_everybody_race(c, s, seats, y);
    case Phase::GwRace: return draw_go_wacky_race(c, s, ctx, seats, y);
    case Phase::RnrLay: return draw_round_n_round(c, s, seats, y);
    case Phase::BeThrow: return draw_bullseye(c, s, ctx, seats, y);
    default: c.text(0, y, s.ending() ? "The Draw Pile is empty." : "", kDim); return 1;
  }
}

// The viewer's hand (or every hand for an omniscient view), sorted, the
// cards that may be played bold; from row y.
void draw_hands(Canvas& c, const GoWackyState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  for (PlayerId p = 0; p < s.num_players(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    int hx = c.text(0, y, fmt::format("{}'s hand: ", seats(p, s.name(p))), kBold);
    const int len = s.hand_size(p);
    IndexArray<int, kMaxHand> sorted{};
    for (int i = 0; i < len; ++i) sorted[i] = s.hand_card(p, i);
    std::sort(sorted.begin(), sorted.begin() + len);
    for (int i = 0; i < len; ++i) {
      const int t = sorted[i];
      const bool playable = s.phase() == Phase::Turn && p == s.current() && s.matches_top(t);
      hx += draw_card(c, hx, y, s.deck(), t, playable) + 1;
    }
    ++y;
    if (y >= c.height()) break;
  }
}

}  // namespace

void GoWackyPresenter::view(const State& state, Canvas& c, const ViewContext& ctx) const {
  const GoWackyState& s = game_state(state);
  SeatLabels seats(ctx.computers);
  int y = 0;
  draw_piles(c, s, y);
  y += 2;
  y += draw_players(c, s, seats, y);
  ++y;
  y += draw_contest(c, s, ctx, seats, y);
  ++y;
  draw_hands(c, s, ctx, seats, y);
  seats.draw_key(c);
}

}  // namespace rt::go_wacky
