// The shell when a save fails (a full disk, a directory gone): the banner in
// the header stays until a save works, the quit dialog tells the truth, and
// the program ends with a non-zero status when the game is not saved.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <sstream>

#include "games/setup.h"
#include "tests/tui/save_fault_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/line_mode.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/save_notice.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

// While it lives, this process writes no file past `bytes` (RLIMIT_FSIZE;
// SIGXFSZ ignored, so a write fails with EFBIG instead of killing us).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &old_);
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit low{bytes, old_.rlim_max};
    ::setrlimit(RLIMIT_FSIZE, &low);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &old_);
    ::signal(SIGXFSZ, SIG_DFL);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit old_{};
};

// A game of Go Wacky! (one human, three computers) saved to `save_path`,
// on the game screen, at the human's first question after something was
// decided.
std::unique_ptr<App> start_game(FakeTerminal& term, AppContext& ctx, const std::string& save_path) {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seed_text = "7";
  req.seats = {"human", "normal", "normal", "normal"};
  SessionOptions so;
  so.save_path = save_path;
  so.speed = kSpeedCount;  // computers at once
  auto session = std::make_unique<GameSession>(setup::make_table(req, 1), std::vector<Event>{}, so);
  auto app = std::make_unique<App>(term, ctx, make_play_screen(ctx, std::move(session)));
  // Up to a question after the first decision: a game nobody has decided
  // anything in yet is not saved at all.
  for (int i = 0; i < 20000 && !app->finished(); ++i) {
    auto* p = dynamic_cast<PlayScreen*>(&app->top());
    if (p && p->session().phase() == Phase::HumanTurn && !term.keys_pending()) {
      if (!p->session().nothing_played()) break;
      term.press(U'1');
    }
    app->step_once();
  }
  return app;
}

GameSession& session_of(App& app) {
  auto* p = dynamic_cast<PlayScreen*>(&app.top());
  REQUIRE(p != nullptr);
  return p->session();
}

std::string row(const FakeTerminal& term, int y) {
  const std::string text = term.text();
  std::size_t at = 0;
  for (int i = 0; i < y && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos) return {};
  return text.substr(at, text.find('\n', at) - at);
}

bool human_turn(App& app) {
  auto* p = dynamic_cast<PlayScreen*>(&app.top());
  return p && p->session().phase() == Phase::HumanTurn;
}

}  // namespace

TEST_CASE("shell: a failed autosave shows a banner until a save works; the quit dialog says why and where",
          "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir dir(tmp.path() + "/state");
  const std::string save = dir.path() + "/g.save";
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir.path();
  ctx.unicode = false;
  dir.break_it();
  auto app = start_game(term, ctx, save);
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  REQUIRE(run_until(*app, term, [&] { return term.shows("NOT SAVED"); }));
  // In the header, whole: what is wrong and the key that tries again.
  CHECK(row(term, 0).find("NOT SAVED: Not a directory - s saves again") != std::string::npos);
  CHECK(session_of(*app).save_problem().find("Not a directory") != std::string::npos);

  // q: the dialog does not claim the game is saved.
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return term.shows("Quit? The game is NOT saved"); }));
  CHECK(term.shows("could not be saved"));
  CHECK(term.shows("Not a directory"));
  CHECK(term.shows("lost"));
  CHECK(term.shows("Try to save again"));
  CHECK(term.shows("Quit without saving"));
  CHECK_FALSE(term.shows("The game is saved"));
  term.press(U'n');  // keep playing
  REQUIRE(run_until(*app, term, [&] { return !term.shows("Quit?"); }));

  // The directory is back: s saves, and the banner goes.
  dir.mend();
  term.press(U's');
  REQUIRE(run_until(*app, term, [&] { return !term.shows("NOT SAVED"); }));
  CHECK(term.shows("Saved."));
  CHECK(std::filesystem::exists(save));
  CHECK(session_of(*app).save_problem().empty());
}

