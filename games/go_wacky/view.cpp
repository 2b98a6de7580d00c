// Draws Go Wacky! on a Canvas: piles, players, the contest in progress and
// the viewer's hand. Hands of other players are never shown.
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

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
  const CardType& t = d.types[static_cast<std::size_t>(type)];
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
  for (std::size_t k = 0; k < d.colour_ids.size(); ++k) {
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
  for (std::size_t k = 0; k < d.colour_ids.size() && k < d.colour_letters.size(); ++k)
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

void GoWackyState::view(Canvas& c, const ViewContext& ctx) const {
  const Deck& d = deck();
  const int n = num_players();
  const Style bold{Color::Default, Color::Default, attr::kBold};
  const Style dim{Color::Default, Color::Default, attr::kDim};
  int y = 0;

  // Piles.
  int x =
      c.text(0, y, fmt::format("Draw Pile: {:>2} cards   Play Pile: {:>2}  top ", draw_total_, pile_size_));
  if (pile_size_ > 0) {
    x += draw_card(c, x, y, d, top_card(), true);
    c.text(x + 1, y, d.types[static_cast<std::size_t>(top_card())].name, dim);
  }
  y += 2;

  // Players.
  c.text(0, y, "Player", bold);
  c.text(24, y, "die", bold);
  c.text(34, y, "hand", bold);
  c.text(41, y, "won", bold);
  ++y;
  for (PlayerId p = 0; p < n; ++p) {
    const bool acting =
        (phase_ == Phase::Turn && p == current_) || (phase_ == Phase::RnrTake && p == roller_);
    Style s = acting ? bold : Style{};
    c.text(0, y, acting ? ">" : " ", s);
    c.text(2, y, name(p), s, 21);
    c.text(24, y, d.dice[static_cast<std::size_t>(p)], s, 9);
    c.text(34, y, fmt::format("{}", hand_len_[p]), s);
    const int sc = score_[p];
    c.text(41, y, fmt::format("{:>2} ", sc), s);
    c.fill(45, y, std::min(sc, c.width() - 46), 1, c.glyphs().block, Style{Color::Green});
    ++y;
  }
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
        const std::string face = r < 0 ? "-" : std::string(1, d.colour_letters[static_cast<std::size_t>(r)]);
        cx += c.text(cx, y, fmt::format("{}: {}   ", name(p), face));
      }
      ++y;
      break;
    }
    case Phase::GwRace: {
      const int count = count_reached(std::max(now(), ctx.now));
      c.text(0, y++,
             fmt::format("GO WACKY!  {} rolls for {}", name(contest_owner_), d.colour_names(target_, " or ")),
             bold);
      const int r = last_roll_[contest_owner_];
      c.text(0, y++,
             fmt::format("last roll: {}    \"{} Go Wacky!\" ({} to go)",
                         r < 0 ? std::string("-") : d.colour_ids[static_cast<std::size_t>(r)], count,
                         d.timing.count_to - count));
      break;
    }
    case Phase::RnrLay: {
      c.text(0, y++,
             fmt::format("ROUND 'N ROUND  {} rolls next", roller_ >= 0 ? name(roller_) : std::string()),
             bold);
      int cx = 0;
      for (int i = 0; i < row_len_; ++i) cx += draw_card(c, cx, y, d, row_[static_cast<std::size_t>(i)]) + 1;
      ++y;
      break;
    }
    case Phase::BeThrow: {
      c.text(0, y++, "BULL'S-EYE!  Stop the needle at the centre |", bold);
      const int width = std::min(61, c.width() - 2);
      const int range = d.timing.needle_range;
      auto col_of = [&](int pos) { return 1 + (pos + range) * (width - 1) / (2 * range); };
      c.put(0, y, U'<');
      c.hline(1, y, width);
      c.put(width + 1, y, U'>');
      const int r = d.timing.card_radius;
      c.fill(col_of(-r), y, col_of(r) - col_of(-r) + 1, 1, U'=', Style{Color::Green});
      c.put(col_of(0), y, U'|', bold);
      if (phase_ == Phase::BeThrow)
        c.put(col_of(needle_at(std::max(now(), ctx.now))), y, U'v',
              Style{Color::Red, Color::Default, attr::kBold});
      ++y;
      int cx = 0;
      for (PlayerId p = 0; p < n; ++p) {
        const int l = landing_[p];
        const std::string where = !has_thrown(p)      ? "..."
                                  : l == kMissedThrow ? "miss"
                                                      : fmt::format("{}", std::abs(l));
        cx += c.text(cx, y, fmt::format("{}: {}   ", name(p), where));
      }
      ++y;
      break;
    }
    default: c.text(0, y++, ending_ ? "The Draw Pile is empty." : "", dim); break;
  }
  ++y;

  // The viewer's hand (or every hand for an omniscient view).
  for (PlayerId p = 0; p < n; ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    int hx = c.text(0, y, fmt::format("{}'s hand: ", name(p)), bold);
    std::array<std::uint8_t, kMaxHand> sorted = hands_[p];
    const int len = hand_len_[p];
    for (int i = 1; i < len; ++i)  // insertion sort: at most kMaxHand cards
      for (int j = i; j > 0 && sorted[static_cast<std::size_t>(j - 1)] > sorted[static_cast<std::size_t>(j)];
           --j)
        std::swap(sorted[static_cast<std::size_t>(j - 1)], sorted[static_cast<std::size_t>(j)]);
    for (int i = 0; i < len; ++i) {
      const int t = sorted[static_cast<std::size_t>(i)];
      const bool playable = phase_ == Phase::Turn && p == current_ && matches_top(t);
      hx += draw_card(c, hx, y, d, t, playable) + 1;
    }
    ++y;
    if (y >= c.height()) break;
  }
}

}  // namespace rt::go_wacky
