// The game session behind the play screen: pacing, human turns, the contest
// clock, hot-seat passing, pausing and saving, driven by a fake clock.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>

#include "core/save.h"
#include "core/timed_contests.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/saves.h"
#include "tui/shell/session.h"

using namespace rt;
using namespace rt::shell;

namespace {

std::unique_ptr<Table> go_wacky(const std::vector<std::string>& seats, const std::string& seed) {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = seats;
  req.seed_text = seed;
  return setup::make_table(req, 1);
}

// Runs update() with the fake clock jumping to each wake-up until `done`.
template <class Done>
Millis run_until(GameSession& s, Millis now, Done done, int max = 200000) {
  for (int i = 0; i < max && !done(); ++i) {
    s.update(now);
    if (done()) break;
    const Millis w = s.wake_at(now);
    if (w == kNever) break;
    now = std::max(now + 1, w);
  }
  return now;
}

}  // namespace

TEST_CASE("shell session: computers alone at the top speed play a whole game", "[shell][session]") {
  SessionOptions so;
  so.demo = true;
  so.speed = kSpeedCount;
  GameSession s(go_wacky({"normal", "normal", "normal", "normal"}, "7"), {}, so);
  run_until(s, 0, [&] { return s.phase() == Phase::Over; });
  CHECK(s.phase() == Phase::Over);
  CHECK(s.table().over());
  CHECK(s.omniscient());
  CHECK(s.viewer() == kEveryone);
  REQUIRE(s.log().size() > 50);
  for (const LogEntry& e : s.log()) CHECK_FALSE(e.rule.empty());  // every event names its rule
  CHECK(s.wake_at(0) == kNever);
}

TEST_CASE("shell session: computer moves are paced so a person can follow", "[shell][session]") {
  GameSession s(go_wacky({"human", "normal", "normal", "normal"}, "11"), {}, SessionOptions{});
  Millis now = 0;
  // Deal (quick), then wait for the first decision by someone.
  now = run_until(s, now, [&] { return s.table().decisions() > 0 || s.phase() == Phase::HumanTurn; });
  if (s.phase() == Phase::HumanTurn) {
    std::vector<Action> acts;
    s.state().legal_actions(s.asked(), acts);
    REQUIRE(s.choose(s.asked(), acts.front(), now));
    now = run_until(s, now, [&] { return s.table().decisions() > 1 || s.phase() != Phase::Computers; });
  }
  if (s.phase() == Phase::Computers) {
    const std::size_t before = s.table().history().size();
    const Millis wake = s.wake_at(now);
    CHECK(wake > now);  // it waits before the next computer move
    CHECK(wake - now <= speed_level(kDefaultSpeed).pace_ms);
    s.update(now + 1);
    CHECK(s.table().history().size() == before);  // nothing happens early
    s.skip(now + 1);                              // Space: go on now
    CHECK(s.table().history().size() > before);
  }
}

TEST_CASE("shell session: a human turn waits for the human, with no timer", "[shell][session]") {
  GameSession s(go_wacky({"human", "normal", "normal"}, "3"), {}, SessionOptions{});
  Millis now = run_until(s, 0, [&] { return s.phase() == Phase::HumanTurn; });
  REQUIRE(s.phase() == Phase::HumanTurn);
  CHECK(s.asked() == 0);
  CHECK(s.viewer() == 0);
  CHECK(s.wake_at(now) == kNever);
  const std::size_t steps = s.table().history().size();
  s.update(now + 100000);
  CHECK(s.table().history().size() == steps);
  CHECK_FALSE(s.choose(1, 0, now));  // not their turn
  std::vector<Action> acts;
  s.state().legal_actions(0, acts);
  CHECK(s.choose(0, acts.front(), now));
  CHECK(s.table().history().size() > steps);
  CHECK(s.fresh_from() <= s.log().size());
}

