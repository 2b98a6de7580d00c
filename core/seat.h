// Who plays a seat, as types: the controller (a person here, a person at
// another terminal, or a computer) and a computer's level. Command lines,
// set-up screens and saves spell them as words; these functions are the one
// place that turns words into types and back.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/bot_level.h"

namespace rt {

// Who decides for a seat. Human: a person at this terminal. Remote: a person
// at another terminal (shared tables). Computer: a bot of some BotLevel.
enum class SeatController : std::uint8_t { Human, Remote, Computer };

// A seat as the set-up asks for it: "human", "remote", or a level's name.
struct SeatChoice {
  SeatController controller = SeatController::Computer;
  BotLevel level = BotLevel::Normal;  // for Computer seats
  bool operator==(const SeatChoice&) const = default;
  bool person() const { return controller != SeatController::Computer; }
};

constexpr std::string_view seat_choice_name(const SeatChoice& choice) {
  switch (choice.controller) {
    case SeatController::Human: return "human";
    case SeatController::Remote: return "remote";
    case SeatController::Computer: return level_name(choice.level);
  }
  return "human";
}

constexpr std::optional<SeatChoice> parse_seat_choice(std::string_view word) {
  if (word == "human") return SeatChoice{SeatController::Human, BotLevel::Normal};
  if (word == "remote") return SeatChoice{SeatController::Remote, BotLevel::Normal};
  if (const auto level = parse_bot_level(word)) return SeatChoice{SeatController::Computer, *level};
  return std::nullopt;
}

}  // namespace rt
