// The game clock at a shared table (`host --game-time`): each
// person's bank of time runs down only on their own decisions, shows on
// every screen for every seat, leaves each move its overtime once used up
// (then a computer plays the move), and is kept in the save: a restart
// resets nobody's time and the time the table was closed costs nothing.
// The server's fake clock, real sockets, no sleeping.
#include <catch2/catch.hpp>

#include "core/save.h"
#include "tests/tui/net_test_util.h"
#include "tui/shell/saves.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_game_clock_test_cases {

using namespace nettest;

namespace {

int bank_seen(const Scripted& by, PlayerId seat) {
  return by.st.screen().seats[static_cast<std::size_t>(seat)].bank_s;
}

// Plays (the other answering at once, contests at a person's pace) until
// `at_seat` alone is asked a new question; the clock moves 20 ms a round.
bool play_until_asked(Harness& h, Scripted& at_seat, Scripted& other, std::uint32_t after_ask) {
  for (int i = 0; i < 3000 && !h.server->table().over(); ++i) {
    h.pump();
    h.clock += 20;
    at_seat.poll();
    other.poll();
    if (at_seat.st.asked() && at_seat.st.screen().ask != after_ask && !at_seat.st.screen().timed &&
        !other.st.asked())
      return true;
    other.play();
    if (at_seat.st.asked() && at_seat.st.screen().timed) at_seat.play();
  }
  return false;
}

struct Table2 {
  Harness h;
  std::unique_ptr<Scripted> ana, ben;
  Scripted* asked = nullptr;
  Scripted* other = nullptr;
  PlayerId seat = 0;
  explicit Table2(std::int64_t game_time_ms) {
    ServerOptions o = h.options();
    o.game_time_ms = game_time_ms;
    h.start(new_table("go-wacky", {"human", "human"}, 4), o);
    ana = connect(h, play_hello(1));
    ben = connect(h, play_hello(2));
    h.step_ms = 0;  // the test moves the clock itself
    pump(h, {ana.get(), ben.get()}, 20);
    asked = ana->st.asked() ? ana.get() : ben.get();
    other = asked == ana.get() ? ben.get() : ana.get();
    seat = asked == ana.get() ? 0 : 1;
  }
};

}  // namespace

TEST_CASE("The game clock runs down only on a player's own decisions, on every screen", "[net][clock]") {
  Table2 t(10 * 60000);
  REQUIRE(t.asked->st.asked());
  REQUIRE_FALSE(t.other->st.asked());
  const PlayerId them = 1 - t.seat;
  // Every screen shows every person's bank.
  for (Scripted* c : {t.asked, t.other}) {
    CHECK(bank_seen(*c, t.seat) == 600);
    CHECK(bank_seen(*c, them) == 600);
  }
  // The asked seat's clock runs; the other's does not.
  t.h.clock += 90000;
  pump(t.h, {t.asked, t.other});
  CHECK(bank_seen(*t.other, t.seat) == 510);
  CHECK(bank_seen(*t.asked, t.seat) == 510);
  CHECK(bank_seen(*t.other, them) == 600);
  // The server wakes for the clock's next second.
  CHECK(t.h.server->wait_ms(t.h.clock, 600000) <= 1000);
  // The answer stops it: the time is charged, and stays so while others think.
  t.h.clock += 500;
  const std::uint32_t ask = t.asked->st.screen().ask;
  REQUIRE(t.asked->play());
  pump(t.h, {t.asked, t.other}, 10);
  CHECK(t.h.server->stats().decisions == 1);
  REQUIRE(play_until_asked(t.h, *t.asked, *t.other, ask));
  // The other player's decisions (and the contests between) cost the seat nothing.
  CHECK(bank_seen(*t.other, t.seat) == 510);  // 509.5 s, shown as seconds begun
  CHECK(bank_seen(*t.asked, them) == 600);
  t.h.clock += 10000;
  pump(t.h, {t.asked, t.other});
  CHECK(bank_seen(*t.other, t.seat) == 500);
  // No move clock: the computer would play only after the bank and the overtime.
  const SeatView& v = t.asked->st.screen().seats[static_cast<std::size_t>(t.seat)];
  CHECK(v.clock_s == 500 + 15);
}

