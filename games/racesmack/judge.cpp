#include "games/racesmack/judge.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

namespace rt::racesmack {

std::uint8_t extreme_values(const Spread& t, int prop, bool most, int* count) {
  IndexArray<int, kMaxValues> tally{};
  for (int s = 0; s < t.k; ++s)
    for (int v = 0; v < kMaxValues; ++v) tally[v] += t.slot[s]->per_value[prop][v];
  int best = -1;
  for (int c : tally) {
    if (c == 0) continue;
    if (best < 0 || (most ? c > best : c < best)) best = c;
  }
  if (count) *count = std::max(best, 0);
  std::uint8_t out = 0;
  if (best <= 0) return 0;
  for (int v = 0; v < kMaxValues; ++v)
    if (tally[v] == best) out = static_cast<std::uint8_t>(out | (1u << v));
  return out;
}

std::uint8_t correct_cards(const Spread& t, const Rule& r) {
  std::uint8_t out = 0;
  const std::uint8_t extreme = r.key == RuleKey::Freq ? extreme_values(t, r.prop, r.flag == 1) : 0;
  for (int s = 0; s < t.k; ++s) {
    const Card& c = *t.slot[s];
    const bool has_neighbours = t.k > 1;
    const Card& l = *t.slot[t.left(s)];
    const Card& rt = *t.slot[t.right(s)];
    bool ok = false;
    switch (r.key) {
      case RuleKey::Freq: ok = !c.is_rule && (c.mask[r.prop] & extreme) != 0; break;
      case RuleKey::Variety:
        if (!c.is_rule)
          ok = r.flag == 0 ? std::popcount(static_cast<unsigned>(c.mask[r.prop])) >= r.n
                           : c.max_repeat(r.prop) >= r.n;
        break;
      case RuleKey::Neighbors:
        if (!c.is_rule && has_neighbours) {
          if (r.flag == 0)
            ok = l.mask[r.prop] == c.mask[r.prop] || rt.mask[r.prop] == c.mask[r.prop];
          else
            ok = (l.mask[r.prop] & c.mask[r.prop]) == 0 || (rt.mask[r.prop] & c.mask[r.prop]) == 0;
        }
        break;
      case RuleKey::Number:
        if (!c.is_rule) ok = r.flag == 0 ? c.count < r.n : c.count > r.n;
        break;
      case RuleKey::NumberAdjacent:
        if (!c.is_rule && has_neighbours)
          ok = (!l.is_rule && l.count == c.count) || (!rt.is_rule && rt.count == c.count);
        break;
      case RuleKey::Rules: ok = c.is_rule; break;
      case RuleKey::RulesAdjacent: ok = has_neighbours && (l.is_rule || rt.is_rule); break;
      case RuleKey::Duplicates:
        if (!c.is_rule) ok = r.flag == 0 ? c.max_repeat(r.prop) >= 2 : c.max_repeat(r.prop) < 2;
        break;
    }
    if (ok) out = static_cast<std::uint8_t>(out | (1u << s));
  }
  return out;
}

std::uint8_t tiebreak(const Spread& t, std::uint8_t mask) {
  if (std::popcount(static_cast<unsigned>(mask)) <= 1) return mask;
  Spread tied;
  int index[kMaxPlayers];
  for (int s = 0; s < t.k; ++s)
    if (mask & (1u << s)) {
      index[tied.k] = s;
      tied.slot[tied.k++] = t.slot[s];
    }
  // Step 1: the colour that appears most often among the tied cards.
  std::uint8_t keep = 0;
  const std::uint8_t colours = extreme_values(tied, kColour, true);
  for (int i = 0; i < tied.k; ++i)
    if (colours == 0 || (tied.slot[i]->mask[kColour] & colours))
      keep = static_cast<std::uint8_t>(keep | (1u << index[i]));
  if (std::popcount(static_cast<unsigned>(keep)) <= 1) return keep;
  // Step 2: the most icons.
  int most = 0;
  for (int s = 0; s < t.k; ++s)
    if (keep & (1u << s)) most = std::max<int>(most, t.slot[s]->count);
  std::uint8_t out = 0;
  for (int s = 0; s < t.k; ++s)
    if ((keep & (1u << s)) && t.slot[s]->count == most) out = static_cast<std::uint8_t>(out | (1u << s));
  return out;
}

Verdict judge(const Data& d, const Variants& v, const Spread& t, const Card* racing, const Card* trigger) {
  Verdict out;
  out.rule = d.default_rule;
  if (v.racing && racing) {
    out.rule = racing->rule;
    out.source = Source::Racing;
  }
  int highest = -1;
  for (int s = 0; s < t.k; ++s) {
    if (!t.slot[s]->is_rule) continue;
    ++out.rules_played;
    if (highest < 0 || t.slot[s]->number > t.slot[highest]->number) highest = s;
  }
  if (v.after_you && trigger) {
    out.rule = trigger->rule;
    out.source = Source::Trigger;
  } else if (!v.first_game && (v.noise ? out.rules_played == 1 : out.rules_played >= 1)) {
    out.rule = t.slot[highest]->rule;
    out.source = Source::Played;
    out.rule_slot = highest;
  }
  out.correct = correct_cards(t, out.rule);
  if (v.racing && t.k > 0 && out.rules_played == t.k) {
    out.correct = static_cast<std::uint8_t>(1u << highest);
    out.source = Source::OnlyRules;
    out.rule_slot = highest;
  }
  if (v.tiebreak) out.correct = tiebreak(t, out.correct);
  return out;
}

std::string explain(const Data& d, const Spread& t, const Rule& r) {
  if (r.key != RuleKey::Freq) return {};
  int count = 0;
  const std::uint8_t ext = extreme_values(t, r.prop, r.flag == 1, &count);
  if (!ext) return fmt::format("no card shows a {}", r.prop == kColour ? "colour" : "shape");
  std::string names;
  int n = 0;
  for (int v = 0; v < kMaxValues; ++v)
    if (ext & (1u << v)) {
      names += (names.empty() ? "" : " and ") + d.value_name(r.prop, v);
      ++n;
    }
  return fmt::format("{} {} the {} common {} ({} icon{}{})", names, n > 1 ? "tie as" : "is",
                     r.flag ? "most" : "least", r.prop == kColour ? "colour" : "shape", count,
                     count == 1 ? "" : "s", n > 1 ? " each" : "");
}

int finish_card(const Card* deck, const std::uint8_t* race, int len) {
  int best = -1;
  int best_number = -1;
  for (int i = 0; i < len; ++i) {
    const Card& c = deck[race[i]];
    // Without a branch (docs/PERFORMANCE.md, "Rules code shaped for speed").
    const bool higher = c.is_rule & (c.number > best_number);
    best = higher ? race[i] : best;
    best_number = higher ? c.number : best_number;
  }
  return best;
}

Progress finish_progress(const Data& d, const Card* deck, const std::uint8_t* race, int len,
                         const Finish& f) {
  Progress p;
  const Card* regular[kMaxCards];
  int n = 0;
  for (int i = 0; i < len; ++i)
    if (!deck[race[i]].is_rule) regular[n++] = &deck[race[i]];
  auto icons = [&](int id) {
    int total = 0;
    for (int i = 0; i < n; ++i) total += regular[i]->icons_of(id);
    return total;
  };
  switch (f.key) {
    case FinishKey::SpecificCards:
      for (int i = 0; i < n; ++i) p.have += regular[i]->icons_of(f.id[0]) > 0;
      p.need = f.n;
      break;
    case FinishKey::SpecificIndividual:
      p.have = icons(f.id[0]);
      p.need = f.n;
      break;
    case FinishKey::NumCards:
      p.have = n;
      p.need = f.n;
      break;
    case FinishKey::NumCardsCond:
      p.have = n;
      p.need = f.n;
      for (int i = 1; i < n; ++i) p.faults += (regular[i]->mask[f.prop] & regular[i - 1]->mask[f.prop]) != 0;
      break;
    case FinishKey::Pairs: {
      const int values = d.values(f.prop);
      p.need = f.n * values;
      for (int v = 0; v < values; ++v) {
        int total = 0;
        for (int i = 0; i < n; ++i) total += regular[i]->per_value[f.prop][v];
        p.have += std::min<int>(total, f.n);
      }
      break;
    }
    case FinishKey::VarietyCards:
      p.have = n;
      p.need = f.n;
      for (int i = 1; i < n; ++i)
        for (int j = 0; j < i; ++j)
          if (regular[i]->mask[f.prop] == regular[j]->mask[f.prop]) {
            ++p.faults;
            break;
          }
      break;
    case FinishKey::SpecificDouble:
    case FinishKey::SpecificTriple:
      p.need = 0;
      for (int k = 0; k < f.terms; ++k) {
        const int have = icons(f.id[k]);
        p.term[k] = static_cast<std::uint8_t>(std::min(have, 99));
        p.have += std::min<int>(have, f.need[k]);
        p.need += f.need[k];
      }
      break;
  }
  return p;
}

std::string progress_text(const Data& d, const Finish& f, const Progress& p) {
  const char* prop = f.prop == kColour ? "colour" : "shape";
  const int have = std::min(p.have, p.need);
  switch (f.key) {
    case FinishKey::SpecificCards:
      return fmt::format("{}/{} cards with {}", have, p.need, d.identifier_name(f.id[0]));
    case FinishKey::SpecificIndividual:
      return fmt::format("{}/{} {} icons", have, p.need, d.identifier_name(f.id[0]));
    case FinishKey::NumCards: return fmt::format("{}/{} cards", have, p.need);
    case FinishKey::NumCardsCond:
      return fmt::format("{}/{} cards, {} {} clash{}", have, p.need, p.faults, prop,
                         p.faults == 1 ? "" : "es");
    case FinishKey::Pairs: return fmt::format("every {} {}x: {}/{}", prop, f.n, have, p.need);
    case FinishKey::VarietyCards:
      return fmt::format("{}/{} cards, {} repeat{}", have, p.need, p.faults, p.faults == 1 ? "" : "s");
    case FinishKey::SpecificDouble:
    case FinishKey::SpecificTriple: {
      std::string out;
      for (int k = 0; k < f.terms; ++k)
        out += fmt::format("{}{} {}/{}", k ? ", " : "", d.identifier_name(f.id[k]),
                           std::min(p.term[k], f.need[k]), f.need[k]);
      return out;
    }
  }
  return {};
}

}  // namespace rt::racesmack
