// The shell's names for real time and the contest clock, which live in core/
// with the one pacing model (core/pacer.h) that the table server shares.
#pragma once

#include "core/contest_clock.h"

namespace rt::shell {

using rt::ContestClock;
using rt::kNever;
using rt::Millis;

}  // namespace rt::shell
