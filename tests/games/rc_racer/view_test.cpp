// The view on a Canvas (80x20, smaller, ASCII), the rules summary, labels.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/canvas.h"
#include "core/table.h"
#include "games/rc_racer/presenter.h"
#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::fixture;

namespace {

std::string render(const RcRacerState& s, int w, int h, bool unicode, PlayerId viewer = 0) {
  Canvas c(w, h, unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  RcRacerPresenter().view(s, c, ctx);
  return c.to_text();
}

bool ascii_only(const std::string& text) {
  for (unsigned char ch : text)
    if (ch >= 0x80) return false;
  return true;
}

}  // namespace

TEST_CASE("View: every phase fits 80x20, shows the cars, the line and the controller", "[rc-racer][view]") {
  auto game = test::make_game(entry(), 4);
  std::vector<Seat> seats(4, Seat{"P", SeatKind::Bot, BotLevel::Normal});
  Table table(game, seats, 12);
  int shown = 0;
  while (!table.over()) {
    const auto& s = static_cast<const RcRacerState&>(table.state());
    const std::string text = render(s, 80, 20, true);
    int lines = 1;
    for (char ch : text) lines += ch == '\n';
    CHECK(lines <= 20);
    if (s.phase() == Phase::Programming) {
      CHECK(text.find("'s controller") != std::string::npos);
      CHECK(text.find("2▶") != std::string::npos);  // the rows that run are marked
      CHECK(text.find("path") != std::string::npos);
      CHECK(text.find('A') != std::string::npos);
      CHECK(text.find("│") != std::string::npos);  // the finish line
      const std::string plain = render(s, 80, 20, false);
      CHECK(ascii_only(plain));
      CHECK(plain.find("2>") != std::string::npos);
      render(s, 40, 12, true);  // smaller: clipped, never a crash
      render(s, 20, 6, false);
      ++shown;
    }
    table.advance_one();
  }
  CHECK(shown > 0);
  const std::string end = render(static_cast<const RcRacerState&>(table.state()), 80, 20, true, kEveryone);
  CHECK(end.find("The race is over") != std::string::npos);
}

TEST_CASE("View: a car lying down is a small letter", "[rc-racer][view]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  s->test_set_car(1, 2, 10, 0, 0, true);
  const std::string text = render(*s, 80, 20, false);
  std::istringstream lines(text);
  std::string line;
  bool found = false;
  while (std::getline(lines, line))
    if (line.rfind("3 ", 0) == 0 && line.find('b') != std::string::npos) found = true;
  CHECK(found);
}

TEST_CASE("Rules summary: 80 columns, every section", "[rc-racer][rules-text]") {
  const std::string& text = data().rules_text;
  std::istringstream in(text);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    INFO(line);
    CHECK(utf8_length(line) <= 80);
  }
  // A few screens: with the variants and options `racetable rules` adds,
  // at most six of 80x24 (22 text rows each; the text is written in 76
  // columns, the rules page's width in an 80-column window).
  CHECK(lines <= 124);
  for (const char* section : {"SETUP", "THE CONTROLLER", "A ROUND", "THE COMMANDS", "THE TRACK",
                              "DAMAGE, LYING DOWN", "THE RACECARS", "OUR READINGS"})
    CHECK(text.find(section) != std::string::npos);
  for (const auto& r : data().racecars) CHECK(text.find(r.name) != std::string::npos);
}

TEST_CASE("Labels and prompts say what each choice does", "[rc-racer][view]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot", {"real-time"}));
  CHECK(RcRacerPresenter().prompt(*s, 0).find("rows 2 and 3") != std::string::npos);
  std::vector<Action> acts;
  s->legal_actions(0, acts);
  for (Action a : acts) {
    const std::string label = RcRacerPresenter().action_label(*s, 0, a);
    if (a == kDone)
      CHECK(label.find("Done! Take Smile I") == 0);
    else
      CHECK(label.find("Slide ") == 0);
  }
}

TEST_CASE("View: the controller is a 4x4 grid, rows 2-3 marked, the gap named; 80 and 60 columns, ASCII",
          "[rc-racer][view]") {
  auto s = programming_state(race_game(3, "sonic-fish,turbobot,dogtor"));
  for (const int w : {80, 60}) {
    INFO(w);
    const std::string text = render(*s, w, 24, false);
    CHECK(ascii_only(text));
    CHECK(text.find("Ana's controller") != std::string::npos);
    CHECK(text.find("[gap]") != std::string::npos);
    CHECK(text.find("* path, @ end: column") != std::string::npos);
    CHECK(text.find('@') != std::string::npos);  // where the program would end
    // Four grid rows, the two that run marked with '>'.
    int marked = 0;
    int plain = 0;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      const std::size_t at = line.find("Ana's controller");
      const std::size_t x = w >= 80 ? 54 : 0;
      if (at != std::string::npos || line.size() < x + 2) continue;
      const std::string head = line.substr(x, 2);
      marked += head == "2>" || head == "3>";
      plain += head == "1 " || head == "4 ";
    }
    CHECK(marked == 2);
    CHECK(plain >= 2);
  }
}

TEST_CASE("View: in real time the clock runs; once one player is left the countdown shows",
          "[rc-racer][view]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot", {"real-time"}));
  Canvas c(80, 20, false);
  ViewContext ctx;
  ctx.viewer = 0;
  ctx.now = s->contest_open() + 3200;
  RcRacerPresenter().view(*s, c, ctx);
  CHECK(c.to_text().find("clock 3.2 s") != std::string::npos);
  test::act(*s, 1, "done", s->contest_open() + 4000);
  REQUIRE(s->countdown_from() != kNoDeadline);
  Canvas c2(80, 20, false);
  ctx.now = s->countdown_from() + 2500;
  RcRacerPresenter().view(*s, c2, ctx);
  CHECK(c2.to_text().find("COUNTDOWN 7.5 s") != std::string::npos);
  // Counted slides have no clock.
  auto counted = programming_state(race_game(2, "sonic-fish,turbobot"));
  CHECK(render(*counted, 80, 20, false).find("clock") == std::string::npos);
}