TEST_CASE("shell: quitting a game that cannot be saved exits 2 and names the earlier save",
          "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir dir(tmp.path() + "/state");
  const std::string save = dir.path() + "/g.save";
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir.path();
  auto app = start_game(term, ctx, save);
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  REQUIRE(std::filesystem::exists(save));  // the first question was saved
  // The directory goes away with the save in it (as a full disk refuses a write).
  dir.break_it();
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return term.shows("Quit? The game is NOT saved"); }));
  CHECK(term.shows("Not a directory"));
  term.press(U'q');  // quit without saving
  REQUIRE(run_until(*app, term, [&] { return app->finished(); }));
  CHECK(app->exit_code() == kExitNotSaved);
  REQUIRE(app->messages().size() == 1);
  CHECK(app->messages()[0].find("racetable: the game could not be saved: cannot write: Not a directory") ==
        0);
  CHECK(app->messages()[0].find("it is lost") != std::string::npos);
  CHECK(app->messages()[0].find("saved to") == std::string::npos);
  dir.mend();
}

TEST_CASE("shell: the quit dialog names the earlier save when the last one failed", "[shell][save][faults]") {
  const TempDir tmp;
  const std::string dir = tmp.path() + "/state";
  std::filesystem::create_directories(dir);
  // A save that fails while an earlier save of the game stays on disk.
  const std::string save = dir + "/g.save";
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir;
  auto app = start_game(term, ctx, save);
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  REQUIRE(std::filesystem::exists(save));
  // Every later write fails: this process may write no file over 16 bytes
  // (the save's temporary file has a fresh random name, so nothing planted at
  // a name could stop it).
  const FileSizeLimit limit(16);
  term.press(KeyType::Enter);
  REQUIRE(run_until(*app, term, [&] { return term.shows("NOT SAVED"); }));
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return term.shows("Quit? The game is NOT saved"); }));
  CHECK(term.shows("as last saved is in"));
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return app->finished(); }));
  CHECK(app->exit_code() == kExitNotSaved);
  REQUIRE(app->messages().size() == 1);
  CHECK(app->messages()[0].find("the game as last saved is in " + save) != std::string::npos);
}

TEST_CASE("shell: a signal when the game cannot be saved says so (exit 128+N)", "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir dir(tmp.path() + "/state");
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir.path();
  dir.break_it();
  auto app = start_game(term, ctx, dir.path() + "/g.save");
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  term.send_signal(SIGTERM);
  app->step_once();
  CHECK(app->finished());
  CHECK(app->exit_code() == 128 + SIGTERM);
  REQUIRE(app->messages().size() == 1);
  CHECK(app->messages()[0].find("could not be saved") != std::string::npos);
  CHECK(app->messages()[0].find("saved to") == std::string::npos);
  dir.mend();
}

TEST_CASE("shell: q in a window too small quits with status 2 when the game cannot be saved",
          "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir dir(tmp.path() + "/state");
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = dir.path();
  dir.break_it();
  auto app = start_game(term, ctx, dir.path() + "/g.save");
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  term.resize(60, 18);
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return app->finished(); }));
  CHECK(app->exit_code() == 2);
  dir.mend();
}

TEST_CASE("shell: on a full disk (a 64 KB tmpfs) the banner shows and quitting exits 2",
          "[shell][save][faults][root]") {
  const TempDir tmp;
  rt::test::FullTmpfs disk(tmp.path() + "/disk");
  if (!disk.mounted()) {
    WARN("skipped: needs root and a working mount (run as root, as CI does)");
    return;
  }
  std::filesystem::create_directories(disk.path() + "/state");
  REQUIRE(disk.fill());
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = disk.path() + "/state";
  auto app = start_game(term, ctx, ctx.state_dir + "/g.save");
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  REQUIRE(run_until(*app, term, [&] { return term.shows("NOT SAVED"); }));
  CHECK(row(term, 0).find("NOT SAVED: No space left on device") != std::string::npos);
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return term.shows("Quit? The game is NOT saved"); }));
  CHECK(term.shows("No space left on device"));
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return app->finished(); }));
  CHECK(app->exit_code() == kExitNotSaved);
  REQUIRE(app->messages().size() == 1);
  CHECK(app->messages()[0].find("No space left on device; it is lost") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(ctx.state_dir + "/g.save.tmp"));
}

