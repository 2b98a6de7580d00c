// Remembered settings (tui/shell/settings.h): load and save, a corrupt or
// oversized file ignored with one line, a write that fails said to the
// player, the file private and never followed through a link, and the shell
// prefilling seats, names, variants and the speed from it.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/tui/save_fault_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/settings.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

mode_t file_mode(const std::string& path) {
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

Settings sample() {
  Settings s;
  s.speed = 5;
  GameSettings g;
  g.seats = {"human", "human", "hard"};
  g.names = {"Zoë", "Ben", "Cleo"};
  g.chose_variants = true;
  g.variants = {"play-out"};
  s.games["go-wacky"] = g;
  GameSettings r;
  r.chose_variants = true;
  r.variants = {"counted-slides", "long"};
  r.options = {"play-on=yes"};
  s.games["rc-racer"] = r;
  return s;
}

}  // namespace

TEST_CASE("settings: saved and loaded back, in a private directory and file", "[shell][settings]") {
  const TempDir tmp;
  const std::string dir = tmp.path() + "/config/racetable";  // parents made too
  SettingsStore store(dir);
  store.load();
  CHECK(store.settings() == Settings{});  // nothing yet, and nothing to say
  CHECK(store.notice().empty());
  store.edit() = sample();
  REQUIRE(store.save().empty());
  CHECK(file_mode(dir) == 0700);
  CHECK(file_mode(dir + "/settings.json") == 0600);
  SettingsStore again(dir);
  again.load();
  CHECK(again.notice().empty());
  CHECK(again.settings() == sample());
  CHECK(again.speed_or(3) == 5);
}

TEST_CASE("settings: a corrupt file is ignored with one line naming it", "[shell][settings]") {
  const TempDir tmp;
  SettingsStore store(tmp.path());
  for (const std::string text :
       {"{\"version\": 1, \"speed\": ", "[1, 2, 3]", "{\"version\": 99}", "\x01\x02garbage"}) {
    INFO(text);
    write(tmp.path() + "/settings.json", text);
    store.load();
    CHECK(store.settings() == Settings{});
    CHECK(store.notice().find("Settings ignored: ") == 0);
    CHECK(store.notice().find(tmp.path() + "/settings.json") != std::string::npos);
    CHECK(store.notice().find('\n') == std::string::npos);
  }
  // The next save replaces it, and the notice goes.
  store.edit().speed = 2;
  REQUIRE(store.save().empty());
  CHECK(store.notice().empty());
  store.load();
  CHECK(store.settings().speed == 2);
}

TEST_CASE("settings: entries this program would not offer are dropped, the rest kept", "[shell][settings]") {
  const Settings s = parse_settings(R"({"version": 1, "speed": 9, "games": {
      "no-such-game": {"seats": ["human", "human"], "names": ["A", "B"]},
      "go-wacky": {"seats": ["human", "root"], "names": ["A", "B"], "variants": ["play-out", "cheat"]},
      "racesmack": {"seats": ["human", "easy"], "names": ["A\u001b[2J", "B"], "options": ["x=1", "bad"]},
      "scrap-racer": {"seats": ["human", "easy"], "names": ["Ana", "Ben"], "options": ["track=B"]}}})");
  CHECK(s.speed == 0);  // out of range
  CHECK(s.games.count("no-such-game") == 0);
  CHECK(s.games.at("go-wacky").seats.empty());  // an unknown seat kind drops the seats
  CHECK(s.games.at("go-wacky").variants == std::vector<std::string>{"play-out"});
  CHECK(s.games.count("racesmack") == 0);  // a name with an escape: nothing of it kept
  CHECK(s.games.at("scrap-racer").seats == std::vector<std::string>{"human", "easy"});
  CHECK(s.games.at("scrap-racer").options == std::vector<std::string>{"track=B"});
}

TEST_CASE("settings: an oversized file is ignored without reading it", "[shell][settings]") {
  const TempDir tmp;
  write(tmp.path() + "/settings.json",
        "{\"version\": 1, \"speed\": 4}" + std::string(kMaxSettingsBytes, ' '));
  SettingsStore store(tmp.path());
  store.load();
  CHECK(store.settings().speed == 0);
  CHECK(store.notice().find("too large") != std::string::npos);
}

TEST_CASE("settings: a write that fails is said, and nothing claims it was remembered", "[shell][settings]") {
  const TempDir tmp;
  rt::test::BreakableDir parent(tmp.path() + "/config");
  SettingsStore store(parent.path() + "/racetable");
  store.load();
  store.edit().speed = 6;
  REQUIRE(store.save().empty());
  parent.break_it();  // a file where the directory was
  const std::string problem = store.remember_speed(2);
  CHECK(problem.find("Settings not remembered: ") == 0);
  CHECK(problem.find("Not a directory") != std::string::npos);
  CHECK(store.notice() == problem);
  parent.mend();
  SettingsStore again(parent.path() + "/racetable");
  again.load();
  CHECK(again.settings().speed == 6);  // the old file, whole
  CHECK(store.remember_speed(2).empty());
  CHECK(store.notice().empty());
}

