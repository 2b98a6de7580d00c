// The lesson page at 80x24: every step of every lesson, drawn as
// the learner sees it: every word of the step's text and the rulebook's
// sentence on screen, the key to press named, nothing cut; played to the end
// by keys alone, where Enter is "Play a real game" (the set-up of the same game).
#include <catch2/catch.hpp>

#include <sstream>

#include "core/canvas.h"
#include "core/lesson.h"
#include "games/registry.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;

namespace {

std::string words_of(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::vector<std::string> rows_of(const Canvas& c) {
  std::vector<std::string> out;
  std::istringstream in(c.to_text());
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The lesson's part of the page: the rows under the "Lesson" rule, the key line apart.
std::string panel_text(const std::vector<std::string>& rows) {
  std::string out;
  bool in = false;
  for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
    if (rows[i].find(" Lesson ") != std::string::npos) in = true;
    if (in) out += rows[i] + "\n";
  }
  return out;
}

// A text as an ASCII screen draws it (a move's label may hold a dash or a shape).
std::string as_drawn(std::string text, bool unicode) {
  if (unicode) return text;
  for (const StandIn& s : ascii_stand_ins()) {
    std::string utf8;
    const auto cp = static_cast<std::uint32_t>(s.glyph);
    if (cp < 0x800) {
      utf8 = {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
    } else if (cp < 0x10000) {
      utf8 = {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
              static_cast<char>(0x80 | (cp & 0x3F))};
    } else {
      utf8 = {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
              static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    }
    for (std::size_t at = text.find(utf8); at != std::string::npos; at = text.find(utf8, at))
      text.replace(at, utf8.size(), s.ascii);
  }
  return text;
}

}  // namespace

TEST_CASE("Lesson page: every step at 80x24 shows its whole text, names its key, cuts nothing", "[lesson]") {
  for (const bool unicode : {true, false})
    for (const GameEntry& g : builtin_registry().all()) {
      if (!has_lesson(DataSource::embedded(), g.info.id)) continue;
      INFO(g.info.id << (unicode ? "" : " (ASCII)"));
      AppContext ctx;
      ctx.unicode = unicode;
      auto screen = make_lesson_screen(ctx, g.info.id);
      // The same lesson beside it, to know which option is the wanted move.
      auto mirror = start_lesson(builtin_registry(), DataSource::embedded(), g.info.id);
      Millis now = 1000;
      int steps = 0;
      while (!mirror->finished()) {
        const LessonStep& s = mirror->step();
        INFO("step " << mirror->step_index() + 1 << ": " << s.title);
        Canvas c(80, 24, unicode);
        screen->draw(c, now);
        const auto rows = rows_of(c);
        const std::string panel = words_of(panel_text(rows));
        CHECK(rows.at(0).find(fmt::format("step {} of", mirror->step_index() + 1)) != std::string::npos);
        CHECK(panel.find(words_of(s.title)) != std::string::npos);
        for (const std::string& t : s.text) CHECK(panel.find(words_of(t)) != std::string::npos);
        if (!s.quote.empty()) CHECK(panel.find(words_of(s.quote)) != std::string::npos);
        CHECK(panel.find("…") == std::string::npos);
        const std::string& keys = rows.at(23);
        const bool named = keys.find("Enter") != std::string::npos || keys.find("Space") != std::string::npos;
        CHECK(named);
        CHECK(keys.find("b back") != std::string::npos);
        CHECK(keys.find("r rules") != std::string::npos);
        CHECK(keys.find("q leave") != std::string::npos);
        // The moves offered, whole.
        if (s.kind == LessonStepKind::Move)
          for (Action a : mirror->options())
            CHECK(panel.find(words_of(as_drawn(mirror->label(a), unicode))) != std::string::npos);

        switch (s.kind) {
          case LessonStepKind::Read:
          case LessonStepKind::Skip:
            screen->on_key(Key::of(KeyType::Enter), now);
            mirror->next();
            break;
          case LessonStepKind::Move: {
            const auto opts = mirror->options();
            std::size_t i = 0;
            while (i < opts.size() && !mirror->wanted(opts[i])) ++i;
            REQUIRE(i < opts.size());
            screen->on_key(Key::chr(static_cast<char32_t>(U'1' + i)), now);
            mirror->answer(opts[i]);
            break;
          }
          case LessonStepKind::Race: {
            const std::size_t step = mirror->step_index();
            const Millis start = now;
            screen->draw(c, now);
            // The race's clock starts with the first press, or as it is shown.
            CHECK(words_of(c.to_text())
                      .find(s.clock_at_show ? "Time left:" : "The clock starts with your first press.") !=
                  std::string::npos);
            for (Tick since = 0; mirror->step_index() == step; since += 450) {
              screen->on_key(Key::chr(U' '), start + since);
              if (!mirror->race_tick(since)) mirror->race_press(since);
              screen->tick(start + since);
              REQUIRE(since < 60000);
            }
            now = start + 60000;
            break;
          }
        }
        now += 1000;
        REQUIRE(++steps < 500);
      }
      Canvas c(80, 24, unicode);
      screen->draw(c, now);
      const auto rows = rows_of(c);
      const std::string panel = words_of(panel_text(rows));
      CHECK(panel.find("The end of the lesson") != std::string::npos);
      for (const std::string& covered : mirror->lesson().covered)
        CHECK(panel.find(words_of(covered)) != std::string::npos);
      CHECK(rows.at(23).find("Enter play a real game") != std::string::npos);
      const Nav nav = screen->on_key(Key::of(KeyType::Enter), now);
      CHECK(nav.kind == NavKind::Replace);
      REQUIRE(nav.screen);
      Canvas setup(80, 24, true);
      nav.screen->draw(setup, now);
      CHECK(setup.to_text().find(g.info.name + ": who is playing?") != std::string::npos);
    }
}

TEST_CASE("Lesson page: a wrong move is explained beside the same question, and not played", "[lesson]") {
  AppContext ctx;
  auto screen = make_lesson_screen(ctx, "go-wacky");
  auto mirror = start_lesson(builtin_registry(), DataSource::embedded(), "go-wacky");
  // To the first step with a move that is not wanted.
  for (;;) {
    REQUIRE_FALSE(mirror->finished());
    if (mirror->step().kind == LessonStepKind::Move) {
      const auto opts = mirror->options();
      std::size_t wrong = opts.size();
      for (std::size_t i = 0; i < opts.size(); ++i)
        if (!mirror->wanted(opts[i])) wrong = i;
      if (wrong < opts.size()) {
        screen->on_key(Key::chr(static_cast<char32_t>(U'1' + wrong)), 0);
        Canvas c(80, 24, true);
        screen->draw(c, 0);
        const std::string text = words_of(c.to_text());
        CHECK(text.find(words_of(mirror->why_not(opts[wrong]))) != std::string::npos);
        CHECK(text.find(fmt::format("step {} of", mirror->step_index() + 1)) != std::string::npos);
        return;
      }
      for (std::size_t i = 0; i < opts.size(); ++i)
        if (mirror->wanted(opts[i])) {
          screen->on_key(Key::chr(static_cast<char32_t>(U'1' + i)), 0);
          mirror->answer(opts[i]);
          break;
        }
    } else {
      screen->on_key(Key::of(KeyType::Enter), 0);
      mirror->next();
    }
  }
}

TEST_CASE("Learn page: a game without a lesson offers its rules and a demo, not a stub", "[lesson]") {
  AppContext ctx;
  auto screen = make_learn_screen(ctx);
  Canvas c(80, 24, true);
  screen->draw(c, 0);
  const std::string text = c.to_text();
  bool without = false;  // once every game has a lesson, no row says "no lesson yet"
  for (const GameEntry& g : builtin_registry().all()) {
    CHECK(text.find(g.info.name) != std::string::npos);
    if (has_lesson(DataSource::embedded(), g.info.id)) continue;
    without = true;
    CHECK(text.find(g.info.name + "  ") != std::string::npos);
  }
  CHECK((text.find("no lesson yet: rules and a demo") != std::string::npos) == without);
}

TEST_CASE("Lesson page: a race whose clock runs as it is shown is lost by waiting, and opens again",
          "[lesson]") {
  AppContext ctx;
  auto screen = make_lesson_screen(ctx, "racesmack");
  auto mirror = start_lesson(builtin_registry(), DataSource::embedded(), "racesmack");
  Millis now = 1000;
  while (!mirror->finished() && mirror->step().kind != LessonStepKind::Race) {
    if (mirror->step().kind == LessonStepKind::Move) {
      const auto opts = mirror->options();
      std::size_t i = 0;
      while (i < opts.size() && !mirror->wanted(opts[i])) ++i;
      REQUIRE(i < opts.size());
      screen->on_key(Key::chr(static_cast<char32_t>(U'1' + i)), now);
      mirror->answer(opts[i]);
    } else {
      screen->on_key(Key::of(KeyType::Enter), now);
      mirror->next();
    }
  }
  REQUIRE_FALSE(mirror->finished());
  REQUIRE(mirror->step().clock_at_show);
  const std::size_t step = mirror->step_index();
  // No press: the computers tap, the round ends without the learner.
  for (Millis t = now; t <= now + 15000; t += 100) screen->tick(t);
  Canvas c(80, 24, true);
  screen->draw(c, now + 15000);
  const std::string text = words_of(c.to_text());
  CHECK(text.find(fmt::format("step {} of", step + 1)) != std::string::npos);
  CHECK(text.find(words_of(mirror->step().retry)) != std::string::npos);
  // The clock runs again from the retry: a press now wins it.
  screen->on_key(Key::chr(U' '), now + 15100);
  for (Millis t = now + 15100; t <= now + 30000; t += 100) screen->tick(t);
  screen->draw(c, now + 30000);
  CHECK(c.to_text().find(fmt::format("step {} of", step + 2)) != std::string::npos);
}

TEST_CASE("Lesson page: Scrap Racer's track stays drawn at every step, a refusal beside it too", "[lesson]") {
  // The steps talk about spaces, Boost markers (*) and the finish line (F>):
  // the board above the lesson's panel must still have room for the ring.
  AppContext ctx;
  auto screen = make_lesson_screen(ctx, "scrap-racer");
  auto mirror = start_lesson(builtin_registry(), DataSource::embedded(), "scrap-racer");
  Millis now = 1000;
  auto track_drawn = [&] {
    Canvas c(80, 24, true);
    screen->draw(c, now);
    return c.to_text().find("F> ") != std::string::npos;
  };
  while (!mirror->finished()) {
    INFO("step " << mirror->step_index() + 1 << ": " << mirror->step().title);
    CHECK(track_drawn());
    if (mirror->step().kind != LessonStepKind::Move) {
      screen->on_key(Key::of(KeyType::Enter), now);
      mirror->next();
    } else {
      const auto opts = mirror->options();
      std::size_t wanted = opts.size();
      for (std::size_t i = 0; i < opts.size(); ++i) {
        if (mirror->wanted(opts[i])) {
          wanted = i;
          continue;
        }
        INFO("refused: " << mirror->label(opts[i]));
        screen->on_key(Key::chr(static_cast<char32_t>(U'1' + i)), now);
        CHECK(track_drawn());
      }
      REQUIRE(wanted < opts.size());
      screen->on_key(Key::chr(static_cast<char32_t>(U'1' + wanted)), now);
      mirror->answer(opts[wanted]);
    }
    now += 1000;
  }
}

TEST_CASE("Lesson page: Enter alone goes from the first step to 'Play a real game', every lesson",
          "[lesson]") {
  // A newcomer presses the key the help line names, a press every 450 ms:
  // the highlight is on the step's move, a race takes Enter as it takes
  // Space, and no answer is ever a refusal.
  for (const bool unicode : {true, false})
    for (const GameEntry& g : builtin_registry().all()) {
      if (!has_lesson(DataSource::embedded(), g.info.id)) continue;
      INFO(g.info.id << (unicode ? "" : " (ASCII)"));
      rt::shell::test::FakeTerminal term(80, 24, unicode);
      AppContext ctx;
      const rt::shell::test::TempDir tmp;
      ctx.state_dir = tmp.path();
      ctx.unicode = unicode;
      App app(term, ctx, make_lesson_screen(ctx, g.info.id));
      int presses = 0;
      std::string last_step;
      int same_step = 0;
      while (!term.shows("The end of the lesson")) {
        REQUIRE(rt::shell::test::run_until(app, term, [&] { return !term.keys_pending(); }));
        INFO(term.text());
        CHECK_FALSE(term.shows("That is allowed"));
        const std::vector<std::string> rows = rows_of(term.frame());
        const std::string header = rows.empty() ? std::string() : rows.front();
        same_step = header == last_step ? same_step + 1 : 0;
        last_step = header;
        REQUIRE(same_step < 40);  // a race against a count of twenty takes 22 presses
        term.advance(450);
        term.press(KeyType::Enter);
        REQUIRE(++presses < 1000);
      }
      CHECK(term.shows("Enter play a real game"));
      term.press(KeyType::Enter);
      CHECK(rt::shell::test::run_until(app, term,
                                       [&] { return term.shows(g.info.name + ": who is playing?"); }));
    }
}
