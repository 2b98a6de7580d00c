// Rulebook, "Setup" and "1. Programming": the track, racecars, starting
// spaces, the Reset step (scramble and pass left), the programming race and
// the Smile tokens.
#include "games/rc_racer/state.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "core/deck.h"
#include "games/rc_racer/game.h"
#include "games/rc_racer/narration.h"

namespace rt::rc_racer {

RcRacerState::RcRacerState(const RcRacerGame& game) : TimedContests(game.options().players), game_(&game) {
  const Data& d = game.data();
  const int n = num_players();
  race_.n = n;
  race_.max_batteries = d.batteries;
  race_.shield_supply = static_cast<std::int8_t>(d.shields);
  racing_count_ = static_cast<std::int8_t>(n);
  for (int p = 0; p < n; ++p) race_.cars[p].batteries = static_cast<std::int8_t>(d.batteries);
  for (int p = 0; p < kMaxPlayers; ++p) {
    grid_[p] = d.layout;
    gap_[p] = static_cast<std::int8_t>(gap_cell(d.layout));
  }
  last_scramble_.fill(-1);
  done_order_.fill(-1);
  smile_.fill(-1);
  order_.fill(-1);
  tracks_wanted_ = static_cast<std::int8_t>(game.track_boards());
  const auto& fixed = game.fixed_track();
  if (!fixed.empty()) {
    for (int i = 0; i < fixed.size(); ++i) refs_[i] = fixed[i];
    segs_ = static_cast<std::int8_t>(fixed.size());
    build_race_track();
    begin_choosing();
  }
}

const Data& RcRacerState::data() const {
  return game_->data();
}
bool RcRacerState::real_time() const {
  return game_->real_time();
}
const std::string& RcRacerState::name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}

const TileKind* RcRacerState::program_step(PlayerId p, int step) const {
  const std::uint8_t t = program_tile(grid(p), step);
  return t == kGap ? nullptr : &data().kind_of_tile(t);
}

PlayerId RcRacerState::left_of(PlayerId p) const {
  PlayerId q = p;
  for (int k = 1; k <= num_players(); ++k)
    if (racing(q = rt::left_of(q, num_players()))) return q;
  return p;
}

// --- who acts -----------------------------------------------------------------

namespace {

// A scramble slide's outcomes depend only on the gap and the last slide (no
// undoing it): 200 chance nodes a round, so they are listed once, at compile
// time, in the order the rule lists them (by direction).
// By scramble_key(gap, last); `next` is the key after a slide in each direction.
struct ScrambleSlides {
  std::array<Outcome, kDirs> slides{};  // by count, which ChanceSpan takes unsigned
  std::uint32_t count = 0;
  IndexArray<std::uint8_t, kDirs> next{};
};
constexpr auto kScrambleSlides = [] {
  IndexArray<ScrambleSlides, kScrambleKeys> table{};
  for (int g = 0; g < kCells; ++g)
    for (int last = -1; last < kDirs; ++last) {
      ScrambleSlides& e = table[scramble_key(g, last)];
      for (int d = 0; d < kDirs; ++d) {
        if (slide_room(g, static_cast<Dir>(d)) == 0) continue;
        e.next[d] = static_cast<std::uint8_t>(scramble_key(picked_cell(g, static_cast<Dir>(d), 1), d));
        if (last >= 0 && static_cast<Dir>(d) == opposite(static_cast<Dir>(last))) continue;
        e.slides[e.count++] = Outcome{kScrambleBase + d, 1};
      }
    }
  return table;
}();

// For room the caller has checked (why: docs/PERFORMANCE.md, "Rules code
// shaped for speed").
template <class T>
void push_in_room(std::vector<T>& out, const T& value) {
  if (out.size() == out.capacity()) __builtin_unreachable();
  out.push_back(value);
}

const ScrambleSlides& scramble_slides(int gap, int last) {
  return kScrambleSlides[scramble_key(gap, last)];
}

// A programmer's choices with slides to spare: every slide the gap allows
// (always 6 on a 4x4 board), then "done" -- as slide_action() numbers them.
constexpr auto kProgrammingMoves = [] {
  IndexArray<IndexArray<Action, 7>, kCells> table{};
  for (int g = 0; g < kCells; ++g) {
    int n = 0;
    for (int d = 0; d < kDirs; ++d)
      for (int k = 1; k <= slide_room(g, static_cast<Dir>(d)); ++k)
        table[g][n++] = kSlideBase + d * 3 + k - 1;
    table[g][n] = kDone;
  }
  return table;
}();

}  // namespace

