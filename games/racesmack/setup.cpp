// Racesmack setup and the chance side of play: the deck (fixed, or generated
// step by step), dealing, the face-up draw pile, the Racing Rules deck and
// After You's turns. Rulebook "Setup"; reference sections 2.3, 3.1, 5, 6.
#include <algorithm>

#include <fmt/format.h>

#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

RacesmackState::RacesmackState(const RacesmackGame& game) : State(game.options().players), game_(&game) {
  played_.fill(-1);
  tap_.fill(-1);
  slot_card_.fill(-1);
  slot_owner_.fill(-1);
  tap_order_.fill(-1);
  const Data& d = game.data();
  if (game.variants().generated) {
    phase_ = Phase::Generate;
    gen_begin_set(0);
    return;
  }
  for (const Card& c : d.base_cards) cards_[static_cast<std::size_t>(ncards_++)] = c;
  if (game.variants().gears)
    for (const Card& c : d.gears_cards) cards_[static_cast<std::size_t>(ncards_++)] = c;
  for (int c = 0; c < ncards_; ++c) draw_.add(c);
  deck_ready();
}

const Data& RacesmackState::data() const {
  return game_->data();
}
const Variants& RacesmackState::variants() const {
  return game_->variants();
}
const std::string& RacesmackState::name(PlayerId p) const {
  return game_->options().names[static_cast<std::size_t>(p)];
}

Turn RacesmackState::turn() const {
  switch (phase_) {
    case Phase::Pick:
    case Phase::Tap: return Turn::Simultaneous;
    case Phase::Settle:
      if (variants().after_you)
        for (PlayerId p = 0; p < num_players(); ++p)
          if (lose_hand_[p] > 0) return Turn::Chance;
      return Turn::Simultaneous;
    case Phase::AyTurn: return Turn::Player;
    case Phase::Over: return Turn::Over;
    default: return Turn::Chance;
  }
}

Tick RacesmackState::deadline() const {
  return phase_ == Phase::Tap ? open_ + data().tap_window_ms : kNoDeadline;
}

void RacesmackState::chance_outcomes(std::vector<Outcome>& out) const {
  // Every card of a set, equally likely: gathered on the stack, appended at once
  // (dealing lists the whole pile, so this is the game's hottest loop).
  auto each = [&](const CardSet& s) {
    std::array<Outcome, kMaxCards> buf;
    std::size_t n = 0;
    s.each([&](int c) { buf[n++] = Outcome{kCardBase + c, 1}; });
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
  };
  switch (phase_) {
    case Phase::Generate: gen_outcomes(out); return;
    case Phase::SetAside:
      draw_.each([&](int c) {
        if (card(c).is_rule) out.push_back(Outcome{kCardBase + c, 1});
      });
      return;
    case Phase::Deal:
    case Phase::FlipTop: each(draw_); return;
    case Phase::StartPlayer:
      for (PlayerId p = 0; p < num_players(); ++p) out.push_back(Outcome{kStartBase + p, 1});
      return;
    case Phase::RacingFlip: each(racing_deck_); return;
    case Phase::AyReveal: {
      // A blind pile's order is unknown to everyone: any of its cards may be on top.
      const Row& h = hand(current_);
      std::size_t start = out.size();
      for (int i = 0; i < h.len; ++i) out.push_back(Outcome{kCardBase + h[i], 1});
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                [](const Outcome& a, const Outcome& b) { return a.action < b.action; });
      return;
    }
    case Phase::Settle:
      for (PlayerId p = 0; p < num_players(); ++p)
        if (lose_hand_[p] > 0) {
          const Row& h = hand(p);
          std::size_t start = out.size();
          for (int i = 0; i < h.len; ++i) out.push_back(Outcome{kCardBase + h[i], 1});
          std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                    [](const Outcome& a, const Outcome& b) { return a.action < b.action; });
          return;
        }
      return;
    default: return;
  }
}

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
      gen_.icon_pool[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(copies);
      icons += copies * n;
    }
    const int shapes = static_cast<int>(d.shapes.size());
    const int per_shape = (icons + shapes - 1) / shapes;
    const int colours = static_cast<int>(d.colours.size());
    const int per_colour = (per_shape * shapes + colours - 1) / colours;
    for (int s = 0; s < shapes; ++s)
      gen_.shape_pool[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(per_shape);
    for (int c = 0; c < colours; ++c)
      gen_.colour_pool[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(per_colour);
  }
  gen_begin_card();
}

