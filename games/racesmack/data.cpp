#include "games/racesmack/data.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "core/json_data.h"

namespace rt::racesmack {

const char* rule_key_name(RuleKey k) {
  static constexpr IndexArray<const char*, kRuleKeys> kNames{
      "freq", "variety", "neighbors", "number", "number_adjacent", "rules", "rules_adjacent", "duplicates"};
  return kNames[k];
}

const char* finish_key_name(FinishKey k) {
  static constexpr IndexArray<const char*, kFinishKeys> kNames{
      "specific_cards", "specific_individual", "num_cards",       "num_cards_cond",
      "pairs",          "variety_cards",       "specific_double", "specific_triple"};
  return kNames[k];
}

const char* display_name(Display d) {
  static constexpr IndexArray<const char*, kDisplays> kNames{"symbols", "dice", "hand", "tally", "number"};
  return kNames[d];
}

int Card::max_repeat(int prop) const {
  int best = 0;
  for (const int v : per_value[prop]) best = std::max(best, v);
  return best;
}

void Card::tally() {
  per_value = {};
  mask = {};
  for (int i = 0; i < count; ++i) {
    const auto s = shape[i];
    const auto c = colour[i];
    ++per_value[kShape][s];
    ++per_value[kColour][c];
    mask[kShape] = static_cast<std::uint8_t>(mask[kShape] | (1u << s));
    mask[kColour] = static_cast<std::uint8_t>(mask[kColour] | (1u << c));
  }
}

std::string Data::identifier_name(int identifier) const {
  if (identifier < kMaxValues) return colours[identifier].name;
  return shapes[identifier - kMaxValues].name;
}

std::string Data::value_name(int prop, int value) const {
  return prop == kColour ? colours[value].name : shapes[value].name;
}

std::string Data::render(const Template& t, const Filled& f) const {
  std::string out = t.parts[0];
  for (int k = 0; k < t.slots.size(); ++k) {
    const Placeholder& ph = placeholders[t.slots[k]];
    const int v = f.vals[k];
    if (ph.kind == Kind::Identifier)
      out += identifier_name(ph.code[v]);
    else
      out += ph.values[v];
    out += t.parts[k + 1];
  }
  return out;
}

std::string Data::icons_text(const Card& c) const {
  if (c.is_rule) return "Rule Card";
  if (c.display != Display::Symbols)
    return fmt::format("{}×{}/{} ({})", c.count, shapes[c.shape[0]].name, colours[c.colour[0]].name,
                       display_name(c.display));
  std::string out;
  for (int i = 0; i < c.count; ++i)
    out += fmt::format("{}{}/{}", i ? ", " : "", shapes[c.shape[i]].name, colours[c.colour[i]].name);
  return out;
}

std::string Data::card_text(const Card& c) const {
  return fmt::format("{} ({})", c.name(), icons_text(c));
}

namespace {

// Which placeholder kinds each template needs (any order in the text).
std::vector<Kind> rule_needs(RuleKey k) {
  switch (k) {
    case RuleKey::Freq: return {Kind::Property, Kind::Extreme};
    case RuleKey::Variety: return {Kind::Property, Kind::Number, Kind::Compare};
    case RuleKey::Neighbors: return {Kind::Property, Kind::Strict};
    case RuleKey::Number: return {Kind::Number, Kind::CompareNumber};
    case RuleKey::Duplicates: return {Kind::Property, Kind::Invert};
    default: return {};
  }
}

std::vector<Kind> finish_needs(FinishKey k) {
  switch (k) {
    case FinishKey::SpecificCards:
    case FinishKey::SpecificIndividual: return {Kind::Identifier, Kind::Number};
    case FinishKey::NumCards: return {Kind::Number};
    case FinishKey::NumCardsCond:
    case FinishKey::Pairs:
    case FinishKey::VarietyCards: return {Kind::Property, Kind::Number};
    case FinishKey::SpecificDouble: return {Kind::Identifier, Kind::Identifier, Kind::Number, Kind::Number};
    case FinishKey::SpecificTriple:
      return {Kind::Identifier, Kind::Identifier, Kind::Identifier, Kind::Number, Kind::Number, Kind::Number};
  }
  return {};
}

// By Kind.
const IndexVector<Kind, std::string>& kind_names() {
  static const IndexVector<Kind, std::string> k{"identifier", "property", "extreme",        "number",
                                                "compare",    "strict",   "compare_number", "invert"};
  return k;
}

// The two words of each two-way kind, meaning 0 and 1.
int two_way_code(Kind kind, const std::string& v) {
  auto is = [&](std::initializer_list<const char*> words) {
    for (const char* w : words)
      if (v == w) return true;
    return false;
  };
  switch (kind) {
    case Kind::Property:
      return is({"colour", "colours", "color", "colors"}) ? 0 : is({"shape", "shapes"}) ? 1 : -1;
    case Kind::Extreme: return v == "least" ? 0 : v == "most" ? 1 : -1;
    case Kind::Compare: return v == "different" ? 0 : v == "identical" ? 1 : -1;
    case Kind::Strict: return v == "the exact same" ? 0 : v == "none of the same" ? 1 : -1;
    case Kind::CompareNumber: return v == "less than" ? 0 : v == "greater than" ? 1 : -1;
    case Kind::Invert: return v == "some" ? 0 : v == "no" ? 1 : -1;
    default: return -1;
  }
}

std::string value_string(const JsonField& f) {
  if (f.json().is_number_integer()) return std::to_string(f.json().get<long long>());
  return f.str();
}

Template parse_template(const JsonField& field, const IndexVector<int, Placeholder>& phs,
                        const std::vector<Kind>& needs) {
  Template t;
  t.key = field.str("key");
  t.weight = field.int_in("weight", 0, 100000);
  const JsonField text_field = field.at("text");
  const std::string text = text_field.str();
  std::string part;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '%') {
      part.push_back(text[i++]);
      continue;
    }
    const std::size_t end = text.find('%', i + 1);
    if (end == std::string::npos) text_field.fail("a '%' placeholder is not closed");
    const std::string name = text.substr(i + 1, end - i - 1);
    int found = -1;
    for (int p = 0; p < phs.size(); ++p)
      if (phs[p].name == name) found = p;
    if (found < 0) text_field.fail(fmt::format("unknown placeholder %{}%", name));
    t.parts.push_back(part);
    part.clear();
    t.slots.push_back(found);
    i = end + 1;
  }
  t.parts.push_back(part);
  if (t.slots.size() > kMaxSlotValues)
    text_field.fail(fmt::format("more than {} placeholders", kMaxSlotValues));
  std::vector<Kind> have;
  for (int s : t.slots) have.push_back(phs[s].kind);
  std::vector<Kind> want = needs;
  std::sort(have.begin(), have.end());
  std::sort(want.begin(), want.end());
  if (have != want) {
    std::string list;
    for (Kind k : needs) list += (list.empty() ? "" : ", ") + kind_names()[k];
    text_field.fail(fmt::format("template '{}' needs placeholders of these kinds: {}", t.key,
                                list.empty() ? "none" : list));
  }
  return t;
}

