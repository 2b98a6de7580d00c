// Widgets, caps, the contest clock and contest keys: the shell's pure parts.
#include <catch2/catch.hpp>

#include "tui/shell/caps.h"
#include "tui/shell/clock.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/widgets.h"

using namespace rt;
using namespace rt::shell;

namespace {
std::string plain(const StyledText& t) {
  std::string s;
  for (const Cell& c : t) utf8_append(s, c.ch);
  return s;
}
}  // namespace

TEST_CASE("shell widgets: wrap breaks at spaces and keeps newlines", "[shell][widgets]") {
  CHECK(wrap("one two three", 7) == std::vector<std::string>{"one two", "three"});
  CHECK(wrap("abcdefghij", 4) == std::vector<std::string>{"abcd", "efgh", "ij"});
  CHECK(wrap("a\n\nb", 10) == std::vector<std::string>{"a", "", "b"});
  CHECK(wrap("héllo wörld", 5) == std::vector<std::string>{"héllo", "wörld"});
  CHECK(wrap("x", 0).empty());
}

TEST_CASE("shell widgets: styled wrap keeps styles and indents continuation lines", "[shell][widgets]") {
  StyledText t;
  append(t, "Ben plays red", style::kBold);
  append(t, " (Play)", style::kDim);
  const auto lines = wrap_styled(t, 10, 2);
  REQUIRE(lines.size() == 3);
  CHECK(plain(lines[0]) == "Ben plays");
  CHECK(plain(lines[1]) == "  red");
  CHECK(plain(lines[2]) == "  (Play)");
  CHECK(lines[2][2].style == style::kDim);
  CHECK(lines[0][0].style == style::kBold);
}

TEST_CASE("shell widgets: ellipsize", "[shell][widgets]") {
  CHECK(ellipsize("short", 10, true) == "short");
  CHECK(ellipsize("a long line", 6, true) == "a lon…");
  CHECK(ellipsize("a long line", 6, false) == "a l...");
}

TEST_CASE("shell widgets: a text field edits, moves and refuses wide characters", "[shell][widgets]") {
  TextField f("Ana", 6);
  CHECK(f.on_key(Key::chr(U'x')));
  CHECK(f.text() == "Anax");
  f.on_key(Key::of(KeyType::Home));
  f.on_key(Key::chr(U'L'));
  CHECK(f.text() == "LAnax");
  f.on_key(Key::of(KeyType::End));
  f.on_key(Key::of(KeyType::Backspace));
  CHECK(f.text() == "LAna");
  f.on_key(Key::chr(U'é'));
  f.on_key(Key::chr(U'!'));
  f.on_key(Key::chr(U'?'));  // max 6 characters
  CHECK(f.text() == "LAnaé!");
  CHECK_FALSE(is_typeable(U'漢'));
  CHECK_FALSE(f.on_key(Key::of(KeyType::Enter)));
  TextField digits("", 5, true);
  digits.on_key(Key::chr(U'4'));
  digits.on_key(Key::chr(U'x'));
  digits.on_key(Key::chr(U'2'));
  CHECK(digits.text() == "42");
}

TEST_CASE("shell widgets: menus scroll to keep the highlight in view", "[shell][widgets]") {
  std::vector<MenuRow> rows;
  for (int i = 0; i < 10; ++i) rows.push_back(MenuRow{"item " + std::to_string(i), "", true});
  Canvas c(20, 4, false);
  const int first = draw_menu(c, Rect{0, 0, 20, 4}, rows, 8);
  CHECK(first == 6);
  CHECK(c.to_text().find("> item 8") != std::string::npos);
  CHECK(menu_scroll(3, 5, 2) == 0);
}

TEST_CASE("shell caps: UTF-8, colour and ESC delay from the environment", "[shell][caps]") {
  TermEnv env;
  env.term = "xterm-256color";
  env.codeset = "UTF-8";
  env.has_colors = true;
  Caps c = decide_caps(env, {});
  CHECK(c.unicode);
  CHECK(c.color);
  CHECK(c.escdelay_ms == 25);
  env.ssh = true;
  CHECK(decide_caps(env, {}).escdelay_ms == 100);
  env.escdelay_set = true;
  CHECK(decide_caps(env, {}).escdelay_ms == -1);
  CHECK_FALSE(decide_caps(env, CapsRequest{true, false}).unicode);  // --ascii
  CHECK_FALSE(decide_caps(env, CapsRequest{false, true}).color);    // --no-color
  env.no_color = "1";
  CHECK_FALSE(decide_caps(env, {}).color);  // NO_COLOR
  env.no_color.clear();
  env.codeset = "ANSI_X3.4-1968";
  CHECK_FALSE(decide_caps(env, {}).unicode);  // LANG=C
  env.codeset = "utf8";
  env.term = "linux";
  CHECK_FALSE(decide_caps(env, {}).unicode);  // the console font lacks the symbols
  env.term = "xterm";
  env.has_colors = false;
  CHECK_FALSE(decide_caps(env, {}).color);
}