void RacesmackState::gen_begin_card() {
  Card& c = cards_[static_cast<std::size_t>(ncards_)];
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
  const Card& c = cards_[static_cast<std::size_t>(ncards_)];
  auto values = [&](const Template& t, const Filled& f) {
    const int ph = t.slots[gen_.slot];
    const Placeholder& p = d.placeholders[static_cast<std::size_t>(ph)];
    for (std::size_t v = 0; v < p.values.size(); ++v) {
      int left = p.copies[v];
      for (int j = 0; j < gen_.slot; ++j)
        if (t.slots[static_cast<std::size_t>(j)] == ph && f.vals[static_cast<std::size_t>(j)] == v) --left;
      if (left > 0)
        out.push_back(Outcome{kGenValue + static_cast<Action>(v), static_cast<std::uint32_t>(left)});
    }
  };
  switch (gen_.stage) {
    case GenStage::Display: {
      std::array<std::uint32_t, kDisplays> w{};
      for (Display x : d.generator.gears_displays) ++w[static_cast<std::size_t>(x)];
      for (int x = 0; x < kDisplays; ++x)
        if (w[static_cast<std::size_t>(x)])
          out.push_back(Outcome{kGenDisplay + x, w[static_cast<std::size_t>(x)]});
      return;
    }
    case GenStage::Icons:
      for (int n = 1; n <= kMaxIcons; ++n)
        if (gen_.icon_pool[static_cast<std::size_t>(n)])
          out.push_back(Outcome{kGenIcons + n, gen_.icon_pool[static_cast<std::size_t>(n)]});
      return;
    case GenStage::Shape:
      for (int s = 0; s < kMaxValues; ++s)
        if (gen_.shape_pool[static_cast<std::size_t>(s)])
          out.push_back(Outcome{kGenShape + s, gen_.shape_pool[static_cast<std::size_t>(s)]});
      return;
    case GenStage::Colour:
      for (int s = 0; s < kMaxValues; ++s)
        if (gen_.colour_pool[static_cast<std::size_t>(s)])
          out.push_back(Outcome{kGenColour + s, gen_.colour_pool[static_cast<std::size_t>(s)]});
      return;
    case GenStage::RuleTemplate:
      for (int k = 0; k < kRuleKeys; ++k)
        if (d.rules[static_cast<std::size_t>(k)].weight > 0)
          out.push_back(
              Outcome{kGenRule + k, static_cast<std::uint32_t>(d.rules[static_cast<std::size_t>(k)].weight)});
      return;
    case GenStage::FinishTemplate:
      for (int k = 0; k < kFinishKeys; ++k)
        if (d.finishes[static_cast<std::size_t>(k)].weight > 0)
          out.push_back(Outcome{kGenFinish + k,
                                static_cast<std::uint32_t>(d.finishes[static_cast<std::size_t>(k)].weight)});
      return;
    case GenStage::RuleValue: values(d.rules[c.rule_text.tmpl], c.rule_text); return;
    case GenStage::FinishValue: values(d.finishes[c.finish_text.tmpl], c.finish_text); return;
    case GenStage::Done: return;
  }
}

void RacesmackState::gen_apply(Action a) {
  const Data& d = data();
  Card& c = cards_[static_cast<std::size_t>(ncards_)];
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
  Card& c = cards_[static_cast<std::size_t>(ncards_)];
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
        c.shape[static_cast<std::size_t>(i)] = c.shape[0];
        c.colour[static_cast<std::size_t>(i)] = c.colour[0];
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
    const Card& c = cards_[static_cast<std::size_t>(ncards_)];
    const bool rule = gen_.stage == GenStage::RuleValue;
    const Template& t = rule ? d.rules[c.rule_text.tmpl] : d.finishes[c.finish_text.tmpl];
    const Placeholder& p = d.placeholders[static_cast<std::size_t>(t.slots[gen_.slot])];
    std::string v = p.values[static_cast<std::size_t>(a - kGenValue)];
    std::replace(v.begin(), v.end(), ' ', '-');
    return "value " + v;
  }
  if (a >= kGenFinish)
    return std::string("finish ") + finish_key_name(static_cast<FinishKey>(a - kGenFinish));
  if (a >= kGenRule) return std::string("rule ") + rule_key_name(static_cast<RuleKey>(a - kGenRule));
  if (a >= kGenColour) return "colour " + d.colours[static_cast<std::size_t>(a - kGenColour)].id;
  if (a >= kGenShape) return "shape " + d.shapes[static_cast<std::size_t>(a - kGenShape)].id;
  if (a >= kGenIcons) return fmt::format("icons {}", a - kGenIcons);
  return std::string("display ") + display_name(static_cast<Display>(a - kGenDisplay));
}

