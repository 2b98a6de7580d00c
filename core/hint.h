// Hints: the move the strongest computer would make for a seat now, with its
// reason in the game's words. One place names the level a hint asks
// (kHintLevel): the expert, the strongest there is.
//
// A hint never touches the table's random streams: it asks a fresh agent with
// its own stream, derived by name from the table's seed, the seat and the
// length of the history (so the same question gets the same hint, and `sim`
// and every save replay as if no hint had been asked). The agent sees the
// position exactly as a computer in that seat would: the search samples what
// the seat cannot see (State::determinize), so a hint tells nothing of
// another seat's hand that the seat could not know.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/bot_level.h"
#include "core/game.h"
#include "core/rng.h"
#include "core/state.h"

namespace rt {

// The level whose choice a hint shows: the strongest there is.
inline constexpr BotLevel kHintLevel = BotLevel::Expert;

struct Hint {
  Action action = 0;
  std::string move;    // the action's menu label for the seat ("Play red/blue (split match)")
  std::string reason;  // one line in the game's words, never empty
  // "Hint: Play red/blue. Why: keeps a card of every colour" (the shell,
  // line mode and a shared table's `hint` message).
  std::string line() const;
};

// Why no hint may be asked for `seat` now, one line, or "" when one may:
// not the seat's decision, the game is over, or a timed contest is running
// (racing is the player's own: a hint would be a head start).
std::string hint_refusal(const State& state, PlayerId seat);

// The stream a hint draws from: the table's seed, the seat and the number
// of steps played, by name ("hint:SEAT:STEPS"), never the table's streams.
Rng hint_rng(std::uint64_t seed, PlayerId seat, std::size_t steps);

// The hint for `seat` in `state` (hint_refusal() must be ""): kHintLevel's
// agent decides with `rng`, then gives its reason for that move; where the
// heuristic has none, what the search found.
Hint compute_hint(const Game& game, const State& state, PlayerId seat, Rng& rng);

}  // namespace rt

namespace rt {

class Table;

// The answer to a seat asking for a hint at a table: the hint, or why not.
struct HintReply {
  std::optional<Hint> hint;
  std::string refused;  // one line when there is no hint
};

// Asks for `seat`'s hint at `table` and notes it in the table's record
// (Table::note_hint: the save and history say the game had hints). A
// refusal notes nothing. The table's streams and history are untouched.
HintReply ask_hint(Table& table, PlayerId seat);

}  // namespace rt
