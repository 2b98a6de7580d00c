// The generated deck (variant generated-deck; reference 2.3, 3.1-3.2, 6.2):
// the designer's generator, every step a chance outcome.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

// --- the generated deck (reference 2.3 and 3.1) -----------------------------

void RacesmackState::gen_begin_set(int set) {
  const Data& d = data();
  const GeneratorSettings& g = d.generator;
  gen_ = Gen{};
  gen_.set = static_cast<std::uint8_t>(set);
  if (set != 1) {
    // Count pool: ceil(share x cards) entries per icon count; then equal
    // shares of shape tokens and colour tokens for all those icons.
    const int cards = set == 0 ? g.regular_cards : g.gears_cards;
    int icons = 0;
    for (const auto& [n, pct] : g.icon_counts) {
      const int copies = (pct * cards + 99) / 100;
      gen_.icon_pool[n] = static_cast<std::uint8_t>(copies);
      icons += copies * n;
    }
    const int shapes = d.shapes.size();
    const int per_shape = (icons + shapes - 1) / shapes;
    const int colours = d.colours.size();
    const int per_colour = (per_shape * shapes + colours - 1) / colours;
    for (int s = 0; s < shapes; ++s) gen_.shape_pool[s] = static_cast<std::uint8_t>(per_shape);
    for (int c = 0; c < colours; ++c) gen_.colour_pool[c] = static_cast<std::uint8_t>(per_colour);
  }
  gen_begin_card();
}

void RacesmackState::gen_begin_card() {
  Card& c = cards_[ncards_];
  c = Card{};
  const int i = gen_.index + 1;
  const std::string id = gen_.set == 0   ? fmt::format("R{:02}", i)
                         : gen_.set == 1 ? fmt::format("#{}", i)
                                         : fmt::format("G{:02}", i);
  std::copy(id.begin(), id.end(), c.id.begin());
  gen_.icon = 0;
  gen_.slot = 0;
  if (gen_.set == 1) {
    c.is_rule = true;
    c.number = static_cast<std::uint8_t>(i);
    gen_.stage = GenStage::RuleTemplate;
  } else {
    gen_.stage = gen_.set == 2 ? GenStage::Display : GenStage::Icons;
  }
}

void RacesmackState::gen_outcomes(std::vector<Outcome>& out) const {
  const Data& d = data();
  const Card& c = cards_[ncards_];
  auto values = [&](const Template& t, const Filled& f) {
    const int ph = t.slots[gen_.slot];
    const Placeholder& p = d.placeholders[ph];
    for (int v = 0; v < p.values.size(); ++v) {
      int left = p.copies[v];
      for (int j = 0; j < gen_.slot; ++j)
        if (t.slots[j] == ph && f.vals[j] == v) --left;
      if (left > 0) out.push_back(Outcome{kGenValue + v, static_cast<std::uint32_t>(left)});
    }
  };
  switch (gen_.stage) {
    case GenStage::Display: {
      IndexArray<std::uint32_t, kDisplays> w{};
      for (Display x : d.generator.gears_displays) ++w[x];
      for (int x = 0; x < kDisplays; ++x)
        if (w[x]) out.push_back(Outcome{kGenDisplay + x, w[x]});
      return;
    }
    case GenStage::Icons:
      for (int n = 1; n <= kMaxIcons; ++n)
        if (gen_.icon_pool[n]) out.push_back(Outcome{kGenIcons + n, gen_.icon_pool[n]});
      return;
    case GenStage::Shape:
      for (int s = 0; s < kMaxValues; ++s)
        if (gen_.shape_pool[s]) out.push_back(Outcome{kGenShape + s, gen_.shape_pool[s]});
      return;
    case GenStage::Colour:
      for (int s = 0; s < kMaxValues; ++s)
        if (gen_.colour_pool[s]) out.push_back(Outcome{kGenColour + s, gen_.colour_pool[s]});
      return;
    case GenStage::RuleTemplate:
      for (int k = 0; k < kRuleKeys; ++k)
        if (d.rules[k].weight > 0)
          out.push_back(Outcome{kGenRule + k, static_cast<std::uint32_t>(d.rules[k].weight)});
      return;
    case GenStage::FinishTemplate:
      for (int k = 0; k < kFinishKeys; ++k)
        if (d.finishes[k].weight > 0)
          out.push_back(Outcome{kGenFinish + k, static_cast<std::uint32_t>(d.finishes[k].weight)});
      return;
    case GenStage::RuleValue: values(d.rules[c.rule_text.tmpl], c.rule_text); return;
    case GenStage::FinishValue: values(d.finishes[c.finish_text.tmpl], c.finish_text); return;
    case GenStage::Done: return;
  }
}

