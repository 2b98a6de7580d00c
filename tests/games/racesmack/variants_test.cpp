// One test (or more) per variant and the Shifting Gears expansion, quoting
// the rulebook's "Expansions & Variants" and the reference's section 6.
#include <set>

#include "games/racesmack/presenter.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

// Plays the current round with the first legal pick for everyone; players
// tap their own card until the round ends; settles and draws automatically.
void auto_round(RacesmackState& s) {
  auto first_outcome = [&]() {
    std::vector<Outcome> outs;
    s.chance_outcomes(outs);
    s.apply_checked(kChance, outs.front().action, s.now());
  };
  while (s.phase() == Phase::RacingFlip) first_outcome();
  for (PlayerId p = 0; p < s.num_players(); ++p)
    if (s.phase() == Phase::Pick && !s.has_picked(p)) test::act(s, p, test::legal_texts(s, p).front());
  for (PlayerId p = 0; s.phase() == Phase::Tap; ++p) tap(s, p, s.own_slot(p) + 1, s.now() + 10);
  while (s.phase() == Phase::Settle || s.phase() == Phase::FlipTop) {
    if (s.turn() == Turn::Chance) {
      first_outcome();
      continue;
    }
    std::vector<PlayerId> who;
    s.actors(who);
    test::act(s, who.front(), test::legal_texts(s, who.front()).front());
  }
}

}  // namespace

// Rulebook, Noise Canceling: "If exactly 1 Rule Card is played, then its rule
// determines the "correct" cards instead. Otherwise, if no or multiple Rules
// cards are played, just use the default rules stated above."
TEST_CASE("Variant Noise Canceling: a lone Rule Card rules; several cancel out", "[racesmack][variants]") {
  auto g = make(3, {"noise-canceling"});
  auto s = start(g);
  deal(*s, {{"#7", "#16", "R30", "R31"}, {"R02", "#18", "R33", "R34"}, {"R06", "R04", "R36", "R29"}}, "R05");
  pick(*s, {"#7", "R02", "R06"});
  CHECK(s->ruling_source() == Source::Played);
  CHECK(s->correct_mask() == 0b001);  // #7: "is a Rule Card"
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  test::act(*s, 0, "left #7");
  test::act(*s, 0, "right R06");
  flip_tops(*s, {"R07", "R08", "R09"});
  // Two Rule Cards (#16 and #18): they cancel, the default rule applies.
  pick(*s, {"#16", "#18", "R04"});
  CHECK(s->ruling_source() == Source::Default);
  CHECK(s->correct_mask() == 0b100);  // R04's circle is the only shape shown
  CHECK(s->ruling_text().find("Noise Canceling") != std::string::npos);
}

// Rulebook, Racing Rules: "Keep 9 random Rule Cards in a separate deck."
TEST_CASE("Variant Racing Rules: 9 random Rule Cards form a separate deck", "[racesmack][variants]") {
  auto g = make(4, {"racing-rules"});
  auto s = start(g);
  REQUIRE(s->phase() == Phase::SetAside);
  std::vector<Outcome> outs;
  s->chance_outcomes(outs);
  CHECK(outs.size() == 18);
  for (const Outcome& o : outs) CHECK(s->card(o.action - kCardBase).is_rule);
  for (int k = 1; k <= 9; ++k) test::chance(*s, "aside #" + std::to_string(k));
  CHECK(s->racing_deck().size() == 9);
  CHECK(s->phase() == Phase::Deal);
  CHECK(s->draw_size() == 45);
  CHECK(s->check_invariants().empty());
}

// Rulebook, Racing Rules: "At the start of each round, reveal the top one.
// That's now the "default rule" for finding correct cards." Reference 7.5
// (our reading): a played Rule Card still overrides it.
TEST_CASE("Variant Racing Rules: each round's revealed card is the default rule", "[racesmack][variants]") {
  auto g = make(3, {"racing-rules"});
  auto s = start(g);
  for (int k = 1; k <= 9; ++k) test::chance(*s, "aside #" + std::to_string(k));
  deal(*s, {{"R02", "#16", "R30", "R31"}, {"R06", "R33", "R34", "R35"}, {"R04", "R36", "R29", "R28"}}, "R05");
  REQUIRE(s->phase() == Phase::RacingFlip);
  test::chance(*s, "racing #3");  // "has a number less than 3"
  CHECK(RacesmackPresenter().prompt(*s, 0).find("less than 3") != std::string::npos);
  pick(*s, {"R02", "R06", "R04"});  // three 1-icon cards
  CHECK(s->ruling_source() == Source::Racing);
  CHECK(s->correct_mask() == 0b111);
  tap(*s, 0, 1, 100);
  tap(*s, 1, 1, 200);
  test::act(*s, 0, "left R02");
  test::act(*s, 0, "left R04");
  flip_tops(*s, {"R07", "R08", "R09"});
  test::chance(*s, "racing #7");
  pick(*s, {"#16", "R33", "R36"});  // a played Rule Card overrides the revealed default
  CHECK(s->ruling_source() == Source::Played);
  CHECK(std::string(s->card(s->ruling_card()).name()) == "#16");
}

