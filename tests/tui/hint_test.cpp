// Hints during a game: `h` (line mode: `hint`) shows the move the
// strongest computer would make for the person's position and why; the
// table's random streams and history are untouched; the save, history.jsonl
// and the Stats page say the game had hints, and the stats count it apart.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/hint.h"
#include "core/history.h"
#include "core/presenter.h"
#include "core/save.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/line_mode.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"
#include "tui/shell/stats_report.h"

using namespace rt;
using namespace rt::shell;
using rt::shell::test::FakeTerminal;
using rt::shell::test::run_until;
using rt::shell::test::TempDir;

namespace {

// Seat 1 a person, the others normal computers.
std::unique_ptr<Table> person_table(const std::string& game, std::uint64_t seed) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.default_seat = "normal";
  req.seats = {"human", "normal", "normal"};
  return setup::make_table(req, 1);
}

// Plays on until the person (seat 0) has an untimed decision; false at the end.
bool to_persons_move(Table& table) {
  std::vector<PlayerId> waiting;
  for (;;) {
    table.advance();
    if (table.over()) return false;
    table.humans_to_act(waiting);
    if (!timed(table.state())) return true;
    // A timed contest: the person lets the clock run (the first option, late).
    std::vector<Action> legal;
    table.state().legal_actions(0, legal);
    table.submit(0, legal.front(),
                 table.next_scheduled() == kNoDeadline ? table.state().now() + 5000 : table.next_scheduled());
  }
}

// A finished game of computers (seat 1 counted as "you" in the record).
std::unique_ptr<Table> finished_table(const std::string& game, std::uint64_t seed) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.default_seat = "normal";
  auto table = setup::make_table(req, 1);
  table->advance();
  return table;
}

}  // namespace

TEST_CASE("Hints use the strongest computer level there is", "[hint]") {
  // The hints use the strongest level; a stronger level added to
  // kBotLevels must be named in kHintLevel (core/hint.h) too.
  CHECK(kHintLevel == kBotLevels.back());
}

TEST_CASE("Hint: the move is the strongest computer's choice for that position, in every game",
          "[hint][games]") {
  for (const auto& entry : builtin_registry().all()) {
    const std::string id = entry.info.id;
    INFO(id);
    auto table = person_table(id, 3);
    int asked = 0;
    for (int move = 0; move < 6 && to_persons_move(*table); ++move) {
      const State& st = table->state();
      // The strongest computer (kHintLevel: expert) in the person's seat, with the hint's own stream.
      Rng rng = hint_rng(table->seed(), 0, table->history().size());
      std::unique_ptr<Agent> strongest = make_agent(table->game(), kHintLevel);
      const Action want = strongest->decide(st, 0, rng).action;
      const auto streams = table->rng_states();
      const auto steps = table->history().size();
      const HintReply reply = ask_hint(*table, 0);
      REQUIRE(reply.hint);
      CHECK(reply.hint->action == want);
      CHECK(reply.hint->move == table->game().presenter().action_label(st, 0, want));
      CHECK_FALSE(reply.hint->reason.empty());
      CHECK(reply.hint->line().find('\n') == std::string::npos);
      // Asking changed nothing of the game: not its streams, not its history.
      CHECK(table->rng_states() == streams);
      CHECK(table->history().size() == steps);
      ++asked;
      CHECK(table->hints(0) == asked);
      table->submit(0, reply.hint->action, st.now());
    }
    CHECK(asked > 0);
  }
}

TEST_CASE("Hint: none in a timed contest, none for a seat not asked", "[hint]") {
  auto table = person_table("go-wacky", 1);
  bool met = false;
  std::vector<PlayerId> waiting;
  std::vector<Action> legal;
  for (int i = 0; i < 20000 && !table->over() && !met; ++i) {
    table->humans_to_act(waiting);
    if (!waiting.empty() && timed(table->state())) {
      met = true;
      CHECK(ask_hint(*table, 0).refused == "No hints in a timed contest: the race is yours.");
      break;
    }
    if (table->advance_one()) continue;
    // The person's untimed move: the computer's seat is not asked.
    CHECK(ask_hint(*table, 1).refused == "No hint now: it is not your move.");
    legal.clear();
    table->state().legal_actions(0, legal);
    table->submit(0, legal.front(), table->state().now());
  }
  CHECK(met);
  CHECK(table->hints(0) == 0);
  CHECK(table->hints(1) == 0);
}

TEST_CASE("Hint: the save says so, and a save without hints is as it always was", "[hint][save]") {
  auto table = person_table("go-wacky", 2);
  REQUIRE(to_persons_move(*table));
  const std::string plain = save_text(*table);
  CHECK(plain.find("\nhints ") == std::string::npos);
  REQUIRE(ask_hint(*table, 0).hint);
  REQUIRE(ask_hint(*table, 0).hint);
  const std::string hinted = save_text(*table);
  CHECK(hinted.find("\nhints 1 2\n") != std::string::npos);
  // Apart from that line, the same save.
  std::string without = hinted;
  without.erase(without.find("hints 1 2\n"), 10);
  CHECK(without == plain);
  const auto back = load_save(hinted, "t.save", builtin_registry(), DataSource::embedded());
  CHECK(back->hints(0) == 2);
  CHECK(back->hints(1) == 0);
  CHECK(save_text(*back) == hinted);
  CHECK_THROWS_WITH(parse_save(std::string(hinted).insert(hinted.find("hints 1 2"), "hints 9 1\n"), "t.save"),
                    Catch::Contains("bad hints line"));
}

