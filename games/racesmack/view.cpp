// Draws Racesmack on a Canvas: the draw pile, the rule in force, the revealed
// cards numbered for tapping, every player's Race with their Finish and how
// close they are, and the viewer's own hand. Shapes are glyphs in colour
// followed by the colour's letter, so colour never carries meaning alone.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "core/seat_labels.h"
#include "games/racesmack/game.h"
#include "games/racesmack/presenter.h"

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
    const Component& sh = d.shapes[s];
    const Component& co = d.colours[col];
    const Style st{co.terminal, Color::Default, attr::kBold};
    x += c.text(x, y, c.unicode() ? sh.glyph : sh.ascii, st);
    c.put(x++, y, static_cast<char32_t>(co.letter), Style{co.terminal});
  };
  if (k.display != Display::Symbols) {
    x += c.text(x, y, number_face(k, c.unicode()), kBold, limit - x);
    icon(k.shape[0], k.colour[0]);
    return x - x0;
  }
  for (int i = 0; i < k.count; ++i) icon(k.shape[i], k.colour[i]);
  return x - x0;
}

// Round, draw pile with its face-up top card, discards.
void draw_header(Canvas& c, const RacesmackState& s, int y) {
  int x = c.text(0, y, "RACESMACK", kBold);
  x += c.text(x, y, fmt::format("  {} {}", s.variants().after_you ? "Turn" : "Round", s.round()));
  x += c.text(x, y, fmt::format("  Draw pile {}", s.draw_size()));
  if (s.top() >= 0) {
    x += c.text(x, y, " top ");
    x += draw_card(c, x, y, s.data(), s.card(s.top()), 12);
  }
  c.text(x, y, fmt::format("  Discard {}", s.discard().size()), kDim);
}

// Whether the revealed cards have been judged (the tapping is on or done).
bool judged(const RacesmackState& s) {
  const Phase phase = s.phase();
  return phase == Phase::Tap || phase == Phase::Settle || (phase != Phase::Pick && s.slots() > 0);
}

// The rule in force, or what the table waits for; returns the rows used.
int draw_rule(Canvas& c, const RacesmackState& s, SeatLabels& seats, int y) {
  const Data& d = s.data();
  const int y0 = y;
  if (s.variants().racing && s.racing_card() >= 0 && !judged(s))
    c.text(0, y++,
           fmt::format("Racing Rules {}: default = correct if it {}", s.card(s.racing_card()).name(),
                       d.rule_text(s.card(s.racing_card()).rule_text)),
           Style{Color::Yellow}, c.width());
  if (judged(s) && s.slots() > 0) {
    y += wrapped(c, y, s.ruling_text(), Style{Color::Yellow, Color::Default, attr::kBold}, 2);
  } else if (s.phase() == Phase::Pick) {
    int waiting = 0;
    for (PlayerId p = 0; p < s.num_players(); ++p) waiting += !s.has_picked(p) && s.hand(p).len > 0;
    c.text(0, y++, fmt::format("Everyone picks a secret card ({} still choosing).", waiting), kDim);
  } else if (s.phase() == Phase::AyTurn || s.phase() == Phase::AyReveal) {
    c.text(0, y++,
           fmt::format("After You: {} reveals a card. Tapping starts when a Rule Card shows.",
                       seats(s.current(), s.name(s.current()))),
           kDim);
  } else if (s.phase() == Phase::Over) {
    std::string summary = s.standings().summary;
    for (PlayerId p = 0; p < s.num_players(); ++p) summary = seats.sentence(summary, p, s.name(p));
    c.text(0, y++, summary, kBold, c.width());
  } else {
    ++y;
  }
  return y - y0;
}

