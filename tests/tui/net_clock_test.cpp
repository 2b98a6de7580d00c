// The move clock at a shared table (`host --move-time`): a
// player who does not answer in time has the move played by a computer,
// recorded in the history like any decision, and keeps the seat. The
// server's fake clock, no sleeping.
#include <catch2/catch.hpp>

#include "tests/tui/net_test_util.h"
#include "tui/shell/saves.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_clock_test_cases {

using namespace nettest;

namespace {}  // namespace

TEST_CASE("The move clock: a player who does not answer gets a computer's move at the deadline, and plays on",
          "[net][clock]") {
  Harness h;
  ServerOptions o = h.options();
  o.move_time_ms = 60000;
  h.start(new_table("go-wacky", {"human", "human"}, 4), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  h.step_ms = 0;  // the test moves the clock itself
  pump(h, {ana.get(), ben.get()}, 20);
  Scripted* asked = ana->st.asked() ? ana.get() : ben.get();
  Scripted* other = asked == ana.get() ? ben.get() : ana.get();
  REQUIRE(asked->st.asked());
  const PlayerId seat = asked == ana.get() ? 0 : 1;
  const std::size_t steps = h.server->table().history().size();
  // Every screen shows the clock of the seat asked.
  CHECK(other->st.screen().seats[static_cast<std::size_t>(seat)].clock_s == 60);
  CHECK(asked->st.screen().seats[static_cast<std::size_t>(seat)].clock_s == 60);
  // The server wakes for the next second of it, not later.
  CHECK(h.server->wait_ms(h.clock, 600000) <= 1000);
  h.clock += 30000;
  pump(h, {ana.get(), ben.get()});
  CHECK(other->st.screen().seats[static_cast<std::size_t>(seat)].clock_s == 30);
  h.clock += 29000;
  pump(h, {ana.get(), ben.get()});
  CHECK(h.server->table().history().size() == steps);
  // The deadline: the computer's move, in the history as the seat's decision.
  h.clock += 1000;
  pump(h, {ana.get(), ben.get()}, 10);
  REQUIRE(h.server->table().history().size() > steps);
  CHECK(h.server->table().history()[steps].player == seat);
  CHECK(log_has(h, fmt::format("time is up for seat {} (", seat + 1)));
  CHECK(log_has(h, "a computer (normal) plays this move"));
  // The seat is still the person's: a person's in the save, and theirs to play.
  CHECK(h.server->table().seats()[seat].kind == SeatKind::Human);
  CHECK(h.server->stats().decisions == 0);
  // The game goes on: both play their next questions themselves.
  for (int i = 0; i < 400 && h.server->stats().decisions < 4; ++i) {
    h.pump();
    h.clock += 20;
    for (Scripted* c : {ana.get(), ben.get()}) {
      c->poll();
      c->play();
    }
  }
  CHECK(h.server->stats().decisions >= 4);
  // A resume plays the computer's move back the same: it is in the save's steps.
  h.pump();
  const shell::LoadedGame loaded = shell::load_saved_game(o.save_path, DataSource::embedded());
  CHECK(loaded.table->history() == h.server->table().history());
  CHECK(loaded.table->state().debug_string() == h.server->table().state().debug_string());
  CHECK(loaded.table->seats()[seat].kind == SeatKind::Human);
}

TEST_CASE("The move clock: with a stand-in level, that level plays the move; no clock, no deadline",
          "[net][clock]") {
  {
    Harness h;
    ServerOptions o = h.options();
    o.move_time_ms = 10000;
    o.stand_in = BotLevel::Easy;
    h.start(new_table("go-wacky", {"human", "human"}, 4), o);
    auto ana = connect(h, play_hello(1));
    auto ben = connect(h, play_hello(2));
    h.step_ms = 0;
    pump(h, {ana.get(), ben.get()}, 20);
    const std::size_t steps = h.server->table().history().size();
    h.clock += 10000;
    pump(h, {ana.get(), ben.get()}, 10);
    CHECK(h.server->table().history().size() > steps);
    CHECK(log_has(h, "a computer (easy) plays this move"));
  }
  {
    Harness h;
    h.start(new_table("go-wacky", {"human", "human"}, 4), h.options());
    auto ana = connect(h, play_hello(1));
    auto ben = connect(h, play_hello(2));
    h.step_ms = 0;
    pump(h, {ana.get(), ben.get()}, 20);
    const std::size_t steps = h.server->table().history().size();
    for (const SeatView& v : ana->st.screen().seats) CHECK(v.clock_s == -1);
    h.clock += 3600000;
    pump(h, {ana.get(), ben.get()}, 10);
    CHECK(h.server->table().history().size() == steps);
  }
}

}  // namespace net_clock_test_cases
