// One test per rule template (reference 3.3), the default rule (rulebook:
// "A card is correct if it contains the symbol that appears most often"),
// circular seating and Rule Cards under the templates (our readings).
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {
const Card kRule7 = rule_card(7);
const Card kRule9 = rule_card(9);
}  // namespace

// Reference 3.3, freq: "Card shows the {colour/shape} that occurs
// {least/most} often among all played cards" — counting icons, only values
// that appear; every value tied for the extreme counts.
TEST_CASE("Rule template freq: the least or most frequent colour or shape", "[racesmack][templates]") {
  const Card a = card_of("star/red star/red");
  const Card b = card_of("circle/red");
  const Card c = card_of("circle/blue circle/green");
  const Spread t = spread_of({&a, &b, &c});
  CHECK(correct_cards(t, rule(RuleKey::Freq, kShape, 1)) == 0b110);   // circle 3 beats star 2
  CHECK(correct_cards(t, rule(RuleKey::Freq, kShape, 0)) == 0b001);   // star is least
  CHECK(correct_cards(t, rule(RuleKey::Freq, kColour, 1)) == 0b011);  // red 3
  // Least colour: blue and green tie at 1; purple does not appear, so it is not "least".
  CHECK(correct_cards(t, rule(RuleKey::Freq, kColour, 0)) == 0b100);
  // A Rule Card adds no icons and is never correct under freq.
  const Spread with_rule = spread_of({&a, &b, &c, &kRule7});
  CHECK(correct_cards(with_rule, rule(RuleKey::Freq, kShape, 1)) == 0b0110);
}

// Rulebook: "A card is correct if it contains the symbol that appears most
// often (across all cards)." Reference 3.4: ties — every shape tied for most.
TEST_CASE("Default rule: the most frequent shape, with ties all counting", "[racesmack][templates]") {
  const Rule def = embedded_data().default_rule;
  CHECK(def.key == RuleKey::Freq);
  CHECK(def.prop == kShape);
  CHECK(def.flag == 1);
  const Card a = card_of("star/red");
  const Card b = card_of("triangle/blue");
  const Card c = card_of("circle/blue circle/green");
  const Card d = card_of("star/green triangle/green");
  CHECK(correct_cards(spread_of({&a, &b, &c}), def) == 0b100);  // circle 2
  // star 2, triangle 2, circle 2: every card is correct.
  CHECK(correct_cards(spread_of({&a, &b, &c, &d}), def) == 0b1111);
  // Only Rule Cards: nothing shows a shape, nothing is correct.
  CHECK(correct_cards(spread_of({&kRule7, &kRule9}), def) == 0);
}

// Reference 3.3, variety: "different: t has >= N distinct values. identical:
// some value appears >= N times on t."
TEST_CASE("Rule template variety: N different or N identical colours or shapes", "[racesmack][templates]") {
  const Card a = card_of("star/red star/red");
  const Card b = card_of("star/red circle/blue");
  const Card c = card_of("star/red circle/blue triangle/blue");
  const Spread t = spread_of({&a, &b, &c, &kRule7});
  CHECK(correct_cards(t, rule(RuleKey::Variety, kShape, 0, 2)) == 0b0110);
  CHECK(correct_cards(t, rule(RuleKey::Variety, kShape, 0, 3)) == 0b0100);
  CHECK(correct_cards(t, rule(RuleKey::Variety, kColour, 1, 2)) == 0b0101);  // red red; blue blue
  CHECK(correct_cards(t, rule(RuleKey::Variety, kShape, 1, 2)) == 0b0001);
}

// Reference 3.3, neighbors: "exact same: t's set of values equals the set of
// the left or the right neighbour. none of the same: t shares no value with at
// least one neighbour." Neighbours are the seats left and right, circular.
TEST_CASE("Rule template neighbors: exact same or none of the same as a neighbour",
          "[racesmack][templates]") {
  const Card x = card_of("circle/red");
  const Card y = card_of("star/blue");
  const Card z = card_of("triangle/red triangle/red");
  const Spread t = spread_of({&x, &y, &z});
  // Exact same colours: x and z are neighbours across the end of the circle.
  CHECK(correct_cards(t, rule(RuleKey::Neighbors, kColour, 0)) == 0b101);
  CHECK(correct_cards(t, rule(RuleKey::Neighbors, kShape, 0)) == 0);
  // None of the same colours: x shares none with y; y none with either.
  CHECK(correct_cards(t, rule(RuleKey::Neighbors, kColour, 1)) == 0b111);
  const Card r1 = card_of("circle/red star/blue");
  const Card r2 = card_of("circle/red");
  const Card r3 = card_of("star/red circle/blue");
  const Spread u = spread_of({&r1, &r2, &r3});
  CHECK(correct_cards(u, rule(RuleKey::Neighbors, kColour, 1)) == 0);
  // Sets, not counts: {star, circle} equals {circle, star}.
  CHECK(correct_cards(u, rule(RuleKey::Neighbors, kShape, 0)) == 0b101);
}

