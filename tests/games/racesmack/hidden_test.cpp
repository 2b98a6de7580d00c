// Hidden information: determinize() (for search bots) resamples only what the
// viewer cannot see — other hands, secret picks, the draw pile under its
// face-up top card, the Racing Rules deck, and every After You blind pile.
#include "core/rng.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

TEST_CASE("Hidden information: determinize keeps what the viewer sees", "[racesmack][hidden]") {
  auto g = make(3, {"racing-rules"});
  auto s = start(g);
  for (int k = 1; k <= 9; ++k) test::chance(*s, "aside #" + std::to_string(k));
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  test::chance(*s, "racing #3");
  test::act(*s, 1, "play R06");  // Ben's secret pick
  test::act(*s, 0, "play R02");  // Ana's own pick
  bool changed = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto copy = s->clone();
    auto& c = static_cast<RacesmackState&>(*copy);
    Rng rng(seed);
    c.determinize(0, rng);
    CHECK(c.check_invariants().empty());
    CHECK(hand_ids(c, 0) == hand_ids(*s, 0));
    CHECK(c.played(0) == s->played(0));
    CHECK(c.top() == s->top());
    CHECK(c.racing_card() == s->racing_card());
    CHECK(c.hand(1).len == s->hand(1).len);
    CHECK(c.hand(2).len == s->hand(2).len);
    CHECK(c.racing_deck().size() == s->racing_deck().size());
    c.racing_deck().each([&](int k) { CHECK(c.card(k).is_rule); });
    changed = changed || hand_ids(c, 1) != hand_ids(*s, 1) || c.played(1) != s->played(1);
  }
  CHECK(changed);
}

TEST_CASE("Hidden information: in After You even your own blind pile is unknown", "[racesmack][hidden]") {
  auto g = make(3, {"after-you"});
  auto s = start(g);
  deal(*s, {{"R01", "R02", "R03", "R04"}, {"R05", "R06", "R07", "R08"}, {"R09", "R10", "R11", "R12"}}, "R20");
  bool own_changed = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto copy = s->clone();
    auto& c = static_cast<RacesmackState&>(*copy);
    Rng rng(seed);
    c.determinize(0, rng);
    CHECK(c.check_invariants().empty());
    own_changed = own_changed || hand_ids(c, 0) != hand_ids(*s, 0);
  }
  CHECK(own_changed);
}
