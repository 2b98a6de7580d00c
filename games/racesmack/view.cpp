// Draws Racesmack on a Canvas: the draw pile, the rule in force, the revealed
// cards numbered for tapping, every player's Race with their Finish and how
// close they are, and the viewer's own hand. Shapes are glyphs in colour
// followed by the colour's letter, so colour never carries meaning alone.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {
namespace {

const Style kBold{Color::Default, Color::Default, attr::kBold};
const Style kDim{Color::Default, Color::Default, attr::kDim};

// How a Shifting Gears card shows its number.
std::string number_face(const Card& k, bool unicode) {
  static const char* const kDice[] = {"⚀", "⚁", "⚂", "⚃", "⚄", "⚅"};
  switch (k.display) {
    case Display::Dice:
      return unicode && k.count <= 6 ? std::string(kDice[k.count - 1]) : fmt::format("[{}]", k.count);
    case Display::Hand: return fmt::format("{}{}", unicode ? "✋" : "h", k.count);
    case Display::Tally: return std::string(k.count, 'I');
    case Display::Number: return fmt::format("{}{}", k.count, unicode ? "×" : "x");
    case Display::Symbols: break;
  }
  return {};
}

// Word-wraps text onto up to `lines` rows; returns the rows used.
int wrapped(Canvas& c, int y, const std::string& text, Style style, int lines) {
  const int w = c.width();
  std::size_t pos = 0;
  int used = 0;
  while (pos < text.size() && used < lines && y + used < c.height()) {
    std::size_t end = text.size();
    if (utf8_length(std::string_view(text).substr(pos)) > w) {
      end = pos;
      std::size_t probe = pos;
      while (probe < text.size()) {
        std::size_t next = text.find(' ', probe + 1);
        if (next == std::string::npos) next = text.size();
        if (utf8_length(std::string_view(text).substr(pos, next - pos)) > w) break;
        end = next;
        probe = next;
      }
      if (end == pos) end = std::min(text.size(), pos + static_cast<std::size_t>(w));
    }
    c.text(0, y + used, std::string_view(text).substr(pos, end - pos), style, w);
    ++used;
    pos = end;
    while (pos < text.size() && text[pos] == ' ') ++pos;
  }
  return used;
}

}  // namespace

// A card as icons ("■r▲g"), a Shifting Gears face ("⚂★r") or "Rule 12";
// returns the columns used (at most max_w).
int draw_card(Canvas& c, int x, int y, const Data& d, const Card& k, int max_w = 99) {
  const int x0 = x;
  const int limit = std::min(c.width(), x + max_w);
  // "Rule 11", never "#11": a regular card's id ("R11") reads too close to
  // it, so the board shows regular cards by their icons alone.
  if (k.is_rule)
    return c.text(x, y, fmt::format("Rule {}", k.number), Style{Color::Yellow, Color::Default, attr::kBold},
                  max_w);
  auto icon = [&](int s, int col) {
    if (x + 2 > limit) return;
    const Component& sh = d.shapes[static_cast<std::size_t>(s)];
    const Component& co = d.colours[static_cast<std::size_t>(col)];
    const Style st{co.terminal, Color::Default, attr::kBold};
    x += c.text(x, y, c.unicode() ? sh.glyph : sh.ascii, st);
    c.put(x++, y, static_cast<char32_t>(co.letter), Style{co.terminal});
  };
  if (k.display != Display::Symbols) {
    x += c.text(x, y, number_face(k, c.unicode()), kBold, limit - x);
    icon(k.shape[0], k.colour[0]);
    return x - x0;
  }
  for (int i = 0; i < k.count; ++i)
    icon(k.shape[static_cast<std::size_t>(i)], k.colour[static_cast<std::size_t>(i)]);
  return x - x0;
}

std::string RacesmackState::legend() const {
  const Data& d = data();
  std::string shapes;
  for (const Component& sh : d.shapes)
    // The full screen draws the glyph, a plain terminal the ASCII code: both named.
    shapes += fmt::format("{}{} {}{}", shapes.empty() ? "" : ", ", sh.ascii, sh.name,
                          sh.glyph.empty() || sh.glyph == sh.ascii ? std::string() : " (" + sh.glyph + ")");
  std::string colours;
  for (const Component& co : d.colours)
    colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", co.letter, co.name);
  return fmt::format(
      "Card codes: each icon is a shape then a colour letter; R34 #b^r is card R34 showing a blue square and "
      "a\n"
      "red triangle.\n"
      "  shapes: {}\n"
      "  colours: {}\n"
      "  #1, #12 ... alone: a Rule Card (its text is in the log and on the rules screen).\n"
      "Race 2:#b^g|^r^g is a Race of 2 cards, left to right, split by |. > marks who is asked; status:\n"
      "ready/... (picked or not), right/wrong/late (the last tap), #2 (the card tapped).",
      shapes, colours);
}