// Values of a fixed card, matched to the template's placeholders in order.
Filled parse_filled(const JsonField& field, const Data& d, bool rule, Rule* r, Finish* f) {
  Filled out;
  std::vector<std::string> keys;
  if (rule)
    for (int k = 0; k < kRuleKeys; ++k) keys.push_back(rule_key_name(static_cast<RuleKey>(k)));
  else
    for (int k = 0; k < kFinishKeys; ++k) keys.push_back(finish_key_name(static_cast<FinishKey>(k)));
  out.tmpl = static_cast<std::uint8_t>(field.at("key").one_of(keys));
  const Template& t = rule ? d.rules[out.tmpl] : d.finishes[out.tmpl];
  const JsonField vals = field.at("values");
  if (vals.size() != t.slots.values().size())
    vals.fail(fmt::format("template '{}' takes {} values, in the order of its text", t.key, t.slots.size()));
  out.nvals = static_cast<std::uint8_t>(t.slots.size());
  const IndexVector<int, JsonField> given(vals.items());
  for (int k = 0; k < t.slots.size(); ++k) {
    const Placeholder& ph = d.placeholders[t.slots[k]];
    const std::string v = value_string(given[k]);
    int idx = -1;
    for (int i = 0; i < ph.values.size(); ++i)
      if (ph.values[i] == v) idx = i;
    if (idx < 0) {
      std::string list;
      for (const auto& pv : ph.values) list += (list.empty() ? "" : ", ") + pv;
      given[k].fail(fmt::format("'{}' is not a value of %{}% ({})", v, ph.name, list));
    }
    int used = 0;
    for (int j = 0; j < k; ++j)
      if (t.slots[j] == t.slots[k] && out.vals[j] == idx) ++used;
    if (used >= ph.copies[idx])
      given[k].fail(fmt::format("%{}% has '{}' only {} time(s) in its pool", ph.name, v, ph.copies[idx]));
    out.vals[k] = static_cast<std::uint8_t>(idx);
  }
  const std::string why = rule ? d.decode_rule(out, *r) : d.decode_finish(out, *f);
  if (!why.empty()) field.fail(why);
  return out;
}