// Rulebook, Racing Rules: "If only Rule Cards are played, only the Rule Card
// with the highest number is "correct"."
TEST_CASE("Variant Racing Rules: only Rule Cards played — only the highest is correct",
          "[racesmack][variants]") {
  auto g = make(3, {"racing-rules"});
  auto s = start(g);
  for (int k = 1; k <= 9; ++k) test::chance(*s, "aside #" + std::to_string(k));
  deal(*s, {{"#10", "R30", "R31", "R32"}, {"#17", "R33", "R34", "R35"}, {"#12", "R36", "R29", "R28"}}, "R05");
  test::chance(*s, "racing #7");
  pick(*s, {"#10", "#17", "#12"});
  CHECK(s->ruling_source() == Source::OnlyRules);
  CHECK(s->correct_mask() == 0b010);  // #17
  // Without the variant, #17 ("number less than 2") would make nothing correct.
  auto g2 = make(3);
  auto s2 = start(g2);
  deal(*s2, {{"#10", "R30", "R31", "R32"}, {"#17", "R33", "R34", "R35"}, {"#12", "R36", "R29", "R28"}},
       "R05");
  pick(*s2, {"#10", "#17", "#12"});
  CHECK(s2->none_correct());
}

// Rulebook, Racing Rules: "Once this deck is empty, simply re-use the same 9
// cards again for a new deck."
TEST_CASE("Variant Racing Rules: the 9 cards are re-used when the deck is empty", "[racesmack][variants]") {
  auto g = make(2, {"racing-rules"});
  auto s = start(g);
  for (int k = 1; k <= 9; ++k) test::chance(*s, "aside #" + std::to_string(k));
  deal(*s, hands_with({"R01", "R02"}), "R03");
  std::set<int> seen;
  for (int round = 1; round <= 9; ++round) {
    REQUIRE(s->phase() == Phase::RacingFlip);
    std::vector<Outcome> outs;
    s->chance_outcomes(outs);
    CHECK(static_cast<int>(outs.size()) == 10 - round);
    s->apply_checked(kChance, outs.front().action, s->now());
    seen.insert(s->racing_card());
    auto_round(*s);
    REQUIRE(s->phase() != Phase::Over);
  }
  CHECK(seen.size() == 9);
  REQUIRE(s->phase() == Phase::RacingFlip);
  CHECK(s->racing_deck().size() == 9);  // all nine again
  CHECK(s->racing_used().empty());
}

// Rulebook, Time Penalty: "When tapping an incorrect card, you must pick one
// of the following penalties. Lose 2 Race cards. Lose 2 Hand cards."
TEST_CASE("Variant Time Penalty: a wrong tap picks a penalty — 2 Race cards or 2 hand cards",
          "[racesmack][variants]") {
  auto g = make(3, {"time-penalty"});
  auto s = start(g);
  deal(*s, hands_with({"R02", "R06", "R04"}), "R05");
  // Round 1: Ben wins R06 and the leftovers R02, R04 (3 Race cards).
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 1, 2, 100);
  tap(*s, 0, 3, 200);  // Ana: wrong
  REQUIRE(s->penalty_pending(0));
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"penalty race", "penalty hand", "penalty tie"});
  test::act(*s, 0, "penalty hand");
  CHECK(test::legal_texts(*s, 0) == std::vector<std::string>{"discard R30", "discard R31", "discard R32"});
  test::act(*s, 0, "discard R31");
  test::act(*s, 0, "discard R30");
  CHECK(hand_ids(*s, 0) == std::vector<std::string>{"R32"});
  test::act(*s, 1, "left R02");
  test::act(*s, 1, "right R04");
  test::act(*s, 1, "right R06");
  flip_tops(*s, {"R07", "R08", "R09"});
  CHECK(hand_ids(*s, 0) == std::vector<std::string>{"R05", "R32"});  // refilled by 1 as usual
  // Round 2: Ben taps wrongly and loses 2 Race cards of his choice.
  pick(*s, {"R05", "R07", "R08"});  // circle wins: #1 and #3
  tap(*s, 1, 2, s->now() + 100);
  tap(*s, 0, 1, s->now() + 100);
  test::act(*s, 1, "penalty race");
  test::act(*s, 1, "lose R04");
  CHECK(test::legal_texts(*s, 1) == std::vector<std::string>{"lose R02", "lose R06"});
  test::act(*s, 1, "lose R06");
  CHECK(race_ids(*s, 1) == std::vector<std::string>{"R02"});
  CHECK(s->discard().size() == 4);
}

