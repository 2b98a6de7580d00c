// The guided first games (core/lesson.h, data/<game>/lesson.json):
// every lesson plays to its end with its wanted moves on the real engine,
// every other legal move is refused with its explanation and leaves the
// position alone, back restores a step's position, and a race run too
// slowly opens again. A change to a game that breaks its lesson fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string_view>

#include "core/lesson.h"
#include "games/racesmack/bots.h"
#include "games/racesmack/state.h"
#include "games/registry.h"
#include "games/scrap_racer/bots.h"
#include "games/scrap_racer/state.h"
#include "games/wacky_races/bots.h"
#include "games/wacky_races/state.h"
#include "tests/tui/cli_run.h"
#include "tui/lesson_line.h"

using namespace rt;

namespace {

std::vector<std::string> lesson_games() {
  std::vector<std::string> out;
  for (const GameEntry& g : builtin_registry().all())
    if (has_lesson(DataSource::embedded(), g.info.id)) out.push_back(g.info.id);
  return out;
}

std::unique_ptr<LessonRunner> start(const std::string& id) {
  return start_lesson(builtin_registry(), DataSource::embedded(), id);
}

// The learner's move the step wants, among the moves offered.
Action wanted_move(const LessonRunner& l) {
  for (Action a : l.options())
    if (l.wanted(a)) return a;
  FAIL("step " << l.step_index() + 1 << " (" << l.step().title << "): no wanted move is legal here");
  return 0;
}

// Presses as a quick learner does: one every 450 ms, each die landed.
// Returns how many presses (and clock readings) it took.
int run_race(LessonRunner& l, Tick every = 450, Tick first = 450) {
  const std::size_t step = l.step_index();
  int presses = 0;
  for (Tick since = first; l.step_index() == step && !l.finished(); since += every) {
    if (!l.race_tick(since)) l.race_press(since);
    ++presses;
    REQUIRE(since < 120000);
  }
  return presses;
}

// One step forward, the way the lesson wants.
void play_step(LessonRunner& l) {
  switch (l.step().kind) {
    case LessonStepKind::Read:
    case LessonStepKind::Skip: l.next(); break;
    case LessonStepKind::Move: {
      const LessonAnswer a = l.answer(wanted_move(l));
      REQUIRE(a.played);
      break;
    }
    case LessonStepKind::Race: run_race(l); break;
  }
}

// Line mode fed `input`, a clock that moves 450 ms a line: what it printed.
std::string line_mode_output(LessonRunner& l, const std::string& input) {
  std::istringstream in(input);
  std::string out;
  Tick fake = 0;
  cli::LessonLineOptions o;
  o.in = &in;
  o.out = [&](std::string_view s) { out += s; };
  o.clock = [&] { return fake += 450; };
  CHECK(cli::learn_line_mode(l, o) == 0);
  return out;
}

}  // namespace

TEST_CASE("Lessons: Go Wacky!, Racesmack, Scrap Racer and Wacky Races have one", "[lesson]") {
  const auto games = lesson_games();
  for (const char* id : {"go-wacky", "racesmack", "scrap-racer", "wacky-races"})
    CHECK(std::find(games.begin(), games.end(), id) != games.end());
}

TEST_CASE("Lessons: in a race where the learner moves once (a tap), more presses wait for the others",
          "[lesson]") {
  auto l = start("racesmack");
  while (!l->finished() && l->step().kind != LessonStepKind::Race) play_step(*l);
  REQUIRE_FALSE(l->finished());
  const std::size_t step = l->step_index();
  CHECK_FALSE(l->race_waiting());
  CHECK(l->race_press(0));
  CHECK(l->race_waiting());
  CHECK_FALSE(l->race_press(100));  // ignored, not an error: the tap is made
  Tick since = 100;
  while (!l->race_tick(since)) REQUIRE((since += 100) < 120000);
  CHECK(l->step_index() == step + 1);
  CHECK_FALSE(l->refused());
}

