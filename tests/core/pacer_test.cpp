// The one pacing model (core/pacer.h) on a fake clock: computers paced, a
// contest with people opens after "Get ready!", its result stays on screen,
// each new contest gets its own "Get ready!", and the wake-up times never
// ask the caller to spin.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "core/pacer.h"
#include "core/timed_contests.h"
#include "tests/core/toy_game.h"
#include "tests/core/toy_presenter.h"

using namespace rt;

namespace {

// Rounds of: a public die roll (chance), seat 1's turn (one option), a tap
// race (a timed contest, 1 s deadline). With back_to_back, a second race
// opens the moment the first is decided, with nothing in between.
class RelayState final : public TimedContests {
 public:
  RelayState(int players, int rounds, bool back_to_back)
      : TimedContests(players), rounds_(rounds), back_to_back_(back_to_back) {}
  enum Phase { Roll, Choose, Tap, Over };

  Turn turn() const override {
    return phase_ == Roll     ? Turn::Chance
           : phase_ == Choose ? Turn::Player
           : phase_ == Tap    ? Turn::Simultaneous
                              : Turn::Over;
  }
  void actors(std::vector<PlayerId>& out) const override {
    if (phase_ == Choose) out.push_back(0);
    if (phase_ == Tap)
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(p);
  }
  bool timed() const override { return phase_ == Tap; }
  Tick deadline() const override { return phase_ == Tap ? open_ + 1000 : kNoDeadline; }
  std::uint32_t contest_id() const override { return phase_ == Tap ? contest_ : 0; }
  void legal_actions(PlayerId, std::vector<Action>& out) const override {
    if (phase_ == Choose || phase_ == Tap) out.push_back(0);
  }
  void chance_outcomes(std::vector<Outcome>& out) const override {
    for (int f = 1; f <= 6; ++f) out.push_back(Outcome{f, 1});
  }
  std::string action_text(PlayerId, Action a) const override { return fmt::format("{}", a); }
  Standings standings() const override {
    Standings s;
    s.summary = "done";
    return s;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<RelayState>(*this); }
  std::string debug_string() const override { return fmt::format("phase={} round={}", int(phase_), round_); }
  RelayState(const RelayState&) = default;

 protected:
  void do_apply(PlayerId p, Action) override {
    if (phase_ == Roll) {
      emit("Roll", "a die is rolled");
      phase_ = Choose;
    } else if (phase_ == Choose) {
      emit("Choose", "a choice is made");
      open_race();
    } else {
      if (p == kClock)
        emit("Tap", "nobody tapped");
      else
        emit("Tap", "a tap");
      if (++round_ == rounds_)
        phase_ = Over;
      else if (back_to_back_)
        open_race();
      else
        phase_ = Roll;
    }
  }

 private:
  void open_race() {
    phase_ = Tap;
    open_ = now();
    ++contest_;
  }
  int rounds_;
  bool back_to_back_;
  Phase phase_ = Roll;
  int round_ = 0;
  Tick open_ = 0;
  std::uint32_t contest_ = 0;
};

class RelayGame final : public Game {
 public:
  RelayGame(int players, int rounds, bool back_to_back) : rounds_(rounds), back_to_back_(back_to_back) {
    opt_.players = players;
  }
  const GameInfo& info() const override {
    static const GameInfo info{"relay", "Relay", "a pacing test game", 2, 3, false, {}, {}};
    return info;
  }
  const Options& options() const override { return opt_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<RelayState>(opt_.players, rounds_, back_to_back_);
  }
  // The toy's fast level taps at 200 ms, every other one late, at 5000 ms.
  std::unique_ptr<Agent> make_bot(BotLevel level) const override {
    return std::make_unique<toy::FixedAgent>(0, level == toy::kFast ? 200 : 5000);
  }
  std::string rules_text() const override { return ""; }
  const Presenter& presenter() const override {
    static const toy::ToyPresenter shown{"go", false};
    return shown;
  }

 private:
  Options opt_;
  int rounds_;
  bool back_to_back_;
};

struct Timed {
  Step step;
  Millis real;
};

// A table, its pacer and a fake clock, wired as the shell and the server do.
struct Rig {
  Rig(std::vector<Seat> seats, PaceConfig config, int rounds = 2, bool back_to_back = false)
      : table(std::make_shared<RelayGame>(static_cast<int>(seats.size()), rounds, back_to_back), seats, 7),
        pacer(table, config) {
    table.set_event_sink(&events);
    table.set_step_observer([this](const Step& s) {
      bool any_public = false;
      for (const Event& e : events) any_public = any_public || e.audience == kEveryone;
      events.clear();
      steps.push_back(Timed{s, now});
      pacer.note_step(s, any_public);
    });
  }

