// A seat's name as a board draws it for a person: a computer's seat marked
// "Ben (computer)" where its column has room, else "Ben (c)", and the board
// then says what "(c)" means (draw_key). Only the seats the ViewContext
// names are marked (the shell, the server's views, line mode), so the boards
// of transcripts and `sim` stay as the game draws them.
#pragma once

#include <string>
#include <string_view>

#include "core/canvas.h"
#include "core/seat_set.h"
#include "core/table.h"
#include "core/types.h"

namespace rt {

inline constexpr std::string_view kShortComputerMark = " (c)";
inline constexpr std::string_view kComputerKey = "(c) computer";

// The seats computers play at a table (what a person's ViewContext::computers says).
SeatSet computer_seats(const SeatVector<Seat>& seats);
inline SeatSet computer_seats(const Table& table) {
  return computer_seats(table.seats());
}

// A sentence a game narrated, as a person reads it: every computer's name
// marked ("Ben (computer) plays ..."). A local game narrates with its
// seats' own names, which stay unmarked for `sim`, transcripts and saves.
std::string mark_computers(std::string_view sentence, const SeatVector<Seat>& seats);

class SeatLabels {
 public:
  explicit SeatLabels(SeatSet computers) : computers_(computers) {}

  bool computer(PlayerId seat) const { return computers_.has(seat); }
  // Seat `seat`'s `name` in at most `width` columns (0: as long as it is):
  // a person's name as it is; a computer's with its mark, never cut (its
  // name is shortened first).
  std::string operator()(PlayerId seat, const std::string& name, int width = 0);
  // The short mark whatever the room, for a row that names every seat.
  std::string brief(PlayerId seat, const std::string& name);
  // A sentence the game wrote with seat `seat`'s name marked if a computer plays it.
  std::string sentence(std::string_view text, PlayerId seat, const std::string& name) const;
  // Once a short mark was drawn: "(c) computer" at the right end of the
  // first row with room for it.
  void draw_key(Canvas& c) const;

 private:
  SeatSet computers_;
  bool shortened_ = false;
};

}  // namespace rt