// Reference 3.3: "With 2 players, both neighbours are the same card."
// Our reading: a lone card has no neighbours.
TEST_CASE("Seating: two players are each other's neighbours; a lone card has none",
          "[racesmack][templates]") {
  const Card a = card_of("star/red");
  const Card b = card_of("star/blue");
  CHECK(correct_cards(spread_of({&a, &b}), rule(RuleKey::Neighbors, kShape, 0)) == 0b11);
  CHECK(correct_cards(spread_of({&a, &b}), rule(RuleKey::NumberAdjacent)) == 0b11);
  CHECK(correct_cards(spread_of({&a}), rule(RuleKey::Neighbors, kShape, 0)) == 0);
  CHECK(correct_cards(spread_of({&a}), rule(RuleKey::NumberAdjacent)) == 0);
  CHECK(correct_cards(spread_of({&kRule7}), rule(RuleKey::RulesAdjacent)) == 0);
}

// Reference 3.3, number: "Strict comparison of t's icon count with N".
TEST_CASE("Rule template number: a number less than or greater than N", "[racesmack][templates]") {
  const Card one = card_of("star/red");
  const Card two = card_of("star/red star/red");
  const Card three = card_of("star/red star/red star/red");
  const Card four = card_of("star/red star/red star/red star/red");
  const Spread t = spread_of({&one, &two, &three, &four, &kRule7});
  CHECK(correct_cards(t, rule(RuleKey::Number, kShape, 0, 3)) == 0b00011);
  CHECK(correct_cards(t, rule(RuleKey::Number, kShape, 1, 2)) == 0b01100);
  CHECK(correct_cards(t, rule(RuleKey::Number, kShape, 0, 2)) ==
        0b00001);  // a Rule Card is never "less than 2"
}

// Reference 3.3, number_adjacent: "Icon count equals the left or the right
// neighbour's".
TEST_CASE("Rule template number_adjacent: the same number as a neighbour", "[racesmack][templates]") {
  const Card a = card_of("star/red star/blue");
  const Card b = card_of("star/red star/blue circle/red");
  const Card c = card_of("circle/green triangle/green");
  CHECK(correct_cards(spread_of({&a, &b, &c}), rule(RuleKey::NumberAdjacent)) ==
        0b101);  // a and c wrap around
  // A Rule Card next to a card has no number to match.
  CHECK(correct_cards(spread_of({&a, &kRule7, &b}), rule(RuleKey::NumberAdjacent)) == 0);
}

// Reference 3.3, rules: "t is a Rule Card".
TEST_CASE("Rule template rules: the card is a Rule Card", "[racesmack][templates]") {
  const Card a = card_of("star/red");
  CHECK(correct_cards(spread_of({&a, &kRule7, &a, &kRule9}), rule(RuleKey::Rules)) == 0b1010);
}

// Reference 3.3, rules_adjacent: "The left or the right neighbour is a Rule
// Card." Our reading: a Rule Card next to another Rule Card is correct too.
TEST_CASE("Rule template rules_adjacent: the card sits next to a Rule Card", "[racesmack][templates]") {
  const Card a = card_of("star/red");
  const Card b = card_of("circle/red");
  const Card c = card_of("circle/blue");
  CHECK(correct_cards(spread_of({&kRule7, &a, &b, &c}), rule(RuleKey::RulesAdjacent)) == 0b1010);
  CHECK(correct_cards(spread_of({&kRule7, &kRule9, &a}), rule(RuleKey::RulesAdjacent)) == 0b111);
}

