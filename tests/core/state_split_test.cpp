// The State holds the rules; what a person is shown is the game's Presenter
// (core/presenter.h) and the clocks of timed contests a capability only the
// games with such contests have (core/timed_contests.h).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "core/timed_contests.h"
#include "tests/core/toy_race.h"

using namespace rt;

namespace state_split_cases {

// A game of one step and no clock: only what every State must say.
class OneStep final : public State {
 public:
  OneStep() : State(2) {}
  Turn turn() const override { return done_ ? Turn::Over : Turn::Player; }
  void actors(std::vector<PlayerId>& out) const override {
    if (!done_) out.push_back(0);
  }
  void legal_actions(PlayerId p, std::vector<Action>& out) const override {
    if (!done_ && p == 0) out.push_back(0);
  }
  void chance_outcomes(std::vector<Outcome>&) const override {}
  std::string action_text(PlayerId, Action) const override { return "step"; }
  Standings standings() const override {
    return Standings{{{0, 1, 1, "1 step"}, {1, 2, 0, "0 steps"}}, "P1 wins", {}};
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<OneStep>(*this); }
  std::string debug_string() const override { return done_ ? "done" : "open"; }
  OneStep(const OneStep& other) : State(other), done_(other.done_) {}

 protected:
  void do_apply(PlayerId, Action) override { done_ = true; }

 private:
  bool done_ = false;
};

}  // namespace state_split_cases

TEST_CASE("A State without timed contests has no clock: untimed, no deadline, no contest, no physical time",
          "[state]") {
  const state_split_cases::OneStep s;
  CHECK(s.timed_contests() == nullptr);
  CHECK_FALSE(timed(s));
  CHECK(deadline(s) == kNoDeadline);
  CHECK(contest_id(s) == 0);
  CHECK_FALSE(contest_running(s));
  CHECK(think_time(s, 0) == 0);
  CHECK(action_time(s, 0, 0) == 0);
  // The clock may never act in it.
  CHECK_FALSE(s.is_legal(kClock, 0));
}

TEST_CASE("A State with timed contests answers every clock question through its capability", "[state]") {
  using toy_race::RaceState;
  RaceState s(2);
  s.apply(0, toy_race::kShort, 100);  // the race opens at 100 ms
  REQUIRE(s.timed_contests() != nullptr);
  CHECK(timed(s));
  CHECK(deadline(s) == 100 + toy_race::kWindowMs);
  CHECK(contest_id(s) == toy_race::kRace);
  CHECK(contest_running(s));
  CHECK(action_time(s, 1, toy_race::kRoll) == toy_race::kLandMs);
  CHECK(s.is_legal(kClock, 0));
}

TEST_CASE("core/state.h declares at most 22 virtual functions, the destructor counted", "[state]") {
  const char* root = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(root != nullptr);
  std::ifstream in(std::string(root) + "/core/state.h");
  REQUIRE(in);
  int count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(' ') != std::string::npos &&
        line.substr(line.find_first_not_of(' ')).starts_with("virtual "))
      ++count;
  INFO(
      "presentation belongs in core/presenter.h, a hook one kind of game needs in a capability "
      "(core/timed_contests.h)");
  CHECK(count <= 22);
}

TEST_CASE("A game's state.h declares nothing drawn or worded and befriends no presenter", "[state]") {
  const char* root = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(root != nullptr);
  // The Presenter's questions, as a State would declare them.
  const std::regex shown(
      R"(\b(view|view_frames|prompt|legend|timing_hint|direction_action|direction_help|default_option)\s*\()");
  // Every game: its drawing and wording live in its presenter.
  for (const char* game : {"go_wacky", "racesmack", "rc_racer", "scrap_racer", "wacky_races"}) {
    std::ifstream in(std::string(root) + "/games/" + game + "/state.h");
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    const std::string header = text.str();
    INFO(game << "/state.h: the board and its words belong in games/" << game << "/view.cpp and prompts.cpp");
    CHECK(header.find("Presenter") == std::string::npos);
    CHECK_FALSE(std::regex_search(header, shown));
  }
}
