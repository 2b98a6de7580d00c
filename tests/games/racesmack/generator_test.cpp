// Variant generated-deck: the designer's generator (reference 2.3, 3.1-3.2,
// 4.2, 6.2) as chance outcomes, so a seed gives a deck and a test can force
// any card.
#include <set>

#include "core/chance.h"
#include "core/rng.h"
#include "tests/games/racesmack/fixture.h"

using namespace rt::racesmack::fixture;

namespace {

// Draws every generator step from `seed` (as the Table's chance stream would).
void generate(RacesmackState& s, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Outcome> outs;
  while (s.phase() == Phase::Generate) {
    outs.clear();
    s.chance_outcomes(outs);
    const std::size_t i = pick_outcome(rng, outs.data(), outs.size(), weight_sum(outs.data(), outs.size()));
    s.apply_checked(kChance, outs[i].action, s.now());
  }
}

std::string deck_text(const RacesmackState& s) {
  std::string out;
  for (int c = 0; c < s.num_cards(); ++c) {
    const Card& k = s.card(c);
    out += s.data().card_text(k);
    if (k.is_rule) out += s.data().rule_text(k.rule_text) + "/" + s.data().finish_text(k.finish_text);
    out += "\n";
  }
  return out;
}

std::vector<std::pair<std::string, std::uint32_t>> outcomes(const RacesmackState& s) {
  std::vector<Outcome> outs;
  s.chance_outcomes(outs);
  std::vector<std::pair<std::string, std::uint32_t>> r;
  for (const Outcome& o : outs) r.emplace_back(s.action_text(kChance, o.action), o.weight);
  return r;
}

}  // namespace

// Reference, decisions: "--variant generated-deck ... generates a fresh deck
// from the game seed with the designer's templates, pools and weights".
TEST_CASE("Generated deck: the same seed gives the same deck, another seed another deck",
          "[racesmack][generator]") {
  auto g = make(3, {"generated-deck"});
  auto a = start(g);
  auto b = start(g);
  auto c = start(g);
  generate(*a, 11);
  generate(*b, 11);
  generate(*c, 12);
  CHECK(a->num_cards() == 54);
  CHECK(deck_text(*a) == deck_text(*b));
  CHECK(deck_text(*a) != deck_text(*c));
  CHECK(a->phase() == Phase::Deal);
  CHECK(a->draw_size() == 54);
  CHECK(a->check_invariants().empty());
}

// Reference 2.3: "For each count k, add ceil(share x 36) copies of k to a
// pool: 8x"1", 13x"2", 11x"3", 6x"4" ... each of the 4 shapes gets
// ceil(91/4) = 23 copies ... each colour gets ceil(0.25 x 92) = 23 copies."
TEST_CASE("Generated deck: regular cards come from the designer's count, shape and colour pools",
          "[racesmack][generator]") {
  auto g = make(2, {"generated-deck"});
  auto s = start(g);
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{
                            {"icons 1", 8}, {"icons 2", 13}, {"icons 3", 11}, {"icons 4", 6}});
  test::chance(*s, "icons 3");
  CHECK(outcomes(*s) ==
        std::vector<std::pair<std::string, std::uint32_t>>{
            {"shape rectangle", 23}, {"shape triangle", 23}, {"shape circle", 23}, {"shape star", 23}});
  test::chance(*s, "shape star");
  test::chance(*s, "shape star");
  test::chance(*s, "shape circle");
  CHECK(outcomes(*s).front() == std::pair<std::string, std::uint32_t>{"colour red", 23});
  test::chance(*s, "colour red");
  test::chance(*s, "colour blue");
  test::chance(*s, "colour red");
  const Card& r01 = s->card(0);
  CHECK(std::string(r01.name()) == "R01");
  CHECK(s->data().icons_text(r01) == "star/red, star/blue, circle/red");
  CHECK(outcomes(*s)[2] == std::pair<std::string, std::uint32_t>{"icons 3", 10});
  // Across many seeds: never more of a count, shape or colour than its pool.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto t = start(g);
    generate(*t, seed);
    std::array<int, 5> counts{};
    std::array<int, 4> shapes{}, colours{};
    for (int c = 0; c < 36; ++c) {
      const Card& k = t->card(c);
      REQUIRE(!k.is_rule);
      ++counts[k.count];
      for (int v = 0; v < 4; ++v) {
        shapes[static_cast<std::size_t>(v)] += k.per_value[kShape][static_cast<std::size_t>(v)];
        colours[static_cast<std::size_t>(v)] += k.per_value[kColour][static_cast<std::size_t>(v)];
      }
    }
    CHECK(counts[1] <= 8);
    CHECK(counts[2] <= 13);
    CHECK(counts[3] <= 11);
    CHECK(counts[4] <= 6);
    CHECK(counts[1] + counts[2] + counts[3] + counts[4] == 36);
    for (int v = 0; v < 4; ++v) {
      CHECK(shapes[static_cast<std::size_t>(v)] <= 23);
      CHECK(colours[static_cast<std::size_t>(v)] <= 23);
    }
  }
}

