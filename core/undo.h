// Taking back a person's last decision: in a local game
// against computers, a choice that showed its player nothing new may be
// undone. The Table rewinds by replaying its history without the steps
// taken back (Table::rewind), so the history, the save and a replay stay one
// thing.
//
// What may be taken back, for person P (the one at the keyboard, asked now):
//   - P's last decision, and every step after it, when none of those steps
//     showed anyone at the keyboard something new:
//   - no chance step with more than one outcome (a card drawn, a die rolled);
//   - no timed contest (its clock ran) and no clock step;
//   - no decision of another person, and no other person asked since (at a
//     hot-seat table the keyboard has not left P);
//   - nothing P could read that depends on what P cannot see: what P read
//     since (P's own private lines and computers' moves included) must read
//     the same on samples of the hidden cards (State::determinize for P), so
//     a computer's card played from its hand, a Trap set off or a card
//     looked at stops it, while P's own hand named to P does not.
// Shared tables never offer it (their PlayTable has no LocalControls), nor
// does a local game while others watch it (the watchers' copy has seen it).
#pragma once

#include <cstddef>
#include <string>

#include "core/table.h"

namespace rt {

struct UndoCheck {
  // The history steps kept: P's decision taken back is history()[keep].
  std::size_t keep = 0;
  // Why not, one line for the person ("" when the undo may be done).
  std::string why_not;
  bool ok() const { return why_not.empty(); }
};

// Whether `person`'s last decision may be taken back now (see above).
// Replays the history once: call it on a key press, not every frame.
UndoCheck check_undo(const Table& table, PlayerId person);

}  // namespace rt