// Reference 3.3, duplicates: "some: a value appears >= 2 times on t. no: no
// value appears twice." Our reading: Rule Cards are neither.
TEST_CASE("Rule template duplicates: some or no double colours or shapes", "[racesmack][templates]") {
  const Card a = card_of("star/red star/blue");
  const Card b = card_of("star/red circle/red");
  const Card c = card_of("triangle/green");
  const Spread t = spread_of({&a, &b, &c, &kRule7});
  CHECK(correct_cards(t, rule(RuleKey::Duplicates, kShape, 0)) == 0b0001);
  CHECK(correct_cards(t, rule(RuleKey::Duplicates, kShape, 1)) == 0b0110);
  CHECK(correct_cards(t, rule(RuleKey::Duplicates, kColour, 0)) == 0b0010);
  CHECK(correct_cards(t, rule(RuleKey::Duplicates, kColour, 1)) == 0b0101);
}

// Our reading (reference 7.5): "Can a Rule Card be correct? Only under
// rules, or under rules_adjacent when it sits next to another Rule Card."
TEST_CASE("Rule Cards are never correct under colour, shape or number templates", "[racesmack][templates]") {
  const Card a = card_of("star/red");
  const Spread t = spread_of({&kRule7, &a, &kRule9});
  for (RuleKey k : {RuleKey::Freq, RuleKey::Variety, RuleKey::Neighbors, RuleKey::Number,
                    RuleKey::NumberAdjacent, RuleKey::Duplicates})
    for (int prop : {kColour, kShape})
      for (int flag : {0, 1})
        for (int n : {1, 2, 3, 4}) {
          const std::uint8_t m = correct_cards(t, rule(k, prop, flag, n));
          CAPTURE(static_cast<int>(k), prop, flag, n);
          CHECK((m & 0b101) == 0);
        }
}

// Reference 3.3: every rule template of the fixed deck decodes from its text.
TEST_CASE("Fixed Rule Cards: each card's rule decodes from its template values", "[racesmack][templates]") {
  const Data& d = embedded_data();
  auto find = [&](const char* id) -> const Card& {
    for (const Card& c : d.base_cards)
      if (c.name() == id) return c;
    FAIL("no card " << id);
    return d.base_cards.front();
  };
  const Card& c1 = find("#1");
  CHECK(d.rule_text(c1.rule_text) == "shows the shape that appears least often");
  CHECK((c1.rule.key == RuleKey::Freq && c1.rule.prop == kShape && c1.rule.flag == 0));
  const Card& c2 = find("#2");
  CHECK(d.rule_text(c2.rule_text) == "has 2 identical colours");
  CHECK((c2.rule.key == RuleKey::Variety && c2.rule.prop == kColour && c2.rule.flag == 1 && c2.rule.n == 2));
  const Card& c5 = find("#5");
  CHECK((c5.rule.key == RuleKey::Neighbors && c5.rule.prop == kColour && c5.rule.flag == 0));
  const Card& c6 = find("#6");
  CHECK((c6.rule.key == RuleKey::Duplicates && c6.rule.prop == kShape && c6.rule.flag == 1));
  const Card& c9 = find("#9");
  CHECK(d.rule_text(c9.rule_text) == "has a number greater than 2");
  CHECK((c9.rule.key == RuleKey::Number && c9.rule.flag == 1 && c9.rule.n == 2));
  const Card& c14 = find("#14");
  CHECK(d.rule_text(c14.rule_text) == "has none of the same shapes as one of its neighbours");
  CHECK(find("#12").rule.key == RuleKey::NumberAdjacent);
  CHECK(find("#16").rule.key == RuleKey::RulesAdjacent);
  CHECK(find("#7").rule.key == RuleKey::Rules);
}

// Reference 6.1, Tiebreaker worked example (the draft rulebook's): A 2 green
// squares, B 1 green square, C 1 red square + 2 blue circles. "Square is the
// most common shape, so all three are correct. Green is the commonest colour
// (3 icons), which leaves A and B. A has more icons, so A wins."
TEST_CASE("Tiebreaker: the reference's worked example leaves only card A", "[racesmack][templates]") {
  const Card a = card_of("rectangle/green rectangle/green");
  const Card b = card_of("rectangle/green");
  const Card c = card_of("rectangle/red circle/blue circle/blue");
  const Spread t = spread_of({&a, &b, &c});
  const std::uint8_t all = correct_cards(t, embedded_data().default_rule);
  CHECK(all == 0b111);
  CHECK(tiebreak(t, all) == 0b001);
  // Still tied after both steps: every remaining card stays correct.
  const Card d = card_of("star/green");
  const Card e = card_of("star/green");
  CHECK(tiebreak(spread_of({&d, &e}), 0b11) == 0b11);
  // A single correct card is left alone.
  CHECK(tiebreak(t, 0b100) == 0b100);
}