TEST_CASE("Lessons: every lesson plays to its end with its wanted moves, and the game is over", "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    std::size_t steps = 0;
    while (!l->finished()) {
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      const std::size_t before = l->step_index();
      CHECK(l->state().check_invariants().empty());
      // A step that asks for a move is the learner's turn, and the wanted move is legal there.
      if (l->step().kind == LessonStepKind::Move) CHECK_FALSE(l->options().empty());
      play_step(*l);
      CHECK_FALSE(l->refused());
      CHECK(l->step_index() == before + 1);
      REQUIRE(++steps <= l->step_count());
    }
    CHECK(l->state().turn() == Turn::Over);
    CHECK_FALSE(l->lesson().covered.empty());
  }
}

TEST_CASE("Lessons: every other legal move is not played and gets its explanation", "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    int refused = 0;
    while (!l->finished()) {
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      if (l->step().kind == LessonStepKind::Move) {
        for (Action a : l->options()) {
          if (l->wanted(a)) continue;
          const std::string position = l->state().debug_string();
          const std::size_t step = l->step_index();
          const LessonAnswer answer = l->answer(a);
          CHECK_FALSE(answer.played);
          CHECK_FALSE(answer.message.empty());
          CHECK(l->refused());
          CHECK(l->step_index() == step);
          CHECK(l->state().debug_string() == position);
          ++refused;
        }
      }
      play_step(*l);
    }
    CHECK(refused > 0);  // the lesson offers choices, not only forced moves
  }
}

TEST_CASE("Lessons: back a step restores that step's position", "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    CHECK_FALSE(l->back());  // the first step has none before it
    while (!l->finished()) {
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      const std::string position = l->state().debug_string();
      const std::size_t step = l->step_index();
      play_step(*l);
      if (l->finished()) break;
      REQUIRE(l->back());
      CHECK(l->step_index() == step);
      CHECK(l->state().debug_string() == position);
      play_step(*l);
    }
  }
}

TEST_CASE("Lessons: a race for real run too slowly opens again, saying why", "[lesson]") {
  int races = 0;  // over every lesson: a game with no timed contest (Scrap Racer) has none
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    while (!l->finished()) {
      if (l->step().kind != LessonStepKind::Race) {
        play_step(*l);
        continue;
      }
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      ++races;
      const std::size_t step = l->step_index();
      const std::string position = l->state().debug_string();
      // No press at all: the count ends, or the computers end it first.
      Tick since = 0;
      while (!l->race_tick(since)) REQUIRE((since += 100) < 120000);
      CHECK(l->step_index() == step);
      CHECK(l->refused());
      CHECK_FALSE(l->message().empty());
      CHECK(l->state().debug_string() == position);
      // One press, then nothing, where a race takes many presses (rolls):
      // not enough either. (A tap is made once: then the press is the race.)
      if (!l->step().outcomes.empty()) {
        CHECK(l->race_press(100));
        CHECK_FALSE(l->race_press(200));  // the die is still rolling
        since = 200;
        while (!l->race_tick(since)) REQUIRE((since += 100) < 120000);
        CHECK(l->step_index() == step);
        CHECK(l->refused());
        CHECK(l->state().debug_string() == position);
      }
      // Quick enough the second time.
      run_race(*l);
      CHECK(l->step_index() == step + 1);
      CHECK_FALSE(l->refused());
    }
  }
  CHECK(races > 0);
}

TEST_CASE("Lessons: line mode plays a lesson to 'Play a real game'", "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    // The answers a learner types: the wanted move's number, Enter, presses.
    std::string input;
    {
      auto script = start(id);
      while (!script->finished()) {
        if (script->step().kind == LessonStepKind::Move) {
          const auto opts = script->options();
          const Action a = wanted_move(*script);
          input += std::to_string(std::find(opts.begin(), opts.end(), a) - opts.begin() + 1) + "\n";
        } else if (script->step().kind == LessonStepKind::Race) {
          // Line mode's race clock starts with the first press; each Enter is
          // a tick and a press, and once a tap is made the others follow at once.
          const std::size_t step = script->step_index();
          for (Tick since = 0; script->step_index() == step; since += 450) {
            input += "\n";
            if (script->race_tick(since)) break;
            script->race_press(since);
            for (Tick t = since; script->race_waiting() && !script->race_tick(t) && t < 120000;) t += 100;
            REQUIRE(since < 120000);
          }
          continue;
        } else {
          input += "\n";
        }
        play_step(*script);
      }
    }
    const std::string out = line_mode_output(*l, input);
    INFO(out.substr(out.size() > 3000 ? out.size() - 3000 : 0));
    CHECK(l->finished());
    CHECK(out.find("What you learned:") != std::string::npos);
    CHECK(out.find("Play a real game: racetable play " + id) != std::string::npos);
    CHECK(out.find("Not this one") == std::string::npos);
  }
}

