// The one place that lists every game the program knows.
#pragma once

#include "core/game.h"

namespace rt {

// Adds the built-in games to a registry, in menu order.
void register_builtin_games(Registry& registry);

// The process-wide registry with the built-in games (built on first use).
const Registry& builtin_registry();

}  // namespace rt
