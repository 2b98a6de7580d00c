// Games that give arrow keys a meaning (Presenter::direction_action) and
// variants that default by how many humans sit at the table
// (VariantInfo::one_human_default), through the shell with a fake terminal.
// RC Racer is the game that uses both: its controller is a sliding puzzle,
// and real-time programming is the default for one human.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "core/presenter.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::make_test_table;
using rt::shell::test::play;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;
using rt::shell::test::TestTable;
using rt::shell::test::Where;
using rt::shell::test::where_name;

namespace {

setup::TableRequest rc_request(std::vector<std::string> seats, std::vector<std::string> variants = {}) {
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = std::move(seats);
  req.variants = std::move(variants);
  req.seed_text = "11";
  std::string racers;
  const char* const kRacers[] = {"die-liner", "turbobot", "dogtor", "brick-gang"};
  for (std::size_t i = 0; i < req.seats.size(); ++i) racers += (i ? "," : "") + std::string(kRacers[i]);
  req.options = {"racers=" + racers};
  return req;
}

// Seats as given -> the options screen (its text is returned) -> start.
std::string seat_and_start(App& app, FakeTerminal& term) {
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
  const std::string options_screen = term.text();
  term.press(KeyType::Enter);  // "Start the game" is highlighted
  REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
  return options_screen;
}

bool has_variant(const GameSession& s, const std::string& v) {
  return s.table().game().options().has(v);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

template <class Session>  // a GameSession, or the PlayTable the screen plays
bool live_for(Session& s, PlayerId p) {
  const auto in = s.contest_humans();
  return s.phase() == Phase::Contest && in.size() == 1 && in.front() == p;
}

}  // namespace

TEST_CASE("shell setup: one human gets the game's one-human variant, others the game's default",
          "[shell][setup]") {
  const GameInfo& info = builtin_registry().get("rc-racer").info;
  using V = std::vector<std::string>;
  CHECK(setup::with_seat_defaults(info, {}, 1) == V{"real-time"});
  CHECK(setup::with_seat_defaults(info, {"long"}, 1) == V{"long", "real-time"});
  CHECK(setup::with_seat_defaults(info, {"counted-slides"}, 1) == V{"counted-slides"});  // the player's pick
  CHECK(setup::with_seat_defaults(info, {}, 2).empty());
  CHECK(setup::with_seat_defaults(info, {}, 0).empty());
  // A game without such a variant is left alone.
  CHECK(setup::with_seat_defaults(builtin_registry().get("go-wacky").info, {}, 1).empty());

  setup::TableRequest req;
  req.seats = {"human", "normal", "human"};
  CHECK(setup::human_seats(req) == 2);
  req.seats.clear();
  req.default_seat = "human";
  CHECK(setup::human_seats(req) == 1);
  req.default_seat = "normal";
  CHECK(setup::human_seats(req) == 0);
}

TEST_CASE("shell setup: RC Racer for one human starts in real time, ticked on the options screen",
          "[shell][setup]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_seats_screen(ctx, rc_request({"human", "normal", "normal"})));
  const std::string screen = seat_and_start(app, term);
  CHECK(screen.find("[x] real-time") != std::string::npos);
  CHECK(screen.find("[ ] counted-slides") != std::string::npos);
  GameSession& s = play(app)->session();
  CHECK(has_variant(s, "real-time"));
  CHECK_FALSE(has_variant(s, "counted-slides"));

  // The save records it, so resuming plays on in real time.
  REQUIRE(run_until(app, term, [&] { return s.phase() == Phase::HumanTurn; }));  // placing the car
  CHECK(s.save().empty());
  CHECK(file_text(s.save_path()).find("variant real-time\n") != std::string::npos);
  const LoadedGame loaded = load_saved_game(s.save_path(), ctx.data);
  CHECK(loaded.table->game().options().has("real-time"));
  CHECK(loaded.table->state().debug_string() == s.state().debug_string());
}

TEST_CASE("shell setup: several humans, or a timing the player chose, keep counted slides",
          "[shell][setup]") {
  SECTION("two humans at one keyboard") {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_seats_screen(ctx, rc_request({"human", "human", "normal"})));
    const std::string screen = seat_and_start(app, term);
    CHECK(screen.find("[ ] real-time") != std::string::npos);
    CHECK_FALSE(has_variant(play(app)->session(), "real-time"));
  }
  SECTION("one human who asked for counted slides") {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_seats_screen(ctx, rc_request({"human", "normal"}, {"counted-slides"})));
    const std::string screen = seat_and_start(app, term);
    CHECK(screen.find("[x] counted-slides") != std::string::npos);
    CHECK(screen.find("[ ] real-time") != std::string::npos);
    CHECK(has_variant(play(app)->session(), "counted-slides"));
    CHECK_FALSE(has_variant(play(app)->session(), "real-time"));
  }
  SECTION("one human who ticks counted slides on the options screen: real time is unticked") {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    const TempDir tmp;
    ctx.state_dir = tmp.path();
    App app(term, ctx, make_seats_screen(ctx, rc_request({"human", "normal"})));
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return term.shows("variants and seed"); }));
    term.press(KeyType::Home);  // long
    term.press(KeyType::Down);  // counted-slides
    term.press(U' ');
    REQUIRE(run_until(app, term, [&] { return term.shows("[x] counted-slides"); }));
    CHECK(term.shows("[ ] real-time"));
    term.press(KeyType::End);
    term.press(KeyType::Enter);
    REQUIRE(run_until(app, term, [&] { return play(app) != nullptr; }));
    CHECK(has_variant(play(app)->session(), "counted-slides"));
    CHECK_FALSE(has_variant(play(app)->session(), "real-time"));
  }
  SECTION("a demo (computers only) plays the game's default") {
    AppContext ctx;
    auto demo = make_demo_session(ctx, "rc-racer", "3");
    CHECK_FALSE(demo->table().game().options().has("real-time"));
  }
}