Turn RcRacerState::turn() const {
  switch (phase_) {
    case Phase::StartSide:
    case Phase::DrawBoard:
    case Phase::FinishSide:
    case Phase::Scramble: return Turn::Chance;
    case Phase::ChooseCar:
    case Phase::PlaceCar:
    case Phase::BirdFly:
    case Phase::Shield: return Turn::Player;
    case Phase::Programming: return Turn::Simultaneous;
    case Phase::Over: return Turn::Over;
  }
  return Turn::Over;
}

void RcRacerState::actors(std::vector<PlayerId>& out) const {
  switch (phase_) {
    case Phase::ChooseCar: out.push_back(chooser_); break;
    case Phase::PlaceCar: out.push_back(placer_); break;
    case Phase::BirdFly:
    case Phase::Shield: out.push_back(active_); break;
    case Phase::Programming:
      if (out.capacity() - out.size() >= static_cast<std::size_t>(num_players())) {  // asked every decision
        for (unsigned left = programming_; left != 0; left &= left - 1)
          push_in_room(out, static_cast<PlayerId>(std::countr_zero(left)));
        break;
      }
      for (unsigned left = programming_; left != 0; left &= left - 1)
        out.push_back(static_cast<PlayerId>(std::countr_zero(left)));
      break;
    default: break;
  }
}

bool RcRacerState::timed() const {
  return phase_ == Phase::Programming && real_time();
}

Tick RcRacerState::deadline() const {
  if (!timed() || countdown_from_ == kNoDeadline) return kNoDeadline;
  return countdown_from_ + static_cast<Tick>(data().countdown_ms);
}

// A programmer with slides to spare (most decisions): every slide fits the
// budget, so the gap alone decides and the table row is the list. Empty
// otherwise.
std::span<const Action> RcRacerState::kept_actions(PlayerId p) const {
  if (phase_ == Phase::Programming && (programming_ >> p & 1) && data().max_slides - slides(p) >= 3)
    return kProgrammingMoves[gap(p)];
  return {};
}

void RcRacerState::legal_actions(PlayerId p, std::vector<Action>& out) const {
  switch (phase_) {
    case Phase::ChooseCar:
      if (p != chooser_) return;
      for (int r = 0; r < data().racecars.size(); ++r)
        if (!(cars_taken_ >> r & 1)) out.push_back(kCarBase + static_cast<Action>(r));
      return;
    case Phase::PlaceCar:
      if (p != placer_) return;
      for (int s = 0; s < kMaxPlayers; ++s)
        if (!race_.car_at(track().slot_lane[s], track().slot_row[s], -1)) out.push_back(kStartBase + s);
      return;
    case Phase::Programming: {
      if (!(programming_ >> p & 1)) return;
      if (const std::span<const Action> row = kept_actions(p); !row.empty()) {
        out.insert(out.end(), row.begin(), row.end());
        return;
      }
      const int g = gap(p);
      const int budget = data().max_slides - slides(p);
      for (int d = 0; d < kDirs; ++d) {
        const int room = slide_room(g, static_cast<Dir>(d));
        for (int k = 1; k <= room && k <= budget; ++k) out.push_back(slide_action(static_cast<Dir>(d), k));
      }
      out.push_back(kDone);
      return;
    }
    case Phase::BirdFly: {
      if (p != active_) return;
      const std::uint8_t spots = race_.fly_spots(p);
      for (int lane = 0; lane < kLanes; ++lane)
        if (spots >> lane & 1) out.push_back(kFlyBase + lane);
      out.push_back(kStay);
      return;
    }
    case Phase::Shield:
      if (p != active_) return;
      out.push_back(kShieldUse);
      out.push_back(kShieldStop);
      return;
    default: return;
  }
}

// 200 scramble slides a round: the driver reads them from the table in place.
ChanceSpan RcRacerState::chance_span(ChanceScratch& /*scratch*/) const {
  if (phase_ != Phase::Scramble) return {};
  const ScrambleSlides& list = kScrambleSlides[scramble_key_];
  return ChanceSpan{list.slides.data(), list.count, list.count};
}

