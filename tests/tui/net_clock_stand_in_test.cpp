// The clocks when a computer plays for someone: a player's game clock never
// rises while a stand-in plays their seat (the time they were asked and away
// is theirs, the computer's time is nobody's), every screen shows the figure
// the server keeps, and a move the clock played says so in every seat's log
// and on its player's screen. The server's fake clock, real sockets.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/save.h"
#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_clock_stand_in_test_cases {

using namespace nettest;

namespace {

// The server's own figure for a seat's game clock: what its save keeps now.
std::int64_t server_bank_ms(const Harness& h, PlayerId seat) {
  const SaveFile save = parse_save(h.server->save_text(), "game.save");
  REQUIRE(save.clock);
  return save.clock->left_ms[seat];
}

int bank_seen(const Scripted& by, PlayerId seat) {
  return by.st.screen().seats[static_cast<std::size_t>(seat)].bank_s;
}

long log_says(const Scripted& c, const std::string& what) {
  return std::count_if(c.st.log().begin(), c.st.log().end(),
                       [&](const LogLine& l) { return l.text.find(what) != std::string::npos; });
}

}  // namespace

TEST_CASE(
    "The game clock never rises while a computer plays for someone, and every screen shows the "
    "server's figure",
    "[net][clock]") {
  Harness h;
  ServerOptions o = h.options();
  o.game_time_ms = 10 * 60000;
  o.stand_in = BotLevel::Random;
  o.grace_ms = 5000;
  h.start(new_table("go-wacky", {"human", "human"}, 4), o);
  std::unique_ptr<Scripted> ana = connect(h, play_hello(1));
  std::unique_ptr<Scripted> ben = connect(h, play_hello(2));
  h.step_ms = 0;  // the test moves the clock itself
  pump(h, {ana.get(), ben.get()}, 20);
  REQUIRE((ana->st.asked() || ben->st.asked()));
  // The one asked goes away while asked: the other stays and plays.
  const PlayerId away = ana->st.asked() ? 0 : 1;
  std::unique_ptr<Scripted>& gone = away == 0 ? ana : ben;
  Scripted& stays = away == 0 ? *ben : *ana;
  gone->conn.close();
  gone.reset();
  int shown = bank_seen(stays, away);
  int checked = 0;
  auto round = [&](std::vector<Scripted*> clients) {
    h.clock += 1000;
    pump(h, clients, 5);
    for (Scripted* c : clients) c->play();
    pump(h, clients, 5);
    // What every screen shows is the server's figure, in the seconds begun...
    const std::int64_t left = server_bank_ms(h, away);
    for (Scripted* c : clients) CHECK(bank_seen(*c, away) == static_cast<int>((left + 999) / 1000));
    // ...and it never rises.
    CHECK(bank_seen(stays, away) <= shown);
    shown = bank_seen(stays, away);
    ++checked;
  };
  // Asked and away: the clock runs down, then the stand-in takes over and plays.
  for (int i = 0; i < 40 && !h.server->table().over(); ++i) round({&stays});
  CHECK(log_has(h, fmt::format("a computer (random) plays seat {}", away + 1)));
  CHECK(shown < 600);
  CHECK(shown >= 595 - 1);  // the grace period, and not a second of the computer's
  // Back at the seat: the clock is the person's again, from where it stood.
  gone = connect(h, play_hello(away + 1));
  REQUIRE(gone->welcome["seat"] == away + 1);
  for (int i = 0; i < 40 && !h.server->table().over(); ++i) round({&stays, gone.get()});
  CHECK(checked >= 20);
}

TEST_CASE("A move the clock played says so: every seat's log and the player's own screen", "[net][clock]") {
  Harness h;
  ServerOptions o = h.options();
  o.move_time_ms = 10000;
  h.start(new_table("go-wacky", {"human", "human"}, 4), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  h.step_ms = 0;
  pump(h, {ana.get(), ben.get()}, 20);
  Scripted* asked = ana->st.asked() ? ana.get() : ben.get();
  REQUIRE(asked->st.asked());
  // Seats take their sitter's name: both are this user's.
  const std::string name = h.server->table().seats()[asked == ana.get() ? 0 : 1].name;
  CHECK_FALSE(log_says(*ana, "Time: a computer played for"));
  h.clock += 10000;
  pump(h, {ana.get(), ben.get()}, 10);
  for (Scripted* c : {ana.get(), ben.get()}) CHECK(log_says(*c, "Time: a computer played for " + name) == 1);
  CHECK(asked->st.notice() == "Time: a computer played for you");
  // A move the player made is not marked.
  for (int i = 0; i < 200 && !h.server->table().over() && h.server->stats().decisions < 4; ++i) {
    h.clock += 20;
    pump(h, {ana.get(), ben.get()}, 1);
    ana->play();
    ben->play();
  }
  CHECK(h.server->stats().decisions >= 4);
  for (Scripted* c : {ana.get(), ben.get()}) CHECK(log_says(*c, "Time: a computer played for") == 1);
}

}  // namespace net_clock_stand_in_test_cases
