#include "tui/shell/play_table.h"
#include "tui/shell/session.h"

#include <algorithm>

namespace rt::shell {

std::vector<SeatPanel> seat_panels(const State& state, const SeatVector<Seat>& seats,
                                   const std::string& person) {
  const Standings standings = state.standings();
  std::vector<PlayerId> acting;
  if (state.turn() == Turn::Player || state.turn() == Turn::Simultaneous) state.actors(acting);
  std::vector<SeatPanel> out;
  for (PlayerId id = 0; id < seats.size(); ++id) {
    const Seat& seat = seats[id];
    SeatPanel sp;
    sp.name = seat.name;
    sp.human = seat.kind == SeatKind::Human;
    sp.kind = sp.human ? person : std::string(level_name(seat.level));
    sp.acting = std::find(acting.begin(), acting.end(), id) != acting.end();
    for (const Placing& pl : standings.placings)
      if (pl.player == id) {
        sp.place = pl.place;
        sp.detail = pl.detail;
        sp.score = brief_score(pl);
      }
    out.push_back(std::move(sp));
  }
  return out;
}

}  // namespace rt::shell
