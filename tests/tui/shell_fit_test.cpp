// What a person needs on screen at 80x24 and at 120x40, read off the fake terminal's frame as a person reads
// it: every option of a decision whole, or a row saying how many more and a help line naming the keys; the
// board's symbols one key away and that key named; the newest log lines when a decision takes the log's
// place; no word of the Players panel cut; Wacky Races' whole course where there is room; a person's own
// unlucky turn held on screen.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "games/go_wacky/state.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

setup::TableRequest one_person(const std::string& game, int seed, int players) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.players = players;
  req.seats.assign(static_cast<std::size_t>(players), "normal");
  req.seats[0] = "human";
  return req;
}

std::string row_text(const Canvas& f, int y, int x = 0, int w = 100000) {
  std::string s;
  for (int i = x; i < x + w && i < f.width(); ++i) utf8_append(s, f.at(i, y).ch);
  return s;
}

std::string squeeze(std::string_view text) {
  std::string out;
  for (char32_t cp : utf8_decode(text)) {
    if (cp == U' ' || cp == U'\n' || cp == kNoBreakSpace) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      utf8_append(out, cp);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Runs until the person at the keyboard is asked something with options.
bool until_question(App& app, FakeTerminal& term) {
  return run_until(app, term, [&] {
    PlayScreen* ps = play(app);
    return ps && ps->table().phase() == Phase::HumanTurn && !ps->option_labels().empty() &&
           !term.keys_pending() && term.frames() > 0;
  });
}

// The options the frame shows whole (their rows joined back), by index.
std::set<int> options_shown_whole(const FakeTerminal& term, const PlayScreen& ps) {
  const Canvas& f = term.frame();
  const Rect r = ps.options_rect();
  const auto& at_row = ps.option_rows();
  std::map<int, std::string> shown;
  for (std::size_t k = 0; k < at_row.size(); ++k) {
    std::string t = row_text(f, r.y + static_cast<int>(k), r.x + 2, r.w - 3);
    if (!shown.count(at_row[k])) t = t.size() >= 2 ? t.substr(2) : std::string();  // the key
    shown[at_row[k]] += " " + t;
  }
  std::set<int> whole;
  for (const auto& [idx, text] : shown)
    if (squeeze(text) == squeeze(canvas_form(ps.option_labels()[static_cast<std::size_t>(idx)], f.unicode())))
      whole.insert(idx);
  return whole;
}

std::string help_row(const FakeTerminal& term) {
  return row_text(term.frame(), term.frame().height() - 1);
}

// Go Wacky! with its longest-named card turned up to start the Play Pile and
// the person (seat 1) to play on it: the last seat deals, the deal is the
// seed's, and the first seed that leaves that card in the Draw Pile is taken.
struct LongestTop {
  std::unique_ptr<Table> table;
  std::string name;
};

LongestTop go_wacky_longest_top(int players) {
  for (int seed = 1; seed < 100; ++seed) {
    std::unique_ptr<Table> table =
        setup::make_table(one_person("go-wacky", seed, players), static_cast<std::uint64_t>(seed));
    auto state = [&]() -> const go_wacky::GoWackyState& {
      return dynamic_cast<const go_wacky::GoWackyState&>(table->state());
    };
    table->replay_step(Step{kChance, go_wacky::kDealerBase + players - 1, state().now()});
    while (state().phase() != go_wacky::Phase::FlipStart) REQUIRE(table->advance_one());
    const auto& types = state().deck().types;
    int longest = 0;
    for (int k = 1; k < types.size(); ++k)
      if (utf8_length(types[k].name) > utf8_length(types[longest].name)) longest = k;
    if (state().draw_count(longest) == 0) continue;  // dealt to a hand
    table->replay_step(Step{kChance, go_wacky::kDrawBase + longest, state().now()});
    std::string name = types[longest].name;
    return LongestTop{std::move(table), std::move(name)};
  }
  FAIL("no seed leaves the longest card in the Draw Pile");
  return {};
}

}  // namespace

TEST_CASE("80x24, Go Wacky!: the longest card's whole name is on the board as the top card, local and shared",
          "[shell][fit]") {
  for (Where where : {Where::Local, Where::Shared}) {
    INFO(where_name(where));
    FakeTerminal term(80, 24, true);
    AppContext ctx;
    ctx.unicode = true;
    LongestTop top = go_wacky_longest_top(6);
    TestTable t = make_test_table(where, std::move(top.table), term, Pace::Quick, false, kSpeedCount);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    REQUIRE(until_question(app, term));
    app.step_once();
    INFO(term.text());
    REQUIRE(dynamic_cast<const go_wacky::GoWackyState&>(t.truth->state()).play_pile_size() == 1);
    // The piles' row, not the log (which also names the card, wrapped as its column allows).
    const Canvas& f = term.frame();
    std::string piles;
    for (int y = 0; y < f.height() && piles.empty(); ++y)
      if (row_text(f, y).find("top [") != std::string::npos) piles = row_text(f, y);
    CHECK_THAT(piles, Catch::Contains(" " + top.name));
  }
}

TEST_CASE("80x24, Wacky Races seed 5 of 4: all four options and the keys at once", "[shell][fit]") {
  for (bool unicode : {true, false}) {
    INFO((unicode ? "UTF-8" : "ASCII"));
    FakeTerminal term(80, 24, unicode);
    AppContext ctx;
    ctx.unicode = unicode;
    TestTable t =
        make_test_table(Where::Local, one_person("wacky-races", 5, 4), term, Pace::Quick, false, kSpeedCount);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    REQUIRE(until_question(app, term));
    app.step_once();
    const PlayScreen& ps = *play(app);
    INFO(term.text());
    REQUIRE(ps.option_labels().size() == 4);
    CHECK(options_shown_whole(term, ps).size() == 4);
    const std::string help = help_row(term);
    CHECK(help.find("Enter play") != std::string::npos);
    CHECK(help.find("1-9 pick") != std::string::npos);
    // The legend named, and quitting: in full where the line has room, else "? legend".
    CHECK((help.find("? keys+legend") != std::string::npos || help.find("? legend") != std::string::npos));
    CHECK(help.find("q quit") != std::string::npos);
    CHECK_FALSE(term.shows("more below"));
  }
}

TEST_CASE(
    "80x24, every game: each option whole on screen, or a row saying how many more and the help naming it",
    "[shell][fit]") {
  int partial = 0;
  int frames = 0;
  for (const auto& entry : builtin_registry().all()) {
    const GameInfo& info = entry.info;
    for (int players : {info.min_players, info.max_players}) {
      const bool unicode = players % 2 == 0;
      INFO(info.id << " players " << players << (unicode ? " UTF-8" : " ASCII"));
      FakeTerminal term(80, 24, unicode);
      AppContext ctx;
      ctx.unicode = unicode;
      TestTable t = make_test_table(Where::Local, one_person(info.id, 3, players), term, Pace::Quick, false,
                                    kSpeedCount);
      App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
      for (int decision = 0; decision < 12; ++decision) {
        if (!until_question(app, term)) break;
        app.step_once();
        PlayScreen& ps = *play(app);
        if (ps.table().phase() != Phase::HumanTurn) break;
        ++frames;
        const int n = static_cast<int>(ps.option_labels().size());
        const std::set<int> whole = options_shown_whole(term, ps);
        const std::string help = help_row(term);
        INFO(term.text());
        CHECK(whole.count(ps.cursor()) == 1);
        CHECK(help.find("legend") != std::string::npos);
        if (static_cast<int>(whole.size()) < n) {
          ++partial;
          CHECK((term.shows("more below") || term.shows("more above")));
          CHECK(help.find(" more") != std::string::npos);
        } else {
          CHECK(help.find(" choose") != std::string::npos);
        }
        // The last option, then Enter: a different decision next time.
        for (int k = 0; k < n - 1; ++k) term.press(U'j');
        term.press(KeyType::Enter);
      }
    }
  }
  CHECK(frames > 40);
  CHECK(partial > 0);  // RC Racer's eight racecars do not fit: the row says so
}

TEST_CASE("'?' on the game screen explains the board's symbols, in every game and at a shared table",
          "[shell][fit][tables]") {
  for (const auto& entry : builtin_registry().all()) {
    for (Where where : {Where::Local, Where::Shared}) {
      if (where == Where::Shared && entry.info.id != "wacky-races") continue;
      INFO(entry.info.id << " " << where_name(where));
      FakeTerminal term(80, 24, false);
      AppContext ctx;
      TestTable t = make_test_table(where, one_person(entry.info.id, 2, entry.info.min_players), term,
                                    Pace::Quick, false, kSpeedCount);
      App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
      REQUIRE(until_question(app, term));
      term.press(U'?');
      run_until(
          app, term, [&] { return term.shows("The board's symbols"); }, 200);
      INFO(term.text());
      CHECK(term.shows("Symbols and keys"));
      CHECK(term.shows("The board's symbols"));
    }
  }
}

TEST_CASE("80x24: a decision that takes the log's place still shows the newest lines of the log",
          "[shell][fit]") {
  FakeTerminal term(80, 24, true);
  AppContext ctx;
  ctx.unicode = true;
  TestTable t =
      make_test_table(Where::Local, one_person("wacky-races", 5, 4), term, Pace::Quick, false, kSpeedCount);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  int seen = 0;
  for (int decision = 0; decision < 20 && seen < 3; ++decision) {
    if (!until_question(app, term)) break;
    app.step_once();
    const Canvas& f = term.frame();
    for (int y = 0; y < f.height(); ++y) {
      const std::string row = row_text(f, y);
      if (row.find("l: the log") == std::string::npos) continue;
      // The rule over a full-width decision: "─ Your move ─ <recap> ─ l: the log ─".
      std::string words;
      for (char ch : row.substr(0, row.find("l: the log")))
        if (std::isalpha(static_cast<unsigned char>(ch))) words += ch;
      INFO(term.text());
      CHECK(words.size() > std::string("Yourmove").size() + 10);
      ++seen;
    }
    term.press(KeyType::Enter);
  }
  CHECK(seen > 0);
}

TEST_CASE("120x40, every game: no word of the Players panel is cut", "[shell][fit]") {
  for (const auto& entry : builtin_registry().all()) {
    const GameInfo& info = entry.info;
    INFO(info.id);
    FakeTerminal term(120, 40, true);
    AppContext ctx;
    ctx.unicode = true;
    TestTable t = make_test_table(Where::Local, one_person(info.id, 5, std::min(4, info.max_players)), term,
                                  Pace::Quick, false, kSpeedCount);
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    REQUIRE(until_question(app, term));
    // A few decisions in: standings have words by then.
    for (int i = 0; i < 3; ++i) {
      term.press(KeyType::Enter);
      if (!until_question(app, term)) break;
    }
    app.step_once();
    const Canvas& f = term.frame();
    // The panel: the sidebar's rows from "Players" down to its bottom corner.
    int top = -1, x0 = -1;
    for (int y = 0; y < f.height() && top < 0; ++y)
      if (const std::size_t at = row_text(f, y).find("Players"); at != std::string::npos) {
        top = y;
        x0 = 0;
        std::string before;
        const std::string row = row_text(f, y);
        x0 = utf8_length(row.substr(0, at)) - 2;
      }
    REQUIRE(top >= 0);
    std::vector<std::string> rows;
    for (int y = top + 1; y < f.height(); ++y) {
      const std::string r = row_text(f, y, x0);
      if (r.find("└") != std::string::npos) break;
      rows.push_back(r);
    }
    INFO(term.text());
    for (const SeatPanel& seat : play(app)->table().seats()) {
      const std::string about = seat.kind + " · " + seat.detail;
      std::istringstream words(about);
      for (std::string word; words >> word;) {
        bool found = false;
        for (const std::string& r : rows) {
          // Whole: the word, then a space, a frame or the row's end.
          for (std::size_t at = r.find(word); at != std::string::npos && !found; at = r.find(word, at + 1)) {
            const std::size_t end = at + word.size();
            found = end >= r.size() || r[end] == ' ' || r.compare(end, 3, "│") == 0;
          }
        }
        CHECK(found);
        if (!found) WARN("cut: " << word);
      }
    }
  }
}

TEST_CASE("120x40: Wacky Races shows its whole course, to the Finish Line", "[shell][fit]") {
  FakeTerminal term(120, 40, true);
  AppContext ctx;
  ctx.unicode = true;
  TestTable t =
      make_test_table(Where::Local, one_person("wacky-races", 5, 4), term, Pace::Quick, false, kSpeedCount);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  REQUIRE(until_question(app, term));
  app.step_once();
  INFO(term.text());
  CHECK(term.shows(" 19 "));
  CHECK(term.shows("FIN"));
  // At 80x24 the course window keeps the field in sight and says there is more.
  term.resize(80, 24);
  app.step_once();
  app.step_once();
  CHECK_FALSE(term.shows("FIN"));
  CHECK(term.shows("→"));
}

TEST_CASE("Scrap Racer seed 7: the person's own crash stays on screen until a key or a few seconds",
          "[shell][fit][pace]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  TestTable t =
      make_test_table(Where::Local, one_person("scrap-racer", 7, 4), term, Pace::Shell, false, kDefaultSpeed);
  const Table& truth = *t.truth;
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  PlayTable& s = play(app)->table();
  // Roll again (1) at every question until a roll ends the turn.
  bool held = false;
  for (int i = 0; i < 20000 && !held && s.phase() != Phase::Over; ++i) {
    if (!term.keys_pending() && s.phase() == Phase::HumanTurn) term.press(U'1');
    app.step_once(term.now() + 50);
    held = !s.turn_result().empty();
  }
  REQUIRE(held);
  const std::vector<std::string> lines = s.turn_result();
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  INFO(all);
  CHECK(all.find("double") != std::string::npos);
  CHECK(all.find("crash card") != std::string::npos);
  const Millis from = term.now();
  const std::size_t steps = truth.history().size();
  // Two seconds on (no key), still there and nothing has moved.
  for (int k = 0; k < 1000 && term.now() < from + 2000; ++k) app.step_once(from + 2000);
  app.step_once(term.now());
  INFO(term.text());
  CHECK(truth.history().size() == steps);
  CHECK(term.shows(" Your turn "));
  // The newest line is whole; earlier ones may give way to it (then said).
  CHECK(term.shows(lines.back().substr(0, 30)));
  if (!term.shows(lines.front().substr(0, 30))) CHECK(term.shows("earlier in the log (l)"));
  // Space waves it on.
  term.press(U' ');
  for (int k = 0; k < 20 && !s.turn_result().empty(); ++k) app.step_once(term.now() + 10);
  app.step_once(term.now() + 10);
  CHECK(s.turn_result().empty());
  CHECK_FALSE(term.shows(" Your turn "));
}

TEST_CASE("A turn's result is held only where chance spoke after the person's decision",
          "[shell][fit][pace]") {
  // The fastest speed holds nothing (computers at once: the person asked for that).
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  TestTable t =
      make_test_table(Where::Local, one_person("scrap-racer", 7, 4), term, Pace::Quick, false, kSpeedCount);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  PlayTable& s = play(app)->table();
  for (int i = 0; i < 3000 && s.phase() != Phase::Over; ++i) {
    if (!term.keys_pending() && s.phase() == Phase::HumanTurn) term.press(U'1');
    app.step_once(term.now() + 50);
    REQUIRE(s.turn_result().empty());
  }
}