TEST_CASE("shell session: a contest gets ready, then runs on the real clock; keys are stamped with it",
          "[shell][session][contest]") {
  // Play the human's first option every turn until a contest with the human in it opens.
  bool seen = false;
  for (int seed = 1; seed < 40 && !seen; ++seed) {
    GameSession s(go_wacky({"human", "normal", "normal"}, std::to_string(seed)), {}, SessionOptions{});
    Millis now = 0;
    for (int turns = 0; turns < 60 && !seen && s.phase() != Phase::Over; ++turns) {
      now = run_until(s, now, [&] { return s.phase() == Phase::HumanTurn || s.phase() == Phase::GetReady; });
      if (s.phase() == Phase::GetReady) {
        seen = true;
        const Tick opened = s.state().now();
        const Millis go = s.wake_at(now);
        CHECK(go - now == kGetReadyMs);
        s.update(now + 10);
        CHECK(s.phase() == Phase::GetReady);  // not yet
        now = go;
        s.update(now);
        REQUIRE(s.phase() == Phase::Contest);
        CHECK(s.view_tick(now) == opened);
        CHECK(s.wake_at(now) <= now + kFrameMs);  // redrawn while live
        // A pause freezes the contest clock.
        s.pause(now + 100);
        CHECK(s.view_tick(now + 5000) == opened + 100);
        CHECK(s.wake_at(now + 5000) == kNever);
        s.resume(now + 5000);
        CHECK(s.view_tick(now + 5050) == opened + 150);
        now += 5050;
        const auto humans = s.contest_humans();
        if (!humans.empty()) {
          std::vector<Action> acts;
          s.state().legal_actions(humans.front(), acts);
          const std::size_t before = s.table().history().size();
          const bool took = s.contest_act(humans.front(), acts.front(), now) == ContestAnswer::Taken;
          if (took) {
            bool found = false;
            for (std::size_t i = before; i < s.table().history().size(); ++i) {
              const Step& st = s.table().history()[i];
              if (st.player == humans.front()) {
                found = true;
                CHECK(st.tick == opened + 150);
              }
            }
            CHECK(found);
          }
        }
      } else if (s.phase() == Phase::HumanTurn) {
        std::vector<Action> acts;
        s.state().legal_actions(s.asked(), acts);
        // Prefer word cards: they open contests.
        Action pick = acts.front();
        for (Action a : acts)
          if (s.presenter().action_label(s.state(), s.asked(), a).find("Wacky") != std::string::npos)
            pick = a;
        s.choose(s.asked(), pick, now);
      }
    }
  }
  CHECK(seen);
}

TEST_CASE("shell session: hot-seat passes the keyboard before showing a secret hand", "[shell][session]") {
  GameSession s(go_wacky({"human", "human"}, "5"), {}, SessionOptions{});
  REQUIRE(s.secret_hands());
  // A forced move that shows nothing of the hand is made in everyone's view
  // first (no hand-over for it): answered here, as its owner would.
  Millis now = 0;
  for (int i = 0; i < 50 && s.phase() != Phase::PassDevice; ++i) {
    now = run_until(s, now, [&] { return s.phase() == Phase::PassDevice || s.phase() == Phase::HumanTurn; });
    if (s.phase() != Phase::HumanTurn) continue;
    CHECK(s.viewer() == kEveryone);
    std::vector<Action> only;
    s.state().legal_actions(s.asked(), only);
    REQUIRE(only.size() == 1);
    s.choose(s.asked(), only.front(), now);
  }
  REQUIRE(s.phase() == Phase::PassDevice);
  CHECK(s.viewer() == kEveryone);
  for (const LogEntry& e : s.log())
    if (e.audience != kEveryone) CHECK_FALSE(s.visible(e));  // nobody's private events on show
  const PlayerId first = s.asked();
  s.confirm_pass(now);
  CHECK(s.phase() == Phase::HumanTurn);
  CHECK(s.viewer() == first);
  std::vector<Action> acts;
  s.state().legal_actions(first, acts);
  s.choose(first, acts.front(), now);
  now = run_until(s, now, [&] { return s.phase() == Phase::PassDevice || s.phase() == Phase::GetReady; });
  if (s.phase() == Phase::PassDevice) CHECK(s.asked() != first);
}

