// Recordings to share: a game drawn by the shell's own renderer (the replay
// viewer's page at 80x24), one frame per decision, as an asciicast v2 file
// (https://docs.asciinema.org/manual/asciicast/v2/). Deterministic: the
// timestamps come from a fixed pace, never a clock, so the same save gives
// the same bytes.
#pragma once

#include <string>

#include "core/canvas.h"
#include "core/types.h"

namespace rt::shell {

class ReplayModel;

inline constexpr int kCastWidth = 80;
inline constexpr int kCastHeight = 24;
// Seconds per decision at speed 1.
inline constexpr double kCastPaceSeconds = 1.0;

struct CastOptions {
  PlayerId viewer = kEveryone;  // a seat, or kEveryone: a watcher
  double speed = 1.0;           // 2: twice as fast
  bool unicode = true;
};

// The whole file: a header line, then one [time, "o", text] line per frame.
std::string asciicast_text(const ReplayModel& model, const CastOptions& options);

// The escape sequences that turn the screen showing `before` into `after`
// (cells that changed only); `before` nullptr: clear and draw everything.
std::string ansi_frame(const Canvas* before, const Canvas& after);

}  // namespace rt::shell
