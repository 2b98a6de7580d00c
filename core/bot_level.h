// A computer's level as a type. Command lines, saves, history and the
// shared-table protocol spell it as a word; level_name and parse_bot_level are
// the one place that turns words into levels and back. Kept apart from the
// seat words (core/seat.h) so agents and games include only this.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace rt {

enum class BotLevel : std::uint8_t { Random, Easy, Normal, Hard, Expert };

// Every level, weakest first (the order help texts and completion list them).
inline constexpr std::array<BotLevel, 5> kBotLevels{BotLevel::Random, BotLevel::Easy, BotLevel::Normal,
                                                    BotLevel::Hard, BotLevel::Expert};

// "random", "easy", "normal", "hard", "expert": the command-line and save-file words.
constexpr std::string_view level_name(BotLevel level) {
  switch (level) {
    case BotLevel::Random: return "random";
    case BotLevel::Easy: return "easy";
    case BotLevel::Normal: return "normal";
    case BotLevel::Hard: return "hard";
    case BotLevel::Expert: return "expert";
  }
  return "random";
}

constexpr std::optional<BotLevel> parse_bot_level(std::string_view word) {
  for (BotLevel l : kBotLevels)
    if (level_name(l) == word) return l;
  return std::nullopt;
}

}  // namespace rt
