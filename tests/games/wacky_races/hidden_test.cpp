// Hidden information: hands and face-down Traps, and determinize() for the
// search bot.
#include "core/rng.h"
#include "tests/games/wacky_races/fixture.h"

using namespace rt::wacky_races::fixture;

// Rulebook: Traps are placed "facedown (no peeking!)"; hands are secret. determinize() resamples what the
// viewer cannot see and keeps everything it can.
TEST_CASE("Hidden information: determinize keeps the viewer's knowledge and every card in one place",
          "[wacky-races][hidden]") {
  Fixture fx = start(Setup{});
  WackyState& s = fx.s();
  s.put_trap(tile(fx, 4), trap_id(fx, "oil"));
  s.put_trap(tile(fx, 6), trap_id(fx, "log"));
  s.put_trap(tile(fx, 8), trap_id(fx, "mud-pool"));
  hand(fx, 0, "DDF");
  hand(fx, 1, "PPP");
  hand(fx, 2, "MMM");
  Rng rng(5);
  bool others_changed = false, traps_changed = false;
  for (int i = 0; i < 20; ++i) {
    auto copy = s.clone();
    auto& d = static_cast<WackyState&>(*copy);
    d.determinize(0, rng);
    INFO(d.debug_string());
    REQUIRE(d.check_invariants() == "");
    CHECK(hand_of(fx, 0) == "DDF");
    for (int k = 0; k < kTerrains; ++k) CHECK(d.hand(0, k) == s.hand(0, k));
    CHECK(d.hand_total(1) == 3);
    CHECK(d.hand_total(2) == 3);
    others_changed = others_changed || d.hand(1, 2) != 3;
    for (int p = 0; p < fx.c().num_pos; ++p) CHECK((d.trap(p) >= 0) == (s.trap(p) >= 0));
    traps_changed = traps_changed || d.trap(tile(fx, 4)) != s.trap(tile(fx, 4));
    for (int slot = 0; slot < kField; ++slot) CHECK(d.pos(slot) == s.pos(slot));
  }
  CHECK(others_changed);
  CHECK(traps_changed);
}

TEST_CASE("Hidden information: a peeked Trap stays what it is for the one who peeked",
          "[wacky-races][hidden]") {
  Setup su;
  su.racers = "red-max,pat-pending,rufus-ruffcut";
  su.neutrals = {"gruesome-twosome", "sergeant-blast", "lazy-luke"};
  Fixture fx = start(su);
  WackyState& s = fx.s();
  s.put_trap(tile(fx, 5), trap_id(fx, "mud-pool"));
  s.put_trap(tile(fx, 7), trap_id(fx, "oil"));
  act(fx, 0, "power aerial-recon");
  act(fx, 0, "tile 7");
  chance(fx, "draw desert");
  Rng rng(9);
  for (int i = 0; i < 20; ++i) {
    auto copy = s.clone();
    auto& d = static_cast<WackyState&>(*copy);
    d.determinize(0, rng);
    CHECK(d.trap(tile(fx, 7)) == trap_id(fx, "oil"));
    REQUIRE(d.check_invariants() == "");
  }
}