TEST_CASE("A used-up game clock leaves each move its overtime, then a computer plays that move",
          "[net][clock]") {
  Table2 t(60000);
  REQUIRE(t.asked->st.asked());
  const std::size_t steps = t.h.server->table().history().size();
  t.h.clock += 60000;
  pump(t.h, {t.asked, t.other});
  // The bank is used up: the move's overtime runs.
  CHECK(bank_seen(*t.other, t.seat) == 0);
  CHECK(t.other->st.screen().seats[static_cast<std::size_t>(t.seat)].clock_s == 15);
  CHECK(t.h.server->table().history().size() == steps);
  t.h.clock += 15000;
  pump(t.h, {t.asked, t.other}, 10);
  REQUIRE(t.h.server->table().history().size() > steps);
  CHECK(t.h.server->table().history()[steps].player == t.seat);
  CHECK(log_has(t.h, fmt::format("time is up for seat {} (", t.seat + 1)));
  CHECK(log_has(t.h, "(game clock used up, and 15 s of overtime): a computer (normal) plays this move"));
  CHECK(log_has(t.h, "has used up their game clock: from now on 15 s a move"));
  CHECK(t.h.server->table().seats()[t.seat].kind == SeatKind::Human);
  // Their next question: 15 s, and they answer it themselves.
  REQUIRE(play_until_asked(t.h, *t.asked, *t.other, t.asked->st.screen().ask));
  const SeatView& v = t.asked->st.screen().seats[static_cast<std::size_t>(t.seat)];
  CHECK(v.bank_s == 0);
  CHECK(v.clock_s == 15);
  const std::uint64_t before = t.h.server->stats().decisions;
  t.h.clock += 10000;
  REQUIRE(t.asked->play());
  pump(t.h, {t.asked, t.other}, 10);
  CHECK(t.h.server->stats().decisions == before + 1);
}

TEST_CASE("The game clock is saved: a restart resets nobody's time, and the time it was closed costs nothing",
          "[net][clock]") {
  Table2 t(10 * 60000);
  REQUIRE(t.asked->st.asked());
  t.h.clock += 120000;
  pump(t.h, {t.asked, t.other});
  t.h.server->close_table();  // as a signal closes it: the running question's time is charged
  const std::string path = t.h.server->options().save_path;
  const SaveFile save = parse_save(read_file(path), path);
  REQUIRE(save.clock);
  CHECK(save.clock->bank_ms == 600000);
  CHECK(save.clock->overtime_ms == 15000);
  // Two minutes charged (and the 20 ms the question was up before the test's clock).
  CHECK(save.clock->left_ms[t.seat] <= 480000);
  CHECK(save.clock->left_ms[t.seat] >= 479900);
  CHECK(save.clock->left_ms[1 - t.seat] == 600000);
  t.ana.reset();
  t.ben.reset();
  t.h.server.reset();

  // An hour later, the table again from its save.
  Harness h2;
  h2.clock = t.h.clock + 3600000;
  ServerOptions o = h2.options();
  o.save_path = path;
  o.game_time_ms = save.clock->bank_ms;
  o.overtime_ms = save.clock->overtime_ms;
  o.clock_left = save.clock->left_ms;
  std::vector<std::optional<SeatOwner>> owners;
  for (PlayerId p = 0; p < save.owners.seats(); ++p) owners.push_back(save.owners[p].owner);
  o.owners = SeatVector(std::move(owners));
  shell::LoadedGame loaded = shell::load_saved_game(path, DataSource::embedded());
  h2.start(std::move(loaded.table), o, std::move(loaded.events));
  auto ana = connect(h2, play_hello(1));
  auto ben = connect(h2, play_hello(2));
  h2.step_ms = 0;
  pump(h2, {ana.get(), ben.get()}, 20);
  CHECK(bank_seen(*ana, t.seat) == 480);
  CHECK(bank_seen(*ben, 1 - t.seat) == 600);
  h2.clock += 5000;
  pump(h2, {ana.get(), ben.get()});
  CHECK(bank_seen(*ben, t.seat) == 475);
}

TEST_CASE("A save's clock line: one time left per seat, in bounds", "[net][clock]") {
  const std::string head =
      "racetable-save 1\ngame go-wacky\nseed 4\nplayers 2\nseat human human Ana\nseat human human Ben\n";
  const SaveFile ok = parse_save(head + "clock 600000 15000 480000 600000\nend\n", "t.save");
  REQUIRE(ok.clock);
  CHECK(ok.clock->left_ms[0] == 480000);
  for (const char* bad : {"clock 600000 15000 480000\n", "clock 0 15000 0 0\n", "clock 600000 15000 -1 0\n",
                          "clock 600000 15000 1 2 3\n", "clock 999999999999 0 0 0\n"})
    CHECK_THROWS_AS(parse_save(head + bad + "end\n", "t.save"), SaveError);
  // A seat's time left is never more than the bank.
  CHECK(parse_save(head + "clock 60000 15000 90000 0\nend\n", "t.save").clock->left_ms[0] == 60000);
}

}  // namespace net_game_clock_test_cases
