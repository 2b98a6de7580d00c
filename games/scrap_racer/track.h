// The race track: a closed loop of straight and curve spaces built from
// segments, the finish line before space 1, and the Boost spaces.
//
// Positions are distances: 0 is "behind the finish line" before a racer's
// first move; distance d >= 1 is space (d - 1) % length of the loop after
// (d - 1) / length completed laps. A racer never moves back over the line, so
// distance orders the field: laps first, then how far along the lap.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "games/scrap_racer/data.h"

namespace rt::scrap_racer {

enum class SpaceKind : std::uint8_t { Straight, Curve };

struct Track {
  std::string name;      // "A", "C (short)", "custom"
  std::string segments;  // one letter per segment after the line: "SSCCSCC..."
  int length = 0;        // spaces in a lap
  int boost_spaces = 0;
  IndexArray<SpaceKind, kMaxSpaces> kind{};
  IndexArray<bool, kMaxSpaces> boost{};
  IndexArray<std::uint8_t, kMaxSpaces> segment{};  // the segment a space belongs to

  // Space index (0-based, 0 = first space after the line) of a distance >= 1.
  int space_of(int distance) const { return (distance - 1) % length; }
  int laps_of(int distance) const { return distance <= 0 ? 0 : (distance - 1) / length; }
  // The first distance of the lap a distance is on: moving back stops there.
  int lap_start(int distance) const { return laps_of(distance) * length + 1; }
  bool has_straights() const { return segments.find('S') != std::string::npos; }
};

// Builds the track for a `track` value: a layout id ("A".."F", any case) or a
// custom order of segments ("S S C C ...", spaces optional, "S*" marks a
// straight the short game removes). Throws OptionError saying what is wrong:
// a loop needs exactly 8 curves (45 degrees each, all turning one way), at most
// the box's straights, and opposite directions holding equal straights.
Track build_track(const Data& data, const std::string& spec, bool short_game);

// Checks an order ("S* S C ...") after removing marked straights if short;
// returns "" when it closes a loop, else what is wrong.
std::string check_order(const Data& data, const std::string& order, bool short_game, std::string* letters);

}  // namespace rt::scrap_racer