  // One update and the wake-up it asks for. A wake-up at or before now is
  // only allowed when the next update does something (no spinning).
  bool tick() {
    const bool changed = pacer.update(now);
    const Millis wake = pacer.wake_at(now);
    if (wake == kNever) return false;
    if (wake <= now) {
      CHECK(pacer.update(now));
      ++immediate;
    }
    now = std::max(now, pacer.wake_at(now));
    (void)changed;
    return true;
  }
  template <class Done>
  void run_until(Done done, int max = 10000) {
    for (int i = 0; i < max && !done(); ++i)
      if (!tick()) break;
  }

  Table table;
  Pacer pacer;
  EventSink events;
  std::vector<Timed> steps;
  Millis now = 0;
  int immediate = 0;
};

Seat bot(BotLevel level) {
  return Seat{"bot", SeatKind::Bot, level};
}
Seat person() {
  return Seat{"you", SeatKind::Human};
}

PaceConfig config() {
  PaceConfig c;
  c.pace_ms = 800;
  c.ready_ms = 1500;
  c.after_contest_ms = 1500;
  c.frame_ms = 33;
  return c;
}

}  // namespace

TEST_CASE("Pacer: computers' decisions are paced, public chance at half pace", "[core][pacer]") {
  Rig r({bot(toy::kFast), bot(toy::kFast)}, config());
  r.run_until([&] { return r.pacer.phase() == PacePhase::Over; });
  REQUIRE(r.table.over());
  CHECK(r.immediate == 0);
  bool saw_turn = false;
  for (std::size_t i = 1; i < r.steps.size(); ++i) {
    const Timed& before = r.steps[i - 1];
    if (before.step.player == kChance) CHECK(r.steps[i].real - before.real >= 400);  // a die rolled: pace / 2
    if (before.step.player == 0) {  // a computer's choice or its winning tap
      saw_turn = true;
      CHECK(r.steps[i].real - before.real >= 800);  // a computer's move: a full pace
    }
  }
  CHECK(saw_turn);
  CHECK(r.pacer.wake_at(r.now) == kNever);
}

TEST_CASE("Pacer: a contest with a person opens after Get ready, on the real clock", "[core][pacer]") {
  Rig r({person(), bot(toy::kFast)}, config());
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  REQUIRE(r.pacer.phase() == PacePhase::People);
  CHECK(r.pacer.wake_at(r.now) == kNever);  // a person's turn has no timer
  r.pacer.decide(0, 0, r.now);
  r.pacer.update(r.now);
  REQUIRE(r.pacer.phase() == PacePhase::GetReady);
  const Millis asked = r.now;
  const Tick opened = r.table.state().now();
  const std::size_t steps = r.table.history().size();
  CHECK(r.pacer.wake_at(r.now) == asked + 1500);
  CHECK(r.pacer.contest_act(0, 0, asked + 100) == ContestAnswer::NotYet);
  r.pacer.update(asked + 1499);
  CHECK(r.pacer.phase() == PacePhase::GetReady);  // not yet
  CHECK(r.table.history().size() == steps);
  r.now = asked + 1500;
  r.pacer.update(r.now);
  REQUIRE(r.pacer.phase() == PacePhase::Contest);
  CHECK(r.pacer.view_tick(r.now) == opened);
  CHECK(r.pacer.wake_at(r.now) <= r.now + 33);  // redrawn while live
  CHECK(r.pacer.wake_at(r.now) > r.now);
  // The person beats the 200 ms computer; the press is stamped with the contest clock.
  CHECK(r.pacer.contest_act(0, 0, r.now + 150) == ContestAnswer::Taken);
  CHECK(r.table.history().back().player == 0);
  CHECK(r.table.history().back().tick == opened + 150);
}

TEST_CASE("Pacer: a computer quicker than the key press acts first; a stale press is too late",
          "[core][pacer]") {
  Rig r({person(), bot(toy::kFast)}, config());
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  r.pacer.decide(0, 0, r.now);
  r.run_until([&] { return r.pacer.phase() == PacePhase::Contest; });
  const std::uint32_t contest = contest_id(r.table.state());
  CHECK(r.pacer.contest_act(0, 0, r.now + 250, contest + 1) == ContestAnswer::TooLate);
  CHECK(r.pacer.contest_act(0, 0, r.now + 250, contest) ==
        ContestAnswer::TooLate);  // the computer won at 200
  CHECK(r.table.history().back().player == 1);
}

TEST_CASE("Pacer: who won a contest stays on screen before the game goes on", "[core][pacer]") {
  Rig r({person(), bot(toy::kFast)}, config(), 2);
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  r.pacer.decide(0, 0, r.now);
  r.run_until([&] { return r.pacer.phase() == PacePhase::Contest; });
  const Millis opened = r.now;
  r.run_until([&] { return r.pacer.phase() != PacePhase::Contest; });
  REQUIRE(r.pacer.phase() == PacePhase::Computers);
  const Timed won = r.steps.back();
  CHECK(won.step.player == 1);
  CHECK(won.real - opened <= 200 + 33);
  const std::size_t steps = r.table.history().size();
  CHECK(r.pacer.wake_at(won.real) == won.real + 1500);
  r.pacer.update(won.real + 1499);
  CHECK(r.table.history().size() == steps);  // still showing the result
  r.run_until([&] { return r.table.history().size() > steps; });
  CHECK(r.steps.back().real >= won.real + 1500);
}