// Rulebook, Time Penalty: "Next round, you are always "incorrect" if there's a
// tie ( = there are multiple correct cards)."
TEST_CASE("Variant Time Penalty: the tie penalty makes you incorrect on a tie next round",
          "[racesmack][variants]") {
  auto g = make(3, {"time-penalty"});
  auto s = start(g);
  deal(*s, {{"R02", "R09", "R05", "R32"}, {"R06", "R11", "R07", "R33"}, {"R04", "R10", "R08", "R36"}}, "R01");
  pick(*s, {"R02", "R06", "R04"});
  tap(*s, 1, 2, 100);
  tap(*s, 0, 3, 200);  // Ana wrong
  test::act(*s, 0, "penalty tie");
  CHECK(s->tie_flag_next(0));
  while (!s->to_place(1).empty())
    test::act(*s, 1, "left " + std::string(s->card(s->to_place(1).first()).name()));
  flip_tops(*s, {"R12", "R13", "R14"});
  // Round 2: circle/red star/red, triangle/blue circle/purple, square/blue star/green:
  // circle 2 and star 2 tie: #1, #2 and #3 are all correct — a tie.
  pick(*s, {"R09", "R11", "R10"});
  REQUIRE(std::popcount(static_cast<unsigned>(s->correct_mask())) > 1);
  CHECK(s->tie_flag(0));
  CHECK_FALSE(s->tap_correct(0, 0));
  CHECK(s->tap_correct(1, 0));
  tap(*s, 0, 1, s->now() + 100);
  tap(*s, 1, 1, s->now() + 100);
  CHECK(s->result(0) == Result::Incorrect);
  CHECK(s->result(1) == Result::Correct);
  // The flag lasts one round only.
  test::act(*s, 0, "penalty race");
  while (!s->to_place(1).empty())
    test::act(*s, 1, "right " + std::string(s->card(s->to_place(1).first()).name()));
  flip_tops(*s, {"R15", "R16", "R17"});
  pick(*s, {"R05", "R07", "R08"});
  CHECK_FALSE(s->tie_flag(0));
}

// Rulebook, Tiebreaker: "Ties are broken by the card showing the color that
// appears most often (among the tied cards). If still a tie, the highest
// number of shapes on the card wins." Reference 6.1's worked example, played.
TEST_CASE("Variant Tiebreaker: the worked example played as a round", "[racesmack][variants]") {
  Data d = embedded_data();
  d.base_cards[0] = card_of("rectangle/green rectangle/green", d);        // A
  d.base_cards[1] = card_of("rectangle/green", d);                        // B
  d.base_cards[2] = card_of("rectangle/red circle/blue circle/blue", d);  // C
  for (int k = 0; k < 3; ++k) {
    const std::string id = "R0" + std::to_string(k + 1);
    std::copy(id.begin(), id.end(), d.base_cards[static_cast<std::size_t>(k)].id.begin());
  }
  auto g = make(3, {"tiebreaker"}, &d);
  auto s = start(g);
  deal(*s, hands_with({"R01", "R02", "R03"}), "R05");
  pick(*s, {"R01", "R02", "R03"});
  CHECK(s->correct_mask() == 0b001);  // only A
  tap(*s, 1, 2, 100);                 // Ben taps B: incorrect under Tiebreaker
  tap(*s, 0, 1, 200);                 // Ana taps A: correct
  CHECK(s->result(1) == Result::Incorrect);
  CHECK(s->result(0) == Result::Correct);
  // The same cards without the variant: all three are correct.
  auto g2 = make(3, {}, &d);
  auto s2 = start(g2);
  deal(*s2, hands_with({"R01", "R02", "R03"}), "R05");
  pick(*s2, {"R01", "R02", "R03"});
  CHECK(s2->correct_mask() == 0b111);
}

