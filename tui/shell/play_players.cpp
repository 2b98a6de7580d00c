// The Players panel of a wide window: each seat's name and place, then
// what it is and how it stands, wrapped at words (never cut mid-word), the
// panel as tall as that needs.
#include <algorithm>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/stats_report.h"

namespace rt::shell {

std::vector<std::string> PlayScreen::seat_about(const SeatPanel& seat, int width, bool unicode) {
  // A computer's name line says "(computer)": this line gives its level alone.
  std::string kind = seat.kind;
  if (!seat.clock.empty()) kind += " · clock " + seat.clock;
  const std::string text = seat.detail.empty() ? kind : kind + " · " + seat.detail;
  std::vector<std::string> lines = wrap(canvas_form(text, unicode), std::max(8, width));
  if (lines.empty()) lines.emplace_back();
  return lines;
}

int PlayScreen::players_panel_rows(int width, bool unicode) const {
  int rows = 2;  // the frame
  for (const SeatPanel& seat : seats_) rows += 1 + std::ssize(seat_about(seat, width - 4, unicode));
  return rows;
}

// Wide windows: a small panel per player in the sidebar.
void PlayScreen::draw_players(Canvas& c, const Rect& r) const {
  const PlayTable& s = *t_;
  const std::vector<PlayerId>& acting = actors_;
  const Rect in = frame(c, r, "Players");
  // In standings order.
  std::vector<PlayerId> order;
  for (PlayerId p = 0; p < seats_.seats(); ++p) order.push_back(p);
  std::stable_sort(order.begin(), order.end(),
                   [&](PlayerId a, PlayerId b) { return seats_[a].place < seats_[b].place; });
  int y = in.y;
  for (PlayerId p : order) {
    const SeatPanel& seat = seats_[p];
    const std::vector<std::string> about = seat_about(seat, in.w - 2, c.unicode());
    if (y + std::ssize(about) >= in.bottom() + 1) break;
    const bool on = std::find(acting.begin(), acting.end(), p) != acting.end() && s.phase() != Phase::Over;
    c.text(in.x, y, on ? (c.unicode() ? "▶" : ">") : " ", style::kAccent);
    c.text(in.x + 2, y, seat.human ? seat.name : computer_name(seat.name), on ? style::kBold : style::kNormal,
           in.w - 8);
    const std::string place = seat.place > 0 ? place_name(seat.place) : std::string();
    c.text(in.right() - utf8_length(place), y, place, seat.place == 1 ? style::kGood : style::kDim);
    for (const std::string& line : about) c.text(in.x + 2, ++y, line, style::kDim, in.w - 2);
    ++y;
  }
}

}  // namespace rt::shell
