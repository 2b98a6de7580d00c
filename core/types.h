// Basic vocabulary shared by every game, the Table and the shell.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace rt {

// A compact decision or chance-outcome id. Its meaning belongs to the game;
// text forms (State::action_text / parse_action) are what saves and logs hold.
using Action = std::int32_t;

// Seats are 0..n-1. Negative ids are the non-player actors.
using PlayerId = std::int8_t;
inline constexpr PlayerId kChance = -1;    // the driver samples chance outcomes
inline constexpr PlayerId kClock = -2;     // a timed contest reached its deadline
inline constexpr PlayerId kEveryone = -3;  // event audience / omniscient viewer

// Milliseconds of game time. Time only flows inside timed contests; the clock
// is virtual in `sim` and real in the shell, and every decision records it.
using Tick = std::uint32_t;
inline constexpr Tick kNoDeadline = std::numeric_limits<Tick>::max();

enum class Turn : std::uint8_t {
  Player,        // one player decides
  Simultaneous,  // several players decide independently (maybe timed)
  Chance,        // the driver samples an outcome
  Over,          // the game has ended
};

struct Outcome {
  Action action;
  std::uint32_t weight;  // integer weights: sampling is exact on every platform
};

// Every error the user can cause ends as one line and exit code 2.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct RuleError : UserError {  // an illegal decision
  using UserError::UserError;
};
struct DataError : UserError {  // a malformed data file
  using UserError::UserError;
};
struct SaveError : UserError {  // an unreadable or malformed save file
  using UserError::UserError;
};
struct OptionError : UserError {  // bad players, variants or parameters
  using UserError::UserError;
};

}  // namespace rt
