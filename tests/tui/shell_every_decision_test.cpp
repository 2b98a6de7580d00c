// Every decision readable at 80x24: seeded games of every game at
// every player count, played through the shell in a fake 80x24 terminal by
// picking options with the keys a person uses (Down to the option, Enter).
// Every frame of a decision is read as a person reads it: each option on
// screen must show its whole text (wrapped, never cut), the highlighted one
// must be on screen, and no two options of a decision may read the same.
// Half the games are drawn in ASCII, where stand-ins ("ok", "[3]") widen text.
// A sample of the games also runs at a shared table (tests/tui/shell_both_tables.h):
// the options then come from the server's screen model.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_both_tables.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

using namespace rt;
using namespace rt::shell;
using namespace rt::shell::test;

namespace {

// Spaces collapsed, ends trimmed: wrapped text joined back reads the same.
std::string one_spaced(std::string_view text) {
  std::string out;
  for (char32_t cp : utf8_decode(text)) {
    if (cp == U' ' || cp == U'\n') {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      utf8_append(out, cp);
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string row_span(const Canvas& f, int x, int y, int w) {
  std::string s;
  for (int i = x; i < x + w && i < f.width(); ++i) utf8_append(s, f.at(i, y).ch);
  return s;
}

struct Checked {
  int frames = 0;
  int decisions = 0;
  int wrapped = 0;   // options shown on more than one row
  int scrolled = 0;  // frames where some options were off screen
};

// Reads the options on the frame; FAILs with the screen when one is cut,
// the highlighted one is missing or two read alike.
void check_frame(const FakeTerminal& term, const PlayScreen& ps, Checked& checked) {
  const std::vector<std::string>& labels = ps.option_labels();
  const int n = static_cast<int>(labels.size());
  if (n == 0) return;
  ++checked.frames;
  const Canvas& f = term.frame();
  const bool uni = f.unicode();
  // Every option of the decision reads differently (as this canvas draws it).
  std::set<std::string> distinct;
  for (const std::string& l : labels) distinct.insert(one_spaced(canvas_form(l, uni)));
  if (static_cast<int>(distinct.size()) != n) {
    std::string all;
    for (const std::string& l : labels) all += "  [" + l + "]\n";
    FAIL("two options of one decision read the same:\n" << all << term.text());
  }
  // The rows each option takes on screen, joined back.
  const Rect r = ps.options_rect();
  const std::vector<int>& at_row = ps.option_rows();
  if (static_cast<int>(at_row.size()) > r.h) FAIL("more option rows than the options' rectangle");
  std::vector<std::string> shown(static_cast<std::size_t>(n));
  std::vector<int> rows(static_cast<std::size_t>(n), 0);
  for (std::size_t k = 0; k < at_row.size(); ++k) {
    const int idx = at_row[k];
    if (idx < 0 || idx >= n) FAIL("a row of options names no option: " << idx);
    // The marker and the key ("> 1 "), then the text up to the scroll arrows' column.
    std::string t = row_span(f, r.x + 2, r.y + static_cast<int>(k), r.w - 3);
    if (rows[static_cast<std::size_t>(idx)] == 0) t = t.size() >= 2 ? t.substr(2) : std::string();
    shown[static_cast<std::size_t>(idx)] += " " + t;
    ++rows[static_cast<std::size_t>(idx)];
  }
  const int cursor = ps.cursor();
  INFO("decision: " << ps.option_labels().size() << " options, highlighted " << cursor);
  if (rows[static_cast<std::size_t>(cursor)] == 0)
    FAIL("the highlighted option is off screen:\n" << term.text());
  std::set<std::string> seen;
  bool scrolled = false;
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (rows[k] == 0) {
      scrolled = true;
      continue;
    }
    if (rows[k] > 1) ++checked.wrapped;
    const std::string want = one_spaced(canvas_form(labels[k], uni));
    const std::string got = one_spaced(shown[k]);
    if (got != want)
      FAIL("option " << i + 1 << " is cut:\n  wants: " << want << "\n  shows: " << got << "\n"
                     << term.text());
    if (!seen.insert(got).second) FAIL("two options render the same: " << got << "\n" << term.text());
  }
  if (scrolled) ++checked.scrolled;
}

// Plays one game through the shell, choosing at random with Down and Enter,
// up to `max_decisions` decisions; returns false if the game got stuck.
bool play_and_check(const std::string& game, int players, std::uint64_t seed, bool all_human, bool unicode,
                    int max_decisions, Checked& checked, Where where = Where::Local) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.players = players;
  req.seats.assign(static_cast<std::size_t>(players), all_human ? "human" : "easy");
  req.seats[0] = "human";
  FakeTerminal term(80, 24, unicode);
  AppContext ctx;
  const rt::shell::test::TempDir tmp;
  ctx.state_dir = tmp.path();
  ctx.unicode = unicode;
  // No save: a save (with its fsync) at every human turn would be most of the time.
  TestTable t =
      make_test_table(where, setup::make_table(req, players), term, Pace::Quick, false, kSpeedCount);
  App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
  std::mt19937 rng(static_cast<std::uint32_t>(seed * 7919 + static_cast<std::uint64_t>(players)));
  int decisions = 0;
  int frames_at_key = 0;
  for (int step = 0; step < 20000 && decisions < max_decisions; ++step) {
    app.step_once();
    PlayScreen* ps = play(app);
    if (!ps) return false;
    const Phase phase = ps->table().phase();
    if (phase == Phase::Over) return true;
    if (term.keys_pending()) continue;
    const int n = static_cast<int>(ps->option_labels().size());
    if (phase == Phase::PassDevice) {
      term.press(KeyType::Enter);
    } else if (phase == Phase::HumanTurn && n > 0) {
      app.step_once();  // a frame of this decision (the last step may have drawn before its key)
      check_frame(term, *ps, checked);
      ++decisions;
      ++checked.decisions;
      // Down (j) to a random option, a frame read at each step, then Enter.
      const int target = static_cast<int>(rng() % static_cast<unsigned>(n));
      // j: Down moves a car in RC Racer's sliding puzzle, j always the highlight.
      for (int k = 0; k < n && ps->cursor() != target; ++k) {
        term.press(U'j');
        app.step_once();  // the key
        app.step_once();  // its frame
        check_frame(term, *ps, checked);
      }
      term.press(KeyType::Enter);
    } else if (phase == Phase::Contest && !ps->table().contest_humans().empty()) {
      if (ps->table().contest_humans().size() == 1 && n > 1 && ps->table().phase() == Phase::Contest &&
          term.frames() > frames_at_key)
        check_frame(term, *ps, checked);
      // A human's contest: Space for the one human, every seat's first key for several.
      frames_at_key = term.frames();
      // A die takes time to land and a press while it rolls is dropped: let
      // the fake clock run between presses, as a held key's repeat would.
      term.advance(50);
      // One human: Space. Several: each one's first key (their group's first option).
      const std::vector<PlayerId> in = ps->table().contest_humans();
      if (in.size() == 1 && n > 1)
        term.press(static_cast<char32_t>(U'1' + rng() % static_cast<unsigned>(std::min(n, 9))));
      else if (in.size() == 1)
        term.press(U' ');
      else
        for (PlayerId p : in) {
          const int rank = ps->table().human_rank(p);
          if (rank >= 0) term.press(seat_keys(rank).front());
        }
    }
  }
  if (decisions < max_decisions)
    WARN("stuck after " << decisions << " decisions, phase " << static_cast<int>(play(app)->table().phase())
                        << ":\n"
                        << term.text());
  return decisions >= max_decisions;
}

// Decisions per game: enough for every kind of question of a game (their
// first rounds), few enough for seconds in all. `make soak` plays further.
constexpr int kDecisionsPerGame = 60;

}  // namespace

TEST_CASE("every decision at 80x24: every option whole on screen, none alike", "[shell][layout][decisions]") {
  const auto& all = builtin_registry().all();
  Checked checked;
  for (const auto& entry : all) {
    const GameInfo& info = entry.info;
    for (int players = info.min_players; players <= info.max_players; ++players) {
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        // A human among computers, in ASCII and UTF-8 in turn.
        const bool all_human = false;
        const bool unicode = (seed + static_cast<std::uint64_t>(players)) % 2 == 0;
        INFO(info.id << " players " << players << " seed " << seed
                     << (all_human ? " all human" : " one human") << (unicode ? " UTF-8" : " ASCII"));
        CHECK(play_and_check(info.id, players, seed, all_human, unicode, kDecisionsPerGame, checked));
      }
    }
  }
  INFO(checked.decisions << " decisions, " << checked.frames << " frames");
  CHECK(checked.decisions > 500);
  CHECK(checked.wrapped > 0);  // long options did wrap
  WARN(checked.decisions << " decisions, " << checked.frames << " frames read, " << checked.wrapped
                         << " wrapped options, " << checked.scrolled << " scrolled frames");
}

TEST_CASE("every decision at 80x24 at a shared table: a few games of each, options from the server",
          "[shell][layout][decisions][tables]") {
  // Two seeds per game at its largest table (the most seats on screen) and
  // one at its smallest, one human among computers: the local test above
  // covers every count; this shows the server's model reads the same.
  Checked checked;
  for (const auto& entry : builtin_registry().all()) {
    const GameInfo& info = entry.info;
    for (const auto& [players, seed] :
         {std::pair{info.max_players, std::uint64_t{1}}, std::pair{info.max_players, std::uint64_t{2}},
          std::pair{info.min_players, std::uint64_t{3}}}) {
      const bool unicode = seed % 2 == 0;
      INFO(info.id << " players " << players << " seed " << seed << (unicode ? " UTF-8" : " ASCII"));
      CHECK(play_and_check(info.id, players, seed, false, unicode, 30, checked, Where::Shared));
    }
  }
  // Short games end before 30 decisions of their one person (293 when written).
  CHECK(checked.decisions > 200);
}