TEST_CASE("shell: a game saved by line mode is continued by the shell at the same question",
          "[shell][save][line]") {
  const TempDir tmp;
  const std::string save = tmp.path() + "/line.save";
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seed_text = "5";
  req.seats = {"human", "normal", "normal"};
  auto table = setup::make_table(req, 1);
  std::istringstream answers("1\n1\n1\n1\n1\n");
  std::string out;
  cli::LineModeOptions lopt;
  lopt.save_path = save;
  lopt.in = &answers;
  lopt.out = [&](std::string_view s) { out += s; };
  lopt.err = [&](std::string_view s) { out += s; };
  REQUIRE(cli::play_line_mode(*table, lopt) == 0);

  LoadedGame loaded = load_saved_game(save, DataSource::embedded());
  REQUIRE(loaded.table->history() == table->history());
  SessionOptions so;
  so.save_path = save;
  so.speed = kSpeedCount;
  GameSession session(std::move(loaded.table), std::move(loaded.events), so);
  for (Millis t = 0; t < 100000 && session.phase() != Phase::HumanTurn; t += 50) session.update(t);
  REQUIRE(session.phase() == Phase::HumanTurn);
  // The shell asks the question line mode asked last, with the same options.
  std::vector<Action> shell_options, line_options;
  session.state().legal_actions(session.asked(), shell_options);
  table->state().legal_actions(session.asked(), line_options);
  CHECK(shell_options == line_options);
  CHECK(session.state().debug_string() == table->state().debug_string());
  CHECK(session.save_problem().empty());
}

TEST_CASE("shell: a game with no usable state directory says so from the start and exits 2",
          "[shell][save][faults]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  auto app = start_game(term, ctx, "");  // as the options screen does when the state directory fails
  REQUIRE(run_until(*app, term, [&] { return human_turn(*app); }));
  CHECK(row(term, 0).find("NOT SAVED: no usable state directory") != std::string::npos);
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return term.shows("Quit? The game is NOT saved"); }));
  CHECK(term.shows("no usable state directory"));
  CHECK_FALSE(term.shows("Try to save again"));
  term.press(U'q');
  REQUIRE(run_until(*app, term, [&] { return app->finished(); }));
  CHECK(app->exit_code() == kExitNotSaved);
  REQUIRE(app->messages().size() == 1);
  CHECK(app->messages()[0] == "racetable: the game could not be saved (no state directory); it is lost");
}

TEST_CASE("shell: when the finished game cannot be saved, the result says so and the program exits 2",
          "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir dir(tmp.path() + "/state");
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seed_text = "7";
  req.seats = {"normal", "normal", "normal"};  // computers only: the game plays itself to the end
  SessionOptions so;
  so.save_path = dir.path() + "/g.save";
  so.speed = kSpeedCount;
  App app(term, ctx,
          make_play_screen(
              ctx, std::make_unique<GameSession>(setup::make_table(req, 1), std::vector<Event>{}, so)));
  dir.break_it();
  REQUIRE(run_until(
      app, term, [&] { return session_of(app).phase() == Phase::Over; }, 200000));
  REQUIRE(run_until(app, term, [&] { return term.shows("NOT SAVED: Not a directory"); }));
  term.advance(2000);  // the result stays up a moment before a key may close it
  term.press(U'q');    // back to the title, as everywhere but in play
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  CHECK_FALSE(app.finished());
  term.press(U'q');  // the title's q asks, q again quits: the lost end is still said
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return app.finished(); }));
  CHECK(app.exit_code() == kExitNotSaved);
  REQUIRE(app.messages().size() == 1);
  CHECK(app.messages()[0] ==
        "racetable: the game could not be saved: cannot write: Not a directory; it is lost");
  dir.mend();
}

TEST_CASE("shell: a finished game that could not be added to the history is said when the program ends",
          "[shell][save][faults]") {
  const TempDir tmp;
  rt::test::BreakableDir state(tmp.path() + "/state");
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = state.path();
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seed_text = "7";
  req.seats = {"normal", "normal", "normal"};
  SessionOptions so;
  so.save_path = tmp.path() + "/g.save";  // the save works; only the history does not
  so.speed = kSpeedCount;
  App app(term, ctx,
          make_play_screen(
              ctx, std::make_unique<GameSession>(setup::make_table(req, 1), std::vector<Event>{}, so)));
  state.break_it();
  REQUIRE(run_until(
      app, term, [&] { return term.shows("Not added to your history"); }, 200000));
  term.advance(2000);
  term.press(U'q');  // back to the title
  REQUIRE(run_until(app, term, [&] { return term.shows("Play a game"); }));
  term.press(U'q');  // the title's q asks, q again quits: the lost record is still said
  term.press(U'q');
  REQUIRE(run_until(app, term, [&] { return app.finished(); }));
  CHECK(app.exit_code() == kExitNotSaved);
  REQUIRE(app.messages().size() == 1);
  CHECK(app.messages()[0].find("racetable: the game was not added to your history: ") == 0);
  state.mend();
}
