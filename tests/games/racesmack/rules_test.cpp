// One test per rule of the base game: setup, picking, revealing, tapping,
// the Race, the refill and the end. Quotes: ../shared/rulebooks/racesmack.txt
// ("Rulebook") and ../shared/reference/racesmack.md ("Reference").
#include "games/racesmack/presenter.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

// Three players: Ana R02 (triangle/red), Ben R06 (triangle/blue), Cleo R04
// (circle/red) as their first cards; R05 on top of the draw pile.
std::unique_ptr<RacesmackState> three_players(std::shared_ptr<const RacesmackGame>& g,
                                              const std::vector<std::string>& variants = {}) {
  g = make(3, variants);
  auto s = start(g);
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  return s;
}

}  // namespace

// Rulebook, Setup: "Shuffle all cards into one deck. Deal everyone 4 cards.
// Place the remaining cards as a faceup draw pile."
TEST_CASE("Setup: everyone is dealt 4 cards and the rest is a face-up draw pile", "[racesmack][rules]") {
  for (int players = 2; players <= 6; ++players) {
    auto g = make(players);
    auto s = start(g);
    REQUIRE(s->num_cards() == 54);
    std::vector<std::string> first;
    for (int p = 0; p < players; ++p) first.push_back("R0" + std::to_string(p + 1));
    deal(*s, hands_with(first), "#7");
    for (int p = 0; p < players; ++p) CHECK(s->hand(static_cast<PlayerId>(p)).len == 4);
    CHECK(s->draw_size() == 54 - 4 * players);
    CHECK(std::string(s->card(s->top()).name()) == "#7");
    CHECK(s->phase() == Phase::Pick);
    CHECK(s->check_invariants().empty());
  }
}

// Rulebook, Gameplay: "Everyone picks a secret card from their hand and
// places it in front of them." / "There are no turns: everyone plays at the
// same time."
TEST_CASE("Gameplay: everyone picks a secret card at the same time", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  CHECK(s->turn() == Turn::Simultaneous);
  CHECK_FALSE(s->timed());
  std::vector<PlayerId> who;
  s->actors(who);
  CHECK(who == std::vector<PlayerId>{0, 1, 2});
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"play R02", "play R30", "play R31", "play R32"});
  test::act(*s, 1, "play R06");
  who.clear();
  s->actors(who);
  CHECK(who == std::vector<PlayerId>{0, 2});
  // The pick stays secret: Ana's view does not show Ben's card.
  Canvas c(80, 24);
  ViewContext ctx;
  ctx.viewer = 0;
  RacesmackPresenter().view(*s, c, ctx);
  CHECK(c.to_text().find("R06") == std::string::npos);
  CHECK(s->slots() == 0);
}

// Rulebook, Gameplay: "Once done, everyone reveals their cards at the same
// time."
TEST_CASE("Gameplay: the cards are revealed together when the last player has picked", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  test::act(*s, 0, "play R02");
  test::act(*s, 1, "play R06");
  CHECK(s->phase() == Phase::Pick);
  test::act(*s, 2, "play R04");
  REQUIRE(s->phase() == Phase::Tap);
  REQUIRE(s->slots() == 3);
  CHECK(std::string(s->card(s->slot_card(0)).name()) == "R02");
  CHECK(s->slot_owner(0) == 0);
  CHECK(std::string(s->card(s->slot_card(2)).name()) == "R04");
}

// Rulebook, Gameplay: "Now everyone quickly studies the cards played and then
// taps a card." / "Once all players except one have tapped something, the
// round ends."
TEST_CASE("Tapping: a timed contest that ends when all players but one have tapped", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  CHECK(s->timed());
  CHECK(s->deadline() == s->contest_open() + 20000);
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"tap 1", "tap 2", "tap 3"});
  tap(*s, 2, 1, 500);
  CHECK(s->phase() == Phase::Tap);
  tap(*s, 0, 2, 700);
  CHECK(s->phase() != Phase::Tap);
  CHECK(s->result(1) == Result::TooLate);
}

// Rulebook: "A card is correct if it contains the symbol that appears most
// often (across all cards)."
TEST_CASE("Default rule: a card is correct if it shows the most frequent shape", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});  // triangle, triangle, circle
  CHECK(s->ruling_source() == Source::Default);
  CHECK(s->correct_mask() == 0b011);
}

