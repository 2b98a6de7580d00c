#include "games/go_wacky/data.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/json_data.h"

namespace rt::go_wacky {

std::string Deck::colour_names(ColourMask mask, const char* sep) const {
  std::string out;
  for (int c = 0; c < colour_ids.size(); ++c)
    if (mask & (1u << c)) out += (out.empty() ? "" : sep) + colour_ids[c];
  return out;
}

std::string Deck::colour_letters_of(ColourMask mask) const {
  std::string out;
  for (int c = 0; c < colour_ids.size(); ++c)
    if (mask & (1u << c)) {
      if (!out.empty()) out += '/';
      out += colour_letters[c];
    }
  return out;
}

Deck load_deck(const DataSource& data) {
  const std::string path = "go-wacky/deck.json";
  JsonDocument doc(data, path);
  const JsonField root = doc.root();
  Deck d;

  const JsonField colours = root.at("colours");
  if (colours.size() < 2 || colours.size() > kMaxColours)
    colours.fail(fmt::format("needs 2 to {} colours", kMaxColours));
  for (const JsonField& c : colours.items()) {
    d.colour_ids.push_back(c.str("id"));
    const std::string letter = c.str("letter");
    if (letter.size() != 1) c.at("letter").fail("must be one character");
    d.colour_letters.push_back(letter[0]);
  }
  auto id = d.colour_ids.begin();
  for (const JsonField& c : colours.items()) {
    if (std::find(d.colour_ids.begin(), id, *id) != id) c.at("id").fail("duplicate colour");
    ++id;
  }

  const JsonField dice = root.at("dice");
  if (dice.size() < 6) dice.fail("needs a die for each of 6 players");
  for (const JsonField& s : dice.items()) d.dice.push_back(s.str());
  if (d.colour_ids.size() != 6) colours.fail("a die has six faces: give exactly 6 colours");

  d.hand_size = root.int_in("hand_size", 1, kMaxHand);

  static const std::vector<std::string> kinds{"plain",    "split",         "everybody-go-wacky",
                                              "go-wacky", "round-n-round", "bulls-eye"};
  // By CardKind.
  static constexpr IndexArray<const char*, 6> kPrefix{"", "", "egw-", "gw-", "rnr-", "bull-"};
  static constexpr IndexArray<const char*, 6> kTitle{
      "", "", "Everybody Go Wacky!", "Go Wacky!", "Round 'n Round", "Bull's-eye"};
  static constexpr IndexArray<const char*, 6> kShort{"", "", "EGW:", "GW:", "RnR:", "BE:"};
  const JsonField cards = root.at("cards");
  if (cards.size() == 0 || cards.size() > kMaxCardTypes)
    cards.fail(fmt::format("needs 1 to {} card types", kMaxCardTypes));
  for (const JsonField& c : cards.items()) {
    CardType t{};
    t.kind = static_cast<CardKind>(c.at("kind").one_of(kinds));
    const JsonField cols = c.at("colours");
    if (cols.size() < 1 || cols.size() > 2) cols.fail("a card shows one or two colours");
    for (const JsonField& col : cols.items())
      t.colours |= static_cast<ColourMask>(1u << col.one_of(d.colour_ids.values()));
    const bool two = cols.size() == 2;
    if (t.kind == CardKind::Plain && two) cols.fail("a plain card shows one colour");
    if (t.kind == CardKind::Split && !two) cols.fail("a split card shows two colours");
    if (two && cols.at(0).str() == cols.at(1).str()) cols.fail("the two colours must differ");
    t.copies = c.int_in("copies", 1, 99);
    const std::string colour_part = d.colour_names(t.colours, "+");
    t.id = kPrefix[t.kind] + colour_part;
    t.name = t.is_word() ? fmt::format("{} ({})", kTitle[t.kind], d.colour_names(t.colours))
                         : d.colour_names(t.colours);
    t.short_name = kShort[t.kind] + d.colour_letters_of(t.colours);
    for (const CardType& other : d.types)
      if (other.id == t.id) c.fail(fmt::format("card '{}' is listed twice; use copies", t.id));
    d.total_cards += t.copies;
    d.types.push_back(std::move(t));
  }
  if (d.total_cards > 250) cards.fail("more than 250 cards");
  // Six hands and the first Play Pile card must come out of the deck.
  if (d.total_cards < 6 * d.hand_size + 2) cards.fail("too few cards to deal six hands");

  const JsonField timing = root.at("contest");
  d.timing.count_to = timing.int_in("count_to", 1, 100);
  d.timing.count_ms = timing.int_in("count_ms", 50, 5000);
  d.timing.roll_ms = timing.int_in("roll_ms", 0, 5000);
  d.timing.needle_period_ms = timing.int_in("needle_period_ms", 200, 20000);
  d.timing.needle_range = timing.int_in("needle_range", 10, 1000);
  d.timing.card_radius = timing.int_in("card_radius", 1, d.timing.needle_range);
  d.timing.scatter = timing.int_in("scatter", 0, 100);
  d.timing.throw_window_ms = timing.int_in("throw_window_ms", 500, 60000);

  d.rules_text = data.read("go-wacky/rules.txt");
  return d;
}

}  // namespace rt::go_wacky
