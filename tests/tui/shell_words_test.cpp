// The words the shell shows at the moment they matter: each seat at a shared keyboard told its own part of a
// question, and the like.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/contest_keys.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

// The frame's rows with runs of spaces collapsed, so a line reads as text.
std::vector<std::string> squeezed_rows(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::string row;
    for (char ch : line)
      if (ch != ' ' || (!row.empty() && row.back() != ' ')) row += ch;
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out.push_back(row);
  }
  return out;
}

bool has_row_starting(const std::vector<std::string>& rows, const std::string& start) {
  for (const std::string& r : rows)
    if (r.rfind(start, 0) == 0 || r.find("| " + start) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("contest questions: what several humans share is said once, each one's own beside their keys",
          "[shell][words]") {
  const SharedQuestion q =
      share_questions({"TAP! A card is correct if it is red. If no card is correct, tap your own (#1).",
                       "TAP! A card is correct if it is red. If no card is correct, tap your own (#2). "
                       "(Time Penalty: a tie makes you incorrect this round.)"});
  CHECK(q.common == "TAP! A card is correct if it is red.");
  REQUIRE(q.own.size() == 2);
  CHECK(q.own[0] == "If no card is correct, tap your own (#1).");
  CHECK(q.own[1] ==
        "If no card is correct, tap your own (#2). (Time Penalty: a tie makes you incorrect this round.)");
  const SharedQuestion same = share_questions({"Roll! Go.", "Roll! Go."});
  CHECK(same.common == "Roll! Go.");
  CHECK(same.own == std::vector<std::string>{"", ""});
}

TEST_CASE("hot-seat Racesmack: each human is told their own card to tap (#1 for Ana, #2 for Ben)",
          "[shell][words]") {
  FakeTerminal term(200, 50, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "racesmack";
  req.seats = {"human", "human", "normal"};
  req.names = {"Ana", "Ben", "Cleo"};
  req.seed_text = "11";
  App app(term, ctx, make_seats_screen(ctx, req));
  term.press(KeyType::Enter);  // seats as given
  term.press(KeyType::Enter);  // start
  bool seen = false;
  for (int i = 0; i < 20000 && !app.finished() && !seen; ++i) {
    app.step_once();
    auto* ps = dynamic_cast<PlayScreen*>(&app.top());
    if (!ps || term.keys_pending()) continue;
    GameSession& s = ps->session();
    if (s.phase() == Phase::PassDevice) term.press(KeyType::Enter);
    if (s.phase() == Phase::HumanTurn) term.press(U'1');
    if (s.phase() == Phase::Contest && s.contest_humans().size() == 2) seen = true;
  }
  REQUIRE(seen);
  const std::vector<std::string> rows = squeezed_rows(term.text());
  INFO(term.text());
  CHECK(has_row_starting(rows, "Ana: If no card is correct, tap your own (#1). [z] Tap #1"));
  CHECK(has_row_starting(rows, "Ben: If no card is correct, tap your own (#2). [/] Tap #1"));
  CHECK_FALSE(term.shows("Ben: If no card is correct, tap your own (#1)"));
}

TEST_CASE("standings: every game says its score in words for the header, at every step", "[shell][words]") {
  for (const auto& entry : builtin_registry().all()) {
    for (const char* variant : {"", "championship"}) {
      if (*variant && entry.info.id != "wacky-races") continue;
      setup::TableRequest req;
      req.game = entry.info.id;
      req.seats = {"random", "random", "random"};
      req.seed_text = "5";
      if (*variant) req.variants = {variant};
      auto table = setup::make_table(req, 1);
      for (int step = 0; step < 3000 && !table->over(); ++step) {
        if (step % 50 == 0)
          for (const Placing& pl : table->state().standings().placings) {
            INFO(entry.info.id << " " << variant << " step " << step << ": \"" << pl.brief << "\"");
            CHECK(brief_score(pl).find_first_not_of("0123456789") != std::string::npos);  // not a bare number
            CHECK(pl.brief.size() <= 20);
          }
        table->advance_one();
      }
    }
  }
}

TEST_CASE("the header's one-line strip labels each seat's score (RC Racer at 80x24)", "[shell][words]") {
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
  term.press(U'1');
  REQUIRE(run_until(app, term, [&] { return term.shows("Place your Racecar"); }));
  const std::vector<std::string> rows = squeezed_rows(term.text());
  REQUIRE(rows.size() > 1);
  INFO(term.text());
  CHECK_THAT(rows[1], Catch::Contains("Ana (you) column") || Catch::Contains("Ana (you) not placed"));
  // A computer stays marked as one when the strip drops the seats' levels.
  CHECK_THAT(rows[1], Catch::Contains("Ben (computer) column"));
  CHECK_THAT(rows[1], Catch::Contains("Cleo (computer) column"));
}

TEST_CASE("the log: a rule's name reads whole inside the brackets the log puts it in", "[shell][words]") {
  // Its brackets balance, so "(rule)" closes where the rule ends.
  // The shell writes "text  (rule)": a rule named "B) Doubles 1: crash card"
  // read "(B) Doubles 1: crash card)".
  for (const auto& entry : builtin_registry().all()) {
    setup::TableRequest req;
    req.game = entry.info.id;
    req.seats = {"random", "random", "random"};
    req.seed_text = "9";
    auto table = setup::make_table(req, 1);
    EventSink events;
    table->set_event_sink(&events);
    for (int step = 0; step < 3000 && !table->over(); ++step) table->advance_one();
    std::set<std::string> rules;
    for (const Event& e : events) rules.insert(e.rule);
    for (const std::string& rule : rules) {
      INFO(entry.info.id << ": " << rule);
      int depth = 0;
      bool closed_early = false;
      for (char ch : rule) {
        depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
        closed_early = closed_early || depth < 0;
      }
      CHECK_FALSE(closed_early);
      CHECK(depth == 0);
    }
  }
}

TEST_CASE("Wacky Races' set-up: the header and the board both say the race is being set up",
          "[shell][words]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "wacky-races";
  req.seats = {"human", "normal", "normal"};
  req.names = {"Ana", "Ben", "Cleo"};
  req.seed_text = "7";
  App app(term, ctx, make_seats_screen(ctx, req));
  int set_up_frames = 0;
  std::vector<std::string> wrong;
  app.on_frame = [&](Millis, const std::string&) {
    const std::string text = term.text();
    if (text.find("Setting up the race...") == std::string::npos) return;
    ++set_up_frames;
    const std::string header = text.substr(0, text.find('\n'));
    if (header.find("Setting up") == std::string::npos || text.find("Computers' turn") != std::string::npos ||
        text.find("Ana's turn") != std::string::npos ||
        text.find("computers are playing") != std::string::npos)
      wrong.push_back(text);
  };
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  REQUIRE(run_until(app, term, [&] {
    auto* ps = dynamic_cast<PlayScreen*>(&app.top());
    return ps && ps->session().phase() == Phase::HumanTurn;
  }));
  CHECK(set_up_frames > 0);
  for (const std::string& w : wrong) UNSCOPED_INFO(w);
  CHECK(wrong.empty());
}