// Reference 3.1: "18 Rule Cards ... Each has a unique number 1-18, one rule
// template and one finish template. The two are drawn independently, each by
// weighted random choice." Weights 3.3 and 4.2 (in hundredths).
TEST_CASE("Generated deck: Rule Cards pick templates by the designer's weights", "[racesmack][generator]") {
  auto g = make(2, {"generated-deck"});
  auto s = start(g);
  while (s->num_cards() < 36) {
    std::vector<Outcome> outs;
    s->chance_outcomes(outs);
    s->apply_checked(kChance, outs.front().action, s->now());
  }
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{{"rule freq", 250},
                                                                           {"rule variety", 100},
                                                                           {"rule neighbors", 100},
                                                                           {"rule number", 100},
                                                                           {"rule number_adjacent", 25},
                                                                           {"rule rules", 25},
                                                                           {"rule rules_adjacent", 25},
                                                                           {"rule duplicates", 100}});
  test::chance(*s, "rule variety");
  test::chance(*s, "value 3");
  test::chance(*s, "value different");
  test::chance(*s, "value shapes");
  CHECK(outcomes(*s) ==
        std::vector<std::pair<std::string, std::uint32_t>>{{"finish specific_cards", 100},
                                                           {"finish specific_individual", 100},
                                                           {"finish num_cards", 50},
                                                           {"finish num_cards_cond", 75},
                                                           {"finish pairs", 100},
                                                           {"finish variety_cards", 100},
                                                           {"finish specific_double", 66},
                                                           {"finish specific_triple", 33}});
  test::chance(*s, "finish specific_double");
  test::chance(*s, "value 2");
  test::chance(*s, "value red");
  // Reference 3.1: "The same placeholder used twice in one text draws without
  // replacement from its pool."
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{{"value 3", 1}, {"value 4", 1}});
  test::chance(*s, "value 4");
  CHECK(outcomes(*s).size() == 7);
  test::chance(*s, "value star");
  const Card& c1 = s->card(36);
  CHECK(std::string(c1.name()) == "#1");
  CHECK(c1.number == 1);
  CHECK(s->data().rule_text(c1.rule_text) == "has 3 different shapes");
  CHECK(s->data().finish_text(c1.finish_text) == "2 red icons and 4 star icons");
  CHECK((c1.finish.key == FinishKey::SpecificDouble && c1.finish.need[1] == 4));
  // %numlow% is [2, 2, 3]: three draws give 2, 2 and 3 in some order.
  test::chance(*s, "rule rules");
  test::chance(*s, "finish specific_triple");
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{{"value 2", 2}, {"value 3", 1}});
  test::chance(*s, "value 2");
  test::chance(*s, "value red");
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{{"value 2", 1}, {"value 3", 1}});
}

TEST_CASE("Generated deck: 18 numbered Rule Cards with texts from the templates", "[racesmack][generator]") {
  auto g = make(4, {"generated-deck"});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = start(g);
    generate(*s, seed);
    std::set<int> numbers;
    for (int c = 36; c < 54; ++c) {
      const Card& k = s->card(c);
      REQUIRE(k.is_rule);
      numbers.insert(k.number);
      CHECK(std::string(k.name()) == "#" + std::to_string(k.number));
      CHECK(s->data().rule_text(k.rule_text).find('%') == std::string::npos);
      CHECK(s->data().finish_text(k.finish_text).find('%') == std::string::npos);
    }
    CHECK(numbers.size() == 18);
    CHECK(*numbers.begin() == 1);
    CHECK(*numbers.rbegin() == 18);
  }
}

// Reference 6.2: "+18 regular cards, 0 Rule Cards"; "Display types: dice,
// hand, roman (tally), number; each card picks one uniformly at random";
// counts "4x1, 7x2, 6x3, 3x4".
TEST_CASE("Generated deck with Shifting Gears: 18 more cards showing their number",
          "[racesmack][generator]") {
  auto g = make(3, {"generated-deck", "shifting-gears"});
  auto s = start(g);
  while (s->num_cards() < 54) {
    std::vector<Outcome> outs;
    s->chance_outcomes(outs);
    s->apply_checked(kChance, outs.front().action, s->now());
  }
  CHECK(outcomes(*s) ==
        std::vector<std::pair<std::string, std::uint32_t>>{
            {"display dice", 1}, {"display hand", 1}, {"display tally", 1}, {"display number", 1}});
  test::chance(*s, "display tally");
  CHECK(outcomes(*s) == std::vector<std::pair<std::string, std::uint32_t>>{
                            {"icons 1", 4}, {"icons 2", 7}, {"icons 3", 6}, {"icons 4", 3}});
  test::chance(*s, "icons 2");
  test::chance(*s, "shape circle");
  test::chance(*s, "shape star");
  test::chance(*s, "colour green");
  test::chance(*s, "colour red");
  const Card& g01 = s->card(54);
  CHECK(std::string(g01.name()) == "G01");
  CHECK(g01.display == Display::Tally);
  // Only the first icon is shown: two green circles.
  CHECK(g01.per_value[kShape][2] == 2);
  CHECK(g01.per_value[kColour][1] == 2);
  generate(*s, 3);
  CHECK(s->num_cards() == 72);
  CHECK(s->check_invariants().empty());
}
