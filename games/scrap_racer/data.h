// Scrap Racer's racers, cards, markers and track segments, loaded and checked
// from data/scrap-racer/*.json ("file: field: what is wrong" on a bad file).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "core/data.h"
#include "core/index_array.h"

namespace rt::scrap_racer {

inline constexpr int kMaxRacers = 6;  // six dashboards in the box
inline constexpr int kMaxPlayers = 6;
inline constexpr int kLaps = 3;   // "A race lasts for three laps"
inline constexpr int kDice = 6;   // "rolls up to six dice"
inline constexpr int kPiles = 3;  // crash piles 1/2, 3/4, 5/6
inline constexpr int kMaxCrashTypes = 24;
inline constexpr int kMaxGoalTypes = 8;
inline constexpr int kMaxBonusTypes = 12;
inline constexpr int kBoostKinds = 3;
inline constexpr int kCurveTiles = 8;  // each curve turns 45 degrees: 8 close a loop
inline constexpr int kMaxSpaces = 64;

enum class Ability : std::uint8_t { CurveStep, FightWin, PassedMarker, TwoMarkers, PassedStep, StraightStep };
enum class CrashEffect : std::uint8_t {
  Advance,         // move forward `spaces`
  TwoDice,         // roll 2 dice, move forward the total
  ForwardAndBack,  // the racer in front goes back `other`, then forward `spaces`
  Stay,
  CatchingUp,      // the closest racer behind moves forward `spaces`
  BackwardsDie,    // roll 1 die, move back that many
  Push,            // forward up to `spaces`, stop on a racer, which moves forward `other`
  Backwards,       // move back `spaces`
  LossOfPosition,  // placed just behind the last racer
  LastPlace,       // the last racer moves forward `spaces`
};
enum class GoalMoves : std::uint8_t { Last, AllButFirst };
enum class BonusEffect : std::uint8_t { Forward, Straight, Curve, CatchUp };
enum class BoostKind : std::uint8_t { Reroll, PlusMinus, Turn };

struct RacerInfo {
  std::string id;    // "steel-jacket"
  std::string name;  // "Steel Jacket"
  char letter;       // 'K' on the board
  Color colour;
  Ability ability;
  std::string text;
};

struct CrashCard {
  int pile;  // 0: doubles of 1/2, 1: 3/4, 2: 5/6
  std::string id;
  std::string name;
  CrashEffect effect;
  int spaces;
  int other;
  int copies;
};

struct GoalCard {
  std::string id;
  int number;  // the number printed on the card (2, 3, 5, 7)
  std::string name;
  GoalMoves moves;
  int racers;  // Last: how many rear racers move; AllButFirst: how many leaders stay
  int spaces;
  int copies;
};

struct BonusCard {
  std::string id;
  std::string name;
  BonusEffect effect;
  int spaces;
  int copies;
};

struct Layout {
  std::string id;     // "A"
  std::string order;  // "S* S C C ..."
};

struct Data {
  IndexVector<int, RacerInfo> racers;
  IndexVector<int, CrashCard> crash;
  IndexArray<int, kPiles> pile_cards{};
  IndexVector<int, GoalCard> goals;
  int goal_cards = 0;
  IndexVector<int, BonusCard> bonus;
  int bonus_cards = 0;
  IndexArray<int, kBoostKinds> boost_copies{};
  int boost_markers = 0;
  int bonus_markers = 0;
  int lap_markers = 0;
  int markers_per_card = 3;
  int hover_markers_per_card = 2;
  int straight_tiles = 6;
  int straight_spaces = 4;
  int curve_tiles = 8;
  int curve_spaces = 2;
  int boost_space = 1;  // which space of a curve segment is a Boost space (1 = its first)
  IndexVector<int, Layout> layouts;
  std::string rules_text;

  static const char* pile_name(int pile);
  static const char* boost_name(int kind);  // "re-roll", "+/-1", "turn"
  static const char* boost_id(int kind);    // "reroll", "plus-minus", "turn"
};

// What a card does, in a few words ("the racer in front goes back 2, then you go forward 5").
std::string describe(const CrashCard& card);
std::string describe(const GoalCard& card);
std::string describe(const BonusCard& card);

// Loads and checks data/scrap-racer/*.json and rules.txt; throws DataError.
Data load_data(const DataSource& source);

}  // namespace rt::scrap_racer
