// Contests at a physical pace, through the shell on a fake clock: a held
// key (a press every 10 ms) rolls no faster than a die lands, nor does a
// computer that would answer at once; a contest's result stays on screen;
// no "computer is playing" banner on a person's own turn. No wall clock:
// the fake terminal's clock jumps to each deadline. The screen tests run
// through both tables (tests/tui/shell_both_tables.h): a local game and a
// shared one, where the table server holds the result for every screen.
#include <catch2/catch.hpp>

#include <map>

#include "core/agent.h"
#include "core/timed_contests.h"
#include "games/go_wacky/state.h"
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

constexpr Tick kRollMs = 400;  // data/go-wacky/deck.json "roll_ms", said on the rules screen

std::unique_ptr<Table> go_wacky_table(const std::vector<std::string>& seats, int seed) {
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = seats;
  req.seed_text = std::to_string(seed);
  return setup::make_table(req, 1);
}

// A computer that rolls the instant it may: a key mashed by a machine. The
// Table must still let each die land first. Everything else (cards, the
// Bull's-eye) it plays as the normal computer does.
class MashingAgent final : public Agent {
 public:
  explicit MashingAgent(const Game& game) : normal_(make_agent(game, BotLevel::Normal)) {}
  Decision decide(const State& state, PlayerId me, Rng& rng) override {
    scratch_.clear();
    state.legal_actions(me, scratch_);
    if (timed(state) && scratch_.size() == 1 && scratch_.front() == go_wacky::kRoll)
      return Decision{go_wacky::kRoll, 1};
    return normal_->decide(state, me, rng);
  }

 private:
  std::unique_ptr<Agent> normal_;
  std::vector<Action> scratch_;
};

template <class Done>
Millis run_session(GameSession& s, Millis now, Done done, int max = 200000) {
  for (int i = 0; i < max && !done(); ++i) {
    s.update(now);
    if (done()) break;
    const Millis w = s.wake_at(now);
    if (w == kNever) break;
    now = std::max(now + 1, w);
  }
  return now;
}

// Every seat's rolls, per contest: the ticks they were stamped with.
std::map<std::pair<PlayerId, int>, std::vector<Tick>> rolls_by_seat_and_race(const Table& t) {
  // Replays the history on a fresh table to know which steps were rolls in which race.
  auto replay = std::make_unique<Table>(t.game_ptr(), t.seats(), t.seed());
  std::map<std::pair<PlayerId, int>, std::vector<Tick>> out;
  for (const Step& step : t.history()) {
    const State& st = replay->state();
    if (step.player >= 0 && step.action == go_wacky::kRoll && timed(st))
      out[{step.player, static_cast<int>(contest_id(st))}].push_back(step.tick);
    replay->replay_step(step);
  }
  return out;
}

// Plays the person's turns through the screen (a "Go Wacky!" card first)
// until a rolling race with the person in it opens; false if none came.
bool screen_to_human_race(App& app, FakeTerminal& term, const Table& truth) {
  for (int i = 0; i < 400000 && !truth.over(); ++i) {
    app.step_once(term.now() + 50);
    PlayScreen* ps = play(app);
    if (!ps || term.keys_pending()) continue;
    PlayTable& pt = ps->table();
    if (pt.phase() == Phase::GetReady && !pt.contest_humans().empty()) {
      std::vector<Action> acts;
      truth.state().legal_actions(0, acts);
      if (!acts.empty() && acts.front() == go_wacky::kRoll) return true;
    }
    if (pt.phase() == Phase::Contest && !pt.contest_humans().empty()) {
      term.advance(50);  // someone else's race or a Bull's-eye: throw and go on
      term.press(U' ');
    } else if (pt.phase() == Phase::HumanTurn) {
      const Question q = pt.question(0);
      char32_t key = U'\n';
      for (std::size_t k = 0; k < q.labels.size() && k < 9; ++k)
        if (q.labels[k].find("Go Wacky!") != std::string::npos) key = U'1' + static_cast<char32_t>(k);
      if (key == U'\n')
        term.press(KeyType::Enter);
      else
        term.press(key);
    }
  }
  return false;
}

}  // namespace