TEST_CASE("Pacer: a contest opening straight after another gets its own Get ready", "[core][pacer]") {
  Rig r({person(), bot(toy::kFast)}, config(), 3, true);
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  r.pacer.decide(0, 0, r.now);
  int ready = 0;
  PacePhase last = r.pacer.phase();
  for (int i = 0; i < 10000 && !r.table.over(); ++i) {
    if (r.pacer.phase() == PacePhase::GetReady && last != PacePhase::GetReady) ++ready;
    last = r.pacer.phase();
    if (!r.tick()) break;
  }
  CHECK(r.table.over());
  CHECK(ready == 3);
  CHECK(r.pacer.contests_opened() == 3);
  CHECK(r.immediate == 0);
}

TEST_CASE("Pacer: computers alone race at once at rate 0, in real time at rate 1", "[core][pacer]") {
  PaceConfig c = config();
  c.pace_ms = 0;
  c.contest_rate = 0;
  Rig fast({bot(toy::kLate), bot(toy::kLate)}, c);
  fast.pacer.update(0);
  CHECK(fast.table.over());  // two races to their 1 s deadline without a millisecond passing
  c.contest_rate = 1;
  Rig real({bot(toy::kLate), bot(toy::kLate)}, c);
  real.run_until([&] { return real.table.over(); });
  CHECK(real.table.over());
  CHECK(real.now >= 2000);
  CHECK(real.immediate == 0);
}

TEST_CASE("Pacer: a pause freezes the contest clock and the pacing", "[core][pacer]") {
  Rig r({person(), bot(toy::kLate)}, config());
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  r.pacer.decide(0, 0, r.now);
  r.run_until([&] { return r.pacer.phase() == PacePhase::Contest; });
  const Tick opened = r.pacer.view_tick(r.now);
  r.pacer.pause(r.now + 100);
  CHECK(r.pacer.wake_at(r.now + 5000) == kNever);
  CHECK_FALSE(r.pacer.update(r.now + 5000));
  CHECK(r.pacer.view_tick(r.now + 5000) == opened + 100);
  r.pacer.resume(r.now + 5000);
  CHECK(r.pacer.view_tick(r.now + 5050) == opened + 150);
}

TEST_CASE("Pacer: whole games never ask to be woken without work to do", "[core][pacer]") {
  for (const Millis pace : {0, 1, 800}) {
    for (const bool back_to_back : {false, true}) {
      PaceConfig c = config();
      c.pace_ms = pace;
      c.ready_ms = pace;  // 0 too: Get ready without a pause
      c.after_contest_ms = pace;
      Rig r({person(), bot(toy::kFast), bot(toy::kLate)}, c, 4, back_to_back);
      int wakes = 0;
      for (int i = 0; i < 10000 && !r.table.over(); ++i) {
        if (r.pacer.phase() == PacePhase::People) {
          r.pacer.decide(0, 0, r.now);
          continue;
        }
        if (!r.tick() && r.pacer.phase() != PacePhase::People) break;
        ++wakes;
      }
      INFO("pace " << pace << (back_to_back ? ", back to back" : ""));
      CHECK(r.table.over());
      CHECK(wakes < 1000);
      // Only a zero-length Get ready or pause may ask for "now" (and then work is done).
      if (pace > 0) CHECK(r.immediate == 0);
    }
  }
}

TEST_CASE("Pacer: a key held through a race does not wave its result away; a fresh press does",
          "[core][pacer]") {
  Rig r({person(), bot(toy::kLate)}, config(), 2);
  r.run_until([&] { return r.pacer.phase() == PacePhase::People; });
  r.pacer.decide(0, 0, r.now);
  r.run_until([&] { return r.pacer.phase() == PacePhase::Contest; });
  const Millis won = r.now + 150;
  REQUIRE(r.pacer.contest_act(0, 0, won) == ContestAnswer::Taken);
  r.pacer.update(won);
  REQUIRE(r.pacer.showing_result(won));
  CHECK(r.pacer.contests_ended() == 1);
  const std::size_t steps = r.table.history().size();
  // Auto-repeat every 30 ms for a second: the result stays.
  for (Millis t = won + 30; t <= won + 1000; t += 30) {
    r.pacer.skip(t);
    r.pacer.update(t);
  }
  CHECK(r.pacer.showing_result(won + 1000));
  CHECK(r.table.history().size() == steps);
  // Released, then pressed again: the game goes on.
  r.pacer.skip(won + 1300);
  CHECK_FALSE(r.pacer.showing_result(won + 1300));
  r.pacer.update(won + 1300);
  CHECK(r.table.history().size() > steps);
}
