// A shared table whose save fails: the host refuses to open a table it cannot
// save; mid-game, every client hears it (a notice and its status line) until
// a save works again, and the host's log says it once, not after every step.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/tui/net_test_util.h"
#include "tests/tui/save_fault_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_save_fault_test_cases {

using namespace nettest;

namespace {

std::vector<std::string> notices(const std::string& bytes) {
  std::vector<std::string> out;
  for (const json& m : frames(bytes))
    if (m["type"] == "notice") out.push_back(m["text"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("Shared table: a host that cannot write its save does not open the table", "[net][save][faults]") {
  Harness h;
  ServerOptions o = h.options();
  const std::string blocker = h.dir.path + "/not-a-dir";
  std::ofstream(blocker) << "x";
  o.save_path = blocker + "/game.save";
  try {
    h.start(new_table("go-wacky", {"human", "easy"}, 3), o);
    FAIL("the table opened without a save");
  } catch (const UserError& e) {
    const std::string what = e.what();
    CHECK(what.find("cannot open the table: the game cannot be saved: " + o.save_path + ": cannot write") ==
          0);
    CHECK(what.find('\n') == std::string::npos);
  }
  // Nothing was left behind: no socket to join, no save named.
  CHECK_FALSE(std::filesystem::exists(socket_path(h.sock_dir(), "t")));
  CHECK_FALSE(std::filesystem::exists(o.save_path));
}

TEST_CASE("Shared table: a failed save is a notice to every client and in every status until a save works",
          "[net][save][faults]") {
  Harness h;
  rt::test::BreakableDir state(h.dir.path + "/state");
  ServerOptions o = h.options();
  o.save_path = state.path() + "/game.save";
  h.start(new_table("go-wacky", {"human", "easy"}, 3), o);
  auto a = connect(h, play_hello(1));
  auto w = connect(h, watch_hello());
  REQUIRE(a->welcome["seat"] == 1);
  auto pump_all = [&](int n) {
    for (int i = 0; i < n; ++i) {
      h.pump();
      a->poll();
      w->poll();
      a->play();
    }
  };
  pump_all(20);
  REQUIRE(h.server->save_problem().empty());

  state.break_it();
  const std::size_t steps = h.server->table().history().size();
  for (int i = 0; i < 400 && h.server->table().history().size() < steps + 6 && !h.server->table().over(); ++i)
    pump_all(1);
  REQUIRE(h.server->table().history().size() >= steps + 2);  // several steps, several failed saves
  CHECK_THAT(h.server->save_problem(), Catch::Contains("Not a directory"));
  pump_all(3);
  for (Scripted* c : {a.get(), w.get()}) {
    const auto got = notices(h.sent[c->server_id]);
    CHECK(std::count(got.begin(), got.end(), "NOT SAVED: Not a directory (the host's save failed)") == 1);
    REQUIRE(c->st.has_screen());
    CHECK_THAT(c->st.screen().status, Catch::StartsWith("NOT SAVED (Not a directory) - "));
    // The host's path stays the host's.
    CHECK(h.sent[c->server_id].find(o.save_path) == std::string::npos);
  }
  CHECK(std::count_if(h.log.begin(), h.log.end(),
                      [](const std::string& l) { return l.find("cannot save") != std::string::npos; }) == 1);

  state.mend();
  const std::size_t now_steps = h.server->table().history().size();
  for (int i = 0; i < 400 && h.server->table().history().size() == now_steps && !h.server->table().over();
       ++i)
    pump_all(1);
  pump_all(3);
  CHECK(h.server->save_problem().empty());
  for (Scripted* c : {a.get(), w.get()}) {
    const auto got = notices(h.sent[c->server_id]);
    CHECK(std::count(got.begin(), got.end(), "The game is saved again") == 1);
    CHECK_THAT(c->st.screen().status, !Catch::Contains("NOT SAVED"));
  }
  CHECK(read_file(o.save_path) == h.server->save_text());
}

}  // namespace net_save_fault_test_cases
