// u on the game screen at 80x24: a choice that showed
// nothing new is taken back to the question before it, the log says so and
// the save holds the shorter history; a move followed by a draw is not, and
// the screen says why.
#include <catch2/catch.hpp>

#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

PlayScreen* play_screen(App& app) {
  return dynamic_cast<PlayScreen*>(&app.top());
}

}  // namespace

TEST_CASE("shell undo: u takes back a choice that showed nothing, back to the question, and the save follows",
          "[shell][undo]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal", "normal"};
  req.names = {"Ana", "Ben", "Cleo"};
  req.seed_text = "1";
  App app(term, ctx, make_seats_screen(ctx, req));
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("Choose your Racecar"); }));
  // Nothing of Ana's to take back yet: the help line does not offer u, and
  // the screen says why when it is pressed.
  CHECK_FALSE(term.shows("u undo"));
  term.press(U'u');
  REQUIRE(run_until(app, term, [&] { return term.shows("Nothing of yours to take back yet."); }));
  PlayScreen* ps = play_screen(app);
  REQUIRE(ps);
  const std::size_t before = ps->session().table().history().size();
  term.press(U'1');
  REQUIRE(run_until(app, term, [&] { return term.shows("Place your Racecar"); }));
  // The computers chose their cars since: public moves, nothing drawn.
  CHECK(ps->session().table().history().size() > before + 1);
  INFO(term.text());
  CHECK(term.shows("u undo"));  // the key is named when it works
  term.press(U'u');
  REQUIRE(run_until(app, term, [&] { return term.shows("Choose your Racecar"); }));
  INFO(term.text());
  CHECK(term.shows("Taken back"));
  // The log says so (its pane gives way to the car list at 80x24: l shows it).
  const auto& log = ps->session().log();
  REQUIRE_FALSE(log.empty());
  CHECK(log.back().text == "Ana takes back: Die Liner.");
  for (const LogEntry& e : log) CHECK(e.text.find("places") == std::string::npos);  // the placements went too
  CHECK(ps->session().table().history().size() == before);
  CHECK(ps->session().phase() == Phase::HumanTurn);
  // The save is the shorter history: nobody has decided anything, so no file
  // is kept (a game nobody played in is not saved).
  CHECK(ps->session().nothing_played());
  // Decide again: the game goes on from here.
  term.press(U'2');
  REQUIRE(run_until(app, term, [&] { return term.shows("Place your Racecar"); }));
  const std::string path = ps->session().save_path();
  REQUIRE(!path.empty());
  const auto loaded = load_save(read_file(path), path, builtin_registry(), DataSource::embedded());
  CHECK(loaded->history() == ps->session().table().history());
}

TEST_CASE("shell undo: not after a card was drawn, and the screen says why", "[shell][undo]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "normal"};
  req.names = {"Ana", "Ben"};
  req.seed_text = "5";
  App app(term, ctx, make_seats_screen(ctx, req));
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  bool refused = false;
  int decided = 0;
  for (int i = 0; i < 40000 && !app.finished() && !refused; ++i) {
    app.step_once();
    PlayScreen* ps = play_screen(app);
    if (!ps || term.keys_pending() || ps->session().phase() != Phase::HumanTurn) continue;
    if (decided > 0) {
      // Ana played a card and drew back to 4 (or the computers played): refused, with the reason.
      term.press(U'u');
      refused = run_until(app, term, [&] { return term.shows("no undo"); });
      break;
    }
    term.press(U'1');
    ++decided;
  }
  INFO(term.text());
  CHECK(refused);
  PlayScreen* ps = play_screen(app);
  REQUIRE(ps);
  CHECK(ps->session().table().history().back().player != 0);  // nothing was taken back
}
