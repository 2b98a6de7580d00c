// RC Racer (Tiny Turbo Cars rules) engine. Rulebook: ../shared/rulebooks/rc-racer.txt.
//
// Setup builds the track (Starting Grid, 3 or 4 random Track boards on
// random sides, Finish Line), players choose Racecars and starting spaces.
// Each round: every controller is scrambled by random legal slides and
// passed left; everyone slides tiles at once (a timed contest in real-time
// mode, counted slides otherwise) and takes a Smile token on finishing; then
// the cars run rows 2 and 3 of their controllers in Smile order. At the end
// of a round a car past the finish line wins; cars behind gain Energy
// Shields.
//
// Track draws and scramble slides are chance outcomes; slides, "done",
// racecar and starting-space picks, Bird Racer's flight and Shield moves are
// player decisions.
#pragma once

#include <array>
#include <memory>

#include "core/per_player.h"
#include "core/state.h"
#include "core/timed_contests.h"
#include "games/rc_racer/data.h"
#include "games/rc_racer/puzzle.h"
#include "games/rc_racer/race.h"

namespace rt::rc_racer {

class RcRacerGame;

// Action ids. Player decisions:
inline constexpr Action kSlideBase = 0;     // + dir*3 + (count-1): slide 1..3 tiles into the gap
inline constexpr Action kDone = 12;         // the program is finished: take a Smile
inline constexpr Action kCarBase = 100;     // + racecar: choose it
inline constexpr Action kStartBase = 200;   // + starting space 0..3
inline constexpr Action kFlyBase = 300;     // + lane: Bird Racer flies there
inline constexpr Action kStay = 310;        // Bird Racer stays
inline constexpr Action kShieldUse = 320;   // discard a Shield: move 2 forward
inline constexpr Action kShieldStop = 321;  // discard the rest
// Chance outcomes:
inline constexpr Action kStartSideBase = 400;   // + side
inline constexpr Action kBoardBase = 410;       // + 2*board + side
inline constexpr Action kFinishSideBase = 440;  // + side
inline constexpr Action kScrambleBase = 450;    // + dir

// Where a scramble stands: the gap and the last slide (-1: none), as one
// number; its next outcomes depend on nothing else.
constexpr int scramble_key(int gap, int last) {
  return gap * (kDirs + 1) + last + 1;
}
inline constexpr int kScrambleKeys = kCells * (kDirs + 1);

inline Action slide_action(Dir d, int count) {
  return kSlideBase + static_cast<int>(d) * 3 + count - 1;
}

enum class Phase : std::uint8_t {
  StartSide,    // chance: which side of the Starting Grid
  DrawBoard,    // chance: the next Track board and its side
  FinishSide,   // chance: which side of the Finish Line
  ChooseCar,    // chooser_ picks a Racecar
  PlaceCar,     // placer_ picks a starting space
  Scramble,     // chance: one random slide of scrambler_'s controller
  Programming,  // simultaneous: slides and "done" (timed in real-time mode)
  BirdFly,      // active_ (Bird Racer) may fly sideways
  Shield,       // active_ may discard a Shield to move 2 forward
  Over,
};

// Where the active player's turn is.
enum class Stage : std::uint8_t { Start, Bird, Shields, End };

class RcRacerState final : public TimedContests {
 public:
  explicit RcRacerState(const RcRacerGame& game);