// --- dealing and the face-up pile --------------------------------------------

void RacesmackState::deck_ready() {
  if (variants().racing) {
    int rules = 0;
    draw_.each([&](int c) { rules += card(c).is_rule; });
    aside_left_ = std::min(data().racing_deck, rules);
    phase_ = aside_left_ > 0 ? Phase::SetAside : Phase::Deal;
  } else {
    phase_ = Phase::Deal;
  }
  deal_to_ = 0;
}

void RacesmackState::take_top(PlayerId p) {
  const int c = top_;
  top_ = -1;
  hands_[p].push_back(c);
}

void RacesmackState::setup_done() {
  if (variants().after_you) {
    phase_ = Phase::StartPlayer;
    return;
  }
  begin_round();
}

void RacesmackState::after_flip() {
  switch (resume_) {
    case Resume::SetupDone: setup_done(); return;
    case Resume::Refill: refill_step(); return;
    case Resume::AyRefill: ay_end(); return;
  }
}

void RacesmackState::begin_round() {
  ++round_;
  played_.fill(-1);
  nslots_ = 0;
  trigger_ = -1;
  emit("Gameplay: rounds", "Round {}: everyone picks a secret card.", round_)
      .type("round")
      .with("round", round_);
  if (variants().racing) {
    if (racing_deck_.empty()) {
      racing_deck_ = racing_used_;
      racing_used_.clear();
      racing_current_ = -1;
      emit("Racing Rules: re-use the deck", "The Racing Rules deck is empty: its {} cards form a new deck.",
           racing_deck_.size())
          .type("racing_rules_reshuffle");
    }
    phase_ = Phase::RacingFlip;
    return;
  }
  phase_ = Phase::Pick;
}

