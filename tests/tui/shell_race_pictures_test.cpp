// RC Racer's race phase in the shell, played command by command from the
// pictures the step left (State::view_frames): each position on screen for a
// while at the chosen speed, Space skips. A fake clock, no wall clock.
#include <catch2/catch.hpp>

#include "tests/tui/shell_fake_terminal.h"
#include "tui/setup.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;

TEST_CASE("RC Racer's race phase plays command by command, each position on screen, Space skips",
          "[shell][pace][rc-racer]") {
  cli::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"normal", "normal", "normal"};
  req.seed_text = "3";
  auto session =
      std::make_unique<GameSession>(cli::make_table(req, 1), std::vector<Event>{}, SessionOptions{});
  GameSession& s = *session;
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.unicode = false;
  App app(term, ctx, make_play_screen(ctx, std::move(session)));
  // Watch the first race phase: the captions come one after another, each
  // on screen for a while, and the board changes between them.
  std::vector<std::string> boards;
  std::vector<Millis> shown_at;
  int last = -1;
  for (int i = 0; i < 200000 && s.phase() != Phase::Over && boards.size() < 40; ++i) {
    app.step_once(term.now() + 50);
    const int frame = s.view_frame(term.now());
    if (frame < 0) {
      if (last >= 0) break;  // the first race phase is over
      continue;
    }
    if (frame == last) continue;
    last = frame;
    app.step_once(term.now());  // draw this picture
    CHECK(term.shows("Race phase - round 1 - "));
    CHECK(term.shows("command "));
    // The board as drawn for this picture (the screen's log grows too).
    Canvas board(80, 12, false);
    s.state().view(board, ViewContext{.viewer = kEveryone, .now = 0, .omniscient = true, .frame = frame});
    boards.push_back(board.to_text());
    shown_at.push_back(term.now());
  }
  INFO(term.text());
  REQUIRE(boards.size() >= 6);  // 3 cars x 8 commands, some of them quiet
  int changes = 0;
  for (std::size_t i = 1; i < boards.size(); ++i) changes += boards[i] != boards[i - 1];
  CHECK(changes >= 3);  // the cars move step by step, not in one jump
  for (std::size_t i = 1; i < shown_at.size(); ++i)
    CHECK(shown_at[i] - shown_at[i - 1] >= speed_level(kDefaultSpeed).pace_ms * 3 / 8 - 50);
  // The next race phase: Space skips straight to where the cars end up.
  for (int i = 0; i < 200000 && s.phase() != Phase::Over && s.view_frame(term.now()) < 0; ++i)
    app.step_once(term.now() + 50);
  if (s.phase() != Phase::Over) {
    REQUIRE(s.view_frame(term.now()) >= 0);
    term.press(U' ');
    app.step_once(term.now());
    app.step_once(term.now());
    CHECK(s.view_frame(term.now()) < 0);
  }
}

TEST_CASE("RC Racer in real time: the race after the countdown plays command by command too",
          "[shell][pace][rc-racer]") {
  // The race is run inside the timed programming contest (its last "done",
  // or the countdown): the pictures still play before the next Reset.
  cli::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal"};
  req.variants = {"real-time"};
  req.options = {"racers=die-liner,turbobot"};
  req.seed_text = "5";
  auto session =
      std::make_unique<GameSession>(cli::make_table(req, 1), std::vector<Event>{}, SessionOptions{});
  GameSession& s = *session;
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.unicode = false;
  App app(term, ctx, make_play_screen(ctx, std::move(session)));
  int pictures = 0;
  int last = -1;
  for (int i = 0; i < 200000 && s.phase() != Phase::Over; ++i) {
    // Turn-based set-up questions: the first option; programming: nothing
    // (the computer finishes, the countdown runs out).
    if (s.phase() == Phase::HumanTurn && !term.keys_pending()) term.press(KeyType::Enter);
    app.step_once(term.now() + 50);
    const int frame = s.view_frame(term.now());
    if (frame >= 0 && frame != last) ++pictures;
    if (frame < 0 && last >= 0) break;
    last = frame;
  }
  CHECK(pictures >= 4);
  CHECK(s.table().game().options().has("real-time"));
}
