// One test per finish template (reference 4.2), with the reference's
// readings: only regular cards count, in Race order; Rule Cards are skipped
// (also for adjacency); the highest-numbered Rule Card is the Finish.
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

// A small deck for Race tests: cards by index, plus a Race row over them.
struct Deck {
  std::vector<Card> cards;
  int add(const Card& c) {
    cards.push_back(c);
    return static_cast<int>(cards.size()) - 1;
  }
  Progress progress(const std::vector<int>& race, const Finish& f) const {
    std::vector<std::uint8_t> r(race.begin(), race.end());
    return finish_progress(embedded_data(), cards.data(), r.data(), static_cast<int>(r.size()), f);
  }
};

Finish finish(FinishKey key, int n, int prop = kColour) {
  Finish f;
  f.key = key;
  f.n = static_cast<std::uint8_t>(n);
  f.prop = static_cast<std::uint8_t>(prop);
  return f;
}

int id_of(const std::string& name) {
  const Data& d = embedded_data();
  for (int i = 0; i < d.colours.size(); ++i)
    if (d.colours[i].id == name) return i;
  for (int i = 0; i < d.shapes.size(); ++i)
    if (d.shapes[i].id == name) return kMaxValues + i;
  FAIL("no identifier " << name);
  return -1;
}

Finish specific(FinishKey key, std::vector<std::pair<std::string, int>> terms) {
  Finish f;
  f.key = key;
  f.terms = static_cast<std::uint8_t>(terms.size());
  for (std::size_t k = 0; k < terms.size(); ++k) {
    f.id[k] = static_cast<std::uint8_t>(id_of(terms[k].first));
    f.need[k] = static_cast<std::uint8_t>(terms[k].second);
  }
  f.n = f.need[0];
  return f;
}

}  // namespace

// Reference 4.2, specific_cards: "Count cards with at least one matching
// icon; >= X".
TEST_CASE("Finish template specific_cards: X cards each showing an identifier", "[racesmack][finish]") {
  Deck d;
  const int blue2 = d.add(card_of("star/blue circle/blue"));
  const int blue = d.add(card_of("star/blue"));
  const int red = d.add(card_of("star/red"));
  const int r = d.add(rule_card(1));
  const Finish f = specific(FinishKey::SpecificCards, {{"blue", 5}});
  CHECK(d.progress({blue2, blue, red, r, blue, blue}, f).have ==
        4);  // a card counts once, however many blues
  CHECK_FALSE(d.progress({blue2, blue, blue, blue}, f).done());
  CHECK(d.progress({blue2, blue, blue, blue, blue}, f).done());
}

// Reference 4.2, specific_individual: "Total matching icons; >= X".
TEST_CASE("Finish template specific_individual: X icons of an identifier", "[racesmack][finish]") {
  Deck d;
  const int stars2 = d.add(card_of("star/blue star/red"));
  const int star = d.add(card_of("star/green circle/green"));
  const Finish f = specific(FinishKey::SpecificIndividual, {{"star", 6}});
  CHECK(d.progress({stars2, stars2, star}, f).have == 5);
  CHECK_FALSE(d.progress({stars2, stars2, star}, f).done());
  CHECK(d.progress({stars2, stars2, star, star}, f).done());
}

// Reference 4.2, num_cards: "Card count >= X" (regular cards only, 7.5).
TEST_CASE("Finish template num_cards: X cards, Rule Cards not counted", "[racesmack][finish]") {
  Deck d;
  const int a = d.add(card_of("star/blue"));
  const int r = d.add(rule_card(3));
  const Finish f = finish(FinishKey::NumCards, 8);
  CHECK_FALSE(d.progress({a, a, a, a, a, a, a, r, r}, f).done());
  CHECK(d.progress({a, a, a, a, a, a, a, a, r}, f).done());
}

// Reference 4.2, num_cards_cond: ">= X cards, and no two adjacent Race cards
// share any value of that property. Race order matters here."
TEST_CASE("Finish template num_cards_cond: X cards and no neighbours sharing a value",
          "[racesmack][finish]") {
  Deck d;
  const int red = d.add(card_of("star/red"));
  const int blue = d.add(card_of("star/blue circle/green"));
  const int red2 = d.add(card_of("circle/red"));
  const int purple = d.add(card_of("triangle/purple"));
  const int green = d.add(card_of("triangle/green"));
  const int r = d.add(rule_card(6));
  const Finish f = finish(FinishKey::NumCardsCond, 5, kColour);
  CHECK(d.progress({red, blue, red2, purple, green}, f).done());
  // The same cards in another order: red and red side by side.
  const Progress bad = d.progress({red, red2, blue, purple, green}, f);
  CHECK(bad.faults == 1);
  CHECK_FALSE(bad.done());
  // A Rule Card between them does not separate them (Rule Cards are skipped).
  CHECK(d.progress({red, r, red2, blue, purple, green}, f).faults == 1);
  // By shape instead: star-star is a clash, colours do not matter.
  CHECK(d.progress({red, blue, red2, purple, green}, finish(FinishKey::NumCardsCond, 5, kShape)).faults == 3);
}