// The revealed cards numbered for tapping, each with who tapped it; the
// correct ones marked once the tapping is over (or for an all-seeing view).
void draw_slots(Canvas& c, const RacesmackState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  const int w = c.width();
  const bool over = s.phase() != Phase::Tap;
  const int col = std::max(12, std::min(20, w / std::max(1, s.slots())));
  for (int slot = 0; slot < s.slots(); ++slot) {
    const int cx = slot * col;
    if (cx + 6 > w) break;
    const bool mark = (over || ctx.omniscient) && ((s.correct_mask() >> slot) & 1u);
    const std::string number = fmt::format("#{} ", slot + 1);
    const PlayerId owner = s.slot_owner(slot);
    c.text(cx, y, number + seats(owner, s.name(owner), col - 1 - utf8_length(number)), mark ? kBold : Style{},
           col - 1);
    // The mark leads its own card so it never reads as marking the next.
    int kx = cx;
    if (mark) kx += c.text(kx, y + 1, "✓ ", Style{Color::Green, Color::Default, attr::kBold});
    draw_card(c, kx, y + 1, s.data(), s.card(s.slot_card(slot)), col - 1 - (kx - cx));
    // Whole names or a count: a cut name ("Cle") names nobody. Each
    // player's row says which card they tapped either way.
    std::string tappers;
    int taps = 0;
    for (PlayerId p = 0; p < s.num_players(); ++p)
      if (s.tap_of(p) == slot) {
        tappers += (tappers.empty() ? "" : " ") + seats.brief(p, s.name(p));
        ++taps;
      }
    if (taps > 0 && utf8_length(tappers) + 1 > col - 1) tappers = fmt::format("{} taps", taps);
    if (taps > 0) c.text(cx, y + 2, "☝" + tappers, kDim, col - 1);
  }
}

// After You: every player's revealed pile, its top card and size.
void draw_piles(Canvas& c, const RacesmackState& s, SeatLabels& seats, int y) {
  int cx = 0;
  for (PlayerId p = 0; p < s.num_players() && cx < c.width(); ++p) {
    const Row& pl = s.pile(p);
    cx += c.text(cx, y, fmt::format("{}: ", seats(p, s.name(p), 10)), Style{}, 12);
    if (pl.len)
      cx += draw_card(c, cx, y, s.data(), s.card(pl[pl.len - 1]), 12);
    else
      cx += c.text(cx, y, "-", kDim);
    cx += c.text(cx, y, fmt::format(" ({})   ", pl.len), kDim);
  }
}

// A player's status: picked or not, the slot tapped, or the last tap's result.
std::string player_status(const RacesmackState& s, PlayerId p) {
  if (s.phase() == Phase::Pick) return s.has_picked(p) ? "ready" : "...";
  if (s.phase() == Phase::Tap) return s.tap_of(p) >= 0 ? fmt::format("#{}", s.tap_of(p) + 1) : "...";
  switch (s.result(p)) {
    case Result::Correct: return "right";
    case Result::Incorrect: return "wrong";
    case Result::TooLate: return "late";
    default: return {};
  }
}

bool acting(const RacesmackState& s, PlayerId p) {
  switch (s.phase()) {
    case Phase::AyTurn: return p == s.current();
    case Phase::Settle:
      return s.penalty_pending(p) || s.lose_race_owed(p) || s.lose_hand_owed(p) || !s.to_place(p).empty();
    case Phase::Pick: return !s.has_picked(p) && s.hand(p).len > 0;
    default: return false;
  }
}

