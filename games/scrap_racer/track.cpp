#include "games/scrap_racer/track.h"

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/types.h"

namespace rt::scrap_racer {

std::string check_order(const Data& data, const std::string& order, bool short_game, std::string* letters) {
  std::string segs;
  bool any_marked = false;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const char c = order[i];
    if (c == ' ' || c == ',' || c == '-') continue;
    if (c == 'S' || c == 's' || c == 'C' || c == 'c') {
      const bool straight = c == 'S' || c == 's';
      const bool marked = i + 1 < order.size() && order[i + 1] == '*';
      if (marked && !straight) return "only a straight (S*) can be marked for removal";
      any_marked = any_marked || marked;
      if (!(short_game && marked)) segs += straight ? 'S' : 'C';
      continue;
    }
    if (c == '*') continue;  // consumed with its segment
    return fmt::format("'{}' is not a segment: use S (straight) and C (curve), S* for a removable straight",
                       c);
  }
  if (short_game && !any_marked) return "the short game needs straights marked S* to remove";
  int curves = 0;
  int straights = 0;
  for (char c : segs) (c == 'C' ? curves : straights)++;
  if (curves != data.curve_tiles)
    return fmt::format("a loop needs exactly {} curves (each turns 45 degrees), not {}", data.curve_tiles,
                       curves);
  if (straights > data.straight_tiles)
    return fmt::format("the box has only {} straights, not {}", data.straight_tiles, straights);
  // After k curves the track heads in direction k (of 8); the loop closes when
  // opposite directions (k and k+4) hold equal numbers of straights.
  IndexArray<int, kCurveTiles> heading{};
  int k = 0;
  for (char c : segs) {
    if (c == 'C')
      k = (k + 1) % kCurveTiles;
    else
      ++heading[k];
  }
  for (int h = 0; h < kCurveTiles / 2; ++h)
    if (heading[h] != heading[h + kCurveTiles / 2])
      return fmt::format(
          "the track does not close: opposite sides need the same number of straights "
          "({} after curve {} but {} after curve {})",
          heading[h], h, heading[h + 4], h + 4);
  if (letters) *letters = segs;
  return {};
}

Track build_track(const Data& data, const std::string& spec, bool short_game) {
  Track t;
  std::string order;
  std::string id = spec.empty() ? "A" : spec;
  if (id.size() == 1 && id[0] >= 'a' && id[0] <= 'z') id[0] = static_cast<char>(id[0] - 'a' + 'A');
  for (const Layout& l : data.layouts)
    if (l.id == id) {
      order = l.order;
      t.name = l.id;
    }
  if (order.empty()) {
    bool looks_like_layout = id.size() <= 2;
    for (char c : id) looks_like_layout = looks_like_layout && c != ' ';
    if (looks_like_layout && id.find_first_not_of("SsCc*") != std::string::npos) {
      std::string known;
      for (const Layout& l : data.layouts) known += (known.empty() ? "" : ", ") + l.id;
      throw OptionError(
          fmt::format("track '{}': unknown layout (known: {}; or give a segment order such as "
                      "\"S* S C C S C C S* S C C S C C\")",
                      spec, known));
    }
    order = spec;
    t.name = "custom";
  }
  std::string letters;
  const std::string why = check_order(data, order, short_game, &letters);
  if (!why.empty()) throw OptionError(fmt::format("track '{}': {}", excerpt(spec), why));
  if (short_game) t.name += " (short)";
  t.segments = letters;
  int s = 0;
  for (std::size_t seg = 0; seg < letters.size(); ++seg) {
    const bool straight = letters[seg] == 'S';
    const int n = straight ? data.straight_spaces : data.curve_spaces;
    for (int i = 0; i < n; ++i) {
      if (s >= kMaxSpaces)
        throw OptionError(fmt::format("track '{}': more than {} spaces", excerpt(spec), kMaxSpaces));
      t.kind[s] = straight ? SpaceKind::Straight : SpaceKind::Curve;
      t.boost[s] = !straight && i + 1 == data.boost_space;
      t.segment[s] = static_cast<std::uint8_t>(seg);
      if (t.boost[s]) ++t.boost_spaces;
      ++s;
    }
  }
  t.length = s;
  return t;
}

}  // namespace rt::scrap_racer