void RcRacerState::chance_outcomes(std::vector<Outcome>& out) const {
  switch (phase_) {
    case Phase::StartSide:
      for (int s = 0; s < 2; ++s) out.push_back(Outcome{kStartSideBase + s, 1});
      return;
    case Phase::DrawBoard:
      for (int b = 0; b < data().track_boards; ++b)
        if (!(boards_used_ >> b & 1))
          for (int s = 0; s < 2; ++s) out.push_back(Outcome{kBoardBase + 2 * b + s, 1});
      return;
    case Phase::FinishSide:
      for (int s = 0; s < 2; ++s) out.push_back(Outcome{kFinishSideBase + s, 1});
      return;
    case Phase::Scramble: {
      const ScrambleSlides& list = scramble_slides(gap_[scrambler_], last_scramble_[scrambler_]);
      out.insert(out.end(), list.slides.begin(),
                 list.slides.begin() + static_cast<std::ptrdiff_t>(list.count));
      return;
    }
    default: return;
  }
}

// --- setup ----------------------------------------------------------------------

void RcRacerState::build_race_track() {
  race_.track = build_track(data(), refs_.data(), segs_);
}

void RcRacerState::begin_choosing() {
  const auto& fixed = game_->fixed_racers();
  if (fixed.empty()) {
    chooser_ = 0;
    phase_ = Phase::ChooseCar;
    return;
  }
  for (PlayerId p = 0; p < num_players(); ++p) {
    const int r = fixed[p];
    Car& c = race_.cars[p];
    c.racer = static_cast<std::uint8_t>(r);
    c.ability = data().racecars[r].ability;
    cars_taken_ = static_cast<std::uint16_t>(cars_taken_ | 1u << r);
    emit("Setup: Racecars", "{} races with {}.", name(p), data().racecars[r].name)
        .type("racecar")
        .seat("player", p)
        .with("racecar", data().racecars[r].name);
  }
  placer_ = static_cast<PlayerId>(num_players() - 1);
  phase_ = Phase::PlaceCar;
}

void RcRacerState::begin_round() {
  ++round_;
  emit("1. Programming: Reset",
       "Round {}. Reset: every controller is scrambled face down and passed to the left.", round_)
      .type("reset")
      .with("round", round_);
  scrambler_ = -1;
  next_scramble();
}

void RcRacerState::next_scramble() {
  const Data& d = data();
  for (int q = scrambler_ + 1; q < num_players(); ++q) {
    if (!racing(static_cast<PlayerId>(q)) || d.scramble_slides == 0) continue;
    scrambler_ = static_cast<PlayerId>(q);
    scramble_left_ = static_cast<std::int16_t>(d.scramble_slides);
    last_scramble_[q] = -1;
    scramble_key_ = static_cast<std::uint8_t>(scramble_key(gap_[q], -1));
    phase_ = Phase::Scramble;
    return;
  }
  // Everyone passes the scrambled controller to the left.
  PerPlayer<Grid, kMaxPlayers> passed = grid_;
  PerPlayer<std::int8_t, kMaxPlayers> passed_gap = gap_;
  for (PlayerId p = 0; p < num_players(); ++p)
    if (racing(p)) {
      passed[left_of(p)] = grid_[p];
      passed_gap[left_of(p)] = gap_[p];
    }
  grid_ = passed;
  gap_ = passed_gap;
  open_programming();
}

void RcRacerState::open_programming() {
  slides_.fill(0);
  done_order_.fill(-1);
  smile_.fill(-1);
  done_count_ = 0;
  programming_ = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    if (racing(p)) programming_ = static_cast<std::uint8_t>(programming_ | 1u << p);
  ++contest_id_;
  contest_open_ = now();
  countdown_from_ = kNoDeadline;
  phase_ = Phase::Programming;
  emit("1. Programming", "Controllers flipped: everybody programs at once ({}).",
       real_time() ? "go as quick as you can" : "fewer slides take the happier Smile")
      .type("programming");
}

void RcRacerState::programming_done(PlayerId p, bool by_clock) {
  const Data& d = data();
  done_order_[p] = done_count_++;
  programming_ = static_cast<std::uint8_t>(programming_ & ~(1u << p));
  const int sl = slides(p);
  if (real_time()) {
    smile_[p] = static_cast<std::int8_t>(done_count_ - 1);
    const std::string& smile = d.smile_name(done_count_ - 1, racing_count_);
    if (by_clock)
      emit("1. Programming: countdown",
           "Time is up! {} must stop programming ({} slide{}) and takes the Saddest Smile ({}).", name(p), sl,
           sl == 1 ? "" : "s", smile)
          .type("programmed")
          .seat("player", p)
          .with("slides", sl)
          .with("smile", smile)
          .with("forced", true);
    else
      emit("1. Programming: Smile tokens",
           "{} calls out \"finished!\" after {:.1f}s and {} slide{}, and takes Smile {}.", name(p),
           (now() - contest_open_) / 1000.0, sl, sl == 1 ? "" : "s", smile)
          .type("programmed")
          .seat("player", p)
          .with("slides", sl)
          .with("smile", smile)
          .with("forced", false);
    if (done_count_ == racing_count_ - 1 && racing_count_ >= 2) {
      countdown_from_ = now();
      for (PlayerId q = 0; q < num_players(); ++q)
        if (racing(q) && !done(q))
          emit("1. Programming: countdown", "Only {} is still programming: everybody counts down 10 seconds!",
               name(q))
              .type("countdown")
              .seat("player", q);
    }
  } else {
    emit("1. Programming", "{} is done after {} slide{}.", name(p), sl, sl == 1 ? "" : "s")
        .type("done")
        .seat("player", p)
        .with("slides", sl);
  }
  if (done_count_ == racing_count_) finish_programming();
}

