#include "core/seat_labels.h"

#include <algorithm>

#include "core/computer_name.h"

namespace rt {
namespace {

// The first `columns` code points of `text`.
std::string first_columns(const std::string& text, int columns) {
  std::string out;
  int used = 0;
  for (char32_t cp : utf8_decode(text)) {
    if (used++ >= columns) break;
    utf8_append(out, cp);
  }
  return out;
}

bool blank(const Canvas& c, int x, int y, int w) {
  for (int i = x; i < x + w; ++i) {
    const Cell& cell = c.at(i, y);
    if (cell.ch != U' ' || cell.style.bg != Color::Default || (cell.style.attrs & attr::kReverse))
      return false;
  }
  return true;
}

}  // namespace

SeatSet computer_seats(const SeatVector<Seat>& seats) {
  SeatSet out;
  for (PlayerId p = 0; p < seats.size(); ++p)
    if (seats[p].kind != SeatKind::Human) out.add(p);
  return out;
}

std::string mark_computers(std::string_view sentence, const SeatVector<Seat>& seats) {
  std::string out(sentence);
  for (const Seat& seat : seats)
    if (seat.kind != SeatKind::Human) out = mark_computer_in(out, seat.name);
  return out;
}

std::string SeatLabels::operator()(PlayerId seat, const std::string& name, int width) {
  if (!computers_.has(seat)) return name;
  std::string full = computer_name(name);
  if (width <= 0 || utf8_length(full) <= width) return full;
  shortened_ = true;
  const int room = std::max(0, width - utf8_length(kShortComputerMark));
  if (room == 0) return std::string(kShortComputerMark.substr(1));
  return first_columns(unmarked_name(name), room) + std::string(kShortComputerMark);
}

std::string SeatLabels::brief(PlayerId seat, const std::string& name) {
  if (!computers_.has(seat)) return name;
  shortened_ = true;
  return unmarked_name(name) + std::string(kShortComputerMark);
}

std::string SeatLabels::sentence(std::string_view text, PlayerId seat, const std::string& name) const {
  return computers_.has(seat) ? mark_computer_in(text, name) : std::string(text);
}

void SeatLabels::draw_key(Canvas& c) const {
  if (!shortened_) return;
  const int len = utf8_length(kComputerKey);
  const int x = c.width() - len;
  if (x < 1) return;
  // One blank column before it, so it never reads as the end of something else.
  for (int y = 0; y < c.height(); ++y)
    if (blank(c, x - 1, y, len + 1)) {
      c.text(x, y, kComputerKey, Style{Color::Default, Color::Default, attr::kDim});
      return;
    }
}

}  // namespace rt