// Rulebook: "If correct, you win your own card."
TEST_CASE("Tapping: a correct tap wins your own card, whichever card you tapped", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 2, 1, 400);  // Cleo taps Ana's triangle: correct, wins her own circle
  tap(*s, 1, 2, 500);  // Ben taps his own triangle: correct
  CHECK(s->result(2) == Result::Correct);
  CHECK(s->result(1) == Result::Correct);
  // Cleo was fastest: she also gets the leftover (Ana's card): two to place.
  REQUIRE(s->phase() == Phase::Settle);
  CHECK(race_ids(*s, 1) == std::vector<std::string>{"R06"});
  CHECK(test::legal_texts(*s, 2) == std::vector<std::string>{"left R02", "left R04"});
}

// Rulebook: "If incorrect, you lose 1 of your Race cards."
// Reference 7.5 (our reading): the loser chooses; the card is discarded.
TEST_CASE("Tapping: a wrong tap loses one Race card of the loser's choice", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  // Round 1: Ana wins her card and the leftovers (3 Race cards).
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 1, 100);
  tap(*s, 1, 3, 200);  // Ben: wrong, but his Race is empty: nothing to lose
  CHECK(s->result(1) == Result::Incorrect);
  CHECK(race_ids(*s, 1).empty());
  test::act(*s, 0, "left R02");
  test::act(*s, 0, "right R04");
  test::act(*s, 0, "right R06");
  CHECK(race_ids(*s, 0) == std::vector<std::string>{"R02", "R04", "R06"});
  flip_tops(*s, {"R07", "R08", "R09"});
  // Round 2: Ana taps wrongly and picks which Race card she loses.
  pick(*s, {"R05", "R07", "R08"});      // circle/green; square/purple; circle/green star/red
  REQUIRE(s->correct_mask() == 0b101);  // circle is the most common shape
  tap(*s, 0, 2, s->now() + 100);
  tap(*s, 1, 2, s->now() + 100);
  REQUIRE(s->phase() == Phase::Settle);
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"lose R02", "lose R04", "lose R06"});
  test::act(*s, 0, "lose R04");
  CHECK(race_ids(*s, 0) == std::vector<std::string>{"R02", "R06"});  // the row closes up
  CHECK(s->discard().has(s->find_card("R04")));
}

// Rulebook: "Any leftover cards are won by the first player that tapped a
// correct card (the "fastest winner")."
TEST_CASE("Tapping: leftovers go to the first player who tapped a correct card", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 2, 3, 300);  // Cleo first, but wrong (circle)
  tap(*s, 1, 1, 450);  // Ben second and correct: the fastest winner
  REQUIRE(s->phase() == Phase::Settle);
  // Ben wins his own R06 and the leftovers R02 (Ana, too late) and R04 (Cleo, wrong).
  CHECK(test::legal_texts(*s, 1) == std::vector<std::string>{"left R02", "left R04", "left R06"});
  test::act(*s, 1, "left R06");
  test::act(*s, 1, "right R02");
  test::act(*s, 1, "left R04");
  CHECK(race_ids(*s, 1) == std::vector<std::string>{"R04", "R06", "R02"});
}

TEST_CASE("Tapping: nothing correct — own card counts, others are wrong, leftovers discarded",
          "[racesmack][rules]") {
  // Rulebook: "If none of the cards are correct, tap your own card."
  // Reference 7.5 (our reading): leftovers when nobody tapped correctly are discarded.
  auto g = make(3);
  auto s = start(g);
  // #17: "has a number less than 2" — with no 1-icon card nothing is correct.
  deal(*s, {{"#17", "R30", "R31", "R32"}, {"R13", "R33", "R34", "R35"}, {"R09", "R36", "R29", "R28"}}, "R05");
  pick(*s, {"#17", "R13", "R09"});
  REQUIRE(s->ruling_source() == Source::Played);
  REQUIRE(s->none_correct());
  CHECK(s->tap_correct(1, 1));  // Ben's own card
  CHECK_FALSE(s->tap_correct(1, 2));
  tap(*s, 1, 2, 100);  // Ben taps his own card (#2): correct
  tap(*s, 2, 2, 200);  // Cleo taps Ben's: wrong
  CHECK(s->result(1) == Result::Correct);
  CHECK(s->result(2) == Result::Incorrect);
  // Ben was the fastest winner: Ana's #17 and Cleo's R09 are his leftovers.
  REQUIRE(s->phase() == Phase::Settle);
  CHECK(test::legal_texts(*s, 1) == std::vector<std::string>{"left R09", "left R13", "left #17"});
  // And when nobody taps correctly, the leftovers are discarded.
  auto s2 = start(g);
  deal(*s2, {{"#17", "R30", "R31", "R32"}, {"R13", "R33", "R34", "R35"}, {"R09", "R36", "R29", "R28"}},
       "R05");
  pick(*s2, {"#17", "R13", "R09"});
  tap(*s2, 0, 2, 100);
  tap(*s2, 1, 3, 200);
  CHECK(s2->discard().size() == 3);
  CHECK(s2->check_invariants().empty());
}