TEST_CASE("shell arrows: in a real-time contest an arrow slides the tile beside the gap that way",
          "[shell][arrows][contest][tables]") {
  // Through both tables (tests/tui/shell_both_tables.h): at a shared table
  // the arrow's slide goes over the socket and the server applies it.
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  TestTable t = make_test_table(where, rc_request({"human", "normal", "normal"}, {"real-time"}), term);
  const Table& truth = *t.truth;
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  PlayTable& s = play(app)->table();
  REQUIRE(run_until(app, term, [&] {
    if (s.phase() == Phase::HumanTurn && !term.keys_pending())
      term.press(KeyType::Enter);  // a starting space
    return live_for(s, 0);
  }));
  app.step_once();
  // The convention is on screen, with the clock; Enter would say "done".
  CHECK(term.shows("Arrows slide the tile beside the gap that way"));
  CHECK(term.shows("clock "));
  CHECK(term.shows("[gap]"));
  for (unsigned char ch : term.text()) REQUIRE(ch < 0x80);  // an ASCII terminal gets ASCII only
  PlayScreen& ps = *play(app);
  REQUIRE(!ps.options().empty());
  CHECK(truth.state().action_text(0, ps.options()[static_cast<std::size_t>(ps.cursor())]) == "done");

  int slid = 0;
  for (KeyType k : {KeyType::Left, KeyType::Up, KeyType::Right, KeyType::Down, KeyType::Left, KeyType::Up}) {
    if (!live_for(s, 0)) break;
    const Direction d = k == KeyType::Left    ? Direction::Left
                        : k == KeyType::Up    ? Direction::Up
                        : k == KeyType::Right ? Direction::Right
                                              : Direction::Down;
    const std::optional<Action> want = truth.game().presenter().direction_action(truth.state(), 0, d);
    const std::string before = truth.state().debug_string();
    const std::size_t steps = truth.history().size();
    term.press(k);
    app.step_once();
    if (where == Where::Shared)  // the server applies it at its next read; the screen comes back after
      for (int i = 0; i < 3; ++i) app.step_once(term.now());
    bool mine = false;
    for (std::size_t i = steps; i < truth.history().size(); ++i) {
      const Step& st = truth.history()[i];
      if (st.player != 0) continue;
      mine = true;
      REQUIRE(want.has_value());
      CHECK(st.action == *want);
      // The text names the direction: the tile moves the way of the arrow.
      const char* word = d == Direction::Left    ? "left"
                         : d == Direction::Up    ? "up"
                         : d == Direction::Right ? "right"
                                                 : "down";
      CHECK(truth.state().action_text(0, st.action) == word);
    }
    if (want) {
      CHECK(mine);
      CHECK(truth.state().debug_string() != before);
      ++slid;
    } else {
      CHECK_FALSE(mine);
      CHECK(term.shows("Nothing moves that way."));
    }
  }
  CHECK(slid >= 3);
  // After slides the highlight is still on "done"; Enter takes a Smile.
  if (live_for(s, 0)) {
    CHECK(truth.state().action_text(0, ps.options()[static_cast<std::size_t>(ps.cursor())]) == "done");
    term.press(KeyType::Enter);
    app.step_once();
    if (where == Where::Shared)
      for (int i = 0; i < 3; ++i) app.step_once(term.now());
    CHECK_FALSE(live_for(s, 0));
  }
}

