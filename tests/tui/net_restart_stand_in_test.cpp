// A table opened again from its save (the SSH server restarted, or
// `host --resume`) never waits for ever on a player who does not come back:
// once someone is back, the stand-in plays the others' seats after the grace
// period, as for a player who drops during the game, and gives each back to
// its player on their return. The server's fake clock, real sockets.
#include <catch2/catch.hpp>

#include "core/save.h"
#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_restart_stand_in_test_cases {

using namespace nettest;

namespace {

// A Go Wacky! table of two people played a few decisions, then the server
// gone: its save, with both seats owned.
struct Saved {
  Harness h;
  std::string save_path;
  Saved() {
    ServerOptions o = h.options();
    save_path = o.save_path;
    h.start(new_table("go-wacky", {"human", "human"}, 17), o);
    auto a = connect(h, play_hello(1));
    auto b = connect(h, play_hello(2));
    for (int i = 0; i < 100000 && h.server->stats().decisions < 6; ++i) {
      h.pump();
      for (Scripted* c : {a.get(), b.get()}) {
        c->poll();
        c->play();
      }
    }
    REQUIRE(h.server->stats().decisions >= 6);
    h.server.reset();
  }
};

// The table opened again as `host --resume` and the SSH server do: its
// owners from the save, a stand-in level and a grace period.
void resume(Harness& h, const std::string& save_path, std::optional<BotLevel> stand_in) {
  const SaveFile saved = parse_save(read_file(save_path), save_path);
  std::vector<std::optional<SeatOwner>> owners;
  for (const SaveFile::Owner& owner : saved.owners) owners.push_back(owner.owner);
  ServerOptions o = h.options();
  o.save_path = save_path;
  o.owners = SeatVector(std::move(owners));
  o.stand_in = stand_in;
  o.grace_ms = 30000;
  h.start(load_save(read_file(save_path), save_path, builtin_registry(), DataSource::embedded()), o);
}

std::size_t steps_of(const Harness& h, PlayerId seat) {
  std::size_t n = 0;
  for (const Step& s : h.server->table().history()) n += s.player == seat;
  return n;
}

}  // namespace

TEST_CASE(
    "A restarted table: a player not back is played by the stand-in after the grace period, and "
    "takes the seat back on return",
    "[net]") {
  Saved saved;
  Harness h;
  resume(h, saved.save_path, BotLevel::Random);
  h.step_ms = 0;  // the test moves the clock itself
  // Both seats were sat at by this user: they carry its name (the second with " 2").
  const std::string me = user_name(::getuid()), ben = me + " 2";
  // Nobody back: nothing is played, however long.
  h.clock += 3600000;
  for (int i = 0; i < 20; ++i) h.pump();
  CHECK_FALSE(h.server->started());
  CHECK(h.server->wait_ms(h.clock, 600000) == 600000);
  // Ana is back; Ben's seat waits the grace period, from her return, and says so.
  auto ana = connect(h, play_hello(1));
  pump(h, {ana.get()}, 10);
  CHECK_FALSE(h.server->started());
  CHECK_THAT(ana->st.screen().status,
             Catch::Contains("seat 2 (" + ben + ") for " + me + " (a computer stands in after 30 s)"));
  CHECK(h.server->wait_ms(h.clock, 600000) == 30000);  // the server wakes for it
  h.clock += 29999;
  pump(h, {ana.get()}, 10);
  CHECK_FALSE(h.server->started());
  h.clock += 1;
  pump(h, {ana.get()}, 10);
  CHECK(h.server->started());
  CHECK(log_has(h, "a computer (random) plays seat 2 (" + ben + ") until its player is back"));
  CHECK(h.server->table().seats()[1].kind == SeatKind::Bot);
  // The game goes on: the computer plays Ben's moves, Ana hers.
  const std::size_t ben_before = steps_of(h, 1);
  h.step_ms = 20;
  for (int i = 0; i < 5000 && !h.server->table().over() && steps_of(h, 1) < ben_before + 3; ++i) {
    h.pump();
    ana->poll();
    ana->play();
  }
  CHECK(steps_of(h, 1) >= ben_before + 3);
  // The save keeps the seat a person's, and Ben's.
  CHECK_THAT(read_file(saved.save_path), Catch::Contains("seat human human " + ben));
  // Ben is back: the seat is his again.
  auto back = connect(h, play_hello(2));
  REQUIRE(back->welcome["seat"] == 2);
  CHECK(h.server->table().seats()[1].kind == SeatKind::Human);
  CHECK(log_has(h, "the computer stands down from seat 2 (" + ben + ")"));
  play_out(h, {ana.get(), back.get()});
  CHECK(h.server->table().over());
}

TEST_CASE("A restarted table without a stand-in level waits for its players, as `host --resume` always did",
          "[net]") {
  Saved saved;
  Harness h;
  resume(h, saved.save_path, std::nullopt);
  h.step_ms = 0;
  auto ana = connect(h, play_hello(1));
  pump(h, {ana.get()}, 10);
  h.clock += 3600000;
  pump(h, {ana.get()}, 10);
  CHECK_FALSE(h.server->started());
  CHECK_THAT(ana->st.screen().status,
             Catch::Contains("Waiting for players: seat 2 (" + user_name(::getuid()) + " 2)"));
  CHECK_THAT(ana->st.screen().status, !Catch::Contains("stands in"));
}

}  // namespace net_restart_stand_in_test_cases
