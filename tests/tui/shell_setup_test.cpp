// The set-up pages through the fake terminal: the variants page shows every
// summary whole at 80x24, the game list every pitch, and text fields a cursor.
#include <catch2/catch.hpp>

#include <sstream>

#include "games/registry.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

// The frame's text with every run of spaces and line breaks as one space:
// wrapped text reads as it was written.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char ch : text) {
    const char c = ch == '\n' ? ' ' : ch;
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  return out;
}

// Each column's wrapped text read top to bottom: the frame's rows cut at
// `from` columns, joined.
std::string column_text(const FakeTerminal& term, int from) {
  std::istringstream in(term.text());
  std::string joined;
  for (std::string line; std::getline(in, line);)
    if (static_cast<int>(line.size()) > from) joined += " " + line.substr(static_cast<std::size_t>(from));
  return squeezed(joined);
}

}  // namespace

TEST_CASE("set-up: the variants page shows every summary whole at 80x24", "[shell][setup]") {
  for (const auto& entry : builtin_registry().all()) {
    const GameInfo& info = entry.info;
    for (const bool unicode : {false, true}) {
      FakeTerminal term(80, 24, unicode);
      AppContext ctx;
      const TempDir tmp;
      ctx.state_dir = tmp.path();
      setup::TableRequest req;
      req.game = info.id;
      App app(term, ctx, make_options_screen(ctx, req));
      REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
      // Walk the highlight over every row (Home, then Down): each summary
      // is whole on screen while its row is highlighted.
      term.press(KeyType::Home);
      const std::size_t rows = info.variants.size() + info.params.size();
      for (std::size_t row = 0; row < rows; ++row) {
        app.step_once();
        const std::string& summary = row < info.variants.size()
                                         ? info.variants[row].summary
                                         : info.params[row - info.variants.size()].summary;
        INFO(info.id << " row " << row << ": " << summary << "\n" << term.text());
        // A summary wraps in its column: read the frame from some column on.
        bool whole = false;
        for (int from = 10; from < 45 && !whole; ++from)
          whole = column_text(term, from).find(squeezed(summary)) != std::string::npos;
        CHECK(whole);
        CHECK(term.shows(row < info.variants.size() ? info.variants[row].name
                                                    : info.params[row - info.variants.size()].name));
        term.press(KeyType::Down);
      }
      app.step_once();
      term.press(KeyType::End);
      REQUIRE(run_until(app, term, [&] { return term.shows("Start the game"); }));
    }
  }
}

TEST_CASE("set-up: the game list shows every pitch whole at 80x24", "[shell][setup]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  App app(term, ctx, make_game_list_screen(ctx, false));
  REQUIRE(run_until(app, term, [&] { return term.shows("which game?"); }));
  for (const auto& entry : builtin_registry().all()) {
    INFO(entry.info.pitch << "\n" << term.text());
    CHECK(column_text(term, 6).find(squeezed(entry.info.pitch)) != std::string::npos);
  }
}

TEST_CASE("set-up: a text field being edited shows the terminal's cursor at its end", "[shell][setup]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "go-wacky";
  App app(term, ctx, make_seats_screen(ctx, req));
  REQUIRE(run_until(app, term, [&] { return term.shows("who is playing?"); }));
  CHECK(term.cursor_x() < 0);  // no field: no cursor
  term.press(KeyType::Down);   // seat 1
  term.press(KeyType::Enter);  // edit its name
  REQUIRE(run_until(app, term, [&] { return term.shows("Type the name"); }));
  // "Ana" starts at column 12 of its row: the cursor after it.
  const std::string row = [&] {
    std::istringstream in(term.text());
    std::string line;
    for (int y = 0; y <= term.cursor_y() && std::getline(in, line);) ++y;
    return line;
  }();
  CHECK(row.find("Seat 1") != std::string::npos);
  CHECK(row.find("Ana") == 12);
  CHECK(term.cursor_x() == 15);
  CHECK(term.frame().at(15, term.cursor_y()).style.attrs & attr::kReverse);  // and a reversed cell
  term.press(U'x');
  REQUIRE(run_until(app, term, [&] { return term.shows("Anax"); }));
  CHECK(term.cursor_x() == 16);
  term.press(KeyType::Enter);  // done: the cursor goes
  REQUIRE(run_until(app, term, [&] { return !term.shows("Type the name"); }));
  CHECK(term.cursor_x() < 0);

  // The seed field on the variants page, which scrolls: the cursor follows it.
  term.press(KeyType::End);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
  term.press(KeyType::Up);     // the seed
  term.press(KeyType::Enter);  // edit it
  term.press(U'4');
  term.press(U'2');
  REQUIRE(run_until(app, term, [&] { return !term.keys_pending() && term.shows("42"); }));
  REQUIRE(term.cursor_y() >= 0);
  std::istringstream in(term.text());
  std::string line;
  for (int y = 0; y <= term.cursor_y(); ++y) std::getline(in, line);
  CHECK(line.find("Seed") != std::string::npos);
  CHECK(line.find("42") + 2 == static_cast<std::size_t>(term.cursor_x()));
  term.press(KeyType::Escape);
  REQUIRE(run_until(app, term, [&] { return !term.keys_pending() && term.shows("(a new one)"); }));
  CHECK(term.cursor_x() < 0);
}
