// The board in 80x20: revealed cards numbered for tapping, the ruling text
// while tapping, every Race with its Finish and progress, the viewer's hand
// only, an ASCII fallback and graceful shrinking. Action labels and prompts.
#include "games/racesmack/presenter.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

std::string board(const RacesmackState& s, PlayerId viewer, int w = 80, int h = 20, bool unicode = true,
                  bool omniscient = false) {
  Canvas c(w, h, unicode);
  ViewContext ctx;
  ctx.viewer = viewer;
  ctx.omniscient = omniscient;
  RacesmackPresenter().view(s, c, ctx);
  return c.to_text();
}

std::unique_ptr<RacesmackState> six_tapping(std::shared_ptr<const RacesmackGame>& g) {
  g = make(6);
  auto s = start(g);
  deal(*s, hands_with({"#4", "R02", "R03", "R04", "R05", "R06"}), "R07");
  pick(*s, {"#4", "R02", "R03", "R04", "R05", "R06"});
  return s;
}

}  // namespace

TEST_CASE("View: revealed cards are numbered for tapping and the ruling text is shown", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = six_tapping(g);
  const std::string b = board(*s, 0);
  CHECK(b.find("#1 Ana") != std::string::npos);
  CHECK(b.find("#6 Fay") != std::string::npos);
  CHECK(b.find("Rule Card #4 rules") != std::string::npos);
  CHECK(b.find("appears most often") != std::string::npos);
  // While tapping, the correct cards are not marked (that is the players' job).
  CHECK(b.find("✓") == std::string::npos);
  CHECK(board(*s, 0, 80, 20, true, true).find("✓") != std::string::npos);
}

TEST_CASE("View: every player's Race, Finish and progress fit in 80x20", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = six_tapping(g);
  tap(*s, 1, 2, 100);
  for (int p = 2; p < 6; ++p) tap(*s, p, 3, 100 + p);
  while (s->phase() == Phase::Settle) {
    std::vector<PlayerId> who;
    s->actors(who);
    test::act(*s, who.front(), test::legal_texts(*s, who.front()).front());
  }
  const std::string b = board(*s, 1);
  for (const char* name : {"Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"})
    CHECK(b.find(name) != std::string::npos);
  CHECK(b.find("Race") != std::string::npos);
  CHECK(b.find("no Finish yet") != std::string::npos);
  CHECK(b.find("Ben's hand:") != std::string::npos);  // the last line still fits
}

TEST_CASE("View: a Finish shows its text and how close the Race is", "[racesmack][view]") {
  auto g = make(2);
  auto s = start(g);
  deal(*s, {{"#10", "R30", "R31", "R32"}, {"R13", "R33", "R34", "R35"}}, "R05");
  pick(*s, {"#10", "R13"});
  tap(*s, 0, 2, 100);
  test::act(*s, 0, "left #10");
  test::act(*s, 0, "right R13");
  const std::string b = board(*s, 1);
  CHECK(b.find("Finish Rule 10: 8 cards") != std::string::npos);
  CHECK(b.find("1/8 cards") != std::string::npos);
}

TEST_CASE("View: other players' hands stay hidden", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  g = make(3);
  auto s = start(g);
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  const std::string b = board(*s, 0);
  // Regular cards show as icons (R02: a red triangle), not ids.
  CHECK(b.find("Ana's hand: ▲r") != std::string::npos);
  CHECK(b.find("Ben's hand") == std::string::npos);
  CHECK(b.find("Cleo's hand") == std::string::npos);
  const std::string all = board(*s, 0, 80, 30, true, true);
  CHECK(all.find("Ben's hand") != std::string::npos);
  CHECK(all.find("Cleo's hand") != std::string::npos);
}

TEST_CASE("View: the ASCII fallback uses letters and ASCII shapes only", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = six_tapping(g);
  const std::string b = board(*s, 0, 80, 20, false);
  for (unsigned char ch : b) CHECK(ch < 128);
  CHECK(b.find("^r") != std::string::npos);  // R02: a red triangle
  const std::string u = board(*s, 0);
  CHECK(u.find("▲r") != std::string::npos);
}

