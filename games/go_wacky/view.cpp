// Draws Go Wacky! on a Canvas: piles, players, the contest in progress and
// the viewer's hand. Hands of other players are never shown.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/go_wacky/game.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {
namespace {

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
  col += c.text(col, y, prefix, Style{Color::Default, Color::Default, attr::kBold});
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

}  // namespace

std::string GoWackyState::legend() const {
  const Deck& d = deck();
  std::string colours;
  for (int k = 0; k < d.colour_ids.size() && k < d.colour_letters.size(); ++k)
    colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", d.colour_letters[k], d.colour_ids[k]);
  return fmt::format(
      "Cards: [R/B] is a card of the colours its letters name ({}).\n"
      "  EGW: Everybody Go Wacky!  GW: Go Wacky!  RnR: Round 'n Round  BE: Bull's-eye (a contest card, with "
      "its colours after the code).\n"
      "  In your hand, the cards drawn bold match the top of the Play Pile.\n"
      "Players: > marks who acts; die: the symbol on their die; hand: cards held; won: cards won, with a "
      "bar.\n"
      "Bull's-eye: | is the centre, = the card, v the needle; each throw's distance from the centre (miss: "
      "off the card).",
      colours);
}

namespace {

const Style kBold{Color::Default, Color::Default, attr::kBold};

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

}  // namespace

void GoWackyState::view(Canvas& c, const ViewContext& ctx) const {
  const Deck& d = deck();
  const int n = num_players();
  const Style bold{Color::Default, Color::Default, attr::kBold};
  const Style dim{Color::Default, Color::Default, attr::kDim};
  SeatLabels seats(ctx.computers);
  int y = 0;

  // Piles.
  int x =
      c.text(0, y, fmt::format("Draw Pile: {:>2} cards   Play Pile: {:>2}  top ", draw_total_, pile_size_));
  if (pile_size_ > 0) {
    x += draw_card(c, x, y, d, top_card(), true);
    c.text(x + 1, y, d.types[top_card()].name, dim);
  }
  y += 2;

  y += draw_players(c, *this, seats, y);
  ++y;

  // The contest in progress.
  switch (contest_) {
    case Phase::EgwRace: {
      c.text(0, y++,
             fmt::format("EVERYBODY GO WACKY!  Everybody rolls for {}", d.colour_names(target_, " or ")),
             bold);
      int cx = 0;
      for (PlayerId p = 0; p < n; ++p) {
        const int r = last_roll_[p];
        const std::string face = r < 0 ? "-" : std::string(1, d.colour_letters[r]);
        cx += c.text(cx, y, fmt::format("{}: {}   ", seats.brief(p, name(p)), face));
      }
      ++y;
      break;
    }
    case Phase::GwRace: {
      const int count = count_reached(std::max(now(), ctx.now));
      c.text(0, y++,
             fmt::format("GO WACKY!  {} rolls for {}", seats(contest_owner_, name(contest_owner_)),
                         d.colour_names(target_, " or ")),
             bold);
      const int r = last_roll_[contest_owner_];
      c.text(0, y++,
             fmt::format("last roll: {}    \"{} Go Wacky!\" ({} to go)",
                         r < 0 ? std::string("-") : d.colour_ids[r], count, d.timing.count_to - count));
      break;
    }
    case Phase::RnrLay: {
      c.text(0, y++,
             fmt::format("ROUND 'N ROUND  {} rolls next",
                         roller_ >= 0 ? seats(roller_, name(roller_)) : std::string()),
             bold);
      int cx = 0;
      for (int i = 0; i < row_len_; ++i) cx += draw_card(c, cx, y, d, row_[i]) + 1;
      ++y;
      break;
    }
    case Phase::BeThrow: y += draw_bullseye(c, *this, ctx, seats, y); break;
    default: c.text(0, y++, ending_ ? "The Draw Pile is empty." : "", dim); break;
  }
  ++y;

  // The viewer's hand (or every hand for an omniscient view).
  for (PlayerId p = 0; p < n; ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    int hx = c.text(0, y, fmt::format("{}'s hand: ", seats(p, name(p))), bold);
    IndexArray<std::uint8_t, kMaxHand> sorted = hands_[p];
    const int len = hand_len_[p];
    for (int i = 1; i < len; ++i)  // insertion sort: at most kMaxHand cards
      for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; --j) std::swap(sorted[j - 1], sorted[j]);
    for (int i = 0; i < len; ++i) {
      const int t = sorted[i];
      const bool playable = phase_ == Phase::Turn && p == current_ && matches_top(t);
      hx += draw_card(c, hx, y, d, t, playable) + 1;
    }
    ++y;
    if (y >= c.height()) break;
  }
  seats.draw_key(c);
}

}  // namespace rt::go_wacky
