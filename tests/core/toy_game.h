// A tiny game for testing the core without any real game: each player in
// turn rolls a die (chance) and may roll again or stop; then everyone races
// to tap (a timed contest with a 1-second deadline); the first tap scores 5.
#pragma once

#include <array>

#include <fmt/format.h>

#include "core/agent.h"
#include "core/game.h"
#include "core/timed_contests.h"
#include "tests/core/toy_presenter.h"

namespace rt::toy {

inline constexpr Action kStop = 0, kAgain = 1, kTap = 2;

class ToyGame;

class ToyState final : public TimedContests {
 public:
  explicit ToyState(int players, const Options* opt) : TimedContests(players), opt_(opt) {}
  enum Phase { Roll, Choose, Tap, Over };

  Turn turn() const override {
    return phase_ == Roll     ? Turn::Chance
           : phase_ == Choose ? Turn::Player
           : phase_ == Tap    ? Turn::Simultaneous
                              : Turn::Over;
  }
  void actors(std::vector<PlayerId>& out) const override {
    if (phase_ == Choose) out.push_back(current_);
    if (phase_ == Tap)
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(p);
  }
  bool timed() const override { return phase_ == Tap; }
  Tick deadline() const override { return phase_ == Tap ? open_ + 1000 : kNoDeadline; }
  std::uint32_t contest_id() const override { return phase_ == Tap ? 1 : 0; }
  void legal_actions(PlayerId p, std::vector<Action>& out) const override {
    if (phase_ == Choose && p == current_) {
      out.push_back(kStop);
      if (rolls_ < 3) out.push_back(kAgain);
    }
    if (phase_ == Tap) out.push_back(kTap);
  }
  void chance_outcomes(std::vector<Outcome>& out) const override {
    for (int f = 1; f <= 6; ++f) out.push_back(Outcome{100 + f, 1});
  }
  std::string action_text(PlayerId p, Action a) const override {
    if (p == kChance) return fmt::format("die {}", a - 100);
    return a == kStop ? "stop" : a == kAgain ? "again" : "tap";
  }
  Standings standings() const override {
    Standings s;
    for (PlayerId p = 0; p < num_players(); ++p) {
      int place = 1;
      for (PlayerId q = 0; q < num_players(); ++q)
        place += score_[static_cast<std::size_t>(q)] > score_[static_cast<std::size_t>(p)];
      s.placings.push_back(Placing{p, place, score_[static_cast<std::size_t>(p)],
                                   fmt::format("{} points", score_[static_cast<std::size_t>(p)])});
    }
    std::stable_sort(s.placings.begin(), s.placings.end(),
                     [](auto& a, auto& b) { return a.place < b.place; });
    s.summary = fmt::format("{} wins", opt_->name(s.placings[0].player));
    return s;
  }
  std::unique_ptr<State> clone() const override { return std::unique_ptr<State>(new ToyState(*this)); }
  std::string debug_string() const override {
    return fmt::format("phase={} cur={} rolls={} tapper={} open={} scores={},{},{}", static_cast<int>(phase_),
                       current_, rolls_, tapper_, open_, score_[0], score_[1], score_[2]);
  }
  PlayerId tapper() const { return tapper_; }
  int score(PlayerId p) const { return score_[static_cast<std::size_t>(p)]; }

 protected:
  void do_apply(PlayerId p, Action a) override {
    if (p == kChance) {
      score_[static_cast<std::size_t>(current_)] += a - 100;
      ++rolls_;
      emit("Roll", "{} rolls {}", opt_->name(current_), a - 100);
      phase_ = Choose;
      return;
    }
    if (p == kClock) {
      emit("Tap", "time is up");
      phase_ = Over;
      return;
    }
    if (phase_ == Choose) {
      if (a == kAgain) {
        phase_ = Roll;
        return;
      }
      rolls_ = 0;
      if (current_ + 1 < num_players()) {
        ++current_;
        phase_ = Roll;
      } else {
        phase_ = Tap;
        open_ = now();
      }
      return;
    }
    tapper_ = p;
    score_[static_cast<std::size_t>(p)] += 5;
    emit("Tap", "{} taps first", opt_->name(p));
    phase_ = Over;
  }

 private:
  ToyState(const ToyState&) = default;
  const Options* opt_;
  Phase phase_ = Roll;
  PlayerId current_ = 0;
  int rolls_ = 0;
  PlayerId tapper_ = -1;
  Tick open_ = 0;
  std::array<int, 3> score_{};
};

// An agent that always answers the same way after a fixed delay.
class FixedAgent final : public Agent {
 public:
  FixedAgent(Action a, Tick delay) : action_(a), delay_(delay) {}
  Decision decide(const State& s, PlayerId me, Rng&) override {
    std::vector<Action> legal;
    s.legal_actions(me, legal);
    Decision d;
    d.action = std::find(legal.begin(), legal.end(), action_) != legal.end() ? action_ : legal.front();
    d.delay = delay_;
    return d;
  }

 private:
  Action action_;
  Tick delay_;
};

// Levels pick fixed tap delays for ordering tests: the toy's names for them.
inline constexpr BotLevel kFast = BotLevel::Hard;    // taps at 200 ms
inline constexpr BotLevel kSlow = BotLevel::Normal;  // taps at 300 ms
inline constexpr BotLevel kLate = BotLevel::Easy;    // taps at 5000 ms
class ToyGame final : public Game {
 public:
  explicit ToyGame(Options o) : opt_(std::move(o)) {}
  const GameInfo& info() const override { return info_static(); }
  const Options& options() const override { return opt_; }
  std::unique_ptr<State> new_initial_state() const override {
    return std::make_unique<ToyState>(opt_.players, &opt_);
  }
  std::unique_ptr<Agent> make_bot(BotLevel level) const override {
    switch (level) {
      case kFast: return std::make_unique<FixedAgent>(kStop, 200);
      case kSlow: return std::make_unique<FixedAgent>(kStop, 300);
      case kLate: return std::make_unique<FixedAgent>(kStop, 5000);
      case BotLevel::Random:
      case BotLevel::Expert: break;
    }
    return nullptr;
  }
  std::string rules_text() const override { return "toy rules\n"; }
  const Presenter& presenter() const override {
    static const toy::ToyPresenter shown{"decide"};
    return shown;
  }
  static const GameInfo& info_static() {
    static const GameInfo info{"toy", "Toy", "a test game", 2, 3, false, {{"fast", "a variant"}}, {}};
    return info;
  }
  static GameEntry entry() {
    return GameEntry{info_static(), [](const Options& o, const DataSource&) {
                       return std::unique_ptr<Game>(new ToyGame(o));
                     }};
  }

 private:
  Options opt_;
};

// Seat 0 to choose after its first die (a 3: "again" is allowed).
inline std::unique_ptr<State> first_choice(const Game& g) {
  auto s = g.new_initial_state();
  s->apply(kChance, 103, 0);
  return s;
}

// A configured toy game for tests.
inline std::shared_ptr<const Game> toy_game(int players = 2) {
  Registry r;
  r.add(ToyGame::entry());
  Options o;
  o.players = players;
  return r.create("toy", o, DataSource::embedded());
}

}  // namespace rt::toy
