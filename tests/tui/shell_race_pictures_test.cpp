// RC Racer's race phase in the shell, played command by command from the
// pictures the step left (Presenter::view_frames): each position on screen for a
// while at the chosen speed, Space skips. A fake clock, no wall clock. Run
// through both tables (tests/tui/shell_both_tables.h): at a shared table the
// server plays the pictures for every screen at once, and only the host sets
// the pace (Space skips nothing there).
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

// The board as this screen's table draws it now (the screen's log grows too).
std::string board_text(PlayTable& t, Millis now) {
  Canvas board(80, 12, false);
  t.draw_board(board, now);
  return board.to_text();
}

// The log lines this screen's reader is told now ("rule: text").
std::vector<std::string> told(const PlayTable& t) {
  std::vector<std::string> out;
  for (const LogEntry& e : t.log())
    if (t.visible(e)) out.push_back(e.rule + ": " + e.text);
  return out;
}

bool told_rule(const PlayTable& t, const std::string& rule) {
  for (const std::string& line : told(t))
    if (line.rfind(rule + ": ", 0) == 0) return true;
  return false;
}

}  // namespace

TEST_CASE("RC Racer's race phase plays command by command, each position on screen, Space skips",
          "[shell][pace][rc-racer][tables]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  setup::TableRequest req;
  req.game = "rc-racer";
  // A person at the table (a shared table needs one to start), who only
  // takes the first option: the computers race alongside.
  req.seats = {"human", "normal", "normal"};
  req.seed_text = "3";
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.unicode = false;
  TestTable t = make_test_table(where, req, term, Pace::Shell, false);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  // Watch the first race phase: the captions come one after another, each
  // on screen for a while, and the board changes between them.
  std::vector<std::string> boards;
  std::vector<Millis> shown_at;
  std::vector<std::size_t> told_lines;  // how many log lines were told at each picture
  int last = -1;
  for (int i = 0; i < 200000 && !t.truth->over() && boards.size() < 40; ++i) {
    app.step_once(term.now() + 50);
    PlayScreen* ps = play(app);
    if (!ps) continue;
    PlayTable& pt = ps->table();
    if (pt.phase() == Phase::HumanTurn && !term.keys_pending()) term.press(KeyType::Enter);
    const int frame = pt.picture();
    if (frame < 0) {
      if (last >= 0) break;  // the first race phase is over
      continue;
    }
    if (frame == last) continue;
    last = frame;
    app.step_once(term.now());  // draw this picture
    CHECK(term.shows("Race phase - round 1 - "));
    CHECK(term.shows("command "));
    CHECK(term.shows("Step by step: the board shows"));  // the pane wraps the rest
    boards.push_back(board_text(pt, term.now()));
    shown_at.push_back(term.now());
    // The log tells the race as far as the picture on screen: the end of the
    // round, in the same step, waits for the last picture.
    CHECK_FALSE(told_rule(pt, "3. End of Round"));
    // Nor do the seats' standings, the race's end (the strip under the title
    // says each seat's name only).
    for (const SeatPanel& seat : pt.seats())
      if (!seat.score.empty()) CHECK_FALSE(term.shows(seat.name + " " + seat.score + " "));
    told_lines.push_back(told(pt).size());
  }
  INFO(term.text());
  REQUIRE(boards.size() >= 6);  // 3 cars x 8 commands, some of them quiet
  CHECK(std::is_sorted(told_lines.begin(), told_lines.end()));
  CHECK(told_lines.back() >= told_lines.front() + 6);  // told command by command, not at once
  app.step_once(term.now());
  CHECK(told_rule(play(app)->table(), "3. End of Round"));  // told once the pictures are over
  int changes = 0;
  for (std::size_t i = 1; i < boards.size(); ++i) changes += boards[i] != boards[i - 1];
  CHECK(changes >= 3);  // the cars move step by step, not in one jump
  for (std::size_t i = 1; i < shown_at.size(); ++i)
    CHECK(shown_at[i] - shown_at[i - 1] >= speed_level(kDefaultSpeed).pace_ms * 3 / 8 - 50);
  if (where == Where::Shared) return;  // the host sets a shared table's pace: Space skips nothing
  // The next race phase: Space skips straight to where the cars end up.
  PlayTable& pt = play(app)->table();
  for (int i = 0; i < 200000 && !t.truth->over() && pt.picture() < 0; ++i) {
    if (pt.phase() == Phase::HumanTurn && !term.keys_pending()) term.press(KeyType::Enter);
    app.step_once(term.now() + 50);
  }
  if (!t.truth->over()) {
    REQUIRE(pt.picture() >= 0);
    term.press(U' ');
    app.step_once(term.now());
    app.step_once(term.now());
    CHECK(pt.picture() < 0);
  }
}

TEST_CASE("RC Racer in real time: the race after the countdown plays command by command too",
          "[shell][pace][rc-racer][tables]") {
  // The race is run inside the timed programming contest (its last "done",
  // or the countdown): the pictures still play before the next Reset.
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal"};
  req.variants = {"real-time"};
  req.options = {"racers=die-liner,turbobot"};
  req.seed_text = "5";
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.unicode = false;
  TestTable t = make_test_table(where, req, term, Pace::Shell, false);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  int pictures = 0;
  int last = -1;
  for (int i = 0; i < 200000 && !t.truth->over(); ++i) {
    // Turn-based set-up questions: the first option; programming: nothing
    // (the computer finishes, the countdown runs out).
    PlayScreen* ps = play(app);
    if (ps && ps->table().phase() == Phase::HumanTurn && !term.keys_pending()) term.press(KeyType::Enter);
    app.step_once(term.now() + 50);
    ps = play(app);
    if (!ps) continue;
    const int frame = ps->table().picture();
    if (frame >= 0 && frame != last) {
      ++pictures;
      app.step_once(term.now());
      CHECK(term.shows("command "));
    }
    if (frame < 0 && last >= 0) break;
    last = frame;
  }
  CHECK(pictures >= 4);
  CHECK(t.truth->game().options().has("real-time"));
}