// Reference 4.2, pairs: "All 4 values each have >= N icons in the Race".
TEST_CASE("Finish template pairs: every colour or shape at least N times", "[racesmack][finish]") {
  Deck d;
  const int rg = d.add(card_of("star/red star/green"));
  const int bp = d.add(card_of("circle/blue triangle/purple"));
  const int bb = d.add(card_of("circle/blue rectangle/blue"));
  const Finish f = finish(FinishKey::Pairs, 2, kColour);
  CHECK(d.progress({rg, bp}, f).have == 4);
  CHECK_FALSE(d.progress({rg, bp, bb}, f).done());  // purple once
  CHECK(d.progress({rg, bp, rg, bp}, f).done());
  CHECK(d.progress({rg, bp, bb}, finish(FinishKey::Pairs, 1, kShape)).done());
}

// Reference 4.2, variety_cards: ">= X cards, and no two cards have the same
// set of values".
TEST_CASE("Finish template variety_cards: X cards, no two with fully matching values",
          "[racesmack][finish]") {
  Deck d;
  const int a = d.add(card_of("star/red circle/blue"));
  const int b = d.add(card_of("circle/green star/green"));  // same shape set as a
  const int c = d.add(card_of("star/red"));
  const int e = d.add(card_of("triangle/red"));
  const int f1 = d.add(card_of("rectangle/red triangle/red"));
  const int g = d.add(card_of("circle/blue"));
  const Finish shapes = finish(FinishKey::VarietyCards, 5, kShape);
  CHECK(d.progress({a, c, e, f1, g}, shapes).done());
  const Progress rep = d.progress({a, b, c, e, f1}, shapes);
  CHECK(rep.faults == 1);
  CHECK_FALSE(rep.done());
  // By colours a and b differ ({red, blue} vs {green}).
  CHECK(d.progress({a, b, e, g, d.add(card_of("star/purple"))}, finish(FinishKey::VarietyCards, 5, kColour))
            .done());
}

// Reference 4.2, specific_double: "At least a of {id1} and at least b of {id2}".
TEST_CASE("Finish template specific_double: a icons of one thing and b of another", "[racesmack][finish]") {
  Deck d;
  const int rc = d.add(card_of("circle/red star/red"));
  const int r = d.add(card_of("triangle/red"));
  const Finish f = specific(FinishKey::SpecificDouble, {{"red", 3}, {"circle", 2}});
  const Progress half = d.progress({rc, r}, f);
  CHECK(half.term[0] == 3);
  CHECK(half.term[1] == 1);
  CHECK_FALSE(half.done());
  CHECK(d.progress({rc, r, rc}, f).done());
  CHECK(progress_text(embedded_data(), f, half) == "red 3/3, circle 1/2");
}

// Reference 4.2, specific_triple: "At least p of {id1}, q of {id2}, r of {id3}".
TEST_CASE("Finish template specific_triple: three icon counts at once", "[racesmack][finish]") {
  Deck d;
  const int pb = d.add(card_of("rectangle/purple rectangle/blue"));
  const int sq = d.add(card_of("rectangle/green"));
  const Finish f = specific(FinishKey::SpecificTriple, {{"purple", 2}, {"rectangle", 3}, {"blue", 2}});
  const Progress short_of = d.progress({pb, sq}, f);  // purple 1, square 3, blue 1
  CHECK(short_of.have == 5);
  CHECK_FALSE(short_of.done());
  CHECK_FALSE(d.progress({pb, pb},
                         specific(FinishKey::SpecificTriple, {{"purple", 2}, {"rectangle", 5}, {"blue", 2}}))
                  .done());
  CHECK(d.progress({pb, pb}, f).done());
}

// Rulebook: "only the Finish Card with the highest number in your Race counts."
TEST_CASE("Finish: the highest-numbered Rule Card in the Race is the Finish", "[racesmack][finish]") {
  Deck d;
  const int a = d.add(card_of("star/red"));
  const int r3 = d.add(rule_card(3));
  const int r12 = d.add(rule_card(12));
  std::vector<std::uint8_t> race{static_cast<std::uint8_t>(r12), static_cast<std::uint8_t>(a),
                                 static_cast<std::uint8_t>(r3)};
  CHECK(finish_card(d.cards.data(), race.data(), 3) == r12);
  CHECK(finish_card(d.cards.data(), race.data(), 0) == -1);
}

// Every finish of the fixed deck decodes from its template values.
TEST_CASE("Fixed Rule Cards: each card's Finish decodes from its template values", "[racesmack][finish]") {
  const Data& d = embedded_data();
  auto find = [&](const char* id) -> const Card& {
    for (const Card& c : d.base_cards)
      if (c.name() == id) return c;
    FAIL("no card " << id);
    return d.base_cards.front();
  };
  CHECK(d.finish_text(find("#1").finish_text) == "5 cards showing at least 1 blue");
  CHECK(d.finish_text(find("#12").finish_text) == "2 purple, 3 square and 2 blue icons");
  const Finish f12 = find("#12").finish;
  CHECK(f12.key == FinishKey::SpecificTriple);
  CHECK(f12.terms == 3);
  CHECK((f12.need == IndexArray<std::uint8_t, 3>{2, 3, 2}));
  const Finish f5 = find("#5").finish;
  CHECK((f5.key == FinishKey::SpecificDouble && f5.need[0] == 3 && f5.need[1] == 2));
  CHECK(find("#10").finish.key == FinishKey::NumCards);
  CHECK(find("#10").finish.n == 8);
  CHECK((find("#14").finish.key == FinishKey::NumCardsCond && find("#14").finish.prop == kShape));
  CHECK((find("#15").finish.key == FinishKey::Pairs && find("#15").finish.n == 3));
  CHECK((find("#11").finish.key == FinishKey::VarietyCards && find("#11").finish.prop == kColour));
}