TEST_CASE("shell session: it saves at each human turn, and a save resumes the same game",
          "[shell][session]") {
  const rt::shell::test::TempDir tmp;
  const std::string dir = tmp.path();
  SessionOptions so;
  so.save_path = dir + "/g.save";
  GameSession s(go_wacky({"human", "normal", "normal", "normal"}, "9"), {}, so);
  Millis now = run_until(s, 0, [&] { return s.phase() == Phase::HumanTurn; });
  REQUIRE(s.phase() == Phase::HumanTurn);
  CHECK(::access(so.save_path.c_str(), F_OK) == 0);
  CHECK(s.saved_since_change());
  std::vector<Action> acts;
  s.state().legal_actions(0, acts);
  s.choose(0, acts.front(), now);
  now = run_until(s, now, [&] { return s.phase() == Phase::HumanTurn; });
  REQUIRE(s.save().empty());
  LoadedGame loaded = load_saved_game(so.save_path, DataSource::embedded());
  CHECK(loaded.table->state().debug_string() == s.state().debug_string());
  CHECK(loaded.table->history() == s.table().history());
  CHECK_FALSE(loaded.events.empty());  // the resumed log starts with what happened
  GameSession resumed(std::move(loaded.table), std::move(loaded.events), SessionOptions{});
  resumed.update(0);
  CHECK(resumed.phase() == Phase::HumanTurn);
  CHECK(resumed.asked() == 0);
  const auto saves = list_saved_games(dir);
  REQUIRE(saves.size() == 1);
  CHECK(saves[0].readable);
  CHECK(saves[0].game_name == "Go Wacky!");
  CHECK_FALSE(saves[0].over);
}

// A save made during a contest must not reopen on the running contest,
// already counting, with no "Get ready".
TEST_CASE("shell session: a game saved mid-contest resumes with Get ready, then the contest",
          "[shell][session][contest]") {
  const rt::shell::test::TempDir tmp;
  bool tested = false;
  for (int seed = 1; seed < 40 && !tested; ++seed) {
    SessionOptions so;
    so.save_path = tmp.path() + "/mid.save";
    GameSession s(go_wacky({"human", "normal", "normal"}, std::to_string(seed)), {}, so);
    Millis now = 0;
    for (int turns = 0; turns < 60 && !tested && s.phase() != Phase::Over; ++turns) {
      now = run_until(s, now, [&] { return s.phase() == Phase::HumanTurn || s.phase() == Phase::GetReady; });
      if (s.phase() == Phase::GetReady) {
        now = s.wake_at(now);
        s.update(now);
        REQUIRE(s.phase() == Phase::Contest);
        // One act of the person's (a roll), then the game is saved mid-contest.
        const auto humans = s.contest_humans();
        if (humans.empty()) continue;
        std::vector<Action> acts;
        s.state().legal_actions(humans.front(), acts);
        now += 300;
        if (s.contest_act(humans.front(), acts.front(), now) != ContestAnswer::Taken) continue;
        s.update(now);
        if (!contest_running(s.state())) continue;  // that roll ended it
        REQUIRE(s.save().empty());
        LoadedGame loaded = load_saved_game(so.save_path, DataSource::embedded());
        REQUIRE(contest_running(loaded.table->state()));
        GameSession resumed(std::move(loaded.table), std::move(loaded.events), SessionOptions{});
        resumed.update(0);
        CHECK(resumed.phase() == Phase::GetReady);
        CHECK(resumed.wake_at(0) == kGetReadyMs);
        resumed.update(kGetReadyMs);
        CHECK(resumed.phase() == Phase::Contest);
        tested = true;
      } else if (s.phase() == Phase::HumanTurn) {
        std::vector<Action> acts;
        s.state().legal_actions(s.asked(), acts);
        Action pick = acts.front();
        for (Action a : acts)
          if (s.presenter().action_label(s.state(), s.asked(), a).find("Wacky") != std::string::npos)
            pick = a;
        s.choose(s.asked(), pick, now);
      }
    }
  }
  CHECK(tested);
}