TEST_CASE("Hint: history.jsonl marks a game with hints and the stats count it apart", "[hint][history]") {
  auto plain = finished_table("go-wacky", 4);
  auto helped = finished_table("go-wacky", 5);
  REQUIRE(plain->over());
  helped->note_hint(0);  // as ask_hint() notes it
  const HistoryRecord a = finished_game_record(*plain, 0, "", "", {0});
  const HistoryRecord b = finished_game_record(*helped, 0, "", "", {0});
  const std::string line_a = history_line(a);
  const std::string line_b = history_line(b);
  CHECK(line_a.find("hint") == std::string::npos);
  CHECK(line_b.find("\"hinted\":true") != std::string::npos);
  CHECK(line_b.find("\"hints\":1") != std::string::npos);
  std::string why;
  const auto read_b = parse_history_line(line_b, why);
  REQUIRE(read_b);
  CHECK(read_b->hinted_by_you());
  CHECK(read_b->seats[0].hints == 1);
  const HistoryStats st = history_stats({a, *read_b});
  CHECK(st.all.games == 1);
  CHECK(st.hinted.games == 1);
  CHECK(st.per_game.at("Go Wacky!").games == 1);
  HistoryRead read;
  read.records = {a, *read_b};
  CHECK_THAT(stats_text(read, st, "h.jsonl"), Catch::Contains("Games with hints: 1,"));
  CHECK_THAT(stats_json(read, st, "h.jsonl"), Catch::Contains("\"hinted\":{"));
}

TEST_CASE("Hint: the Stats page shows games with hints apart", "[hint][shell][stats]") {
  const TempDir tmp;
  auto helped = finished_table("go-wacky", 5);
  helped->note_hint(0);
  auto plain = finished_table("go-wacky", 4);
  REQUIRE(append_history(tmp.path(), finished_game_record(*plain, 0, "", "", {0})).empty());
  REQUIRE(append_history(tmp.path(), finished_game_record(*helped, 0, "", "", {0})).empty());
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  ctx.state_dir = tmp.path();
  App app(term, ctx, make_stats_screen(ctx));
  REQUIRE(run_until(app, term, [&] { return term.shows("Games with hints: 1"); }));
  INFO(term.text());
  CHECK(term.shows("Your games: 1 "));
  CHECK(term.shows("(not counted above)"));
  CHECK(term.shows("(hints)"));
}

TEST_CASE("Hint: h on the game screen at 80x24 shows the hint above the question, and the save says so",
          "[hint][shell]") {
  FakeTerminal term(80, 24, false);
  AppContext ctx;
  const TempDir tmp;
  ctx.state_dir = tmp.path();
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "normal", "normal"};
  req.names = {"Ana", "Ben", "Cleo"};
  req.seed_text = "1";
  App app(term, ctx, make_seats_screen(ctx, req));
  term.press(KeyType::Enter);
  term.press(KeyType::Enter);
  auto* ps = [&]() -> PlayScreen* {
    run_until(app, term, [&] { return dynamic_cast<PlayScreen*>(&app.top()) != nullptr; });
    return dynamic_cast<PlayScreen*>(&app.top());
  }();
  REQUIRE(ps);
  REQUIRE(run_until(app, term, [&] { return ps->session().phase() == Phase::HumanTurn; }));
  INFO(term.text());
  CHECK(term.shows("h hint"));  // named where it works
  CHECK(term.shows("q quit"));
  term.press(U'h');
  REQUIRE(run_until(app, term, [&] { return term.shows("Hint: "); }));
  INFO(term.text());
  CHECK(term.shows("q quit"));  // the key help stays
  // The question stays on screen, whole.
  const std::string prompt = ps->session().presenter().prompt(ps->session().state(), 0);
  CHECK(term.shows(prompt.substr(0, std::min<std::size_t>(prompt.size(), 30))));
  CHECK_FALSE(term.shows("h hint"));  // asked: the help line gives its place back
  CHECK(ps->session().table().hints(0) == 1);
  // The highlight moved to the hinted move: the highlighted option's line
  // names it, and Enter plays it.
  const std::string text = term.text();
  const auto from = text.find("Hint: ") + 6;
  const std::string move = text.substr(from, std::min<std::size_t>(text.find(". Why:", from) - from, 20));
  std::istringstream rows(text);
  std::string row, highlighted;
  while (std::getline(rows, row))
    if (row.find("> ") != std::string::npos && row.find(move) != std::string::npos)
      highlighted = row;  // ASCII
  CHECK_FALSE(highlighted.empty());
  std::ifstream f(ps->session().save_path());
  std::stringstream saved;
  saved << f.rdbuf();
  if (!ps->session().nothing_played()) CHECK_THAT(saved.str(), Catch::Contains("hints 1 1"));
}

TEST_CASE("Hint: line mode's `hint` prints the hint and play goes on", "[hint][line]") {
  Options o;
  o.players = 2;
  std::shared_ptr<const Game> game = builtin_registry().create("go-wacky", o, DataSource::embedded());
  Table table(game, {{"Ana", SeatKind::Human}, {"Ben", SeatKind::Bot, BotLevel::Normal}}, 5);
  std::istringstream in("hint\n1\n");
  std::string out, err;
  cli::LineModeOptions opt;
  opt.in = &in;
  opt.out = [&](std::string_view s) { out += s; };
  opt.err = [&](std::string_view s) { err += s; };
  opt.interactive = false;
  CHECK(cli::play_line_mode(table, opt) == 0);
  CHECK_THAT(out, Catch::Contains("> Hint: "));
  CHECK(err.empty());
  CHECK(table.hints(0) == 1);
}
