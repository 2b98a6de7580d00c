// RC Racer's data: the Puzzle-Controller's tiles, the eight racecars, the
// double-sided track boards and the race's numbers, loaded and checked from
// data/rc-racer/*.json (a bad file gives "file: field: what is wrong").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data.h"
#include "core/index_array.h"

namespace rt::rc_racer {

inline constexpr int kLanes = 5;  // lane 0 is the blue (left) side, lane 4 the red (right)
inline constexpr int kMaxPlayers = 4;
inline constexpr int kCells = 16;          // the 4x4 controller
inline constexpr int kTiles = 15;          // 15 tiles and one gap
inline constexpr std::uint8_t kGap = 15;   // the gap, stored like a tile id
inline constexpr int kProgram = 8;         // rows 2 and 3 of the controller run
inline constexpr int kMaxTrackBoards = 8;  // track boards in the data (4 in the box)
inline constexpr int kMaxSegments = 6;     // Starting Grid + up to 4 Track boards + Finish Line
inline constexpr int kMaxBoardRows = 12;
inline constexpr int kMaxRows = kMaxSegments * kMaxBoardRows;

// What a controller tile tells the car to do.
enum class Cmd : std::uint8_t {
  Forward,
  DiagonalRight,  // towards Red
  DiagonalLeft,   // towards Blue
  Nothing,
  Backwards,
  Jump,
  Missile,
  Turbo,
  Decrease,
  Increase,
  Battery,
};

struct TileKind {
  std::string id;          // "fwd1"
  std::string name;        // "Forward 1"
  std::string short_name;  // at most 5 columns: "Fwd1"
  Cmd cmd = Cmd::Nothing;
  int value = 0;  // spaces (or batteries) before modifiers
  int copies = 1;
};

enum class Ability : std::uint8_t {
  DoubleIncrease,      // Die Liner
  MissilesBothWays,    // M1 Furry
  OneForwardNoDamage,  // Grim Thresher
  SlipperyDiagonals,   // Sonic Fish
  CarpetTwo,           // Brick Gang
  TurboFour,           // Turbobot
  BatteryTwo,          // Dogtor
  FlySideways,         // Bird Racer
};
inline constexpr int kAbilities = 8;

struct Racecar {
  std::string id;    // "die-liner"
  std::string name;  // "Die Liner"
  std::string text;  // the ability as the tile states it
  Ability ability = Ability::DoubleIncrease;
};

enum class Cell : std::uint8_t { Floor, Obstacle, Impassable, Water, Carpet, Grass, Speeder };

// One side of one board: rows bottom (row 0) to top.
struct BoardSide {
  std::string code;  // "start-A", "2B", "finish-A"
  std::string name;  // "Kitchen spill"
  int rows = 0;
  IndexVector<int, Cell> cells;                      // rows * kLanes, row-major from the bottom row
  IndexArray<std::int8_t, kMaxPlayers> slot_lane{};  // Starting Grid only: space 1..4
  IndexArray<std::int8_t, kMaxPlayers> slot_row{};
  Cell at(int lane, int row) const { return cells[row * kLanes + lane]; }
};

// Boards by reference number: 2*board + side, board 0 = Starting Grid,
// 1..track_boards = Track boards, track_boards+1 = Finish Line.
using BoardRef = std::uint8_t;

struct Data {
  // The Puzzle-Controller.
  IndexVector<int, TileKind> kinds;
  IndexArray<std::uint8_t, kTiles> tile_kind{};  // tile id -> kind
  IndexArray<std::uint8_t, kCells> layout{};     // the controller out of the box
  int scramble_slides = 50;
  int max_slides = 200;
  int countdown_ms = 10000;

  IndexVector<int, Racecar> racecars;

  // The race.
  int batteries = 3;
  int battery_tokens = 13;
  int shields = 7;
  int max_rounds = 40;
  IndexVector<int, std::string> smiles;  // by rank for the most players; the last is the Saddest

  // The track boards.
  int track_boards = 0;
  int finish_line_after = 2;  // rows of the Finish Line board before the line
  IndexVector<int, BoardSide> sides;
  IndexVector<int, BoardRef> first_game;
  std::string rules_text;

  const BoardSide& side(BoardRef ref) const { return sides[ref]; }
  BoardRef start_ref(int side) const { return static_cast<BoardRef>(side); }
  BoardRef track_ref(int board, int side) const { return static_cast<BoardRef>(2 * (board + 1) + side); }
  BoardRef finish_ref(int side) const { return static_cast<BoardRef>(2 * (track_boards + 1) + side); }
  // The Smile token name for a rank among `racing` cars (the last rank is the Saddest).
  const std::string& smile_name(int rank, int racing) const;
  // A board by its code ("1A", "start-B"); -1 if unknown.
  int find_ref(const std::string& code) const;
  const TileKind& kind_of_tile(int tile) const { return kinds[tile_kind[tile]]; }
};

// Loads and checks data/rc-racer/*.json and rules.txt; throws DataError.
Data load_data(const DataSource& data);
// Checks the boards (and every track that can be built from them): each row
// keeps two lanes a car can enter and every starting space can drive to the
// line. Throws DataError naming `where`.
void check_boards(const Data& d, const std::string& where);

}  // namespace rt::rc_racer
