// Helpers for Racesmack tests: games with chosen variants or custom cards,
// forced deals, picks and taps by their text forms.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "games/racesmack/game.h"
#include "games/racesmack/judge.h"
#include "games/racesmack/state.h"
#include "tests/harness/harness.h"

namespace rt::racesmack::fixture {

using namespace rt;
using namespace rt::racesmack;

inline const Data& embedded_data() {
  static const Data d = load_data(DataSource::embedded());
  return d;
}

inline std::shared_ptr<const RacesmackGame> make(int players, const std::vector<std::string>& variants = {},
                                                 const Data* data = nullptr) {
  Options o;
  o.players = players;
  static const char* const kNames[] = {"Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"};
  for (int p = 0; p < players; ++p) o.names.push_back(kNames[p]);
  for (const auto& v : variants) o.variants.insert(v);
  return std::make_shared<const RacesmackGame>(o, data ? *data : embedded_data());
}

inline std::unique_ptr<RacesmackState> start(const std::shared_ptr<const RacesmackGame>& g) {
  return std::unique_ptr<RacesmackState>(static_cast<RacesmackState*>(g->new_initial_state().release()));
}

// Deals hands[p] to each seat (round-robin, as the dealer does), then turns
// up `top` on the draw pile.
inline void deal(RacesmackState& s, const std::vector<std::vector<std::string>>& hands,
                 const std::string& top) {
  const std::size_t size = hands.front().size();
  for (std::size_t k = 0; k < size; ++k)
    for (const auto& h : hands) test::chance(s, "deal " + h[k]);
  test::chance(s, "top " + top);
}

// Standard 4-card hands for up to 6 players that leave R01..R05 and #1..#18
// free unless a test names them.
inline std::vector<std::vector<std::string>> hands_with(const std::vector<std::string>& first_cards) {
  static const char* const kFill[6][3] = {{"R30", "R31", "R32"}, {"R33", "R34", "R35"},
                                          {"R36", "R29", "R28"}, {"R27", "R26", "R25"},
                                          {"R24", "R23", "R22"}, {"R21", "R20", "R19"}};
  std::vector<std::vector<std::string>> out;
  for (std::size_t p = 0; p < first_cards.size(); ++p)
    out.push_back({first_cards[p], kFill[p][0], kFill[p][1], kFill[p][2]});
  return out;
}

inline void pick(RacesmackState& s, const std::vector<std::string>& cards) {
  for (std::size_t p = 0; p < cards.size(); ++p) test::act(s, static_cast<PlayerId>(p), "play " + cards[p]);
}

inline void tap(RacesmackState& s, int p, int number, Tick at) {
  test::act(s, static_cast<PlayerId>(p), "tap " + std::to_string(number), at);
}

// Card ids in a Race, left to right.
inline std::vector<std::string> race_ids(const RacesmackState& s, int p) {
  std::vector<std::string> out;
  const Row& r = s.race(static_cast<PlayerId>(p));
  for (int i = 0; i < r.len; ++i) out.emplace_back(s.card(r[i]).name());
  return out;
}

inline std::vector<std::string> hand_ids(const RacesmackState& s, int p) {
  std::vector<std::string> out;
  const Row& r = s.hand(static_cast<PlayerId>(p));
  for (int i = 0; i < r.len; ++i) out.emplace_back(s.card(r[i]).name());
  std::sort(out.begin(), out.end());
  return out;
}

// Draws the face-up pile's new top cards while the state asks for them.
inline void flip_tops(RacesmackState& s, const std::vector<std::string>& tops) {
  for (const auto& t : tops) test::chance(s, "top " + t);
}

// A regular card from "star/red circle/blue" (for judge tests).
inline Card card_of(const std::string& icons, const Data& d = embedded_data()) {
  Card c;
  std::size_t pos = 0;
  while (pos < icons.size()) {
    std::size_t end = icons.find(' ', pos);
    if (end == std::string::npos) end = icons.size();
    const std::string icon = icons.substr(pos, end - pos);
    const std::size_t slash = icon.find('/');
    int s = -1, k = -1;
    for (int i = 0; i < d.shapes.size(); ++i)
      if (d.shapes[i].id == icon.substr(0, slash) || d.shapes[i].name == icon.substr(0, slash)) s = i;
    for (int i = 0; i < d.colours.size(); ++i)
      if (d.colours[i].id == icon.substr(slash + 1)) k = i;
    REQUIRE(s >= 0);
    REQUIRE(k >= 0);
    c.shape[c.count] = static_cast<std::uint8_t>(s);
    c.colour[c.count] = static_cast<std::uint8_t>(k);
    ++c.count;
    pos = end + 1;
  }
  c.tally();
  c.id = {'X', 0};
  return c;
}

inline Card rule_card(int number, RuleKey key = RuleKey::Rules) {
  Card c;
  c.is_rule = true;
  c.number = static_cast<std::uint8_t>(number);
  c.rule.key = key;
  c.id = {'#', 0};
  return c;
}

inline Spread spread_of(const std::vector<const Card*>& cards) {
  Spread t;
  t.k = static_cast<int>(cards.size());
  for (int i = 0; i < t.k; ++i) t.slot[i] = cards[static_cast<std::size_t>(i)];
  return t;
}

inline Rule rule(RuleKey key, int prop = kShape, int flag = 0, int n = 0) {
  Rule r;
  r.key = key;
  r.prop = static_cast<std::uint8_t>(prop);
  r.flag = static_cast<std::uint8_t>(flag);
  r.n = static_cast<std::uint8_t>(n);
  return r;
}

}  // namespace rt::racesmack::fixture