TEST_CASE("Lessons: a bad lesson file is refused naming the file and the step", "[lesson]") {
  const std::string bad = R"({"game": "go-wacky", "title": "t", "players": 2, "names": ["A", "B"],
    "steps": [{"kind": "read", "title": "x", "text": ["y"], "before": ["chance: draw no-such-card"]}]})";
  const DataSource data = DataSource::overlay({{"go-wacky/lesson.json", bad}});
  try {
    start_lesson(builtin_registry(), data, "go-wacky");
    FAIL("accepted");
  } catch (const DataError& e) {
    CHECK(std::string(e.what()).find("go-wacky/lesson.json") != std::string::npos);
    CHECK(std::string(e.what()).find("step 1") != std::string::npos);
  }
}

TEST_CASE("learn on the command line: a lesson as lines, one-line errors otherwise", "[cli][lesson]") {
  using clitest::run;
  // Without a terminal it is line mode; q leaves at once.
  const auto ok = run("learn go-wacky", "\nq\n");
  CHECK(ok.code == 0);
  CHECK(ok.out.find("Step 1 of") != std::string::npos);
  CHECK(ok.out.find("You left the lesson.") != std::string::npos);
  const auto unknown = run("learn no-such-game --line");
  CHECK(unknown.code == 2);
  CHECK(unknown.err.find("no-such-game") != std::string::npos);
  CHECK(std::count(unknown.err.begin(), unknown.err.end(), '\n') == 1);
  // A game with no lesson yet says where to learn it instead.
  for (const GameEntry& g : builtin_registry().all()) {
    if (has_lesson(DataSource::embedded(), g.info.id)) continue;
    const auto none = run("learn " + g.info.id + " --line");
    CHECK(none.code == 2);
    CHECK(none.err.find("has no lesson yet") != std::string::npos);
    CHECK(none.err.find("racetable rules " + g.info.id) != std::string::npos);
    break;
  }
  const auto no_game = run("learn");
  CHECK(no_game.code == 2);
  CHECK(no_game.err.find("needs a GAME") != std::string::npos);
}

TEST_CASE("Lessons: a misspelt field is refused, naming it", "[lesson]") {
  const std::string bad = R"({"game": "go-wacky", "title": "t", "players": 2, "names": ["A", "B"],
    "steps": [{"kind": "read", "title": "x", "text": ["y"], "qoute": "z"}]})";
  try {
    start_lesson(builtin_registry(), DataSource::overlay({{"go-wacky/lesson.json", bad}}), "go-wacky");
    FAIL("accepted");
  } catch (const DataError& e) {
    CHECK(std::string(e.what()).find("'qoute' is not a lesson field") != std::string::npos);
  }
}

TEST_CASE(
    "Lessons: a race of several wanted moves plays them in order, one per press, and is lost to the others",
    "[lesson]") {
  int sequences = 0;
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    while (!l->finished()) {
      const LessonStep& s = l->step();
      if (s.kind != LessonStepKind::Race || s.wanted.size() < 2) {
        play_step(*l);
        continue;
      }
      INFO("step " << l->step_index() + 1 << ": " << s.title);
      ++sequences;
      const std::size_t step = l->step_index();
      const std::string position = l->state().debug_string();
      // Every press but the last makes the next move of the sequence, as its text form says.
      Tick since = 100;
      for (std::size_t i = 0; i + 1 < s.wanted.size(); ++i, since += 100) {
        const auto a = l->state().parse_action(kLearner, s.wanted[i]);
        REQUIRE(a);
        CHECK(l->state().is_legal(kLearner, *a));
        CHECK(l->race_press(since));
        CHECK(l->step_index() == step);
      }
      // Then nothing: the others' last move comes first, and the race opens again.
      REQUIRE_FALSE(s.others.empty());
      while (!l->race_tick(since)) REQUIRE((since += 100) < 120000);
      CHECK(l->step_index() == step);
      CHECK(l->refused());
      CHECK(l->message() == s.retry);
      CHECK(l->state().debug_string() == position);
      // Quick enough: the last press ends the race at once, before the others' last move.
      REQUIRE(run_race(*l, 100, 100) == static_cast<int>(s.wanted.size()));
      CHECK(l->step_index() == step + 1);
      CHECK_FALSE(l->refused());
    }
  }
  CHECK(sequences > 0);
}