void parse_icon(const JsonField& f, const Data& d, std::uint8_t& shape, std::uint8_t& colour) {
  const std::string s = f.str();
  const auto slash = s.find('/');
  if (slash == std::string::npos) f.fail("an icon is written shape/colour, e.g. \"star/red\"");
  const std::string sh = s.substr(0, slash);
  const std::string co = s.substr(slash + 1);
  int si = -1, ci = -1;
  for (int i = 0; i < d.shapes.size(); ++i)
    if (d.shapes[i].id == sh) si = i;
  for (int i = 0; i < d.colours.size(); ++i)
    if (d.colours[i].id == co) ci = i;
  if (si < 0) f.fail(fmt::format("unknown shape '{}'", sh));
  if (ci < 0) f.fail(fmt::format("unknown colour '{}'", co));
  shape = static_cast<std::uint8_t>(si);
  colour = static_cast<std::uint8_t>(ci);
}

void set_id(Card& c, const JsonField& f, const std::string& id) {
  if (id.empty() || id.size() >= c.id.size())
    f.fail(fmt::format("a card id has 1 to {} characters", c.id.size() - 1));
  std::memcpy(c.id.data(), id.data(), id.size());
}

IndexVector<int, Component> parse_components(const JsonField& list, bool shapes) {
  if (list.size() < 1 || list.size() > kMaxValues) list.fail(fmt::format("give 1 to {}", kMaxValues));
  static const std::vector<std::string> colours{"red", "green", "yellow", "blue", "magenta", "cyan", "white"};
  static const Color kColours[] = {Color::Red,     Color::Green, Color::Yellow, Color::Blue,
                                   Color::Magenta, Color::Cyan,  Color::White};
  IndexVector<int, Component> out;
  for (const JsonField& f : list.items()) {
    Component c;
    c.id = f.str("id");
    if (c.id.empty() || c.id.find('/') != std::string::npos) f.at("id").fail("must be a word without '/'");
    for (const auto& o : out)
      if (o.id == c.id) f.at("id").fail(fmt::format("'{}' is listed twice", c.id));
    if (shapes) {
      c.name = f.str("name");
      c.glyph = f.str("glyph");
      c.ascii = f.str("ascii");
      if (utf8_length(c.glyph) != 1) f.at("glyph").fail("must be one character");
      if (c.ascii.size() != 1) f.at("ascii").fail("must be one ASCII character");
    } else {
      c.name = c.id;
      const std::string letter = f.str("letter");
      if (letter.size() != 1) f.at("letter").fail("must be one character");
      c.letter = letter[0];
      c.terminal = kColours[f.at("terminal").one_of(colours)];
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::string Data::decode_rule(const Filled& f, Rule& out) const {
  const Template& t = rules[f.tmpl];
  out = Rule{};
  out.key = static_cast<RuleKey>(f.tmpl);
  for (int k = 0; k < t.slots.size(); ++k) {
    const Placeholder& ph = placeholders[t.slots[k]];
    const int code = ph.code[f.vals[k]];
    switch (ph.kind) {
      case Kind::Property: out.prop = static_cast<std::uint8_t>(code); break;
      case Kind::Number: out.n = static_cast<std::uint8_t>(code); break;
      default: out.flag = static_cast<std::uint8_t>(code); break;
    }
  }
  return {};
}

std::string Data::decode_finish(const Filled& f, Finish& out) const {
  const Template& t = finishes[f.tmpl];
  out = Finish{};
  out.key = static_cast<FinishKey>(f.tmpl);
  int nums = 0;
  int ids = 0;
  for (int k = 0; k < t.slots.size(); ++k) {
    const Placeholder& ph = placeholders[t.slots[k]];
    const int code = ph.code[f.vals[k]];
    switch (ph.kind) {
      case Kind::Property: out.prop = static_cast<std::uint8_t>(code); break;
      case Kind::Number:
        if (nums == 0) out.n = static_cast<std::uint8_t>(code);
        out.need[nums++] = static_cast<std::uint8_t>(code);
        break;
      case Kind::Identifier: out.id[ids++] = static_cast<std::uint8_t>(code); break;
      default: break;
    }
  }
  out.terms = static_cast<std::uint8_t>(ids);
  for (int a = 0; a < ids; ++a)
    for (int b = 0; b < a; ++b)
      if (out.id[a] == out.id[b])
        return fmt::format("'{}' is named twice in one finish", identifier_name(out.id[a]));
  return {};
}

namespace {

// cards.json's shapes, colours and table settings.
void load_settings(const JsonField& root, Data& d) {
  d.shapes = parse_components(root.at("shapes"), true);
  d.colours = parse_components(root.at("colours"), false);
  d.hand_size = root.int_in("hand_size", 1, kMaxHand);
  d.racing_deck = root.int_in("racing_rules_deck", 1, 40);
  d.tap_window_ms = static_cast<Tick>(root.integer("tap_window_ms", 1000, 600000));
}

// One value of a placeholder: its text and what it means (a number, a
// shape or colour, or one of a two-way kind's words).
void add_placeholder_value(const JsonField& v, const JsonField& f, const Data& d, Placeholder& ph) {
  int code = 0;
  std::string text;
  if (ph.kind == Kind::Number) {
    code = v.int_in(1, 99);
    text = std::to_string(code);
  } else {
    text = v.str();
    if (ph.kind == Kind::Identifier) {
      code = -1;
      for (int i = 0; i < d.colours.size(); ++i)
        if (d.colours[i].id == text) code = i;
      for (int i = 0; i < d.shapes.size(); ++i)
        if (d.shapes[i].id == text) code = kMaxValues + i;
      if (code < 0) v.fail(fmt::format("'{}' is neither a shape nor a colour of cards.json", text));
    } else {
      code = two_way_code(ph.kind, text);
      if (code < 0) v.fail(fmt::format("'{}' is not a word for kind '{}'", text, f.str("kind")));
    }
  }
  auto it = std::find(ph.values.begin(), ph.values.end(), text);
  if (it == ph.values.end()) {
    ph.values.push_back(text);
    ph.copies.push_back(1);
    ph.code.push_back(code);
  } else {
    ++ph.copies[it - ph.values.begin()];
  }
}

void load_placeholders(const JsonField& phs, Data& d) {
  for (const JsonField& f : phs.items()) {
    Placeholder ph;
    ph.name = f.str("name");
    for (const auto& other : d.placeholders)
      if (other.name == ph.name) f.at("name").fail(fmt::format("placeholder '{}' is listed twice", ph.name));
    ph.kind = static_cast<Kind>(f.at("kind").one_of(kind_names().values()));
    const JsonField vals = f.at("values");
    if (vals.size() == 0 || vals.size() > 12) vals.fail("give 1 to 12 values");
    for (const JsonField& v : vals.items()) add_placeholder_value(v, f, d, ph);
    if (ph.values.size() > 16) vals.fail("at most 16 different values");
    d.placeholders.push_back(std::move(ph));
  }
}

// The templates of one kind (Rule or Finish), each key once, indexed by its
// key; every placeholder used twice must have enough values to draw without
// replacement.
template <class Key, int N>
void read_templates(const JsonField& list, const Data& d, IndexArray<Template, N>& into,
                    const char* (*key_name)(Key), std::vector<Kind> (*needs)(Key)) {
  if (list.size() != N) list.fail(fmt::format("give each of the {} templates once", N));
  IndexArray<bool, N> seen{};
  int total = 0;
  std::vector<std::string> keys;
  for (int k = 0; k < N; ++k) keys.push_back(key_name(static_cast<Key>(k)));
  for (const JsonField& f : list.items()) {
    const auto key = static_cast<Key>(f.at("key").one_of(keys));
    if (seen[key]) f.at("key").fail("listed twice");
    seen[key] = true;
    Template& t = into[key];
    t = parse_template(f, d.placeholders, needs(key));
    total += t.weight;
    for (const int slot : t.slots) {
      int uses = 0;
      for (int s : t.slots) uses += s == slot;
      int pool = 0;
      for (int c : d.placeholders[slot].copies) pool += c;
      if (uses > pool) f.at("text").fail("a placeholder is used more often than its pool has values");
    }
  }
  if (total <= 0) list.fail("at least one template needs a weight above 0");
}

// The words of the displays a Shifting Gears card may show (1 + index: Display).
const std::vector<std::string>& gears_display_words() {
  static const std::vector<std::string> displays{"dice", "hand", "tally", "number"};
  return displays;
}

// How a generated deck is drawn: the sets' sizes, icon counts, displays.
void load_generator(const JsonField& g, Data& d) {
  d.generator.regular_cards = g.int_in("regular_cards", 1, 60);
  d.generator.rule_cards = g.int_in("rule_cards", 1, 30);
  d.generator.gears_cards = g.int_in("shifting_gears_cards", 0, 40);
  const JsonField counts = g.at("icon_counts");
  if (counts.size() == 0) counts.fail("give at least one icon count");
  for (const JsonField& c : counts.items()) {
    const int icons = c.int_in("icons", 1, kMaxIcons);
    for (const auto& [i, p] : d.generator.icon_counts)
      if (i == icons) c.at("icons").fail("listed twice");
    d.generator.icon_counts.emplace_back(icons, c.int_in("percent", 0, 100));
  }
  for (int set_size : {d.generator.regular_cards, d.generator.gears_cards}) {
    int pool = 0;
    for (const auto& [i, p] : d.generator.icon_counts) pool += (p * set_size + 99) / 100;
    if (pool < set_size) counts.fail("the shares are too small to give every card an icon count");
  }
  const JsonField gd = g.at("shifting_gears_displays");
  if (gd.size() == 0) gd.fail("give at least one display");
  for (const JsonField& f : gd.items())
    d.generator.gears_displays.push_back(static_cast<Display>(1 + f.one_of(gears_display_words())));
  if (d.generator.regular_cards + d.generator.rule_cards + d.generator.gears_cards > kMaxCards)
    g.fail(fmt::format("more than {} cards", kMaxCards));
  if (d.generator.regular_cards + d.generator.rule_cards < 6 * d.hand_size + 2 + d.racing_deck)
    g.fail("too few cards to deal six hands and set aside the Racing Rules deck");
  if (d.generator.rule_cards < d.racing_deck) g.fail("fewer Rule Cards than the Racing Rules deck needs");
}

// Card ids are unique across the fixed deck.
class CardIds {
 public:
  void add(const JsonField& f, const std::string& id) {
    if (std::find(ids_.begin(), ids_.end(), id) != ids_.end())
      f.fail(fmt::format("card id '{}' is used twice", id));
    ids_.push_back(id);
  }

 private:
  std::vector<std::string> ids_;
};

Card regular_card(const JsonField& f, const Data& d, CardIds& ids) {
  Card c;
  const std::string id = f.str("id");
  set_id(c, f.at("id"), id);
  ids.add(f.at("id"), id);
  const JsonField icons = f.at("icons");
  if (icons.size() < 1 || icons.size() > kMaxIcons)
    icons.fail(fmt::format("a card shows 1 to {} icons", kMaxIcons));
  c.count = static_cast<std::uint8_t>(icons.size());
  int i = 0;
  for (const JsonField& icon : icons.items()) {
    parse_icon(icon, d, c.shape[i], c.colour[i]);
    ++i;
  }
  c.tally();
  return c;
}

Card rule_card(const JsonField& f, const Data& d, CardIds& ids, IndexVector<int, int>& numbers) {
  Card c;
  c.is_rule = true;
  c.number = static_cast<std::uint8_t>(f.integer("number", 1, 99));
  if (std::find(numbers.begin(), numbers.end(), c.number) != numbers.end())
    f.at("number").fail("every Rule Card has its own number");
  numbers.push_back(c.number);
  const std::string id = fmt::format("#{}", c.number);
  set_id(c, f, id);
  ids.add(f, id);
  c.rule_text = parse_filled(f.at("rule"), d, true, &c.rule, nullptr);
  c.finish_text = parse_filled(f.at("finish"), d, false, nullptr, &c.finish);
  return c;
}

Card gears_card(const JsonField& f, const Data& d, CardIds& ids) {
  Card c;
  const std::string id = f.str("id");
  set_id(c, f.at("id"), id);
  ids.add(f.at("id"), id);
  c.display = static_cast<Display>(1 + f.at("display").one_of(gears_display_words()));
  c.count = static_cast<std::uint8_t>(f.integer("icons", 1, kMaxIcons));
  parse_icon(f.at("icon"), d, c.shape[0], c.colour[0]);
  for (int i = 1; i < c.count; ++i) {
    c.shape[i] = c.shape[0];
    c.colour[i] = c.colour[0];
  }
  c.tally();
  return c;
}

// The fixed deck: regular cards, Rule Cards, Shifting Gears.
void load_fixed_deck(const JsonField& root, Data& d) {
  CardIds ids;
  const JsonField regular = root.at("regular");
  for (const JsonField& f : regular.items()) d.base_cards.push_back(regular_card(f, d, ids));
  const JsonField rules = root.at("rule_cards");
  IndexVector<int, int> numbers;  // one per Rule Card
  for (const JsonField& f : rules.items()) d.base_cards.push_back(rule_card(f, d, ids, numbers));
  if (numbers.size() < d.racing_deck) rules.fail("fewer Rule Cards than the Racing Rules deck needs");
  for (const JsonField& f : root.at("shifting_gears").items()) d.gears_cards.push_back(gears_card(f, d, ids));
  if (d.base_cards.size() + d.gears_cards.size() > kMaxCards)
    root.fail(fmt::format("more than {} cards", kMaxCards));
  if (d.base_cards.size() < 6 * d.hand_size + 2 + d.racing_deck)
    regular.fail("too few cards to deal six hands and set aside the Racing Rules deck");
}

}  // namespace

Data load_data(const DataSource& source) {
  Data d;
  const JsonDocument cards_doc(source, "racesmack/cards.json");
  load_settings(cards_doc.root(), d);
  // Templates first: the fixed Rule Cards are written with them.
  {
    JsonDocument doc(source, "racesmack/templates.json");
    const JsonField root = doc.root();
    load_placeholders(root.at("placeholders"), d);
    read_templates<RuleKey, kRuleKeys>(root.at("rules"), d, d.rules, rule_key_name, rule_needs);
    read_templates<FinishKey, kFinishKeys>(root.at("finishes"), d, d.finishes, finish_key_name, finish_needs);
    d.default_rule_text = parse_filled(root.at("default_rule"), d, true, &d.default_rule, nullptr);
    load_generator(root.at("generator"), d);
  }
  load_fixed_deck(cards_doc.root(), d);
  d.rules_text = source.read("racesmack/rules.txt");
  return d;
}

}  // namespace rt::racesmack
