// The hot path allocates nothing: with no listener, a whole race of random or
// heuristic play makes only the few allocations of vectors growing to size.
#include <atomic>
#include <cstdlib>
#include <new>

#include "tests/games/wacky_races/fixture.h"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t n) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
// Every form of new and delete is replaced together, or the standard library
// (std::stable_sort's nothrow buffer) mixes ours with the default (ASan: mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void* operator new[](std::size_t n, const std::nothrow_t& tag) noexcept {
  return operator new(n, tag);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

using namespace rt::wacky_races::fixture;

// Hot path: no allocation, no string formatting per decision.
TEST_CASE("Hot path: a race without a listener allocates nothing per decision", "[wacky-races][perf]") {
  for (BotLevel level : {BotLevel::Random, BotLevel::Easy, BotLevel::Normal}) {
    for (std::uint64_t seed : {11u, 12u, 13u}) {
      auto game = test::make_game(wacky_races::entry(), 4);
      std::vector<Seat> seats(4, Seat{"P", SeatKind::Bot, level});
      Table table(game, seats, seed);
      table.set_recording(false);
      for (int i = 0; i < 60 && table.advance_one();) ++i;  // set-up and a first turn: vectors reach size
      g_allocations = 0;
      g_counting = true;
      table.advance();
      g_counting = false;
      REQUIRE(table.over());
      CAPTURE(level_name(level), seed, table.decisions(), g_allocations.load());
      CHECK(table.decisions() > 20);
      CHECK(g_allocations.load() <= 8);  // scratch vectors growing, never one per decision
    }
  }
}
