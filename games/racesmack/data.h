// Racesmack's cards, the designer's rule/finish templates and generator
// settings, loaded from data/racesmack/ (cards.json, templates.json,
// rules.txt). Reference: ../shared/reference/racesmack.md sections 2-4, 7.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/canvas.h"
#include "core/data.h"
#include "core/index_array.h"
#include "core/types.h"

namespace rt::racesmack {

inline constexpr int kMaxCards = 96;
inline constexpr int kMaxIcons = 6;   // icons on one regular card
inline constexpr int kMaxValues = 4;  // shapes, and colours
inline constexpr int kMaxHand = 8;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kMaxSlotValues = 6;  // placeholders in one template text
inline constexpr int kColour = 0;         // property index: colour
inline constexpr int kShape = 1;          // property index: shape

// Rule templates (top half of a Rule Card: what is "correct").
enum class RuleKey : std::uint8_t {
  Freq,
  Variety,
  Neighbors,
  Number,
  NumberAdjacent,
  Rules,
  RulesAdjacent,
  Duplicates,
};
inline constexpr int kRuleKeys = 8;
// Finish templates (bottom half: what completes your Race).
enum class FinishKey : std::uint8_t {
  SpecificCards,
  SpecificIndividual,
  NumCards,
  NumCardsCond,
  Pairs,
  VarietyCards,
  SpecificDouble,
  SpecificTriple,
};
inline constexpr int kFinishKeys = 8;

// How a regular card shows its icon count (Shifting Gears adds the last four).
enum class Display : std::uint8_t { Symbols, Dice, Hand, Tally, Number };
inline constexpr int kDisplays = 5;

// What a placeholder's values mean.
enum class Kind : std::uint8_t {
  Identifier,
  Property,
  Extreme,
  Number,
  Compare,
  Strict,
  CompareNumber,
  Invert
};

// A decoded rule. `flag` is the template's two-way choice: freq 1 = most
// (0 least); variety 1 = identical (0 different); neighbors 1 = none of the
// same (0 the exact same); number 1 = greater than (0 less than);
// duplicates 1 = no (0 some).
struct Rule {
  RuleKey key = RuleKey::Freq;
  std::uint8_t prop = kShape;
  std::uint8_t flag = 1;
  std::uint8_t n = 0;
};

// A decoded finish. Identifiers: 0..3 a colour, 4..7 a shape (4 + shape).
struct Finish {
  FinishKey key = FinishKey::NumCards;
  std::uint8_t prop = kColour;
  std::uint8_t n = 0;      // X cards / icons, or N per value (pairs)
  std::uint8_t terms = 0;  // specific_*: how many (identifier, count) terms
  IndexArray<std::uint8_t, 3> id{};
  IndexArray<std::uint8_t, 3> need{};
};

// A template with its drawn values, in text order (indices into each
// placeholder's distinct values). Renders the card text.
struct Filled {
  std::uint8_t tmpl = 0;  // RuleKey or FinishKey
  std::uint8_t nvals = 0;
  IndexArray<std::uint8_t, kMaxSlotValues> vals{};
};

struct Card {
  std::array<char, 6> id{};  // "R01", "#18", "G07"
  bool is_rule = false;
  std::uint8_t number = 0;  // Rule Cards: the unique number
  Display display = Display::Symbols;
  std::uint8_t count = 0;  // icons (the card's "number"); 0 on Rule Cards
  IndexArray<std::uint8_t, kMaxIcons> shape{};
  IndexArray<std::uint8_t, kMaxIcons> colour{};
  IndexArray<IndexArray<std::uint8_t, kMaxValues>, 2> per_value{};  // [prop][value] icons
  IndexArray<std::uint8_t, 2> mask{};                               // [prop] values shown
  Filled rule_text, finish_text;
  Rule rule;
  Finish finish;

  std::string_view name() const { return std::string_view(id.data()); }
  // The most icons any one value of `prop` has on this card.
  int max_repeat(int prop) const;
  // Icons of an identifier (0..3 colour, 4..7 shape).
  int icons_of(int identifier) const {
    return identifier < kMaxValues ? per_value[kColour][identifier]
                                   : per_value[kShape][identifier - kMaxValues];
  }
  // Fills count/per_value/mask from shape[]/colour[].
  void tally();
};

struct Component {
  std::string id;     // "rectangle", "red"
  std::string name;   // "square", "red"
  std::string glyph;  // shapes: "■"
  std::string ascii;  // shapes: "#"
  char letter = '?';  // colours: 'r'
  Color terminal = Color::Default;
};

struct Placeholder {
  std::string name;  // "numlow" (written %numlow% in texts)
  Kind kind = Kind::Number;
  IndexVector<int, std::string> values;  // distinct values, in file order
  IndexVector<int, int> copies;          // how often each is in the pool
  IndexVector<int, int> code;            // meaning: number, 0/1 choice, identifier
};

struct Template {
  std::string key;
  int weight = 0;                       // hundredths of the designer's weight
  IndexVector<int, std::string> parts;  // text around the placeholders: slots + 1 parts
  IndexVector<int, int> slots;          // placeholder index of each %...% in text order
};

struct GeneratorSettings {
  int regular_cards = 36;
  int rule_cards = 18;
  int gears_cards = 18;
  std::vector<std::pair<int, int>> icon_counts;  // (icons, percent)
  IndexVector<int, Display> gears_displays;
};

struct Data {
  IndexVector<int, Component> shapes, colours;
  int hand_size = 4;
  int racing_deck = 9;
  Tick tap_window_ms = 20000;
  IndexVector<int, Placeholder> placeholders;
  IndexArray<Template, kRuleKeys> rules;
  IndexArray<Template, kFinishKeys> finishes;
  Filled default_rule_text;
  Rule default_rule;
  IndexVector<int, Card> base_cards;   // the fixed deck: regular cards, then Rule Cards
  IndexVector<int, Card> gears_cards;  // the fixed Shifting Gears cards
  GeneratorSettings generator;
  std::string rules_text;

  int values(int prop) const { return prop == kColour ? colours.size() : shapes.size(); }
  std::string identifier_name(int identifier) const;
  std::string value_name(int prop, int value) const;
  std::string rule_text(const Filled& f) const { return render(rules[f.tmpl], f); }
  std::string finish_text(const Filled& f) const { return render(finishes[f.tmpl], f); }
  std::string render(const Template& t, const Filled& f) const;
  // "star/red, circle/blue" (or "3 x star/red" for Shifting Gears).
  std::string icons_text(const Card& c) const;
  // One line for events: "R12 (triangle/green, circle/purple)" or
  // "#7 (Rule Card: correct if it is a Rule Card)".
  std::string card_text(const Card& c) const;
  // Decodes drawn values into a rule/finish; "" when fine, else what is wrong.
  std::string decode_rule(const Filled& f, Rule& out) const;
  std::string decode_finish(const Filled& f, Finish& out) const;
};

// Loads and checks the data files; throws DataError "file: field: what".
Data load_data(const DataSource& source);

const char* rule_key_name(RuleKey k);
const char* finish_key_name(FinishKey k);
const char* display_name(Display d);

}  // namespace rt::racesmack