void RcRacerState::finish_programming() {
  const Data& d = data();
  int k = 0;
  for (PlayerId p = 0; p < num_players(); ++p)
    if (racing(p)) order_[k++] = p;
  for (int i = k; i < kMaxPlayers; ++i) order_[i] = -1;
  auto* first = order_.data();
  if (real_time()) {
    std::sort(first, first + k, [&](PlayerId a, PlayerId b) { return smile(a) < smile(b); });
  } else {
    // Counted slides: fewer slides take the happier Smile; ties by who said "done" first.
    std::sort(first, first + k, [&](PlayerId a, PlayerId b) {
      if (slides(a) != slides(b)) return slides(a) < slides(b);
      return done_order_[a] < done_order_[b];
    });
    for (int i = 0; i < k; ++i) smile_[order_[i]] = static_cast<std::int8_t>(i);
  }
  if (narrating()) {
    for (int i = 0; i < k; ++i) {
      const PlayerId p = order_[i];
      std::string prog;
      for (int s = 0; s < kProgram; ++s) {
        const TileKind* t = program_step(p, s);
        prog += (s ? " " : "") + (t ? t->short_name : std::string("__"));
      }
      if (real_time())
        emit("1. Programming: Smile tokens", "{} holds Smile {}: program {}.", name(p), d.smile_name(i, k),
             prog)
            .type("smile")
            .seat("player", p)
            .with("smile", [&] { return d.smile_name(i, k); })
            .with("program", prog);
      else
        emit("1. Programming: Smile tokens", "{} takes Smile {} ({} slide{}): program {}.", name(p),
             d.smile_name(i, k), slides(p), slides(p) == 1 ? "" : "s", prog)
            .type("smile")
            .seat("player", p)
            .with("smile", [&] { return d.smile_name(i, k); })
            .with("program", prog);
    }
  }
  emit("2. Racing", "Race phase: the Happiest Smile goes first.").type("race_phase");
  turn_idx_ = 0;
  stage_ = Stage::Start;
  continue_race();
}

// --- applying decisions -------------------------------------------------------------

inline void RcRacerState::scramble_slide(Action a) {
  const auto dir = static_cast<Dir>(a - kScrambleBase);
  const PlayerId p = scrambler_;  // read once: the byte stores below could alias it
  gap_[p] = static_cast<std::int8_t>(slide(grid_[p], gap_[p], dir, 1));
  last_scramble_[p] = static_cast<std::int8_t>(dir);
  scramble_key_ = kScrambleSlides[scramble_key_].next[dir];
  if (--scramble_left_ == 0) next_scramble();
}

inline void RcRacerState::program_slide(PlayerId player, Action a) {
  const int k = a - kSlideBase;
  gap_[player] =
      static_cast<std::int8_t>(slide(grid_[player], gap_[player], static_cast<Dir>(k / 3), k % 3 + 1));
  slides_[player] = static_cast<std::int16_t>(slides_[player] + k % 3 + 1);
}

void RcRacerState::do_apply(PlayerId player, Action a) {
  // Pictures belong to the step that drew them; they are only drawn while
  // narrating, and apply_other() drops them.
  if (frames_.empty()) {
    if (player == kChance && phase_ == Phase::Scramble) return scramble_slide(a);  // 200 a round
    if (player >= 0 && phase_ == Phase::Programming && a != kDone) return program_slide(player, a);
  }
  apply_other(player, a);
}

