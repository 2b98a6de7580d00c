#include <catch2/catch.hpp>

#include "core/save.h"
#include "core/table.h"
#include "core/transcript.h"
#include "tests/core/toy_game.h"

using namespace rt;

namespace {

using toy::toy_game;

std::vector<Seat> bots(std::vector<BotLevel> levels) {
  std::vector<Seat> seats;
  for (std::size_t i = 0; i < levels.size(); ++i)
    seats.push_back(Seat{fmt::format("S{}", i + 1), SeatKind::Bot, levels[i]});
  return seats;
}

}  // namespace

TEST_CASE("Table: in a timed contest the earliest decision is applied first", "[core][table]") {
  Table t(toy_game(), bots({toy::kSlow, toy::kFast}), 1);
  t.advance();
  REQUIRE(t.over());
  const auto& s = static_cast<const toy::ToyState&>(t.state());
  CHECK(s.tapper() == 1);  // 200 ms beats 300 ms although seat 1 is later
  CHECK(t.history().back().tick - t.history()[t.history().size() - 2].tick == 200);
}

TEST_CASE("Table: decisions at the same tick go by seat order", "[core][table]") {
  Table t(toy_game(), bots({toy::kFast, toy::kFast}), 1);
  t.advance();
  CHECK(static_cast<const toy::ToyState&>(t.state()).tapper() == 0);
}

TEST_CASE("Table: the clock acts at the deadline when nobody acted before it", "[core][table]") {
  Table t(toy_game(), bots({toy::kLate, toy::kLate}), 1);
  t.advance();
  REQUIRE(t.over());
  CHECK(t.history().back().player == kClock);
  CHECK(static_cast<const toy::ToyState&>(t.state()).tapper() == -1);
}

TEST_CASE("Table: advance() stops for a human and submit() validates the decision", "[core][table]") {
  std::vector<Seat> seats = bots({toy::kFast, toy::kFast});
  seats[0].kind = SeatKind::Human;
  Table t(toy_game(), seats, 3);
  t.advance();
  std::vector<PlayerId> humans;
  t.humans_to_act(humans);
  REQUIRE(humans == std::vector<PlayerId>{0});
  CHECK_THROWS_AS(t.submit(1, toy::kStop, 0), RuleError);  // not seat 2's turn
  CHECK_THROWS_AS(t.submit(0, 7, 0), RuleError);           // not an action
  t.submit(0, toy::kStop, 0);
  t.advance(t.state().now());  // the contest is live: computers only up to "now"
  t.humans_to_act(humans);
  REQUIRE(humans == std::vector<PlayerId>{0});
  CHECK(t.next_scheduled() == t.state().now() + 200);
  t.submit(0, toy::kTap, t.state().now() + 150);  // the human beats the 200 ms computer
  CHECK(static_cast<const toy::ToyState&>(t.state()).tapper() == 0);
}

TEST_CASE("Table: the same seed plays the same game", "[core][table]") {
  Table a(toy_game(3), bots({BotLevel::Random, BotLevel::Random, BotLevel::Random}), 99);
  Table b(toy_game(3), bots({BotLevel::Random, BotLevel::Random, BotLevel::Random}), 99);
  a.advance();
  b.advance();
  CHECK(a.history() == b.history());
  Table c(toy_game(3), bots({BotLevel::Random, BotLevel::Random, BotLevel::Random}), 100);
  c.advance();
  CHECK(a.history() != c.history());
}

TEST_CASE("Save: save -> load round-trips the game, the history and the random streams", "[core][save]") {
  Registry r;
  r.add(toy::ToyGame::entry());
  std::vector<Seat> seats = bots({BotLevel::Random, BotLevel::Random});
  seats[0].kind = SeatKind::Human;
  Table t(toy_game(), seats, 5);
  t.advance();
  t.submit(0, toy::kAgain, 0);
  t.advance();
  const std::string text = save_text(t);
  auto loaded = load_save(text, "x.save", r, DataSource::embedded());
  CHECK(loaded->state().debug_string() == t.state().debug_string());
  CHECK(loaded->history() == t.history());
  CHECK(save_text(*loaded) == text);
  CHECK(loaded->rng_states() == t.rng_states());
}