TEST_CASE("settings: a link planted at the file is neither read nor written through", "[shell][settings]") {
  const TempDir tmp;
  const std::string dir = tmp.path() + "/racetable";
  ::mkdir(dir.c_str(), 0700);
  const std::string elsewhere = tmp.path() + "/victim";
  write(elsewhere, "{\"version\": 1, \"speed\": 4}");
  std::filesystem::create_symlink(elsewhere, dir + "/settings.json");
  SettingsStore store(dir);
  store.load();
  CHECK(store.settings().speed == 0);
  CHECK(store.notice().find("symbolic link") != std::string::npos);
  REQUIRE(store.remember_speed(1).empty());
  CHECK(read(elsewhere) == "{\"version\": 1, \"speed\": 4}");  // untouched
  CHECK(!std::filesystem::is_symlink(dir + "/settings.json"));
  CHECK(file_mode(dir + "/settings.json") == 0600);
}

TEST_CASE("settings: a directory others may write in, or another user's, is not used", "[shell][settings]") {
  const TempDir tmp;
  const std::string dir = tmp.path() + "/racetable";
  ::mkdir(dir.c_str(), 0700);
  write(dir + "/settings.json", "{\"version\": 1, \"speed\": 4}");
  ::chmod(dir.c_str(), 0777);
  SettingsStore store(dir);
  store.load();
  CHECK(store.settings().speed == 0);
  CHECK(store.notice().find("not a private directory of yours") != std::string::npos);
  CHECK(store.remember_speed(2).find("not a private directory of yours") != std::string::npos);
  CHECK(read(dir + "/settings.json") == "{\"version\": 1, \"speed\": 4}");
  ::chmod(dir.c_str(), 0700);
  if (::geteuid() == 0) {
    // Another user's private directory (root can make one).
    REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
    store.load();
    CHECK(store.notice().find("not a private directory of yours") != std::string::npos);
    REQUIRE(::chown(dir.c_str(), 0, 0) == 0);
  }
  store.load();
  CHECK(store.settings().speed == 4);
}

TEST_CASE("settings: the shell remembers seats, names, variants and the speed", "[shell][settings]") {
  const TempDir tmp;
  const std::string dir = tmp.path() + "/racetable";
  {
    SettingsStore store(dir);
    store.load();
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    ctx.state_dir = tmp.path() + "/state";
    ctx.settings = &store;
    setup::TableRequest req;
    req.game = "go-wacky";
    App app(term, ctx, make_seats_screen(ctx, req));
    REQUIRE(run_until(app, term, [&] { return term.shows("who is playing?"); }));
    term.press(KeyType::Left);  // 3 players
    term.press(KeyType::Down);
    term.press(KeyType::Enter);  // rename seat 1
    for (int i = 0; i < 3; ++i) term.press(KeyType::Backspace);
    for (char32_t ch : std::u32string(U"Zed")) term.press(ch);
    term.press(KeyType::Enter);
    term.press(KeyType::Down);
    term.press(KeyType::Left);  // seat 2: normal -> easy
    term.press(KeyType::End);
    term.press(KeyType::Enter);  // on to the variants
    REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
    term.press(KeyType::Home);
    term.press(U' ');  // tick play-out
    term.press(KeyType::End);
    term.press(KeyType::Enter);  // start
    REQUIRE(run_until(app, term, [&] { return dynamic_cast<PlayScreen*>(&app.top()) != nullptr; }));
    term.press(U'+');
    REQUIRE(run_until(app, term, [&] { return term.shows("Speed 4 of 6"); }));
  }
  // Another run: the same choices come back.
  SettingsStore store(dir);
  store.load();
  CHECK(store.notice().empty());
  CHECK(store.settings().speed == 4);
  const GameSettings& g = store.settings().games.at("go-wacky");
  CHECK(g.seats == std::vector<std::string>{"human", "easy", "normal"});
  CHECK(g.names == std::vector<std::string>{"Zed", "Ben", "Cleo"});
  CHECK(g.variants == std::vector<std::string>{"play-out"});
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = tmp.path() + "/state";
  ctx.settings = &store;
  setup::TableRequest req;
  req.game = "go-wacky";
  App app(term, ctx, make_seats_screen(ctx, req));
  REQUIRE(run_until(app, term, [&] { return term.shows("who is playing?"); }));
  CHECK(term.shows("< 3 >"));
  CHECK(term.shows("Zed"));
  CHECK(term.shows("< Computer, easy >"));
  term.press(KeyType::End);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
  CHECK(term.shows("[x] play-out"));
  term.press(KeyType::End);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return dynamic_cast<PlayScreen*>(&app.top()) != nullptr; }));
  CHECK(dynamic_cast<PlayScreen*>(&app.top())->session().speed() == 4);
  // Not silently: at first the header says where the speed came from, then the bar.
  REQUIRE(run_until(app, term, [&] { return term.shows("speed "); }));
  CHECK(term.shows("speed 4 of 6, as you last set it"));
  term.advance(11000);
  REQUIRE(run_until(app, term, [&] { return term.shows("speed ####.."); }));
  CHECK_FALSE(term.shows("as you last set it"));
}