// One player's rows: hand size, status, Race row; the Finish and progress
// on a second row, or shortened at the first row's end when `two_rows` is
// false. Returns the rows used.
int draw_player(Canvas& c, const RacesmackState& s, SeatLabels& seats, PlayerId p, int y, bool two_rows) {
  const Data& d = s.data();
  const int w = c.width();
  const Style st = acting(s, p) ? kBold : Style{};
  c.text(0, y, acting(s, p) ? ">" : " ", st);
  c.text(2, y, seats(p, s.name(p), 10), st, 10);
  const std::string status = player_status(s, p);
  c.text(13, y, fmt::format("{} {:<5}", s.variants().after_you ? "blind" : "hand", s.hand(p).len), kDim);
  c.text(22, y, status,
         status == "right"   ? Style{Color::Green}
         : status == "wrong" ? Style{Color::Red}
                             : kDim,
         6);
  const Row& r = s.race(p);
  const int f = s.finish_of(p);
  const Style fin_style = s.finished(p) ? Style{Color::Green, Color::Default, attr::kBold} : kDim;
  // One row: the short Finish takes the row's end, the Race what is left.
  std::string short_fin;
  if (!two_rows)
    short_fin = f < 0 ? std::string(" no Finish")
                      : fmt::format(" Rule {} {}{}", s.card(f).number,
                                    progress_text(d, s.card(f).finish, s.progress_of(p)),
                                    s.finished(p) ? " DONE" : "");
  const int race_end = w - std::min(utf8_length(short_fin), w - 40);
  int rx = 29 + c.text(29, y, fmt::format("Race {:>2}:", r.len));
  for (int k = 0; k < r.len; ++k) {
    if (rx + 4 >= race_end) {
      c.text(race_end - 2, y, "…", kDim);
      break;
    }
    rx += draw_card(c, rx, y, d, s.card(r[k]), race_end - rx - 2);
    if (k + 1 < r.len) c.put(rx++, y, U'|', kDim);
  }
  if (!two_rows) {
    c.text(race_end, y, short_fin, fin_style, w - race_end);
    return 1;
  }
  const std::string fin =
      f < 0 ? std::string("no Finish yet: win a Rule Card")
            : fmt::format("Finish Rule {}: {} — {}{}", s.card(f).number, d.finish_text(s.card(f).finish_text),
                          progress_text(d, s.card(f).finish, s.progress_of(p)),
                          s.finished(p) ? "  FINISHED!" : "");
  c.text(4, y + 1, fin, fin_style, w - 4);
  return 2;
}

// The viewer's hand (every hand for an omniscient view), from row y. After
// You hands are blind: nobody sees them.
void draw_hands(Canvas& c, const RacesmackState& s, const ViewContext& ctx, SeatLabels& seats, int y) {
  const int w = c.width();
  for (PlayerId p = 0; p < s.num_players() && y < c.height(); ++p) {
    if (!ctx.omniscient && p != ctx.viewer) continue;
    if (s.variants().after_you && !ctx.omniscient) {
      c.text(0, y++, fmt::format("Your blind pile: {} cards, face down.", s.hand(p).len), kBold);
      continue;
    }
    int hx = c.text(0, y, fmt::format("{}'s hand: ", seats(p, s.name(p))), kBold);
    // In the options' order (by card), so the nth card is the nth option.
    const Row& h = s.hand(p);
    std::vector<int> cards(h.c.begin(), h.c.begin() + h.len);
    std::sort(cards.begin(), cards.end());
    for (int k : cards) {
      if (hx >= w) break;
      hx += draw_card(c, hx, y, s.data(), s.card(k), w - hx) + 2;
    }
    if (s.played(p) >= 0 && hx < w) {
      hx += c.text(hx, y, "played ", kDim);
      draw_card(c, hx, y, s.data(), s.card(s.played(p)), w - hx);
    }
    ++y;
  }
}

}  // namespace

void RacesmackPresenter::view(const State& state, Canvas& c, const ViewContext& ctx) const {
  const RacesmackState& s = game_state(state);
  const int n = s.num_players();
  SeatLabels seats(ctx.computers);
  int y = 0;
  draw_header(c, s, y++);
  if (s.phase() == Phase::Generate) {
    c.text(0, y, fmt::format("Generating the deck: {} cards so far...", s.num_cards()), kDim);
    return;
  }
  y += draw_rule(c, s, seats, y);

  // The revealed cards (After You: every pile's top), numbered for tapping.
  if (s.slots() > 0 && judged(s)) {
    draw_slots(c, s, ctx, seats, y);
    y += 3;
  } else if (s.variants().after_you) {
    draw_piles(c, s, seats, y);
    y += 2;
  } else {
    y += 1;
  }

  // Players: hand size, Race row, Finish and progress. Two rows each when
  // they fit above the viewer's hand; else one, the Finish shortened to its
  // number and progress at the row's end (six players at 80x24).
  const int hand_rows = ctx.omniscient ? n : (ctx.viewer >= 0 && ctx.viewer < n ? 1 : 0);
  const bool two_rows = c.height() - y - hand_rows >= 2 * n;
  for (PlayerId p = 0; p < n && y < c.height() - hand_rows; ++p)
    y += draw_player(c, s, seats, p, y, two_rows);
  draw_hands(c, s, ctx, seats, y);
  seats.draw_key(c);
}

}  // namespace rt::racesmack