// Rulebook, After You: "This variant makes the game turn-based instead of
// simultaneous. Pick any start player. Player's hands are "blind": a facedown
// pile before them. From start player, in clockwise turns, people reveal a
// single card (faceup)."
TEST_CASE("Variant After You: blind piles revealed one card at a time, clockwise", "[racesmack][variants]") {
  auto g = make(3, {"after-you"});
  auto s = start(g);
  deal(*s, {{"R01", "R02", "R03", "R04"}, {"R05", "R06", "R07", "R08"}, {"R09", "#7", "R11", "R12"}}, "R20");
  REQUIRE(s->phase() == Phase::StartPlayer);
  test::chance(*s, "start 2");
  CHECK(s->turn() == Turn::Player);
  std::vector<PlayerId> who;
  s->actors(who);
  CHECK(who == std::vector<PlayerId>{1});
  CHECK(test::legal_texts(*s, 1) == std::vector<std::string>{"reveal"});
  // Nobody sees a blind pile, not even its owner.
  Canvas c(80, 24);
  ViewContext ctx;
  ctx.viewer = 1;
  RacesmackPresenter().view(*s, c, ctx);
  CHECK(c.to_text().find("R06") == std::string::npos);
  test::act(*s, 1, "reveal");
  test::chance(*s, "reveal R06");  // not a Rule Card: no tapping
  CHECK(s->pile(1).len == 1);
  CHECK(s->hand(1).has(s->find_card("R20")));  // refilled from the face-up pile
  test::chance(*s, "top R21");
  who.clear();
  s->actors(who);
  CHECK(who == std::vector<PlayerId>{2});  // clockwise
  CHECK(s->check_invariants().empty());
}

// Rulebook, After You: "The smashing begins only once somebody reveals a Rule
// Card. That specific card tells you the rule for what's "correct". If you're
// correct, you win the entire pile of cards that has built up in front of you."
TEST_CASE("Variant After You: a revealed Rule Card starts the tapping; a correct tap wins your pile",
          "[racesmack][variants]") {
  auto g = make(3, {"after-you"});
  auto s = start(g);
  deal(*s, {{"R01", "R02", "R03", "R04"}, {"R05", "R06", "R07", "R08"}, {"R09", "#3", "R11", "R12"}}, "R20");
  test::chance(*s, "start 1");
  test::act(*s, 0, "reveal");
  test::chance(*s, "reveal R01");  // square/blue
  test::chance(*s, "top R21");
  test::act(*s, 1, "reveal");
  test::chance(*s, "reveal R08");  // circle/green star/red
  test::chance(*s, "top R22");
  test::act(*s, 2, "reveal");
  test::chance(*s, "reveal R09");  // circle/red star/red
  test::chance(*s, "top R23");
  test::act(*s, 0, "reveal");
  test::chance(*s, "reveal R02");  // triangle/red: Ana's pile R01, R02
  test::chance(*s, "top R24");
  test::act(*s, 1, "reveal");
  test::chance(*s, "reveal R05");  // circle/green: Ben's pile R08, R05
  test::chance(*s, "top R25");
  test::act(*s, 2, "reveal");
  test::chance(*s, "reveal #3");  // "has a number less than 3": Cleo's pile R09, #3
  REQUIRE(s->phase() == Phase::Tap);
  CHECK(s->ruling_source() == Source::Trigger);
  REQUIRE(s->slots() == 3);
  CHECK(std::string(s->card(s->slot_card(0)).name()) == "R02");
  CHECK(std::string(s->card(s->slot_card(2)).name()) == "#3");
  CHECK(s->correct_mask() == 0b011);  // R02 (1 icon), R05 (1 icon); #3 is a Rule Card
  tap(*s, 1, 1, 300);                 // Ben: correct, fastest
  tap(*s, 0, 3, 400);                 // Ana: wrong; her Race is empty
  REQUIRE(s->phase() == Phase::Settle);
  // Ben wins his own pile (R08, R05) and, as the fastest, the leftover piles.
  CHECK(s->to_place(1).size() == 6);
  for (int p = 0; p < 3; ++p) CHECK(s->pile(static_cast<PlayerId>(p)).len == 0);
  while (!s->to_place(1).empty()) test::act(*s, 1, test::legal_texts(*s, 1).front());
  CHECK(s->race(1).len == 6);
  // Cleo refills, and the next player (Ana) has her turn.
  test::chance(*s, "top R26");
  CHECK(s->phase() == Phase::AyTurn);
  CHECK(s->current() == 0);
  CHECK(s->check_invariants().empty());
}

// Remark in the rulebook, reference 6.1: "first_game: Ignore Rule Cards;
// always use the default rule".
TEST_CASE("Variant First Game: Rule Cards never change the rule", "[racesmack][variants]") {
  auto g = make(3, {"first-game"});
  auto s = start(g);
  deal(*s, hands_with({"#7", "R02", "R06"}), "R05");
  pick(*s, {"#7", "R02", "R06"});
  CHECK(s->ruling_source() == Source::Default);
  CHECK(s->correct_mask() == 0b110);  // triangles; not the Rule Card
  CHECK(s->ruling_text().find("First game") != std::string::npos);
}