TEST_CASE("Physical pace: a held key (a press every 10 ms) rolls no faster than the die lands",
          "[shell][pace][contest][tables]") {
  // data/go-wacky/rules.txt: "A die takes 0.4 seconds to land, for everybody:
  // a press while your die is still rolling is dropped".
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  // A shared table drops a client that sends more than 60 messages a
  // second for long (the flood limit): there the key repeats every 20 ms,
  // still faster than any keyboard's auto-repeat (~30 a second).
  const Millis press_ms = where == Where::Local ? 10 : 20;
  bool raced = false;
  for (int seed = 1; seed < 60 && !raced; ++seed) {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    ctx.unicode = false;
    TestTable t =
        make_test_table(where, go_wacky_table({"human", "normal", "normal"}, seed), term, Pace::Shell, false);
    const Table& truth = *t.truth;
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    if (!screen_to_human_race(app, term, truth)) continue;
    raced = true;
    REQUIRE(action_time(truth.state(), 0, go_wacky::kRoll) == kRollMs);
    const std::uint32_t race = contest_id(truth.state());
    PlayTable& pt = play(app)->table();
    // Hold Space: auto-repeat until the race is over.
    Millis next_press = term.now();
    Millis first_press = -1;
    int presses = 0;
    for (int i = 0; i < 100000; ++i) {
      const bool racing = pt.phase() == Phase::GetReady || pt.phase() == Phase::Contest;
      if (!racing && first_press >= 0) break;
      if (term.now() >= next_press) {
        term.press(U' ');
        ++presses;
        if (first_press < 0) first_press = term.now();
        next_press += press_ms;
      }
      app.step_once(next_press);
    }
    const Millis held_ms = term.now() - first_press;
    const auto rolls = rolls_by_seat_and_race(truth);
    const auto it = rolls.find({0, static_cast<int>(race)});
    REQUIRE(it != rolls.end());
    const std::vector<Tick>& mine = it->second;
    INFO("seed " << seed << ": " << mine.size() << " rolls from " << presses << " presses in " << held_ms
                 << " ms");
    CHECK(mine.size() >= 3);
    for (std::size_t i = 1; i < mine.size(); ++i) CHECK(mine[i] - mine[i - 1] >= kRollMs);
    // Within the pace, and not much below it either: the first press after
    // each landing rolls (a held key is not slower than the dice).
    CHECK(static_cast<Millis>(mine.size()) <= held_ms / kRollMs + 1);
    for (std::size_t i = 1; i < mine.size(); ++i) CHECK(mine[i] - mine[i - 1] <= kRollMs + press_ms);
    CHECK(presses > 10 * static_cast<int>(mine.size()));  // most presses were dropped
    CHECK_FALSE(term.shows("Too late"));                  // a dropped press is not "too late"
  }
  CHECK(raced);
}

TEST_CASE("Physical pace: a computer that answers at once rolls no faster than the die lands",
          "[shell][pace][contest]") {
  // The same pace for computers, in the shell (through the Pacer) ...
  int races = 0;
  for (int seed = 1; seed <= 6; ++seed) {
    std::unique_ptr<Table> table = go_wacky_table({"normal", "normal", "normal"}, seed);
    table->set_agent(1, std::make_unique<MashingAgent>(table->game()));
    SessionOptions so;
    so.speed = 3;
    GameSession s(std::move(table), {}, so);
    run_session(s, 0, [&] { return s.phase() == Phase::Over; });
    REQUIRE(s.phase() == Phase::Over);
    for (const auto& [key, ticks] : rolls_by_seat_and_race(s.table())) {
      ++races;
      for (std::size_t i = 1; i < ticks.size(); ++i) CHECK(ticks[i] - ticks[i - 1] >= kRollMs);
      if (key.first == 1 && ticks.size() > 2)
        CHECK(ticks[2] - ticks[1] == kRollMs);  // the masher rolls the moment its die lands
    }
  }
  CHECK(races > 0);
  // ... and in a scripted run (the Table alone, no clock), where the rule is the same.
  std::unique_ptr<Table> table = go_wacky_table({"normal", "normal", "normal", "normal"}, 9);
  for (PlayerId p = 0; p < 4; ++p) table->set_agent(p, std::make_unique<MashingAgent>(table->game()));
  table->advance();
  REQUIRE(table->over());
  int rolls = 0;
  for (const auto& [key, ticks] : rolls_by_seat_and_race(*table)) {
    rolls += static_cast<int>(ticks.size());
    for (std::size_t i = 1; i < ticks.size(); ++i) CHECK(ticks[i] - ticks[i - 1] >= kRollMs);
  }
  CHECK(rolls > 10);
}