void RacesmackState::view(Canvas& c, const ViewContext& ctx) const {
  const Data& d = data();
  const Variants& v = variants();
  const int n = num_players();
  const int w = c.width();
  int y = 0;

  // Header: round, draw pile with its face-up top card, discards.
  int x = c.text(0, y, "RACESMACK", kBold);
  x += c.text(x, y, fmt::format("  {} {}", v.after_you ? "Turn" : "Round", round_));
  x += c.text(x, y, fmt::format("  Draw pile {}", draw_size()));
  if (top_ >= 0) {
    x += c.text(x, y, " top ");
    x += draw_card(c, x, y, d, card(top_), 12);
  }
  c.text(x, y, fmt::format("  Discard {}", discard_.size()), kDim);
  ++y;
  if (phase_ == Phase::Generate) {
    c.text(0, y, fmt::format("Generating the deck: {} cards so far...", ncards_), kDim);
    return;
  }

  // The rule in force.
  const bool judged =
      phase_ == Phase::Tap || phase_ == Phase::Settle || (phase_ != Phase::Pick && nslots_ > 0);
  if (v.racing && racing_current_ >= 0 && !judged)
    c.text(0, y++,
           fmt::format("Racing Rules {}: default = correct if it {}", cname(racing_current_),
                       d.rule_text(card(racing_current_).rule_text)),
           Style{Color::Yellow}, w);
  if (judged && nslots_ > 0) {
    y += wrapped(c, y, ruling_text(), Style{Color::Yellow, Color::Default, attr::kBold}, 2);
  } else if (phase_ == Phase::Pick) {
    int waiting = 0;
    for (PlayerId p = 0; p < n; ++p) waiting += !has_picked(p) && hand(p).len > 0;
    c.text(0, y++, fmt::format("Everyone picks a secret card ({} still choosing).", waiting), kDim);
  } else if (phase_ == Phase::AyTurn || phase_ == Phase::AyReveal) {
    c.text(
        0, y++,
        fmt::format("After You: {} reveals a card. Tapping starts when a Rule Card shows.", name(current_)),
        kDim);
  } else if (phase_ == Phase::Over) {
    c.text(0, y++, standings().summary, kBold, w);
  } else {
    ++y;
  }

  // The revealed cards (After You: every pile's top), numbered for tapping.
  const bool over = phase_ != Phase::Tap;
  if (nslots_ > 0 && judged) {
    const int col = std::max(12, std::min(20, w / std::max(1, nslots_)));
    for (int s = 0; s < nslots_; ++s) {
      const int cx = s * col;
      if (cx + 6 > w) break;
      const PlayerId owner = slot_owner(s);
      const bool mark = (over || ctx.omniscient) && ((correct_ >> s) & 1u);
      c.text(cx, y, fmt::format("#{} {}", s + 1, name(owner)), mark ? kBold : Style{}, col - 1);
      const Card& k = card(slot_card(s));
      // The mark leads its own card so it never reads as marking the next.
      int kx = cx;
      if (mark) kx += c.text(kx, y + 1, "✓ ", Style{Color::Green, Color::Default, attr::kBold});
      draw_card(c, kx, y + 1, d, k, col - 1 - (kx - cx));
      // Whole names or a count: a cut name ("Cle") names nobody. Each
      // player's row says which card they tapped either way.
      std::string tappers;
      int taps = 0;
      for (PlayerId p = 0; p < n; ++p)
        if (tap_[p] == s) {
          tappers += (tappers.empty() ? "" : " ") + name(p);
          ++taps;
        }
      if (taps > 0 && utf8_length(tappers) + 1 > col - 1) tappers = fmt::format("{} taps", taps);
      if (taps > 0) c.text(cx, y + 2, "☝" + tappers, kDim, col - 1);
    }
    y += 3;
  } else if (v.after_you) {
    int cx = 0;
    for (PlayerId p = 0; p < n && cx < w; ++p) {
      const Row& pl = pile(p);
      cx += c.text(cx, y, fmt::format("{}: ", name(p)), Style{}, 12);
      if (pl.len)
        cx += draw_card(c, cx, y, d, card(pl[pl.len - 1]), 12);
      else
        cx += c.text(cx, y, "-", kDim);
      cx += c.text(cx, y, fmt::format(" ({})   ", pl.len), kDim);
    }
    y += 2;
  } else {
    y += 1;
  }

  // Players: hand size, Race row, Finish and progress. Two rows each when
  // they fit above the viewer's hand; else one, the Finish shortened to its
  // number and progress at the row's end (six players at 80x24).
  const int hand_rows = ctx.omniscient ? n : (ctx.viewer >= 0 && ctx.viewer < n ? 1 : 0);
  const bool two_rows = c.height() - y - hand_rows >= 2 * n;
  for (PlayerId p = 0; p < n && y < c.height() - hand_rows; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const bool acting = (phase_ == Phase::AyTurn && p == current_) ||
                        (phase_ == Phase::Settle &&
                         (penalty_pending_[i] || lose_race_[i] || lose_hand_[i] || !to_place_[i].empty())) ||
                        (phase_ == Phase::Pick && !has_picked(p) && hand(p).len > 0);
    const Style s = acting ? kBold : Style{};
    c.text(0, y, acting ? ">" : " ", s);
    c.text(2, y, name(p), s, 10);
    std::string status;
    if (phase_ == Phase::Pick)
      status = has_picked(p) ? "ready" : "...";
    else if (phase_ == Phase::Tap)
      status = tap_[i] >= 0 ? fmt::format("#{}", tap_[i] + 1) : "...";
    else if (result_[i] == Result::Correct)
      status = "right";
    else if (result_[i] == Result::Incorrect)
      status = "wrong";
    else if (result_[i] == Result::TooLate)
      status = "late";
    c.text(13, y, fmt::format("{} {:<5}", v.after_you ? "blind" : "hand", hand(p).len), kDim);
    c.text(22, y, status,
           status == "right"   ? Style{Color::Green}
           : status == "wrong" ? Style{Color::Red}
                               : kDim,
           6);
    const Row& r = race(p);
    const int f = finish_of(p);
    const Style fin_style = finished(p) ? Style{Color::Green, Color::Default, attr::kBold} : kDim;
    // One row: the short Finish takes the row's end, the Race what is left.
    std::string short_fin;
    if (!two_rows)
      short_fin =
          f < 0 ? std::string(" no Finish")
                : fmt::format(" Rule {} {}{}", card(f).number,
                              progress_text(d, card(f).finish, progress_of(p)), finished(p) ? " DONE" : "");
    const int race_end = w - std::min(utf8_length(short_fin), w - 40);
    int rx = 29 + c.text(29, y, fmt::format("Race {:>2}:", r.len));
    for (int k = 0; k < r.len; ++k) {
      if (rx + 4 >= race_end) {
        c.text(race_end - 2, y, "…", kDim);
        break;
      }
      rx += draw_card(c, rx, y, d, card(r[k]), race_end - rx - 2);
      if (k + 1 < r.len) c.put(rx++, y, U'|', kDim);
    }
    if (!two_rows) {
      c.text(race_end, y, short_fin, fin_style, w - race_end);
      ++y;
      continue;
    }
    ++y;
    std::string fin;
    if (f < 0)
      fin = "no Finish yet: win a Rule Card";
    else
      fin = fmt::format("Finish Rule {}: {} — {}{}", card(f).number, d.finish_text(card(f).finish_text),
                        progress_text(d, card(f).finish, progress_of(p)), finished(p) ? "  FINISHED!" : "");
    c.text(4, y, fin, fin_style, w - 4);
    ++y;
  }

  // The viewer's hand (every hand for an omniscient view). After You hands
  // are blind: nobody sees them.
  for (PlayerId p = 0; p < n && y < c.height(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    if (v.after_you && !ctx.omniscient) {
      c.text(0, y++, fmt::format("Your blind pile: {} cards, face down.", hand(p).len), kBold);
      continue;
    }
    int hx = c.text(0, y, fmt::format("{}'s hand: ", name(p)), kBold);
    // In the options' order (by card), so the nth card is the nth option.
    const Row& h = hand(p);
    std::vector<int> cards(h.c.begin(), h.c.begin() + h.len);
    std::sort(cards.begin(), cards.end());
    for (int k : cards) {
      if (hx >= w) break;
      hx += draw_card(c, hx, y, d, card(k), w - hx) + 2;
    }
    if (played(p) >= 0 && hx < w) {
      hx += c.text(hx, y, "played ", kDim);
      draw_card(c, hx, y, d, card(played(p)), w - hx);
    }
    ++y;
  }
}

}  // namespace rt::racesmack