TEST_CASE("Save: malformed, truncated and foreign-version files are refused with the line", "[core][save]") {
  Registry r;
  r.add(toy::ToyGame::entry());
  Table t(toy_game(), bots({BotLevel::Random, BotLevel::Random}), 5);
  t.advance();
  const std::string good = save_text(t);
  auto refuse = [&](const std::string& text, const std::string& expect) {
    try {
      load_save(text, "g.save", r, DataSource::embedded());
      FAIL("accepted: " << text);
    } catch (const SaveError& e) {
      CHECK_THAT(e.what(), Catch::Contains(expect));
    }
  };
  refuse("", "g.save: empty file");
  refuse("hello\n", "not a racetable save file");
  refuse("racetable-save 99\n", "version 99");
  refuse(good.substr(0, good.size() / 2), "g.save");
  std::string bad_step = good;
  bad_step.replace(bad_step.find("step 1 0 "), 9, "step 1 0 x");
  refuse(bad_step, "not a legal action");
  std::string unknown = good;
  unknown.replace(unknown.find("game toy"), 8, "game zzz");
  refuse(unknown, "unknown game 'zzz'");
}

TEST_CASE("Transcript: text and JSON lines, same bytes for the same seed", "[core][transcript]") {
  auto run = [](bool json) {
    Table t(toy_game(), bots({BotLevel::Random, BotLevel::Random}), 8);
    std::string out;
    TranscriptOptions o;
    o.json = json;
    TranscriptWriter w(o, [&](std::string_view s) { out += s; });
    EventSink ev;
    attach_transcript(t, w, ev);
    t.advance();
    w.result(t);
    return out;
  };
  const std::string text = run(false);
  CHECK(text == run(false));
  CHECK_THAT(text, Catch::StartsWith("racetable · Toy · seed 8 · 2 players\n"));
  CHECK_THAT(text, Catch::Contains("\nresult: "));
  const std::string json = run(true);
  CHECK_THAT(json, Catch::StartsWith("{\"type\":\"header\""));
  CHECK_THAT(json, Catch::Contains("{\"type\":\"result\""));
  CHECK(json_escape("a\"b\\\n") == "\"a\\\"b\\\\\\n\"");
}

TEST_CASE("Options: player count and variants are checked against the game", "[core][options]") {
  Registry r;
  r.add(toy::ToyGame::entry());
  Options o;
  o.players = 1;
  CHECK_THROWS_WITH(r.create("toy", o, DataSource::embedded()), "Toy is for 2 to 3 players, not 1");
  o.players = 2;
  o.variants.insert("nope");
  CHECK_THROWS_WITH(r.create("toy", o, DataSource::embedded()),
                    "unknown variant 'nope' for toy (known: fast)");
  o.variants.clear();
  CHECK_THROWS_WITH(r.create("zzz", o, DataSource::embedded()), "unknown game 'zzz' (known: toy)");
}

TEST_CASE("Save: the contest pace is kept (a `pace` line only when it is not normal)", "[core][save][pace]") {
  Registry r;
  r.add(toy::ToyGame::entry());
  std::vector<Seat> seats = bots({BotLevel::Random, BotLevel::Random});
  seats[0].kind = SeatKind::Human;
  Table normal(toy_game(), seats, 5);
  CHECK(save_text(normal).find("\npace ") == std::string::npos);  // saves from before paces read the same
  Table relaxed(toy_game(), seats, 5);
  relaxed.set_contest_pace(ContestPace::Relaxed);
  const std::string text = save_text(relaxed);
  CHECK(text.find("\npace relaxed\n") != std::string::npos);
  auto loaded = load_save(text, "x.save", r, DataSource::embedded());
  CHECK(loaded->contest_pace() == ContestPace::Relaxed);
  CHECK(save_text(*loaded) == text);
  std::string bad = text;
  bad.replace(bad.find("pace relaxed"), 12, "pace sleepy");
  CHECK_THROWS_WITH(load_save(bad, "x.save", r, DataSource::embedded()),
                    Catch::Contains("x.save: line") && Catch::Contains("unknown pace 'sleepy'"));
}

TEST_CASE("Contest pace: relaxed and quick scale a computer's wait, normal leaves it as it was",
          "[core][pace]") {
  CHECK(paced_time(ContestPace::Normal, 1234) == 1234);
  CHECK(paced_time(ContestPace::Relaxed, 1000) == 2000);
  CHECK(paced_time(ContestPace::Quick, 1000) == 700);
  for (const ContestPaceInfo& p : contest_paces()) CHECK(parse_contest_pace(p.name) == p.pace);
  CHECK_FALSE(parse_contest_pace("fast"));
  // The random agent's reaction follows the table's pace.
  RandomAgent agent;
  agent.set_contest_pace(ContestPace::Relaxed);
  CHECK(agent.contest_pace() == ContestPace::Relaxed);
}