TEST_CASE("Arrow keys: the tile beside the gap slides that way; Enter is kept for done", "[rc-racer][view]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot", {"real-time"}));
  CHECK(RcRacerPresenter().default_option(*s, 0) == std::optional<Action>(kDone));
  CHECK_FALSE(RcRacerPresenter().direction_help(*s, 0).empty());
  struct Way {
    Direction arrow;
    Dir dir;
    int from;  // the cell, relative to the gap, of the tile that moves
  };
  for (int round = 0; round < 12; ++round) {
    int slid = 0;
    for (const Way& w : {Way{Direction::Up, Dir::Up, 4}, Way{Direction::Down, Dir::Down, -4},
                         Way{Direction::Left, Dir::Left, 1}, Way{Direction::Right, Dir::Right, -1}}) {
      const int gap = s->gap(0);
      const std::optional<Action> a = RcRacerPresenter().direction_action(*s, 0, w.arrow);
      if (slide_room(gap, w.dir) == 0) {
        CHECK_FALSE(a.has_value());
        continue;
      }
      REQUIRE(a.has_value());
      CHECK(*a == slide_action(w.dir, 1));
      CHECK(s->is_legal(0, *a));
      if (slid++ > 0) continue;  // one slide per round of checks, then look again
      const std::uint8_t tile = s->grid(0)[static_cast<std::size_t>(gap + w.from)];
      s->apply(0, *a, s->now() + 10);
      CHECK(s->grid(0)[static_cast<std::size_t>(gap)] == tile);  // it moved into the gap
      CHECK(s->gap(0) == gap + w.from);
    }
    CHECK(slid >= 2);  // a gap always has at least two neighbours
  }
  // Done, or outside programming: the arrows are not the game's.
  test::act(*s, 0, "done", s->now() + 10);
  for (const Direction d : {Direction::Up, Direction::Down, Direction::Left, Direction::Right})
    CHECK_FALSE(RcRacerPresenter().direction_action(*s, 0, d).has_value());
  CHECK(RcRacerPresenter().direction_help(*s, 0).empty());
  CHECK_FALSE(RcRacerPresenter().default_option(*s, 0).has_value());
}

TEST_CASE("Labels of actions a seat cannot take never read past the controller, cars or spaces",
          "[rc-racer][view]") {
  // The gap in the top-left corner: nothing slides down or right into it.
  auto s = programming_state(race_game(2, "sonic-fish,turbobot"));
  Grid g = s->grid(0);
  const int gap = gap_cell(g);
  std::swap(g[static_cast<std::size_t>(gap)], g[0]);
  s->test_set_grid(0, g);
  REQUIRE(gap_cell(s->grid(0)) == 0);
  for (int count = 1; count <= 3; ++count)
    for (const Dir dir : {Dir::Down, Dir::Right}) {
      const Action a = slide_action(dir, count);
      CHECK_FALSE(s->is_legal(0, a));
      CHECK(RcRacerPresenter().action_label(*s, 0, a) ==
            s->action_text(0, a));  // no tile names from outside the grid
    }
  CHECK(RcRacerPresenter().action_label(*s, 0, slide_action(Dir::Up, 3)).find("Slide ") ==
        0);  // a legal one names its tiles
  CHECK(RcRacerPresenter().action_label(*s, 0, kCarBase + 99) == "car 100");

  // Every action id for every seat, in every phase of a whole game: a label
  // for each, never a read outside the state (ASan runs this too).
  auto game = test::make_game(entry(), 3);
  std::vector<Seat> seats(3, Seat{"P", SeatKind::Bot, BotLevel::Normal});
  Table table(game, seats, 5);
  int checked = 0;
  for (int step = 0; !table.over() && step < 4000; ++step) {
    if (step % 7 == 0)
      for (PlayerId p = 0; p < 3; ++p)
        for (Action a = -2; a < 470; ++a)
          checked += !RcRacerPresenter().action_label(table.state(), p, a).empty();
    table.advance_one();
  }
  CHECK(checked > 10000);
}

TEST_CASE("Words: a space is its lane and its column, as the screen draws the track left to right",
          "[rc-racer][view]") {
  const auto game = race_game(3, "turbobot,dogtor,bird-racer");
  auto base = game->new_initial_state();
  const auto* s = static_cast<const RcRacerState*>(base.get());
  REQUIRE(s->phase() == Phase::PlaceCar);
  const std::string board = render(*s, 80, 20, false, 2);
  std::istringstream in(board);
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  for (int slot = 0; slot < 4; ++slot) {
    // The starting space's digit on the board: lane rows are labelled 1-5, the track starts at x 4.
    int lane = -1, column = -1;
    for (int l = 1; l <= 5; ++l)
      for (const std::string& row : rows)
        if (row.rfind(std::to_string(l) + "   ", 0) == 0)
          if (const auto x = row.find(static_cast<char>('1' + slot), 4); x != std::string::npos && lane < 0) {
            lane = l;
            column = static_cast<int>(x) - 4 + 1;
          }
    INFO(board);
    REQUIRE(lane > 0);
    CHECK(RcRacerPresenter().action_label(*s, 2, *s->parse_action(2, "start " + std::to_string(slot + 1))) ==
          fmt::format("Starting space {} (lane {}, column {})", slot + 1, lane, column));
  }
  CHECK_THAT(board, Catch::Contains("1-4 starting spaces"));
}