// Reference 5: "The round ends once all players but one have tapped. The last
// player gets nothing and loses nothing."
TEST_CASE("Tapping: the last player wins nothing and loses nothing", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 3, 100);
  tap(*s, 2, 3, 200);
  CHECK(s->result(1) == Result::TooLate);
  CHECK(s->to_place(1).empty());
  CHECK(s->lose_race_owed(1) == 0);
  CHECK_FALSE(s->penalty_pending(1));
}

// Reference 5 (a tap is "choose played card i", recorded with its moment);
// our reading: nobody taps in 20 seconds, the round ends for those who did not.
TEST_CASE("Tapping: at the deadline the clock ends the round; untapped players are too late",
          "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 1, 1000);
  test::act(*s, kClock, "time", s->deadline());
  CHECK(s->result(0) == Result::Correct);
  CHECK(s->result(1) == Result::TooLate);
  CHECK(s->result(2) == Result::TooLate);
}

// Rulebook: "Won cards are placed in your Race (left or right end)."
TEST_CASE("Race: each won card goes to the left or right end, as its winner chooses", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  // Ben: one card into an empty Race needs no choice.
  CHECK(race_ids(*s, 1) == std::vector<std::string>{"R06"});
  // Ana: an empty Race has one end, so only "left" is offered first.
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"left R02", "left R04"});
  test::act(*s, 0, "left R04");
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"left R02", "right R02"});
  test::act(*s, 0, "left R02");
  CHECK(race_ids(*s, 0) == std::vector<std::string>{"R02", "R04"});
}

// Reference 5: "Everyone draws 1 card; then check whether anyone has finished."
TEST_CASE("Refill: after the round everyone draws the face-up top card in seat order", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  test::act(*s, 0, "left R02");
  test::act(*s, 0, "left R04");
  REQUIRE(s->phase() == Phase::FlipTop);
  CHECK(s->hand(0).has(s->find_card("R05")));  // Ana took the face-up R05
  test::chance(*s, "top R07");
  CHECK(s->hand(1).has(s->find_card("R07")));
  test::chance(*s, "top R08");
  test::chance(*s, "top R09");
  CHECK(s->hand(2).has(s->find_card("R08")));
  CHECK(std::string(s->card(s->top()).name()) == "R09");
  CHECK(s->round() == 2);
  CHECK(s->phase() == Phase::Pick);
  for (int p = 0; p < 3; ++p) CHECK(s->hand(static_cast<PlayerId>(p)).len == 4);
}

// Rulebook: "When Rule Cards are played, find the one with the highest
// number. Its special rule (top text) determines what cards are "correct",
// instead of the default rule."
TEST_CASE("Rule Cards: the highest-numbered Rule Card played decides what is correct", "[racesmack][rules]") {
  auto g = make(3);
  auto s = start(g);
  // #7 "is a Rule Card", #16 "is next to a Rule Card".
  deal(*s, {{"#7", "R30", "R31", "R32"}, {"#16", "R33", "R34", "R35"}, {"R04", "R36", "R29", "R28"}}, "R05");
  pick(*s, {"#7", "#16", "R04"});
  CHECK(s->ruling_source() == Source::Played);
  CHECK(std::string(s->card(s->ruling_card()).name()) == "#16");
  // Circular seating: every card sits next to a Rule Card.
  CHECK(s->correct_mask() == 0b111);
}