TEST_CASE("View: a small canvas degrades without failing", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = six_tapping(g);
  for (auto [w, h] : {std::pair{40, 10}, std::pair{20, 5}, std::pair{80, 3}, std::pair{1, 1}})
    CHECK_NOTHROW(board(*s, 0, w, h));
  auto gen = make(3, {"generated-deck"});
  auto s2 = start(gen);
  CHECK(board(*s2, 0).find("Generating the deck") != std::string::npos);
}

TEST_CASE("Labels and prompts say what each choice would do", "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g;
  g = make(3);
  auto s = start(g);
  deal(*s, hands_with({"#7", "R06", "R04"}), "R05");
  const Action play7 = *s->parse_action(0, "play #7");
  CHECK(RacesmackPresenter().action_label(*s, 0, play7) ==
        "Play Rule Card 7 (correct if it is a Rule Card; Finish: 6 cards showing at least 1 triangle)");
  CHECK(RacesmackPresenter().prompt(*s, 0) == "Pick a card to play face down.");
  pick(*s, {"#7", "R06", "R04"});
  CHECK(RacesmackPresenter().action_label(*s, 1, *s->parse_action(1, "tap 2")) ==
        "Tap #2: your own card — triangle/blue (card R06)");
  CHECK(RacesmackPresenter().action_label(*s, 1, *s->parse_action(1, "tap 1")).find("Ana's card") !=
        std::string::npos);
  CHECK(RacesmackPresenter().prompt(*s, 1).find("TAP! Rule Card #7 rules") != std::string::npos);
  CHECK(RacesmackPresenter().prompt(*s, 1).find("tap your own (#2)") != std::string::npos);
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  // Narration: the count is what is left to place, said as such (not "You won 1 card" after placing one).
  CHECK(RacesmackPresenter().prompt(*s, 0) ==
        "2 won cards left to place: put each at the left or right end of your Race.");
  CHECK(RacesmackPresenter().action_label(*s, 0, *s->parse_action(0, "left R04")) ==
        "Start your Race with circle/red (card R04)");
}

TEST_CASE("Narration: a Rule Card on top of the draw pile is shown with its rule and Finish",
          "[racesmack][narration]") {
  // Rulebook, Setup: "Place the remaining cards as a faceup draw pile." A face-up Rule Card is read in full.
  std::shared_ptr<const RacesmackGame> g = make(3);
  auto s = start(g);
  EventSink events;
  s->set_event_sink(&events);
  deal(*s, hands_with({"R01", "R02", "R03"}), "#7");
  bool seen = false;
  for (const Event& e : events)
    if (e.text.find(
            "The draw pile shows Rule Card #7 (correct if it is a Rule Card; Finish: 6 cards showing at "
            "least 1 triangle) on top") != std::string::npos)
      seen = true;
  CHECK(seen);
}

TEST_CASE("Standings: one Race card is said in the singular, a shared lead is each player's",
          "[racesmack][view]") {
  std::shared_ptr<const RacesmackGame> g = make(3);
  auto s = start(g);
  CHECK(s->standings().summary == "Ana, Ben and Cleo share the lead with 0 Race cards each.");
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  pick(*s, {"R02", "R06", "R04"});  // triangle, triangle, circle
  tap(*s, 2, 1, 400);               // Cleo taps Ana's triangle: correct, fastest (two cards to place)
  tap(*s, 1, 2, 500);               // Ben taps his own triangle: correct, it joins his Race
  REQUIRE(race_ids(*s, 1) == std::vector<std::string>{"R06"});
  CHECK(s->standings().summary == "Ben leads with 1 Race card.");
  CHECK(s->standings().placings.front().detail.rfind("1 Race card", 0) == 0);
}