TEST_CASE("shell arrows: with counted slides an arrow is a turn; with no grid, arrows move the highlight",
          "[shell][arrows]") {
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req = rc_request({"human", "normal"}, {"counted-slides"});
  req.options.clear();  // choose racecars: a menu without arrows
  App app(term, ctx, make_seats_screen(ctx, req));
  seat_and_start(app, term);
  GameSession& s = play(app)->session();
  REQUIRE(run_until(app, term, [&] { return s.phase() == Phase::HumanTurn; }));
  PlayScreen& ps = *play(app);
  app.step_once();
  CHECK(ps.cursor() == 0);
  term.press(KeyType::Down);
  app.step_once();
  CHECK(ps.cursor() == 1);  // the racecar menu: arrows move the highlight
  CHECK_FALSE(term.shows("slide the tile beside the gap"));

  // On to programming (Enter for the racecar and the starting space).
  REQUIRE(run_until(app, term, [&] {
    if (s.phase() == Phase::HumanTurn && !term.keys_pending() &&
        !s.presenter().direction_action(s.state(), 0, Direction::Up) &&
        !s.presenter().direction_action(s.state(), 0, Direction::Down) &&
        !s.presenter().direction_action(s.state(), 0, Direction::Left))
      term.press(KeyType::Enter);
    return s.phase() == Phase::HumanTurn && (s.presenter().direction_action(s.state(), 0, Direction::Left) ||
                                             s.presenter().direction_action(s.state(), 0, Direction::Right));
  }));
  app.step_once();
  CHECK(term.shows("←↑↓→ slide the tile beside the gap that way"));
  CHECK(term.shows("←↑↓→ move"));
  CHECK(s.state().action_text(0, ps.options()[static_cast<std::size_t>(ps.cursor())]) == "done");
  const KeyType key =
      s.presenter().direction_action(s.state(), 0, Direction::Left) ? KeyType::Left : KeyType::Right;
  const Action want = *s.presenter().direction_action(
      s.state(), 0, key == KeyType::Left ? Direction::Left : Direction::Right);
  const std::size_t steps = s.table().history().size();
  term.press(key);
  app.step_once();
  REQUIRE(s.table().history().size() > steps);
  CHECK(s.table().history()[steps].player == 0);
  CHECK(s.table().history()[steps].action == want);
  CHECK(s.state().action_text(0, ps.options()[static_cast<std::size_t>(ps.cursor())]) == "done");
}

TEST_CASE("shell arrows: one human programs with arrows only and races to the end in real time",
          "[shell][arrows][contest][app]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_seats_screen(ctx, rc_request({"human", "normal", "normal"})));
  seat_and_start(app, term);
  for (int i = 0; i < 6; ++i) term.press(U'+');  // computers' turns at once
  GameSession& s = play(app)->session();
  int arrows = 0;
  int dones = 0;
  bool countdown_seen = false;
  const KeyType kArrows[] = {KeyType::Left, KeyType::Up, KeyType::Right, KeyType::Down};
  const Direction kDirs[] = {Direction::Left, Direction::Up, Direction::Right, Direction::Down};
  for (int i = 0; i < 400000 && s.phase() != Phase::Over; ++i) {
    app.step_once();
    if (term.keys_pending()) continue;
    countdown_seen = countdown_seen || term.shows("COUNTDOWN");
    if (s.phase() == Phase::HumanTurn) {
      term.press(KeyType::Enter);
    } else if (live_for(s, 0)) {
      // Every other round the human is the slowest: the others count down.
      const bool slow = dones % 2 == 1;
      if (slow && !term.shows("COUNTDOWN")) continue;
      // A few slides with arrows, a moment apart, then Enter (the highlight
      // is on "done").
      term.advance(slow ? 100 : 400);
      if (arrows % 5 == 4) {
        CHECK(s.state().action_text(0, play(app)->options()[static_cast<std::size_t>(play(app)->cursor())]) ==
              "done");
        term.press(KeyType::Enter);
        ++dones;
        ++arrows;
      } else {
        // Like a player looking at the gap: the next arrow, in turn, that
        // has a tile to slide.
        KeyType key = kArrows[arrows % 4];
        for (int k = 0; k < 4; ++k) {
          key = kArrows[(arrows + k) % 4];
          if (s.presenter().direction_action(s.state(), 0, kDirs[(arrows + k) % 4])) break;
        }
        term.press(key);
        ++arrows;
      }
    }
  }
  CHECK(s.phase() == Phase::Over);
  CHECK(has_variant(s, "real-time"));
  CHECK(dones >= 1);
  CHECK(arrows > 5);
  CHECK(countdown_seen);
  // Every slide of the human was one tile: an arrow, never a menu's "up 2".
  int slides = 0;
  for (const Step& st : s.table().history()) {
    if (st.player != 0) continue;
    const std::string text = s.state().action_text(0, st.action);
    for (const char* word : {"up", "down", "left", "right"})
      if (text.rfind(word, 0) == 0) {
        CHECK(text == word);
        ++slides;
      }
  }
  CHECK(slides > 3);
}