namespace {

// A lesson's answer to a move the rules allow but the step does not ask for
// says so first; "That is allowed too, but" claims the step's move is better.
constexpr std::string_view kAllowed = "That is allowed too";
constexpr std::string_view kWorse = "That is allowed too, but";

bool claims_worse(const std::string& why) {
  return why.rfind(kWorse, 0) == 0;
}

// Wacky Races: the best the learner can do with the rest of this turn, in
// spaces (ten per space) and powers still ready (one each): the learner's
// choices at their best (at most two more powers), chance (cards drawn) on
// average, until the movement ends, another seat acts or the race ends.
double wacky_end_value(const wacky_races::WackyState& s) {
  if (s.turn() == Turn::Over) {
    std::vector<PlayerId> won;
    s.winners(won);
    return std::find(won.begin(), won.end(), kLearner) != won.end() ? 1e6 : -1e6;
  }
  int ready = 0;
  for (int p = 0; p < wacky_races::kPowers; ++p) ready += !s.exhausted(kLearner, p);
  return 10.0 * s.pos(s.slot_of(kLearner)) + ready;
}

double wacky_turn_value(const State& base, int powers = 2, int depth = 0) {
  const auto& s = static_cast<const wacky_races::WackyState&>(base);
  REQUIRE(depth < 40);
  if (s.turn() == Turn::Over) return wacky_end_value(s);
  if (s.turn() == Turn::Chance) {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    double sum = 0;
    double weight = 0;
    for (const Outcome& o : outs) {
      auto next = s.clone();
      next->apply(kChance, o.action, s.now());
      sum += o.weight * wacky_turn_value(*next, powers, depth + 1);
      weight += o.weight;
    }
    return sum / weight;
  }
  std::vector<PlayerId> actors;
  s.actors(actors);
  if (actors.front() != kLearner) return wacky_end_value(s);
  std::vector<Action> acts;
  s.legal_actions(kLearner, acts);
  double best = -1e9;
  for (Action a : acts) {
    const bool power = a >= wacky_races::kPower && a < wacky_races::kRacer;
    if (power && powers <= 0) continue;
    auto next = s.clone();
    next->apply(kLearner, a, s.now());
    best = std::max(best, a == wacky_races::kEnd
                              ? wacky_end_value(static_cast<const wacky_races::WackyState&>(*next))
                              : wacky_turn_value(*next, powers - (power ? 1 : 0), depth + 1));
  }
  return best;
}

// How good `a` is for the learner here, by the game's own reckoning; nullopt
// where the test has no measure for the game or the decision.
std::optional<double> move_value(const LessonRunner& l, Action a) {
  const State& st = l.state();
  const std::string& id = l.lesson().game;
  if (id == "wacky-races") {
    auto next = st.clone();
    next->apply(kLearner, a, st.now());
    return wacky_turn_value(*next);
  }
  if (id == "scrap-racer") {
    const auto& s = static_cast<const scrap_racer::ScrapRacerState&>(st);
    if (s.phase() != scrap_racer::Phase::AfterDie) return std::nullopt;
    return scrap_racer::ScrapRacerBot(BotLevel::Normal).value_of(s, a);
  }
  if (id == "racesmack") {
    const auto& s = static_cast<const racesmack::RacesmackState&>(st);
    if (s.phase() == racesmack::Phase::Tap)
      return s.tap_correct(kLearner, a - racesmack::kTapBase) ? 1.0 : 0.0;
    if (s.phase() == racesmack::Phase::Pick) {
      racesmack::Row with = s.race(kLearner);
      with.push_back(a - racesmack::kPlayBase);
      return racesmack::finish_fraction(s, with);
    }
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("Lessons: a legal move the step does not ask for is answered as allowed, never as a mistake",
          "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    while (!l->finished()) {
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      if (l->step().kind == LessonStepKind::Move)
        for (Action a : l->options()) {
          if (l->wanted(a)) continue;
          INFO(l->label(a));
          CHECK(l->why_not(a).rfind(kAllowed, 0) == 0);
          const std::string position = l->state().debug_string();
          l->answer(a);
          CHECK(l->allowed_other());
          CHECK(l->state().debug_string() == position);
        }
      play_step(*l);
    }
  }
}

TEST_CASE("Lessons: where a step calls its move better, it is at least as good as each move it turns down",
          "[lesson]") {
  int claims = 0;
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    while (!l->finished()) {
      INFO("step " << l->step_index() + 1 << ": " << l->step().title);
      if (l->step().kind == LessonStepKind::Move) {
        const Action want = wanted_move(*l);
        for (Action a : l->options()) {
          if (l->wanted(a) || !claims_worse(l->why_not(a))) continue;
          INFO(l->label(a) << ": " << l->why_not(a));
          ++claims;
          const std::optional<double> better = move_value(*l, want);
          const std::optional<double> worse = move_value(*l, a);
          REQUIRE(better);  // a lesson that says "but" for a game this test cannot judge: add its measure
          REQUIRE(worse);
          CHECK(*better >= *worse - 1e-9);
        }
      }
      play_step(*l);
    }
  }
  CHECK(claims > 0);
}

