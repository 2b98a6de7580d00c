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
      cli::TableRequest req;
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
      app.step_once();
      CHECK(term.shows("Start the game"));
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
