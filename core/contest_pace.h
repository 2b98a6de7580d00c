// How quickly the computers act in timed contests: a table setting, chosen
// when the game is set up and kept in its save, so a resume and a replay
// keep it. It scales the whole time a computer takes before it acts in a
// contest (its reaction and its reading of the cards), never where it aims:
// a Bull's-eye throw still waits for the needle to cross the centre.
//
// The pace is data of the table (the rows in contest_pace.cpp), never read
// from a clock: the same seed at the same pace plays the same game. At
// "normal" nothing is scaled, so every game played before paces existed
// plays as it did.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/types.h"

namespace rt {

enum class ContestPace : std::uint8_t { Relaxed, Normal, Quick };

struct ContestPaceInfo {
  ContestPace pace;
  std::string_view name;     // the command-line, save-file and settings word
  std::uint32_t percent;     // of the time a computer would take at "normal"
  std::string_view summary;  // for help texts and the set-up page
};

// Every pace, gentlest first (the order help texts and the set-up page list them).
std::span<const ContestPaceInfo> contest_paces();
const ContestPaceInfo& contest_pace_info(ContestPace pace);
std::string_view contest_pace_name(ContestPace pace);
std::optional<ContestPace> parse_contest_pace(std::string_view word);

// The time a computer takes at `pace` for what takes `t` at "normal".
Tick paced_time(ContestPace pace, Tick t);

}  // namespace rt