TEST_CASE("Lessons: line mode goes from the first step to 'Play a real game' with Enter alone", "[lesson]") {
  for (const std::string& id : lesson_games()) {
    INFO(id);
    auto l = start(id);
    std::string input;
    for (int i = 0; i < 1000; ++i) input += "\n";
    const std::string out = line_mode_output(*l, input);
    INFO(out.substr(out.size() > 3000 ? out.size() - 3000 : 0));
    CHECK(l->finished());
    CHECK(out.find(kAllowed) == std::string::npos);
    CHECK(out.find("Type a number") == std::string::npos);
    // Line mode is what the learner chose: the real game offered is in it too.
    CHECK(out.find("Play a real game: racetable play " + id + " --line\n") != std::string::npos);
    // Line mode has no Space key: no line tells of it (a "Space 9" on a
    // track, the rule "Tile Space", are not the key).
    for (std::size_t at = out.find("Space"); at != std::string::npos; at = out.find("Space", at + 1)) {
      const bool key = !(at + 6 < out.size() && std::isdigit(static_cast<unsigned char>(out[at + 6]))) &&
                       out.compare(at >= 5 ? at - 5 : 0, 5, "Tile ") != 0;
      INFO(out.substr(at >= 40 ? at - 40 : 0, 80));
      CHECK_FALSE(key);
    }
  }
}

TEST_CASE("Hints: Wacky Races says what a move gains over another, in this turn's spaces and powers",
          "[lesson][hint]") {
  // The lesson's round 2: Farm, Forest, Forest in hand, tile 4 a Farm, tile 5
  // a Forest. A Forest first reaches tile 6 with every power; the Farm first
  // needs Convert! to get as far.
  auto l = start("wacky-races");
  while (l->step().title != "Round 2: plan your cards") play_step(*l);
  const State& st = l->state();
  const auto forest = st.parse_action(kLearner, "play forest");
  const auto farm = st.parse_action(kLearner, "play farm");
  REQUIRE(forest);
  REQUIRE(farm);
  const wacky_races::WackyBot bot(BotLevel::Normal);
  const std::string gains = bot.contrast(st, kLearner, *forest, *farm);
  // With a power to spend each way (Convert! after the Farm; Pogo Spring
  // after the Forests, onto a Trap it cannot see), the Forest gets further.
  INFO(gains);
  CHECK(gains.rfind("gets ", 0) == 0);
  CHECK(gains.find("further this turn than with " + move_name(l->game().presenter(), st, kLearner, *farm)) !=
        std::string::npos);
  CHECK(bot.contrast(st, kLearner, *farm, *forest).empty());  // nothing to say for the worse move
}