TEST_CASE("Results stay on screen: who won a contest is still shown 1.5 s after it resolved",
          "[shell][pace][contest][tables]") {
  const Where where = GENERATE(Where::Local, Where::Shared);
  INFO(where_name(where));
  int seen = 0;
  for (int seed = 1; seed < 40 && seen < 3; ++seed) {
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    ctx.unicode = false;
    TestTable t =
        make_test_table(where, go_wacky_table({"human", "easy", "easy"}, seed), term, Pace::Shell, false);
    const Table& truth = *t.truth;
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    PlayTable& s = play(app)->table();
    bool was_showing = false;
    for (int i = 0; i < 100000 && s.phase() != Phase::Over && seen < 3; ++i) {
      // Answer the human with Enter (turns) or Space (races), never during a result.
      if (!term.keys_pending() && s.contest_result().empty()) {
        if (s.phase() == Phase::HumanTurn) term.press(KeyType::Enter);
        if (s.phase() == Phase::Contest && !s.contest_humans().empty()) term.press(U' ');
      }
      app.step_once(term.now() + 50);
      const std::vector<std::string> result = s.contest_result();
      const bool showing = !result.empty();
      const bool began = showing && !was_showing;
      was_showing = showing;
      if (!began) continue;
      // A contest just resolved: who won what and why is on screen now ...
      const std::string why = result.front();
      const std::string won = result.back();
      CHECK((won.rfind("Won in this contest: ", 0) == 0 || won == "Nobody won anything in it."));
      const Millis resolved = term.now();
      const std::size_t steps = truth.history().size();
      // ... and 1.5 s later (no key pressed), still: the game has not moved on.
      for (int k = 0; k < 1000 && term.now() < resolved + 1500; ++k) app.step_once(resolved + 1500);
      REQUIRE(term.now() >= resolved + 1500);
      INFO("seed " << seed << ": " << why << " / " << won);
      app.step_once(term.now());
      CHECK(truth.history().size() == steps);
      CHECK(term.shows(" Result "));
      CHECK(term.shows(won.substr(0, 20)));  // the pane is ~40 columns: lines wrap
      CHECK(term.shows(why.substr(0, 20)));
      // A shared table's pace is the host's: no key waves the result on there.
      CHECK(term.shows("Space or Enter: go on now.") == (where == Where::Local));
      ++seen;
      // Then it goes on by itself.
      for (int k = 0; k < 1000 && !s.contest_result().empty(); ++k) app.step_once(term.now() + 50);
      CHECK(s.contest_result().empty());
      CHECK(term.now() <= resolved + kAfterContestMs + 100);
    }
  }
  CHECK(seen == 3);
}

TEST_CASE("No computer banner on a person's turn: the question comes at once", "[shell][pace][tables]") {
  // One person among computers, locally and at a shared table; two people at
  // one keyboard (hot-seat) only locally: a shared table's client holds one
  // person's seat.
  struct Case {
    Where where;
    std::vector<std::string> seats;
  };
  for (const Case& c :
       {Case{Where::Local, {"human", "normal", "normal"}}, Case{Where::Shared, {"human", "normal", "normal"}},
        Case{Where::Local, {"human", "human", "normal"}}}) {
    INFO(where_name(c.where) << " " << c.seats[1]);
    FakeTerminal term(80, 24, false);
    AppContext ctx;
    ctx.unicode = false;
    TestTable t = make_test_table(c.where, go_wacky_table(c.seats, 5), term, Pace::Shell, false);
    const Table& truth = *t.truth;
    App app(term, ctx, make_table_screen(ctx, std::move(t.table)));
    PlayTable& s = play(app)->table();
    int human_turns = 0;
    int frames_checked = 0;
    // At a shared table each pass draws twice (see below): half the turns keep it quick.
    const int turns = c.where == Where::Local ? 40 : 20;
    for (int i = 0; i < 30000 && s.phase() != Phase::Over && human_turns < turns; ++i) {
      app.step_once(term.now() + 20);
      ++frames_checked;
      // No frame ever calls a person a computer.
      for (PlayerId p : s.humans()) {
        const std::string name = truth.seats()[p].name;
        INFO(term.text());
        REQUIRE_FALSE(term.shows(name + " (computer) is playing"));
      }
      // A person to act with no result on show is asked at once. At a shared
      // table, once the server has heard what the client sent (an answer is
      // in flight until the next exchange) and the client its screen.
      if (c.where == Where::Shared) app.step_once(term.now());
      std::vector<PlayerId> waiting;
      truth.humans_to_act(waiting);
      if (!waiting.empty() && s.contest_result().empty() && truth.state().turn() == Turn::Player)
        CHECK((s.phase() == Phase::HumanTurn || s.phase() == Phase::PassDevice));
      if (term.keys_pending()) continue;
      if (s.phase() == Phase::PassDevice) term.press(KeyType::Enter);
      if (s.phase() == Phase::HumanTurn) {
        ++human_turns;
        term.press(KeyType::Enter);
      }
      // In a race, a key every 100 ms (a key queued every pass would stop the clock).
      if (s.phase() == Phase::Contest && i % 5 == 0)
        for (PlayerId p : s.contest_humans())
          term.press(s.humans().size() == 1 ? U' ' : seat_keys(s.human_rank(p)).front());
    }
    INFO(term.text());
    CHECK(human_turns >= 5);
    CHECK(frames_checked > 100);
  }
}