TEST_CASE("shell caps: clear reasons when there is no usable terminal", "[shell][caps]") {
  CHECK(terminal_problem(true, true, "xterm").empty());
  CHECK(terminal_problem(false, true, "xterm").find("ssh -t") != std::string::npos);
  CHECK(terminal_problem(true, true, "").find("TERM") != std::string::npos);
  CHECK(terminal_problem(true, true, "dumb").find("TERM=dumb") != std::string::npos);
}

TEST_CASE("shell clock: contest time follows real time, stops when paused, can run faster",
          "[shell][clock]") {
  ContestClock c;
  CHECK_FALSE(c.running());
  c.start(5000, 100);
  CHECK(c.now(100) == 5000);
  CHECK(c.now(350) == 5250);
  c.pause(400);
  CHECK(c.now(10000) == 5300);  // frozen
  CHECK(c.real_at(6000, 10000) == kNever);
  c.resume(10000);
  CHECK(c.now(10100) == 5400);
  CHECK(c.real_at(5500, 10100) == 10200);
  c.set_rate(4, 10100);
  CHECK(c.now(10200) == 5800);
  CHECK(c.real_at(6000, 10200) == 10250);
  c.jump_to(9000, 10200);
  CHECK(c.now(10200) == 9000);
  c.jump_to(100, 10200);  // never backwards
  CHECK(c.now(10200) == 9000);
  c.stop();
  CHECK_FALSE(c.running());
}

TEST_CASE("shell contest keys: one key per option, paging past five", "[shell][contest]") {
  CHECK(contest_key(0, U'z', 1, 0).option == 0);
  CHECK(contest_key(0, U'x', 1, 0).option == -1);
  CHECK(contest_key(1, U'/', 3, 0).option == 0);
  CHECK(contest_key(1, U',', 3, 0).option == 2);
  CHECK(rank_of_key(U'/', 2) == 1);
  CHECK(rank_of_key(U'1', 2) == -1);  // group 3 is not in use with two humans
  CHECK(rank_of_key(U'1', 3) == 2);
  // Seven options: four per page and a "more" key.
  CHECK(contest_pages(7) == 2);
  CHECK(contest_key(0, U'v', 7, 0).option == 3);
  CHECK(contest_key(0, U'b', 7, 0).next_page);
  CHECK(contest_key(0, U'z', 7, 1).option == 4);
  CHECK(contest_key(0, U'x', 7, 1).option == 5);
  CHECK(contest_key(0, U'v', 7, 1).option == -1);
  const auto labels = contest_key_labels(0, 7, 1);
  REQUIRE(labels.size() == 4);
  CHECK(labels.back().option == -1);
}

TEST_CASE("shell widgets: unbroken text moves to the next line whole", "[shell][widgets]") {
  StyledText t;
  append(t, "Ben draws back to 4 cards ");
  append_unbroken(t, "(Play: draw back)", style::kDim);
  const auto lines = wrap_styled(t, 30, 1);
  REQUIRE(lines.size() == 2);
  CHECK(plain(lines[0]) == "Ben draws back to 4 cards");
  Canvas c(30, 1, false);
  draw_styled(c, 0, 0, lines[1]);
  CHECK(c.to_text() == " (Play: draw back)\n");  // no-break spaces are drawn as spaces
}

TEST_CASE("shell widgets: unbroken text longer than a line breaks at its spaces, never in a word",
          "[shell][widgets]") {
  // The log's "Moving y / our Racer": a rule's name longer than the log's width.
  StyledText t;
  append(t, "Dev ends their movement. ");
  append_unbroken(t, "(Steps 1, 2, and 3 - Moving your Racer)", style::kDim);
  const auto lines = wrap_styled(t, 29, 1);
  std::string joined;
  for (const auto& l : lines) {
    CHECK(static_cast<int>(l.size()) <= 29);
    joined += plain(l) + "|";
  }
  CHECK(joined.find("Moving y|") == std::string::npos);
  CHECK(joined.find("Racer)") != std::string::npos);
  // Every word of the rule whole on some line.
  for (const char* word : {"(Steps", "Moving", "your", "Racer)"}) {
    bool whole = false;
    for (const auto& l : lines) {
      std::string s = plain(l);
      for (std::size_t at = s.find("\u00A0"); at != std::string::npos; at = s.find("\u00A0"))
        s.replace(at, 2, " ");
      whole = whole || (" " + s + " ").find(std::string(" ") + word) != std::string::npos;
    }
    CHECK(whole);
  }
}
