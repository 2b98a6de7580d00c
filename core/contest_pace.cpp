#include "core/contest_pace.h"

#include <array>

namespace rt {
namespace {

// Relaxed is measured in docs/BOTS.md ("Contest pace"): how often a person
// who needs 3 s to read and act is first, against normal computers.
constexpr std::array<ContestPaceInfo, 3> kPaces{{
    {ContestPace::Relaxed, "relaxed", 200, "they take twice as long: time to read before you act"},
    {ContestPace::Normal, "normal", 100, "they react as quickly as a practised player"},
    {ContestPace::Quick, "quick", 70, "they react faster than most people"},
}};

}  // namespace

std::span<const ContestPaceInfo> contest_paces() {
  return kPaces;
}

const ContestPaceInfo& contest_pace_info(ContestPace pace) {
  for (const ContestPaceInfo& p : kPaces)
    if (p.pace == pace) return p;
  return kPaces[1];
}

std::string_view contest_pace_name(ContestPace pace) {
  return contest_pace_info(pace).name;
}

std::optional<ContestPace> parse_contest_pace(std::string_view word) {
  for (const ContestPaceInfo& p : kPaces)
    if (p.name == word) return p.pace;
  return std::nullopt;
}

Tick paced_time(ContestPace pace, Tick t) {
  if (pace == ContestPace::Normal) return t;
  return static_cast<Tick>(static_cast<std::uint64_t>(t) * contest_pace_info(pace).percent / 100);
}

}  // namespace rt
