// Cheap event arguments: references formatted only when someone listens, so
// the engine never builds strings on its hot path.
#pragma once

#include <fmt/format.h>

#include <string>

namespace rt::scrap_racer {

// "Ana's Jackal".
struct Who {
  const std::string* player;
  const std::string* racer;
};

// "space 12 of lap 2" or "behind the finish line".
struct Where {
  int distance;
  int length;
};

inline const char* plural(int n) {
  return n == 1 ? "" : "s";
}
inline const char* ordinal(int place) {
  static const char* const kPlaces[] = {"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"};
  return place >= 1 && place <= 8 ? kPlaces[place - 1] : "last";
}

}  // namespace rt::scrap_racer

template <>
struct fmt::formatter<rt::scrap_racer::Who> : fmt::formatter<std::string_view> {
  template <typename Ctx>
  auto format(const rt::scrap_racer::Who& w, Ctx& ctx) const {
    return fmt::format_to(ctx.out(), "{}'s {}", *w.player, *w.racer);
  }
};

template <>
struct fmt::formatter<rt::scrap_racer::Where> : fmt::formatter<std::string_view> {
  template <typename Ctx>
  auto format(const rt::scrap_racer::Where& w, Ctx& ctx) const {
    if (w.distance <= 0) return fmt::format_to(ctx.out(), "behind the finish line");
    return fmt::format_to(ctx.out(), "space {} of lap {}", (w.distance - 1) % w.length + 1,
                          (w.distance - 1) / w.length + 1);
  }
};