  Turn turn() const override;
  void actors(std::vector<PlayerId>& out) const override;
  bool timed() const override;
  Tick deadline() const override;
  std::uint32_t contest_id() const override { return contest_id_; }
  void legal_actions(PlayerId player, std::vector<Action>& out) const override;
  std::span<const Action> kept_actions(PlayerId player) const override;
  void chance_outcomes(std::vector<Outcome>& out) const override;
  ChanceSpan chance_span(ChanceScratch& scratch) const override;
  std::string action_text(PlayerId player, Action action) const override;
  Standings standings() const override;
  void winners(std::vector<PlayerId>& out) const override;  // without standings' texts (bench)
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new RcRacerState(*this)); }
  // Programming is timed but its "result" is the race that follows, shown
  // command by command: no separate result box.
  bool contest_running() const override { return false; }
  std::string debug_string() const override;
  std::string check_invariants() const override;

  // Read access for views, bots and tests.
  const Data& data() const;
  const RcRacerGame& game() const { return *game_; }
  bool real_time() const;
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  const Race& race() const { return race_; }
  const Track& track() const { return race_.track; }
  const Car& car(PlayerId p) const { return race_.cars[p]; }
  const Grid& grid(PlayerId p) const { return grid_[p]; }
  int gap(PlayerId p) const { return gap_[p]; }
  int slides(PlayerId p) const { return slides_[p]; }
  bool done(PlayerId p) const { return done_order_[p] >= 0; }
  int smile(PlayerId p) const { return smile_[p]; }  // rank, -1: none
  bool racing(PlayerId p) const { return finish_place_[p] == 0; }
  int racing_count() const { return racing_count_; }
  // How many have said "done" this programming phase: the next takes the Smile of that rank.
  int done_count() const { return done_count_; }
  int finish_place(PlayerId p) const { return finish_place_[p]; }
  PlayerId active() const { return active_; }
  PlayerId chooser() const { return chooser_; }
  PlayerId placer() const { return placer_; }
  Tick contest_open() const { return contest_open_; }
  Tick countdown_from() const { return countdown_from_; }
  bool called() const { return called_; }
  int boards_laid() const { return segs_; }
  bool car_taken(int racer) const { return cars_taken_ >> racer & 1; }
  const std::string& name(PlayerId p) const;
  // The program's tile kinds (nullptr for a gap), step 0..7.
  const TileKind* program_step(PlayerId p, int step) const;
  // The rank of p in the current standings (1 = leading), ties by Smile.
  int place_of(PlayerId p) const { return place_of(p, race_.cars); }
  // The rank p would hold were the cars where `cars` has them.
  int place_of(PlayerId p, const PerPlayer<Car, kMaxPlayers>& cars) const;
  // One picture of the race phase: every car after one command.
  struct RaceFrame {
    PerPlayer<Car, kMaxPlayers> cars{};
    PlayerId player = -1;
    int round = 0;
    std::string caption;
  };
  // The race phase, command by command: one picture after each command of
  // the last step (kept only while narrating).
  const IndexVector<int, RaceFrame>& race_frames() const { return frames_; }

  // Test hooks: arrange a position without playing up to it. They keep every
  // invariant (Shields come from the supply).
  void test_set_car(PlayerId p, int lane, int row, int batteries, int shields, bool down);
  void test_set_grid(PlayerId p, const Grid& g);

 protected:
  void do_apply(PlayerId player, Action action) override;

 private:
  friend class StateNarrator;
  RcRacerState(const RcRacerState&) = default;

  PlayerId left_of(PlayerId p) const;  // the next racing player clockwise
  void begin_choosing();
  void begin_round();
  void next_scramble();
  void open_programming();
  void finish_programming();
  void programming_done(PlayerId p, bool by_clock);
  void continue_race();
  void run_turn_commands(PlayerId p);
  void end_round();
  void finish_game();
  void build_race_track();
  // The two commonest steps: a scramble slide (chance) and a programmer's slide.
  void scramble_slide(Action a);
  void program_slide(PlayerId player, Action a);
  // Every step but those two when no pictures are left to drop, which
  // do_apply() handles itself (docs/PERFORMANCE.md, "Rules code shaped for speed").
  void apply_other(PlayerId player, Action a);

  void add_frame(PlayerId p, std::string caption);

  const RcRacerGame* game_;
  IndexVector<int, RaceFrame> frames_;  // the last step's, for views only (not in debug_string)
  Phase phase_ = Phase::StartSide;
  Stage stage_ = Stage::Start;

  // Setup.
  IndexArray<BoardRef, kMaxSegments> refs_{};
  std::int8_t segs_ = 0;
  std::int8_t tracks_wanted_ = 3;
  std::uint8_t boards_used_ = 0;  // Track boards drawn (bit per board)
  PlayerId chooser_ = 0;
  PlayerId placer_ = 0;
  std::uint16_t cars_taken_ = 0;  // bit per racecar

  Race race_;
  std::int16_t round_ = 0;

  // The controllers: grid_[p] is the one p programs this round.
  PerPlayer<Grid, kMaxPlayers> grid_{};
  PerPlayer<std::int8_t, kMaxPlayers> gap_{};
  PerPlayer<std::int8_t, kMaxPlayers> last_scramble_{};  // dir of the last scramble slide, -1 none
  PlayerId scrambler_ = 0;
  std::int16_t scramble_left_ = 0;
  std::uint8_t scramble_key_ = 0;  // scrambler_'s scramble_key(gap, last slide)

  // Programming.
  PerPlayer<std::int16_t, kMaxPlayers> slides_{};
  PerPlayer<std::int8_t, kMaxPlayers> done_order_{};
  std::int8_t done_count_ = 0;
  std::uint8_t programming_ = 0;  // bit per player racing and not done yet
  std::uint32_t contest_id_ = 0;
  Tick contest_open_ = 0;
  Tick countdown_from_ = kNoDeadline;
  PerPlayer<std::int8_t, kMaxPlayers> smile_{};  // rank 0 = Happiest

  // The race phase.
  IndexArray<PlayerId, kMaxPlayers> order_{};  // by Smile
  std::int8_t turn_idx_ = 0;
  PlayerId active_ = -1;
  TurnCtx turn_{};

  // The end.
  std::int8_t racing_count_ = 0;
  PerPlayer<std::int8_t, kMaxPlayers> finish_place_{};  // 0: still racing
  std::int8_t finished_ = 0;
  bool called_ = false;  // the round limit was reached
};

}  // namespace rt::rc_racer
