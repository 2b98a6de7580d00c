// What happened, and the rulebook rule that made it happen. Games emit events
// only when someone listens (a transcript, the shell's log): with no sink set,
// nothing is formatted, which keeps the engine's hot path free of strings.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace rt {

struct Event {
  std::string rule;               // e.g. "Play: split match"
  std::string text;               // e.g. "Ana plays red/blue on blue."
  PlayerId audience = kEveryone;  // a private event is shown to one player only
  Tick at = 0;
};

using EventSink = std::vector<Event>;

}  // namespace rt