// Rulebook, Shifting Gears: "cards will have different ways of displaying the
// "how many" part: number text, fingers on a hand, dice, or tallying."
// Reference 6.2 (our reading): each card is N identical icons.
TEST_CASE("Expansion Shifting Gears: 18 cards whose number is shown, counting as N icons",
          "[racesmack][variants]") {
  auto g = make(3, {"shifting-gears"});
  auto s = start(g);
  REQUIRE(s->num_cards() == 72);
  const Card& g11 = s->card(s->find_card("G11"));  // dice 3, square/green
  CHECK(g11.display == Display::Dice);
  CHECK(g11.count == 3);
  CHECK(g11.per_value[kShape][0] == 3);
  CHECK(g11.per_value[kColour][1] == 3);
  std::array<int, kDisplays> displays{};
  for (int c = 54; c < 72; ++c) ++displays[static_cast<std::size_t>(s->card(c).display)];
  CHECK(displays == std::array<int, kDisplays>{0, 5, 5, 4, 4});
  // Judged like any card: G11's three squares beat two stars.
  deal(*s, hands_with({"G11", "R09", "R03"}), "R05");
  pick(*s, {"G11", "R09", "R03"});
  CHECK(s->correct_mask() == 0b001);
  Canvas c(80, 24);
  ViewContext ctx;
  ctx.viewer = 0;
  RacesmackPresenter().view(*s, c, ctx);
  CHECK(c.to_text().find("⚂") != std::string::npos);
  Canvas a(80, 24, false);
  RacesmackPresenter().view(*s, a, ctx);
  CHECK(a.to_text().find("[3]Sg") != std::string::npos);
}

TEST_CASE("Variants: combinations the rules do not allow are refused", "[racesmack][variants]") {
  CHECK_THROWS_AS(make(3, {"first-game", "noise-canceling"}), OptionError);
  CHECK_THROWS_AS(make(3, {"first-game", "racing-rules"}), OptionError);
  CHECK_THROWS_AS(make(3, {"after-you", "racing-rules"}), OptionError);
  CHECK_THROWS_AS(make(3, {"after-you", "noise-canceling"}), OptionError);
  CHECK_THROWS_AS(make(3, {"after-you", "first-game"}), OptionError);
  CHECK_NOTHROW(make(3, {"after-you", "time-penalty", "tiebreaker", "shifting-gears", "generated-deck"}));
  CHECK_NOTHROW(make(3, {"noise-canceling", "racing-rules", "time-penalty", "tiebreaker", "shifting-gears"}));
}

// Rulebook, Time Penalty ("Lose 2 Hand cards") with After You's blind piles.
// Our reading: nobody knows a blind pile's cards, so chance picks the two.
TEST_CASE("Variants After You + Time Penalty: lost hand cards are random blind cards",
          "[racesmack][variants]") {
  auto g = make(3, {"after-you", "time-penalty"});
  auto s = start(g);
  deal(*s, {{"R01", "R02", "R03", "R04"}, {"R05", "R06", "R07", "R08"}, {"R09", "#3", "R11", "R12"}}, "R20");
  test::chance(*s, "start 1");
  for (const char* c : {"R01", "R08", "R09", "R02", "R05"}) {
    std::vector<PlayerId> who;
    s->actors(who);
    test::act(*s, who.front(), "reveal");
    test::chance(*s, std::string("reveal ") + c);
    std::vector<Outcome> outs;
    s->chance_outcomes(outs);
    s->apply_checked(kChance, outs.front().action, s->now());  // the new face-up top card
  }
  test::act(*s, 2, "reveal");
  test::chance(*s, "reveal #3");
  tap(*s, 1, 1, 300);
  tap(*s, 0, 3, 400);  // Ana: wrong
  test::act(*s, 0, "penalty hand");
  REQUIRE(s->turn() == Turn::Chance);
  std::vector<Outcome> outs;
  s->chance_outcomes(outs);
  CHECK(outs.size() == 4);
  const std::vector<std::string> blind = hand_ids(*s, 0);
  test::chance(*s, "blind " + blind[1]);
  test::chance(*s, "blind " + blind[3]);
  CHECK(hand_ids(*s, 0) == std::vector<std::string>{blind[0], blind[2]});
  CHECK(s->turn() == Turn::Simultaneous);  // Ben still places his cards
  CHECK(s->check_invariants().empty());
}