void RacesmackState::apply_chance(Action a) {
  const Data& d = data();
  const int c = a - kCardBase;
  switch (phase_) {
    case Phase::Generate: gen_apply(a); return;
    case Phase::SetAside:
      draw_.remove(c);
      racing_deck_.add(c);
      emit("Racing Rules: a separate deck", "{} goes to the Racing Rules deck.", cname(c))
          .type("racing_rule_card")
          .with("card", cname(c));
      if (--aside_left_ == 0) {
        phase_ = Phase::Deal;
        deal_to_ = 0;
      }
      return;
    case Phase::Deal: {
      bool first = true;
      for (PlayerId p = 0; p < num_players(); ++p) first = first && hand(p).len == 0;
      if (first && narrating()) {
        int rules = 0;
        draw_.each([&](int x) { rules += card(x).is_rule; });
        emit("Setup",
             "The deck: {} cards ({} regular, {} Rule Cards). Everyone is dealt {}{}; the rest is a face-up "
             "draw pile.",
             draw_size() + racing_deck_.size(), draw_size() - rules, rules + racing_deck_.size(), d.hand_size,
             variants().after_you ? " face down as a blind pile" : "")
            .type("deck");
      }
      draw_.remove(c);
      hands_[deal_to_].push_back(c);
      if (!variants().after_you && narrating())
        emit_private(deal_to_, "Setup", "{} is dealt {}.", name(deal_to_), d.card_text(card(c)))
            .type("dealt")
            .seat("player", deal_to_)
            .with("card", cname(c));
      deal_to_ = left_of(deal_to_);
      if (hand(deal_to_).len == d.hand_size || draw_.empty()) {
        resume_ = Resume::SetupDone;
        if (draw_.empty())
          setup_done();
        else
          phase_ = Phase::FlipTop;
      }
      return;
    }
    case Phase::FlipTop:
      draw_.remove(c);
      top_ = c;
      if (narrating())
        emit("Setup: face-up draw pile", "The draw pile shows {} on top ({} cards left).",
             card(c).is_rule ? fmt::format("Rule Card {} (correct if it {}; Finish: {})", card(c).name(),
                                           d.rule_text(card(c).rule_text), d.finish_text(card(c).finish_text))
                             : d.card_text(card(c)),
             draw_size())
            .type("pile_top")
            .with("card", cname(c))
            .with("left", draw_size());
      after_flip();
      return;
    case Phase::StartPlayer:
      current_ = static_cast<PlayerId>(a - kStartBase);
      emit("After You: pick a start player", "{} starts; turns go clockwise.", name(current_))
          .type("start_player")
          .seat("player", current_);
      ay_turn();
      return;
    case Phase::RacingFlip:
      racing_deck_.remove(c);
      racing_used_.add(c);
      racing_current_ = c;
      if (narrating())
        emit("Racing Rules: this round's default rule",
             "Racing Rules reveals {}: this round a card is correct if it {}.", cname(c),
             d.rule_text(card(c).rule_text))
            .type("racing_rule")
            .with("card", cname(c));
      phase_ = Phase::Pick;
      return;
    case Phase::AyReveal: {
      hands_[current_].remove(c);
      piles_[current_].push_back(c);
      if (card(c).is_rule) {
        emit("After You: a Rule Card starts the smashing", "{} reveals {}, a Rule Card: the smashing begins!",
             name(current_), cname(c))
            .type("reveal_turn")
            .seat("player", current_)
            .with("card", cname(c))
            .with("rule_card", true);
        trigger_ = c;
        nslots_ = 0;
        for (PlayerId p = 0; p < num_players(); ++p) {
          const Row& pl = pile(p);
          if (pl.len == 0) continue;
          slot_card_[static_cast<std::size_t>(nslots_)] = static_cast<std::int8_t>(pl[pl.len - 1]);
          slot_owner_[static_cast<std::size_t>(nslots_++)] = p;
        }
        open_tapping();
      } else {
        if (narrating())
          emit("After You: reveal in turn", "{} reveals {} (pile of {}).", name(current_),
               d.card_text(card(c)), pile(current_).len)
              .type("reveal_turn")
              .seat("player", current_)
              .with("card", cname(c))
              .with("rule_card", false);
        ay_refill();
      }
      return;
    }
    case Phase::Settle: {
      for (PlayerId p = 0; p < num_players(); ++p) {
        if (lose_hand_[p] == 0) continue;
        hands_[p].remove(c);
        discard_.add(c);
        --lose_hand_[p];
        if (narrating())
          emit("Time Penalty: lose 2 hand cards", "{} discards {} from the blind pile.", name(p),
               d.card_text(card(c)))
              .type("blind_discard")
              .seat("player", p)
              .with("card", cname(c));
        settle(p);
        break;
      }
      settle_all();
      return;
    }
    default: return;
  }
}

// --- After You (turn-based) ---------------------------------------------------

void RacesmackState::ay_turn() {
  ++round_;
  nslots_ = 0;
  if (hand(current_).len > 0) {
    phase_ = Phase::AyTurn;
    return;
  }
  emit("After You: reveal in turn", "{} has no blind cards left and cannot reveal.", name(current_))
      .type("no_blind_card")
      .seat("player", current_);
  ay_refill();
}

void RacesmackState::ay_refill() {
  if (top_ >= 0) {
    const int c = top_;
    take_top(current_);
    emit("After You: refill", "{} takes {} from the face-up pile into the blind pile.", name(current_),
         cname(c))
        .type("blind_refill")
        .seat("player", current_)
        .with("card", cname(c));
    if (!draw_.empty()) {
      resume_ = Resume::AyRefill;
      phase_ = Phase::FlipTop;
      return;
    }
  }
  ay_end();
}

void RacesmackState::ay_end() {
  if (check_end()) return;
  current_ = left_of(current_);
  ay_turn();
}

}  // namespace rt::racesmack
