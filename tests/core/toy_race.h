// A tiny timed game for the core's contest scheduling: seat 0 picks the race
// length (3 or 4 rolls), then everyone rolls as fast as they can in a timed
// contest whose die takes 400 ms to land (TimedContests::action_time), for one second
// at most; then seat 0 says "end". The state logs every step with its tick, so
// a test can read the order a search's playout applied them in.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "core/agent.h"
#include "core/game.h"
#include "core/per_player.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "tests/core/toy_presenter.h"

namespace rt::toy_race {

inline constexpr Action kShort = 0, kLong = 1, kRoll = 2, kEnd = 3;
inline constexpr Tick kLandMs = 400;       // a roll's die lands this long after it
inline constexpr Tick kWindowMs = 1000;    // the race's deadline, after it opens
inline constexpr std::uint32_t kRace = 7;  // the race's contest_id

class RaceState final : public TimedContests {
 public:
  explicit RaceState(int players) : TimedContests(players) {}
  enum class Phase { Pick, Race, Done, Over };

  Turn turn() const override {
    switch (phase_) {
      case Phase::Pick:
      case Phase::Done: return Turn::Player;
      case Phase::Race: return Turn::Simultaneous;
      case Phase::Over: break;
    }
    return Turn::Over;
  }
  void actors(std::vector<PlayerId>& out) const override {
    if (phase_ == Phase::Pick || phase_ == Phase::Done) out.push_back(0);
    if (phase_ == Phase::Race)
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(p);
  }
  bool timed() const override { return phase_ == Phase::Race; }
  Tick deadline() const override { return phase_ == Phase::Race ? open_ + kWindowMs : kNoDeadline; }
  std::uint32_t contest_id() const override { return phase_ == Phase::Race ? kRace : 0; }
  Tick action_time(PlayerId p, Action a) const override {
    return phase_ == Phase::Race && p >= 0 && a == kRoll ? kLandMs : 0;
  }
  void legal_actions(PlayerId p, std::vector<Action>& out) const override {
    if (phase_ == Phase::Pick && p == 0) {
      out.push_back(kShort);
      out.push_back(kLong);
    }
    if (phase_ == Phase::Race) out.push_back(kRoll);
    if (phase_ == Phase::Done && p == 0) out.push_back(kEnd);
  }
  void chance_outcomes(std::vector<Outcome>&) const override {}
  std::string action_text(PlayerId, Action a) const override {
    return a == kShort ? "short" : a == kLong ? "long" : a == kRoll ? "roll" : "end";
  }
  Standings standings() const override {
    Standings s;
    for (PlayerId p = 0; p < num_players(); ++p)
      s.placings.push_back(Placing{p, p == winner_ ? 1 : 2, rolls_[p], fmt::format("{} rolls", rolls_[p])});
    std::stable_sort(s.placings.begin(), s.placings.end(),
                     [](auto& a, auto& b) { return a.place < b.place; });
    s.summary = winner_ >= 0 ? fmt::format("P{} wins", winner_ + 1) : "nobody finished";
    return s;
  }
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new RaceState(*this)); }
  std::string debug_string() const override {
    return fmt::format("phase={} goal={} open={} winner={} rolls={},{},{}", static_cast<int>(phase_), goal_,
                       open_, winner_, rolls_[0], rolls_[1], rolls_[2]);
  }

  Phase phase() const { return phase_; }
  // Every step applied so far, with the tick it was applied at.
  const std::vector<Step>& log() const { return log_; }

 protected:
  void do_apply(PlayerId p, Action a) override {
    log_.push_back(Step{p, a, now()});
    switch (phase_) {
      case Phase::Pick:
        goal_ = a == kLong ? 4 : 3;
        phase_ = Phase::Race;
        open_ = now();
        return;
      case Phase::Race:
        if (p == kClock) {
          phase_ = Phase::Done;
          return;
        }
        if (++rolls_[p] == goal_) {
          winner_ = p;
          phase_ = Phase::Done;
        }
        return;
      case Phase::Done: phase_ = Phase::Over; return;
      case Phase::Over: return;
    }
  }

 private:
  RaceState(const RaceState&) = default;
  Phase phase_ = Phase::Pick;
  int goal_ = 3;
  Tick open_ = 0;
  PlayerId winner_ = -1;
  PerPlayer<int, 3> rolls_{};
  std::vector<Step> log_;
};

// Picks `pick` when it is seat 0's to pick and rolls every 150 + 100 x seat
// ms, whatever its random stream says: a Table and a playout that schedule
// alike apply its decisions alike.
class Roller final : public Agent {
 public:
  explicit Roller(Action pick = kShort) : pick_(pick) {}
  Decision decide(const State& s, PlayerId me, Rng&) override {
    std::vector<Action> legal;
    s.legal_actions(me, legal);
    if (std::find(legal.begin(), legal.end(), pick_) != legal.end()) return Decision{pick_, 0};
    return Decision{legal.front(), static_cast<Tick>(150 + 100 * me)};
  }

 private:
  Action pick_;
};

class RaceGame final : public Game {
 public:
  explicit RaceGame(int players) { opt_.players = players; }
  const GameInfo& info() const override {
    static const GameInfo info{"toy-race", "Toy Race", "a timed test game", 2, 3, false, {}, {}};
    return info;
  }
  const Options& options() const override { return opt_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<RaceState>(opt_.players);
  }
  std::unique_ptr<Agent> make_bot(BotLevel) const override { return nullptr; }
  std::string rules_text() const override { return "roll first\n"; }
  const Presenter& presenter() const override {
    static const toy::ToyPresenter shown{"race"};
    return shown;
  }

 private:
  Options opt_;
};

}  // namespace rt::toy_race
