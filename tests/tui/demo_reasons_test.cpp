// A demo says why: every computer decision a newcomer
// meets in a first game carries its heuristic's reason, one short printable
// line, and asking for reasons changes no move (sim stays byte-identical).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/table.h"
#include "core/timed_contests.h"
#include "games/registry.h"
#include "games/setup.h"
#include "tests/tui/cli_run.h"

using namespace rt;
using rt::clitest::run;
using rt::clitest::Run;

namespace {

std::unique_ptr<Table> demo_table(const std::string& game, std::uint64_t seed) {
  setup::TableRequest req;
  req.game = game;
  req.seed_text = std::to_string(seed);
  req.default_seat = "normal";
  return setup::make_table(req, 1);
}

// Columns a line takes: one per code point (reasons use no wide characters).
std::size_t columns(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

bool printable(const std::string& text) {
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7F) return false;
  return true;
}

}  // namespace

TEST_CASE("Demo reasons: every game's demo says why its computers move, one short line each",
          "[demo][reasons][games]") {
  for (const auto& entry : builtin_registry().all()) {
    const std::string id = entry.info.id;
    INFO(id);
    std::map<std::string, int> reasons;
    int decisions = 0;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto table = demo_table(id, seed);
      EventSink events;
      table->set_event_sink(&events);
      table->set_explaining(true);
      table->set_step_observer([&](const Step& s) {
        if (s.player >= 0 && !timed(table->state())) ++decisions;
        for (const Event& e : events) {
          if (e.type != "reason") continue;
          INFO(e.text);
          CHECK(e.audience == s.player);  // private to the computer: no hand shown to a person
          CHECK(e.text.rfind("Why: ", 0) == 0);
          CHECK(e.text.find('\n') == std::string::npos);
          CHECK(printable(e.text));
          CHECK(columns(e.text) <= 70);
          CHECK(columns(e.text) > 5);
          ++reasons[e.text];
        }
        events.clear();
      });
      table->advance();
      REQUIRE(table->over());
    }
    int said = 0;
    for (const auto& [text, n] : reasons) said += n;
    WARN(id << ": " << said << " reasons (" << reasons.size() << " different) for " << decisions
            << " untimed decisions");
    CHECK(said > 0);
    CHECK(reasons.size() >= 3);  // not one stock phrase
  }
}

TEST_CASE("Demo reasons: asking why changes no move", "[demo][reasons][games]") {
  for (const auto& entry : builtin_registry().all()) {
    const std::string id = entry.info.id;
    INFO(id);
    auto quiet = demo_table(id, 4);
    auto told = demo_table(id, 4);
    EventSink a, b;
    quiet->set_event_sink(&a);
    told->set_event_sink(&b);
    told->set_explaining(true);
    quiet->advance();
    told->advance();
    CHECK(quiet->history() == told->history());
    CHECK(quiet->state().debug_string() == told->state().debug_string());
  }
}

TEST_CASE("Demo reasons: sim has none, the printed demo has them", "[cli][demo][reasons]") {
  const Run sim = run("sim wacky-races --seed 3");
  CHECK(sim.code == 0);
  CHECK(sim.out.find("Why: ") == std::string::npos);
  CHECK(sim.out.find("'s reason]") == std::string::npos);
  const Run demo = run("demo wacky-races --seed 3");
  CHECK(demo.code == 0);
  CHECK_THAT(demo.out, Catch::Contains("Why: ") && Catch::Contains("'s reason]"));
}
