// The view on a Canvas (80x20, smaller, ASCII), the rules summary, labels.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/canvas.h"
#include "core/table.h"
#include "tests/games/rc_racer/fixture.h"
#include "tests/harness/harness.h"

using namespace rt;
using namespace rt::rc_racer;
using namespace rt::rc_racer::testing;

namespace {

std::string render(const RcRacerState& s, int w, int h, bool unicode, PlayerId viewer = 0) {
  Canvas c(w, h, unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  s.view(c, ctx);
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
  std::vector<Seat> seats(4, Seat{"P", SeatKind::Bot, "normal"});
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
  CHECK(lines < 240);
  for (const char* section : {"SETUP", "THE CONTROLLER", "A ROUND", "THE COMMANDS", "THE TRACK",
                              "DAMAGE, LYING DOWN", "THE RACECARS", "OUR READINGS"})
    CHECK(text.find(section) != std::string::npos);
  for (const auto& r : data().racecars) CHECK(text.find(r.name) != std::string::npos);
}

TEST_CASE("Labels and prompts say what each choice does", "[rc-racer][view]") {
  auto s = programming_state(race_game(2, "sonic-fish,turbobot", {"real-time"}));
  CHECK(s->prompt(0).find("rows 2 and 3") != std::string::npos);
  std::vector<Action> acts;
  s->legal_actions(0, acts);
  for (Action a : acts) {
    const std::string label = s->action_label(0, a);
    if (a == kDone)
      CHECK(label.find("Done! Take Smile I") == 0);
    else
      CHECK(label.find("Slide ") == 0);
  }
}
