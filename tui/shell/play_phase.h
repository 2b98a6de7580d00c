// The words a table and the play screen share about where a game is: its
// phase, its log lines, the computers' speed levels. Apart from the local
// session (session.h) so that PlayTable, and a table played elsewhere, need
// nothing of it.
#pragma once

#include <cstdint>
#include <string>

#include "core/pacer.h"
#include "core/types.h"

namespace rt::shell {

struct LogEntry {
  std::string text;
  std::string rule;
  PlayerId audience = kEveryone;
  std::uint32_t step = 0;  // 1-based step that produced it; 0: before this session
  int picture = 0;         // Event::picture: told when that picture of its step is on screen
  // Talk at a shared table (not the game's): who said `text`; "" for the game's lines.
  std::string talk_from = {};
};

// Where a game at this keyboard is: the pacer's phase (core/pacer.h, the one
// lifecycle the shell and the table server share), with the pacer's People
// split in two for a keyboard several people share. GameSession::follow_pacer
// is the one place that maps the one onto the other.
enum class Phase : std::uint8_t {
  Computers,   // PacePhase::Computers: chance and computers act, paced so people can follow
  HumanTurn,   // PacePhase::People: asked() must decide (turn-based or an untimed secret pick)
  PassDevice,  // PacePhase::People, hot-seat: the keyboard goes to asked() first
  GetReady,    // PacePhase::GetReady: a timed contest with humans in it is about to start
  Contest,     // PacePhase::Contest: a timed contest is live, real time flows
  Over,        // PacePhase::Over
};

// Computer pacing: milliseconds after each computer decision, and how much
// faster than real time a contest runs when only computers are in it
// (0: at once).
struct Speed {
  int pace_ms;
  int contest_rate;
};
inline constexpr int kSpeedCount = 6;
inline constexpr int kDefaultSpeed = 3;  // 1-based
const Speed& speed_level(int level);

}  // namespace rt::shell
