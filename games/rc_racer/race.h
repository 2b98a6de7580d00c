// The race engine: the assembled track, the cars on it, and what one command
// does (movement, track elements, damage, lying down, missiles, shields).
// The game state owns a Race; bots copy it to try programs in silence.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/event.h"
#include "core/per_player.h"
#include "core/types.h"
#include "games/rc_racer/data.h"

namespace rt::rc_racer {

// The boards laid end to end: row 0 is the back of the Starting Grid.
struct Track {
  int rows = 0;
  int start_rows = 0;  // rows [0, start_rows) are the Starting Grid
  int line_row = 0;    // the first row past the finish line
  int segments = 0;
  IndexArray<BoardRef, kMaxSegments> refs{};
  IndexArray<std::uint8_t, kMaxSegments> first_row{};
  IndexArray<Cell, kMaxRows * kLanes> cells{};
  IndexArray<std::int8_t, kMaxPlayers> slot_lane{};
  IndexArray<std::int8_t, kMaxPlayers> slot_row{};

  Cell at(int lane, int row) const { return cells[row * kLanes + lane]; }
  bool inside(int lane, int row) const { return lane >= 0 && lane < kLanes && row >= 0 && row < rows; }
  int segment_of(int row) const;
};

// Lays the boards end to end (refs: Starting Grid, Track boards, Finish Line).
Track build_track(const Data& d, const BoardRef* refs, int count);

struct Car {
  std::int8_t lane = -1;
  std::int8_t row = -1;
  std::int8_t batteries = 0;  // face up
  std::int8_t shields = 0;
  bool down = false;          // lying down: out of energy
  std::uint8_t racer = 0xFF;  // index into Data::racecars; 0xFF: not chosen
  Ability ability = Ability::DoubleIncrease;
  bool placed() const { return row >= 0; }
};

// What carries from one command to the next within a turn.
struct TurnCtx {
  std::int8_t mod = 0;  // the pending Increase/Decrease for the next command
  // Set while a movement runs: Grim Thresher moving exactly 1 forward,
  // Turbobot's Turbo.
  bool no_damage = false;
  bool double_damage = false;
};

// Narration for the shell and transcripts; the engine formats nothing when
// it has no narrator (bots and the benchmark).
class Narrator {
 public:
  virtual ~Narrator() = default;
  virtual void say(std::string_view rule, std::string text) = 0;
  // The same, with a handle to attach the event's type and fields
  // (core/event.h); a narrator that keeps only text ignores them.
  virtual EventFields event(std::string_view rule, std::string text) {
    say(rule, std::move(text));
    return EventFields(nullptr);
  }
  virtual std::string who(PlayerId p) const = 0;
};

// "lane 3, column 12" (both counted from 1): the track runs left to right on
// screen, so a row of the boards (a position along the track) is a column.
std::string where(int lane, int row);

// The spaces a car passed through, for the shell's path preview.
struct Trail {
  int size = 0;
  IndexArray<std::int8_t, 128> lane{};
  IndexArray<std::int8_t, 128> row{};
  void add(int l, int r) {
    if (size < 128) {
      lane[size] = static_cast<std::int8_t>(l);
      row[size] = static_cast<std::int8_t>(r);
      ++size;
    }
  }
};

struct Race {
  Track track;
  PerPlayer<Car, kMaxPlayers> cars{};
  int n = 0;
  int max_batteries = 3;
  std::int8_t shield_supply = 0;
  std::int8_t slippery = -1;  // who holds the Slippery token; -1: the supply
  Trail* trail = nullptr;     // set only by the path preview

  Cell cell(PlayerId p) const { return track.at(cars[p].lane, cars[p].row); }
  bool on_start_grid(PlayerId p) const { return cars[p].row < track.start_rows; }
  bool crossed(PlayerId p) const { return cars[p].row >= track.line_row; }
  bool car_at(int lane, int row, PlayerId except) const;
  // Sideways spots Bird Racer may fly to (bit per lane).
  std::uint8_t fly_spots(PlayerId p) const;
  // Cars whose row is greater than p's.
  int cars_ahead(PlayerId p) const;

  // One command of p's program (tile kind `k`); a car lying down ignores it
  // and recharges instead.
  void run_command(PlayerId p, const TileKind& k, TurnCtx& t, Narrator* nr);
  // Damage to p; returns how many Batteries and Shields it cost.
  int damage(PlayerId p, int amount, const TurnCtx* moving, Narrator* nr);
  // Flips one Battery facedown that is not Damage (the slowest programmer's
  // penalty): a Shield is discarded instead if p has one.
  void lose_battery(PlayerId p, Narrator* nr);
  // A missile from p straight ahead (M1 Furry: ahead and behind).
  void fire_missile(PlayerId p, Narrator* nr);
  // Discards one Shield to move 2 spaces forward.
  void shield_move(PlayerId p, Narrator* nr);
  void fly(PlayerId p, int lane, Narrator* nr);
  // The end of p's turn: the Slippery token goes back, leftover Shields are discarded.
  void end_turn(PlayerId p, Narrator* nr);

 private:
  void lose_one(PlayerId p, Narrator* nr, const char* rule = "Damage");
  void take_slippery(PlayerId p, Narrator* nr);
  // Moves p `value` spaces one at a time by (dl, dr).
  void step_move(PlayerId p, int dl, int dr, int value, TurnCtx& t, Narrator* nr);
  void jump(PlayerId p, int value, TurnCtx& t, Narrator* nr);
  void move_command(PlayerId p, const TileKind& k, Cmd cmd, int base, int mod, int speeder, TurnCtx& t,
                    Narrator* nr);
};

}  // namespace rt::rc_racer