TEST_CASE("settings: when they cannot be written, the player is told before the game and at a speed change",
          "[shell][settings]") {
  const TempDir tmp;
  rt::test::BreakableDir parent(tmp.path() + "/config");
  SettingsStore store(parent.path() + "/racetable");
  store.load();
  parent.break_it();
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = tmp.path() + "/state";
  ctx.settings = &store;
  setup::TableRequest req;
  req.game = "go-wacky";
  App app(term, ctx, make_options_screen(ctx, req));
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
  term.press(KeyType::Enter);  // start: the settings cannot be written
  REQUIRE(run_until(app, term, [&] { return term.shows("Settings not remembered"); }));
  CHECK(term.shows("Enter starts the game anyway."));
  CHECK(dynamic_cast<PlayScreen*>(&app.top()) == nullptr);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return dynamic_cast<PlayScreen*>(&app.top()) != nullptr; }));
  term.press(U'-');
  REQUIRE(run_until(app, term, [&] { return term.shows("Speed 2 of 6. Settings not remembered"); }));
  parent.mend();
}

TEST_CASE("settings: a game never started here is offered at the relaxed pace, then the pace last chosen",
          "[shell][settings][pace]") {
  const TempDir tmp;
  SettingsStore store(tmp.path() + "/config");
  store.load();
  CHECK(store.contest_pace_for("racesmack") == "relaxed");  // the first game of it
  setup::TableRequest req;
  req.game = "racesmack";
  req.contest_pace = "quick";
  REQUIRE(store.remember_table(req).empty());
  CHECK(store.contest_pace_for("racesmack") == "quick");
  CHECK(store.contest_pace_for("go-wacky") == "relaxed");
  // A game remembered from before paces existed: played, so normal.
  store.edit().games["rc-racer"].chose_variants = true;
  CHECK(store.contest_pace_for("rc-racer") == "normal");
  SettingsStore again(tmp.path() + "/config");
  again.load();
  CHECK(again.contest_pace_for("racesmack") == "quick");
}

TEST_CASE("settings: play forced moves is on unless turned off, and turning it off is kept",
          "[shell][settings]") {
  const TempDir tmp;
  SettingsStore store(tmp.path() + "/config");
  store.load();
  CHECK(store.settings().play_forced);
  store.edit().play_forced = false;
  REQUIRE(store.save().empty());
  SettingsStore again(tmp.path() + "/config");
  again.load();
  CHECK_FALSE(again.settings().play_forced);
}

TEST_CASE("forced moves: a pass with no other option is played without a key and said where the player looks",
          "[shell][settings][forced]") {
  // Go Wacky! seed 610246, four players: Ana's first question is
  // "▶ 1 Pass (no card matches) / Enter to go on."
  for (const bool on : {true, false}) {
    const TempDir tmp;
    SettingsStore store(tmp.path() + "/config");
    store.load();
    store.edit().play_forced = on;
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    ctx.state_dir = tmp.path();
    ctx.settings = &store;
    setup::TableRequest req;
    req.game = "go-wacky";
    req.seats = {"human", "normal", "normal", "normal"};
    req.seed_text = "610246";
    auto session =
        std::make_unique<GameSession>(setup::make_table(req, 1), std::vector<Event>{}, SessionOptions{});
    App app(term, ctx, make_play_screen(ctx, std::move(session)));
    INFO("forced moves played: " << on);
    if (on) {
      REQUIRE(run_until(app, term, [&] { return term.shows("Played for you: Pass (no card matches)"); }));
      CHECK(term.shows("Ana has no card matching"));
    } else {
      REQUIRE(run_until(app, term, [&] { return term.shows("Pass (no card matches)"); }));
      CHECK(term.shows("Enter to go on"));
      CHECK_FALSE(term.shows("Played for you"));
    }
  }
}