// Rulebook: "When checking if you've finished, only the Finish Card with the
// highest number in your Race counts."
TEST_CASE("Objective: only the highest-numbered Rule Card in your Race is your Finish",
          "[racesmack][rules]") {
  auto g = make(2);
  auto s = start(g);
  deal(*s, {{"#3", "#10", "R30", "R31"}, {"R13", "R33", "R34", "R35"}}, "R05");
  pick(*s, {"#3", "R13"});  // #3: number less than 3 -> R13 (2 icons) correct
  tap(*s, 0, 2, 100);       // Ana: correct, wins #3 and the leftover R13
  test::act(*s, 0, "left #3");
  test::act(*s, 0, "right R13");
  CHECK(std::string(s->card(s->finish_of(0)).name()) == "#3");
  flip_tops(*s, {"R07", "R08"});
  pick(*s, {"#10", "R33"});  // #10 rules: most common shape
  tap(*s, 0, 2, s->now() + 100);
  test::act(*s, 0, "right R33");
  test::act(*s, 0, "left #10");
  CHECK(std::string(s->card(s->finish_of(0)).name()) == "#10");  // 8 cards, not #3's 6 stars
}

// Rulebook, Objective: "If your Race has a Finish Card, and you satisfy its
// requirements, you win the game." Reference 7.5: checked after the draw.
TEST_CASE("Objective: meeting your Finish after the round's draw wins the game", "[racesmack][rules]") {
  auto g = make(2);
  auto s = start(g);
  // #16's Finish: 5 triangle icons. Ana holds #16 and triangle cards.
  deal(*s, {{"#16", "R20", "R32", "R22"}, {"R01", "R03", "R07", "R10"}}, "R06");
  pick(*s, {"#16", "R01"});  // #16: next to a Rule Card -> R01 is correct
  tap(*s, 0, 2, 100);        // Ana wins her #16 and the leftover R01
  test::act(*s, 0, "left #16");
  test::act(*s, 0, "right R01");
  CHECK(std::string(s->card(s->finish_of(0)).name()) == "#16");
  flip_tops(*s, {"R11", "R12"});
  pick(*s, {"R20", "R03"});  // triangle/red triangle/green vs star/red: triangle most
  tap(*s, 0, 1, s->now() + 100);
  test::act(*s, 0, "right R20");
  test::act(*s, 0, "right R03");
  CHECK(s->progress_of(0).have == 2);
  flip_tops(*s, {"R14", "R15"});
  pick(*s, {"R32", "R07"});  // triangle/blue triangle/purple star/red star/purple vs square
  tap(*s, 0, 1, s->now() + 100);
  test::act(*s, 0, "right R32");
  test::act(*s, 0, "right R07");
  CHECK(s->progress_of(0).have == 4);
  CHECK(s->phase() != Phase::Over);
  flip_tops(*s, {"R16", "R17"});
  pick(*s, {"R22", "R10"});  // square/red triangle/green triangle/blue vs square/blue star/green
  tap(*s, 0, 1, s->now() + 100);
  test::act(*s, 0, "right R22");
  test::act(*s, 0, "right R10");
  // The Finish is met now, but the win is checked after the draw.
  REQUIRE(s->phase() == Phase::FlipTop);
  test::chance(*s, "top R18");
  REQUIRE(s->phase() == Phase::FlipTop);
  test::chance(*s, "top R19");
  CHECK(s->phase() == Phase::Over);
  CHECK(s->finished(0));
  CHECK(s->standings().winners() == std::vector<PlayerId>{0});
}