void RcRacerState::apply_other(PlayerId player, Action a) {
  frames_.clear();
  set_pictures(0);
  const Data& d = data();
  if (player == kChance) {
    switch (phase_) {
      case Phase::Scramble: scramble_slide(a); return;
      case Phase::StartSide:
        refs_[0] = d.start_ref(a - kStartSideBase);
        segs_ = 1;
        phase_ = Phase::DrawBoard;
        emit("Setup: the Track", "The Starting Grid is placed on side {} ({}).",
             a - kStartSideBase ? "B" : "A", d.side(refs_[0]).name)
            .type("track_board")
            .with("board", d.side(refs_[0]).name);
        return;
      case Phase::DrawBoard: {
        const int b = (a - kBoardBase) / 2;
        const int s = (a - kBoardBase) % 2;
        const BoardRef ref = d.track_ref(b, s);
        refs_[segs_++] = ref;
        boards_used_ = static_cast<std::uint8_t>(boards_used_ | 1u << b);
        emit("Setup: the Track", "Track board {} ({}) is drawn and connected.", d.side(ref).code,
             d.side(ref).name)
            .type("track_board")
            .with("board", d.side(ref).name);
        if (segs_ - 1 == tracks_wanted_) phase_ = Phase::FinishSide;
        return;
      }
      case Phase::FinishSide: {
        refs_[segs_++] = d.finish_ref(a - kFinishSideBase);
        build_race_track();
        emit("Setup: the Track", "The Finish Line board completes the track on side {} ({}): {} columns.",
             a - kFinishSideBase ? "B" : "A", d.side(refs_[segs_ - 1]).name, track().rows)
            .type("track_board")
            .with("board", d.side(refs_[segs_ - 1]).name);
        begin_choosing();
        return;
      }
      default: return;
    }
  }
  if (player == kClock) {
    // The countdown ran out: the last programmer stops where they are.
    for (PlayerId p = 0; p < num_players(); ++p)
      if (racing(p) && !done(p)) {
        programming_done(p, true);
        return;
      }
    return;
  }
  switch (phase_) {
    case Phase::ChooseCar: {
      const int r = a - kCarBase;
      Car& c = race_.cars[player];
      c.racer = static_cast<std::uint8_t>(r);
      c.ability = d.racecars[r].ability;
      cars_taken_ = static_cast<std::uint16_t>(cars_taken_ | 1u << r);
      emit("Setup: Racecars", "{} chooses {}: {}", name(player), d.racecars[r].name, d.racecars[r].text)
          .type("racecar")
          .seat("player", player)
          .with("racecar", d.racecars[r].name);
      if (++chooser_ == num_players()) {
        placer_ = static_cast<PlayerId>(num_players() - 1);
        phase_ = Phase::PlaceCar;
      }
      return;
    }
    case Phase::PlaceCar: {
      const int s = a - kStartBase;
      Car& c = race_.cars[player];
      c.lane = track().slot_lane[s];
      c.row = track().slot_row[s];
      if (narrating())  // where() builds a string
        emit("Setup: starting positions", "{} places {} on starting space {} ({}), with {} Batteries.",
             name(player), d.racecars[c.racer].name, s + 1, where(c.lane, c.row), d.batteries)
            .type("start_position")
            .seat("player", player)
            .with("lane", c.lane + 1)
            .with("row", c.row + 1);
      if (--placer_ < 0) begin_round();
      return;
    }
    case Phase::Programming:
      if (a == kDone)
        programming_done(player, false);
      else
        program_slide(player, a);
      return;
    case Phase::BirdFly: {
      StateNarrator sn(*this);
      if (a == kStay)
        emit("Racecar: Bird Racer", "{} stays in its lane.", name(player))
            .type("no_fly")
            .seat("player", player);
      else
        race_.fly(player, a - kFlyBase, narrating() ? &sn : nullptr);
      stage_ = Stage::Shields;
      continue_race();
      return;
    }
    case Phase::Shield: {
      StateNarrator sn(*this);
      if (a == kShieldUse)
        race_.shield_move(player, narrating() ? &sn : nullptr);
      else
        stage_ = Stage::End;
      continue_race();
      return;
    }
    default: return;
  }
}

// --- test hooks -----------------------------------------------------------------------

void RcRacerState::test_set_car(PlayerId p, int lane, int row, int batteries, int shields, bool down) {
  Car& c = race_.cars[p];
  race_.shield_supply = static_cast<std::int8_t>(race_.shield_supply + c.shields - shields);
  c.lane = static_cast<std::int8_t>(lane);
  c.row = static_cast<std::int8_t>(row);
  c.batteries = static_cast<std::int8_t>(batteries);
  c.shields = static_cast<std::int8_t>(shields);
  c.down = down;
}

void RcRacerState::test_set_grid(PlayerId p, const Grid& g) {
  grid_[p] = g;
  gap_[p] = static_cast<std::int8_t>(gap_cell(g));
}

}  // namespace rt::rc_racer
