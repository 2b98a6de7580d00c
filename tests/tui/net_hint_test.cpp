// Hints at a shared table, over the real sockets: off unless the
// host allows them (host --hints), answered to the asking player alone, and
// the table's save says the game had hints.
#include <catch2/catch.hpp>

#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_hint_test_cases {

using namespace nettest;

namespace {

// Pumps until `who` is asked an untimed question (the others answer theirs).
bool until_asked(Harness& h, Scripted& who, const std::vector<Scripted*>& others) {
  for (int i = 0; i < 20000 && !h.server->table().over(); ++i) {
    h.pump();
    who.poll();
    if (who.st.asked() && !who.st.screen().timed) return true;
    for (Scripted* c : others) {
      c->poll();
      c->play();
    }
  }
  return false;
}

}  // namespace

TEST_CASE("Shared table hints: off unless the host allows them", "[net][hint]") {
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 3), h.options());
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  CHECK(ana->welcome.value("hints", true) == false);
  REQUIRE(until_asked(h, *ana, {ben.get()}));
  ana->conn.send(json{{"type", "hint"}});
  pump(h, {ana.get(), ben.get()});
  CHECK(ana->st.notice() == "No hints at this table: its host did not allow them.");
  CHECK(ana->st.hint().empty());
  CHECK(h.server->table().hints(0) == 0);
}

TEST_CASE("Shared table hints: allowed, the asking player alone gets the hint, and the save says so",
          "[net][hint]") {
  Harness h;
  ServerOptions o = h.options();
  o.hints = true;
  h.start(new_table("go-wacky", {"human", "human"}, 3), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  auto cleo = connect(h, watch_hello());
  CHECK(ana->welcome.value("hints", false) == true);
  REQUIRE(until_asked(h, *ana, {ben.get(), cleo.get()}));
  // Ben is not asked now: no hint for him.
  ben->conn.send(json{{"type", "hint"}});
  cleo->conn.send(json{{"type", "hint"}});
  ana->conn.send(json{{"type", "hint"}});
  pump(h, {ana.get(), ben.get(), cleo.get()}, 20);
  CHECK(ana->st.hint().rfind("Hint: ", 0) == 0);
  CHECK(ana->st.hint_ask() == ana->st.screen().ask);
  // The hint names its move as an action of the question, for the
  // client's highlight.
  bool among_options = false;
  for (const auto& o : ana->st.screen().options) among_options |= o.id == ana->st.hint_action();
  CHECK(among_options);
  CHECK(ben->st.hint().empty());
  CHECK(ben->st.notice() == "No hint now: it is not your move.");
  CHECK(cleo->st.hint().empty());
  CHECK(cleo->st.notice() == "watchers get no hints");
  CHECK(h.server->table().hints(0) == 1);
  CHECK(h.server->table().hints(1) == 0);
  // Asked again for the same question: the same hint, not counted twice.
  const std::string first = ana->st.hint();
  ana->conn.send(json{{"type", "hint"}});
  pump(h, {ana.get(), ben.get(), cleo.get()}, 20);
  CHECK(ana->st.hint() == first);
  CHECK(h.server->table().hints(0) == 1);
  CHECK(read_file(o.save_path).find("\nhints 1 1\n") != std::string::npos);
}

}  // namespace net_hint_test_cases