// Rulebook: "If the deck runs out before this happens, whoever has the most
// cards in their Race wins." Reference 7.5: the game ends when the draw pile
// is empty after a draw.
TEST_CASE("Objective: when the draw pile runs out, the most Race cards wins", "[racesmack][rules]") {
  auto g = make(6);
  auto s = start(g);
  deal(*s, hands_with({"R01", "R02", "R03", "R04", "R05", "R06"}), "R07");
  // 54 - 24 = 30 cards: five rounds of six draws empty the pile.
  int rounds = 0;
  while (s->phase() != Phase::Over) {
    REQUIRE(s->phase() == Phase::Pick);
    for (int p = 0; p < 6; ++p)
      test::act(*s, static_cast<PlayerId>(p), test::legal_texts(*s, static_cast<PlayerId>(p)).front());
    // Everyone taps their own card until five have tapped.
    for (int p = 0; p < 5 && s->phase() == Phase::Tap; ++p)
      tap(*s, p, s->own_slot(static_cast<PlayerId>(p)) + 1, s->now() + 10);
    while (s->phase() == Phase::Settle) {
      std::vector<PlayerId> who;
      s->actors(who);
      test::act(*s, who.front(), test::legal_texts(*s, who.front()).front());
    }
    while (s->phase() == Phase::FlipTop) {
      std::vector<Outcome> outs;
      s->chance_outcomes(outs);
      s->apply_checked(kChance, outs.front().action, s->now());
    }
    ++rounds;
  }
  CHECK(rounds == 5);
  CHECK(s->deck_out());
  CHECK(s->draw_size() == 0);
  const Standings st = s->standings();
  for (const auto& pl : st.placings) CHECK(pl.score == s->race(pl.player).len);
  CHECK(st.placings.front().score >= st.placings.back().score);
}

// Reference 4.1: "A Race with no Rule Card cannot finish".
TEST_CASE("Objective: a Race without a Rule Card has no Finish and cannot finish", "[racesmack][rules]") {
  std::shared_ptr<const RacesmackGame> g;
  auto s = three_players(g);
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  test::act(*s, 0, "left R02");
  test::act(*s, 0, "left R04");
  CHECK(s->finish_of(0) == -1);
  CHECK_FALSE(s->progress_of(0).done());
}

// Reference 7.5 (our reading): "If several finish, the one with more Race
// cards wins; if still tied, they share the win."
TEST_CASE("Objective: several finishers — the most Race cards wins, equal counts share",
          "[racesmack][rules]") {
  // Custom Rule Cards #1 and #2: correct if it is a Rule Card; Finish: 1 card.
  Data d = embedded_data();
  for (int k : {36, 37}) {
    d.base_cards[static_cast<std::size_t>(k)].rule.key = RuleKey::Rules;
    d.base_cards[static_cast<std::size_t>(k)].finish = Finish{FinishKey::NumCards, 0, 1, 0, {}, {}};
  }
  for (const bool ben_first : {false, true}) {
    auto g = make(3, {}, &d);
    auto s = start(g);
    deal(*s, {{"R02", "#1", "R30", "R31"}, {"R06", "#2", "R33", "R34"}, {"R04", "R09", "R36", "R29"}}, "R05");
    pick(*s, {"R02", "R06", "R04"});  // triangles are correct
    tap(*s, 0, 1, 100);
    tap(*s, 1, 2, 200);
    test::act(*s, 0, "left R02");  // Ana: R02 and Cleo's leftover R04
    test::act(*s, 0, "right R04");
    flip_tops(*s, {"R07", "R08", "R10"});
    pick(*s, {"#1", "#2", "R09"});  // #2 rules: Rule Cards are correct
    tap(*s, ben_first ? 1 : 0, ben_first ? 2 : 1, s->now() + 100);
    tap(*s, ben_first ? 0 : 1, ben_first ? 1 : 2, s->now() + 100);
    // Both place their won cards; the fastest also has Cleo's leftover R09.
    CHECK(s->to_place(ben_first ? 1 : 0).size() == 2);
    for (PlayerId p : {PlayerId{0}, PlayerId{1}})
      while (!s->to_place(p).empty())
        test::act(*s, p, "right " + std::string(s->card(s->to_place(p).first()).name()));
    flip_tops(*s, {"R11", "R12", "R13"});
    REQUIRE(s->phase() == Phase::Over);
    CHECK(s->finished(0));
    CHECK(s->finished(1));
    const Standings st = s->standings();
    if (ben_first) {
      CHECK(s->race(0).len == s->race(1).len);
      CHECK(st.winners() == std::vector<PlayerId>{0, 1});
      CHECK(st.summary.find("share the win") != std::string::npos);
    } else {
      CHECK(s->race(0).len > s->race(1).len);
      CHECK(st.winners() == std::vector<PlayerId>{0});
    }
  }
}
