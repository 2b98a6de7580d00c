// What the shell tells the player when a save failed: the banner on the game
// screen (until a save works again) and the truthful lines of the quit
// dialog and of the exit message. Words only here; the session keeps the
// state (GameSession::save_problem()).
#pragma once

#include <string>
#include <vector>

#include "core/canvas.h"
#include "tui/shell/widgets.h"

namespace rt::shell {

class GameSession;

// The exit status of a program that could not save what it was asked to.
inline constexpr int kExitNotSaved = 2;

// A save error without the save's path in front ("cannot write: No space
// left on device"): the path is said separately where there is room.
std::string save_failure_reason(const std::string& error, const std::string& path);

// Only the system's words for the last failure ("No space left on device"),
// for the places with room for a few words.
std::string short_save_reason(const GameSession& session);

// Whether an earlier save of the game is on disk (at its save path).
bool has_earlier_save(const GameSession& session);

// The line printed after the terminal is restored when the game could not be
// saved: "racetable: the game could not be saved: REASON; WHERE".
std::string not_saved_line(const GameSession& session);

// Whether the game screen shows the banner: a game (not a demo) whose last
// save failed, or that has nowhere to be saved (no usable state directory).
bool shows_save_banner(const GameSession& session);

// The banner at the right of `r` (the game screen's header): "NOT SAVED:
// REASON - s saves again", cut to the width. Drawn only when the session
// has a problem.
void draw_save_banner(Canvas& c, const Rect& r, const GameSession& session);

}  // namespace rt::shell