void RacesmackState::gen_apply(Action a) {
  const Data& d = data();
  Card& c = cards_[ncards_];
  switch (gen_.stage) {
    case GenStage::Display:
      c.display = static_cast<Display>(a - kGenDisplay);
      gen_.stage = GenStage::Icons;
      return;
    case GenStage::Icons:
      c.count = static_cast<std::uint8_t>(a - kGenIcons);
      --gen_.icon_pool[c.count];
      gen_.stage = GenStage::Shape;
      return;
    case GenStage::Shape:
      c.shape[gen_.icon] = static_cast<std::uint8_t>(a - kGenShape);
      --gen_.shape_pool[c.shape[gen_.icon]];
      if (++gen_.icon == c.count) {
        gen_.icon = 0;
        gen_.stage = GenStage::Colour;
      }
      return;
    case GenStage::Colour:
      c.colour[gen_.icon] = static_cast<std::uint8_t>(a - kGenColour);
      --gen_.colour_pool[c.colour[gen_.icon]];
      if (++gen_.icon == c.count) gen_finish_card();
      return;
    case GenStage::RuleTemplate:
      c.rule_text = Filled{};
      c.rule_text.tmpl = static_cast<std::uint8_t>(a - kGenRule);
      c.rule_text.nvals = static_cast<std::uint8_t>(d.rules[c.rule_text.tmpl].slots.size());
      gen_.slot = 0;
      gen_.stage = c.rule_text.nvals ? GenStage::RuleValue : GenStage::FinishTemplate;
      return;
    case GenStage::RuleValue:
      c.rule_text.vals[gen_.slot] = static_cast<std::uint8_t>(a - kGenValue);
      if (++gen_.slot == c.rule_text.nvals) gen_.stage = GenStage::FinishTemplate;
      return;
    case GenStage::FinishTemplate:
      c.finish_text = Filled{};
      c.finish_text.tmpl = static_cast<std::uint8_t>(a - kGenFinish);
      c.finish_text.nvals = static_cast<std::uint8_t>(d.finishes[c.finish_text.tmpl].slots.size());
      gen_.slot = 0;
      if (c.finish_text.nvals)
        gen_.stage = GenStage::FinishValue;
      else
        gen_finish_card();
      return;
    case GenStage::FinishValue:
      c.finish_text.vals[gen_.slot] = static_cast<std::uint8_t>(a - kGenValue);
      if (++gen_.slot == c.finish_text.nvals) gen_finish_card();
      return;
    case GenStage::Done: return;
  }
}

void RacesmackState::gen_finish_card() {
  const Data& d = data();
  Card& c = cards_[ncards_];
  if (c.is_rule) {
    d.decode_rule(c.rule_text, c.rule);
    d.decode_finish(c.finish_text, c.finish);
    if (narrating())
      emit("Setup: generated deck", "Generated {}: correct if it {}; Finish: {}.", c.name(),
           d.rule_text(c.rule_text), d.finish_text(c.finish_text))
          .type("generated")
          .with("card", c.name());
  } else {
    // A Shifting Gears card shows one icon and a number: N identical icons.
    if (c.display != Display::Symbols)
      for (int i = 1; i < c.count; ++i) {
        c.shape[i] = c.shape[0];
        c.colour[i] = c.colour[0];
      }
    c.tally();
    if (narrating())
      emit("Setup: generated deck", "Generated {}.", d.card_text(c)).type("generated").with("card", c.name());
  }
  draw_.add(ncards_++);
  ++gen_.index;
  const GeneratorSettings& g = d.generator;
  const int size = gen_.set == 0 ? g.regular_cards : gen_.set == 1 ? g.rule_cards : g.gears_cards;
  if (gen_.index < size) {
    gen_begin_card();
  } else if (gen_.set == 0) {
    gen_begin_set(1);
  } else if (gen_.set == 1 && variants().gears && g.gears_cards > 0) {
    gen_begin_set(2);
  } else {
    gen_.stage = GenStage::Done;
    deck_ready();
  }
}

std::string RacesmackState::gen_text(Action a) const {
  const Data& d = data();
  if (a >= kGenValue) {
    const Card& c = cards_[ncards_];
    const bool rule = gen_.stage == GenStage::RuleValue;
    const Template& t = rule ? d.rules[c.rule_text.tmpl] : d.finishes[c.finish_text.tmpl];
    const Placeholder& p = d.placeholders[t.slots[gen_.slot]];
    std::string v = p.values[a - kGenValue];
    std::replace(v.begin(), v.end(), ' ', '-');
    return "value " + v;
  }
  if (a >= kGenFinish)
    return std::string("finish ") + finish_key_name(static_cast<FinishKey>(a - kGenFinish));
  if (a >= kGenRule) return std::string("rule ") + rule_key_name(static_cast<RuleKey>(a - kGenRule));
  if (a >= kGenColour) return "colour " + d.colours[a - kGenColour].id;
  if (a >= kGenShape) return "shape " + d.shapes[a - kGenShape].id;
  if (a >= kGenIcons) return fmt::format("icons {}", a - kGenIcons);
  return std::string("display ") + display_name(static_cast<Display>(a - kGenDisplay));
}

}  // namespace rt::racesmack
