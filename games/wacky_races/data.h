// Wacky Races data: terrains, course layout, decks, the 10 teams with their
// Special Power cards, the 9 kinds of Trap card and the championship points,
// loaded and checked from data/wacky-races/*.json.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/index_array.h"

namespace rt::wacky_races {

inline constexpr int kTerrains = 4;  // Desert, Forest, Prairie, Farm
inline constexpr int kField = 6;     // racers on the track, always
inline constexpr int kMaxTeams = 16;
inline constexpr int kPowers = 4;      // Special Power cards per racer
inline constexpr int kMaxEffects = 3;  // effect codes chained on one card
inline constexpr int kMaxTrapKinds = 12;
inline constexpr int kSpecials = 4;  // Swamp, Crossroads, Railroad Crossing, A.C.M.E.
inline constexpr int kMaxHalf = 11;  // terrain tiles per half of the course
inline constexpr int kMaxPos = 32;   // start spaces + course + finish (a bit mask fits)

// What lies at a position of the course.
inline constexpr std::int8_t kWild = 4;         // a wild Starting Board space
inline constexpr std::int8_t kGas = 5;          // the Gas Station (wild)
inline constexpr std::int8_t kFinish = 6;       // the Finish Line tile
inline constexpr std::int8_t kSpecialBase = 8;  // + special index
inline constexpr std::int8_t kUnlaid = -1;      // a course tile not yet drawn

enum class PowerCode : std::uint8_t {
  Move,
  Draw,
  Steal,
  SwapRacer,
  PushBack,
  WildTile,
  ForceDiscard,
  ExhaustOther,
  PeekTrap,
  DastardlyBack,
  HandPlus,
  SwapTileAhead,
  Redraw,
  Discard,
  Cancel,
};

enum class TrapCode : std::uint8_t {
  OneCard,
  OthersForward,
  RearmostForward,
  Back,
  ExhaustOwn,
  SwitchBehind,
  NoRefill,
  UnexhaustAll,
};

enum class SpecialCode : std::uint8_t { Swamp, Crossroads, Railroad, Acme };

struct Effect {
  PowerCode code = PowerCode::Move;
  int n = 0;                  // spaces or cards
  int range = 0;              // tiles from your own (0 = your tile)
  bool ahead = false;         // the target must be ahead of you
  bool victim_picks = false;  // STEAL: the victim chooses the card
  int trap = -1;              // CANCEL: the trap kind it cancels
};

struct Power {
  std::string id;
  std::string name;
  IndexVector<int, Effect> effects;  // 1..kMaxEffects, in order
  bool is_cancel() const { return effects.front().code == PowerCode::Cancel; }
  int cancels() const { return is_cancel() ? effects.front().trap : -1; }
};

struct Team {
  std::string id;    // "peter-perfect"
  std::string name;  // "Peter Perfect"
  std::string car;   // "Turbo Terrific"
  std::string code;  // two letters for the board: "PP"
  IndexArray<Power, kPowers> powers;
  std::uint8_t turn_powers = 0;  // a bit per power played in a turn: all but the CANCEL card
};

struct TrapKind {
  std::string id;
  std::string name;
  std::string short_name;  // 3 letters for the board: "OIL"
  std::string rule;        // the event rule: "Trap: Oil"
  std::string text;        // the card's words
  int copies = 0;
  TrapCode code = TrapCode::OneCard;
  int n = 0;       // spaces
  int racers = 0;  // REARMOST_FORWARD: how many racers
  int range = 0;   // SWITCH_BEHIND: tiles behind
  bool neutral_immune = false;
};

struct Terrain {
  std::string id;          // "desert"
  std::string name;        // "Desert"
  std::string short_name;  // "Des"
};

struct SpecialTile {
  std::string id;
  std::string name;
  std::string short_name;
  SpecialCode code = SpecialCode::Swamp;
};

struct Catalog {
  IndexArray<Terrain, kTerrains> terrains;
  int cards_per_terrain = 16;
  int hand_size = 3;
  int cards_per_turn = 3;
  int spaces_per_tile = 2;
  IndexVector<int, std::int8_t> starting_board;  // rear to front: a terrain or kWild
  IndexArray<int, kTerrains> first_half{};       // tiles of each terrain
  IndexArray<int, kTerrains> second_half{};
  IndexArray<SpecialTile, kSpecials> specials;
  int neutral_reveals = 3;
  IndexVector<int, int> points;  // championship points for 1st, 2nd, ...
  int default_races = 4;
  int max_races = 16;
  int races_per_season = 4;
  IndexVector<int, Team> teams;
  IndexVector<int, TrapKind> traps;
  int total_traps = 0;
  std::string rules_text;

  // Positions on the course, derived from the layout.
  int start_len = 0;     // Starting Board spaces: 0 .. start_len-1
  int first_begin = 0;   // first First Half tile
  int gas_pos = 0;       // the Gas Station
  int second_begin = 0;  // first Second Half tile
  int finish_pos = 0;    // the Finish Line tile
  int num_pos = 0;       // finish_pos + 1
  int first_len = 0;     // First Half tiles
  int second_len = 0;    // Second Half tiles including the Special tile

  int total_cards() const { return cards_per_terrain * kTerrains; }
  int team_index(const std::string& id) const;  // -1 if unknown
  int trap_index(const std::string& id) const;
  int special_index(SpecialCode code) const;
};

// Loads and checks data/wacky-races/{course,traps,racers}.json and rules.txt.
Catalog load_catalog(const DataSource& data);

// Resolves a team named on the command line ("red-max", "Red Max", "redmax").
int find_team(const Catalog& c, const std::string& name);

// Words for an effect, e.g. "move 2 spaces", "a racer within 1 tile ahead moves back 1".
std::string describe(const Catalog& c, const Effect& e);
std::string describe(const Catalog& c, const Power& p);

}  // namespace rt::wacky_races
