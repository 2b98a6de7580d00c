// Racesmack's text forms (actions), standings, read-only
// queries used by the view and bots, hidden-information sampling and the
// checks. The rules themselves live in the topic files (README "Where each rule lives").
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "core/rng.h"
#include "games/racesmack/game.h"
#include "games/racesmack/state.h"

namespace rt::racesmack {

bool Row::has(int card) const {
  for (int i = 0; i < len; ++i)
    if (c[i] == card) return true;
  return false;
}

void Row::push_front(int card) {
  for (int i = len; i > 0; --i) c[i] = c[i - 1];
  c[0] = static_cast<std::uint8_t>(card);
  ++len;
}

void Row::remove(int card) {
  for (int i = 0; i < len; ++i) {
    if (c[i] != card) continue;
    for (int j = i; j + 1 < len; ++j) c[j] = c[j + 1];
    --len;
    return;
  }
}

// --- queries ------------------------------------------------------------------

int RacesmackState::find_card(std::string_view id) const {
  for (int c = 0; c < ncards_; ++c)
    if (card(c).name() == id) return c;
  return -1;
}

int RacesmackState::own_slot(PlayerId p) const {
  for (int s = 0; s < nslots_; ++s)
    if (slot_owner(s) == p) return s;
  return -1;
}

Spread RacesmackState::spread() const {
  Spread t;
  t.k = nslots_;
  for (int s = 0; s < nslots_; ++s) t.slot[s] = &card(slot_card(s));
  return t;
}

int RacesmackState::finish_of(PlayerId p) const {
  const Row& r = race(p);
  return finish_card(deck(), r.c.data(), r.len);
}

Progress RacesmackState::progress_of(PlayerId p) const {
  const int f = finish_of(p);
  if (f < 0) return Progress{0, 1, 0, {}};
  const Row& r = race(p);
  return finish_progress(data(), deck(), r.c.data(), r.len, card(f).finish);
}

std::string RacesmackState::ruling_text() const {
  const Data& d = data();
  const Variants& v = variants();
  auto rule_of = [&](int c) { return d.rule_text(c < 0 ? d.default_rule_text : card(c).rule_text); };
  int played_rules = 0;
  for (int s = 0; s < nslots_; ++s) played_rules += card(slot_card(s)).is_rule;
  std::string why;
  switch (ruling_src_) {
    case Source::OnlyRules:
      for (int s = 0; s < nslots_; ++s)
        if (correct_ & (1u << s))
          return fmt::format(
              "Only Rule Cards were played: only the highest, {} (#{}), is correct (Racing Rules).",
              cname(slot_card(s)), s + 1);
      return "Only Rule Cards were played (Racing Rules).";
    case Source::Trigger:
      return fmt::format("{} was revealed: a card is correct if it {}.", cname(ruling_card_),
                         rule_of(ruling_card_));
    case Source::Played:
      return fmt::format("Rule Card {} rules ({}): a card is correct if it {}.", cname(ruling_card_),
                         v.noise            ? "the only one played"
                         : played_rules > 1 ? "the highest played"
                                            : "the one played",
                         rule_of(ruling_card_));
    case Source::Racing:
    case Source::Default:
      if (v.first_game)
        why = "First game: Rule Cards are ignored";
      else if (v.noise && played_rules > 1)
        why = "Several Rule Cards cancel out (Noise Canceling)";
      else
        why = "No Rule Card played";
      if (ruling_src_ == Source::Racing)
        return fmt::format("{}: this round's Racing Rules card {} rules: a card is correct if it {}.", why,
                           cname(ruling_card_), rule_of(ruling_card_));
      return fmt::format("{}: default rule, a card is correct if it {}.", why, rule_of(-1));
  }
  return {};
}

// --- text forms ---------------------------------------------------------------

std::string RacesmackState::action_text(PlayerId player, Action a) const {
  if (player == kClock) return "time";
  if (player == kChance) {
    if (a >= kGenDisplay) return gen_text(a);
    if (a >= kStartBase) return fmt::format("start {}", a - kStartBase + 1);
    const std::string_view c = cname(a - kCardBase);
    switch (phase_) {
      case Phase::SetAside: return fmt::format("aside {}", c);
      case Phase::Deal: return fmt::format("deal {}", c);
      case Phase::FlipTop: return fmt::format("top {}", c);
      case Phase::RacingFlip: return fmt::format("racing {}", c);
      case Phase::AyReveal: return fmt::format("reveal {}", c);
      default: return fmt::format("blind {}", c);
    }
  }
  if (a == kReveal) return "reveal";
  if (a == kPenaltyRace) return "penalty race";
  if (a == kPenaltyHand) return "penalty hand";
  if (a == kPenaltyTie) return "penalty tie";
  if (a >= kDiscardBase) return fmt::format("discard {}", cname(a - kDiscardBase));
  if (a >= kLoseBase) return fmt::format("lose {}", cname(a - kLoseBase));
  if (a >= kRightBase) return fmt::format("right {}", cname(a - kRightBase));
  if (a >= kLeftBase) return fmt::format("left {}", cname(a - kLeftBase));
  if (a >= kTapBase) return fmt::format("tap {}", a - kTapBase + 1);
  return fmt::format("play {}", cname(a - kPlayBase));
}

void RacesmackState::winners(std::vector<PlayerId>& out) const {
  out.clear();
  int best = -1;
  for (PlayerId p = 0; p < num_players(); ++p) best = std::max(best, standing_key(p));
  for (PlayerId p = 0; p < num_players(); ++p)
    if (standing_key(p) == best) out.push_back(p);
}

Standings RacesmackState::standings() const {
  Standings st;
  const int n = num_players();
  auto key = [&](PlayerId p) { return standing_key(p); };
  for (PlayerId p = 0; p < n; ++p) {
    int place = 1;
    for (PlayerId q = 0; q < n; ++q) place += key(q) > key(p);
    const int cards = race(p).len;
    std::string detail = fmt::format("{} Race card{}", cards, cards == 1 ? "" : "s");
    const int f = finish_of(p);
    if (finished(p))
      detail += fmt::format(", Finish {} met", cname(f));
    else if (f >= 0)
      detail +=
          fmt::format(", Finish {}: {}", cname(f), progress_text(data(), card(f).finish, progress_of(p)));
    st.placings.push_back(
        Placing{p, place, cards, detail, fmt::format("{} Race card{}", cards, cards == 1 ? "" : "s")});
  }
  std::stable_sort(st.placings.begin(), st.placings.end(),
                   [](const Placing& a, const Placing& b) { return a.place < b.place; });
  std::vector<std::string> winners;
  for (const auto& pl : st.placings)
    if (pl.place == 1) winners.push_back(name(pl.player));
  std::string list;
  for (std::size_t k = 0; k < winners.size(); ++k)
    list += (k == 0 ? "" : k + 1 == winners.size() ? " and " : ", ") + winners[k];
  const int top = st.placings.front().score;
  const std::string top_cards = fmt::format("{} Race card{}", top, top == 1 ? "" : "s");
  const bool over = phase_ == Phase::Over;
  const int finishers = std::popcount(static_cast<unsigned>(finished_));
  if (over && finishers > 0) {
    if (winners.size() == 1 && finishers == 1)
      st.summary = fmt::format("{} wins by finishing their Race ({}).", list, top_cards);
    else if (winners.size() == 1)
      st.summary = fmt::format("{} finished with the most Race cards ({}) and wins.", list, top);
    else
      st.summary = fmt::format("{} finished with {} each and share the win.", list, top_cards);
  } else if (over) {
    st.summary = winners.size() == 1 ? fmt::format("{} wins with the most Race cards ({}).", list, top)
                                     : fmt::format("{} share the win with {} each.", list, top_cards);
  } else {
    st.summary = winners.size() == 1 ? fmt::format("{} leads with {}.", list, top_cards)
                                     : fmt::format("{} share the lead with {} each.", list, top_cards);
  }
  return st;
}

// --- hidden information -------------------------------------------------------

void RacesmackState::determinize(PlayerId viewer, Rng& rng) {
  if (phase_ == Phase::Generate) return;
  // Unknown to the viewer: the draw pile under its top card, the other hands
  // (every blind pile in After You), cards picked but not yet revealed, and
  // the Racing Rules deck. Pool them and deal them back into the same places.
  const bool blind = variants().after_you;
  std::vector<std::uint8_t> pool;
  draw_.each([&](int c) { pool.push_back(static_cast<std::uint8_t>(c)); });
  racing_deck_.each([&](int c) { pool.push_back(static_cast<std::uint8_t>(c)); });
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer && !blind) continue;
    const Row& h = hand(p);
    for (int k = 0; k < h.len; ++k) pool.push_back(static_cast<std::uint8_t>(h[k]));
    if (phase_ == Phase::Pick && played(p) >= 0) pool.push_back(static_cast<std::uint8_t>(played(p)));
  }
  rng.shuffle(std::span<std::uint8_t>(pool));
  // The Racing Rules deck holds Rule Cards only: take them first.
  const int racing = racing_deck_.size();
  racing_deck_.clear();
  std::vector<std::uint8_t> rest;
  for (std::uint8_t c : pool) {
    if (racing_deck_.size() < racing && card(c).is_rule)
      racing_deck_.add(c);
    else
      rest.push_back(c);
  }
  std::size_t next = 0;
  for (PlayerId p = 0; p < num_players(); ++p) {
    if (p == viewer && !blind) continue;
    Row& h = hands_[p];
    for (int k = 0; k < h.len; ++k) h.c[k] = rest[next++];
    if (phase_ == Phase::Pick && played(p) >= 0) played_[p] = static_cast<std::int8_t>(rest[next++]);
  }
  draw_.clear();
  for (; next < rest.size(); ++next) draw_.add(rest[next]);
  list_draw_outcomes();
}

// --- checks -------------------------------------------------------------------

std::string RacesmackState::debug_string() const {
  auto set = [&](const CardSet& s) {
    std::string out;
    s.each([&](int c) { out += fmt::format(" {}", c); });
    return out;
  };
  auto row = [&](const Row& r) {
    std::string out;
    for (int k = 0; k < r.len; ++k) out += fmt::format(" {}", r[k]);
    return out;
  };
  std::string s = fmt::format(
      "phase={} resume={} round={} now={} ncards={} top={} deal_to={} refill_seat={} current={} "
      "aside_left={} "
      "racing_current={} finished={} deck_out={}\n",
      static_cast<int>(phase_), static_cast<int>(resume_), round_, now(), ncards_, top_, deal_to_,
      refill_seat_, current_, aside_left_, racing_current_, finished_, deck_out_);
  s += fmt::format("gen stage={} set={} index={} icon={} slot={} icons:", static_cast<int>(gen_.stage),
                   gen_.set, gen_.index, gen_.icon, gen_.slot);
  for (auto v : gen_.icon_pool) s += fmt::format(" {}", v);
  s += " shapes:";
  for (auto v : gen_.shape_pool) s += fmt::format(" {}", v);
  s += " colours:";
  for (auto v : gen_.colour_pool) s += fmt::format(" {}", v);
  s += "\ncards:";
  const Data& d = data();
  for (int c = 0; c < ncards_; ++c) {
    const Card& k = card(c);
    s += fmt::format(" {}:", k.name());
    if (k.is_rule) {
      s += fmt::format("n{}r{}", k.number, k.rule_text.tmpl);
      for (int v = 0; v < k.rule_text.nvals; ++v) s += fmt::format(".{}", k.rule_text.vals[v]);
      s += fmt::format("f{}", k.finish_text.tmpl);
      for (int v = 0; v < k.finish_text.nvals; ++v) s += fmt::format(".{}", k.finish_text.vals[v]);
    } else {
      s += fmt::format("d{}", static_cast<int>(k.display));
      for (int v = 0; v < k.count; ++v)
        s += fmt::format("{}{}", d.shapes[k.shape[v]].ascii, d.colours[k.colour[v]].letter);
    }
  }
  s += "\ndraw:" + set(draw_) + "\ndiscard:" + set(discard_) + "\nracing deck:" + set(racing_deck_) +
       " used:" + set(racing_used_) + "\n";
  for (PlayerId p = 0; p < num_players(); ++p) {
    s += fmt::format(
        "P{} hand:{} race:{} pile:{} played={} tap={} result={} penalty={} lose_race={} lose_hand={} "
        "to_place:{}\n",
        p + 1, row(hand(p)), row(race(p)), row(pile(p)), played_[p], tap_[p], static_cast<int>(result_[p]),
        penalty_pending_[p], lose_race_[p], lose_hand_[p], set(to_place_[p]));
  }
  s += fmt::format("slots={}:", nslots_);
  for (int k = 0; k < nslots_; ++k) s += fmt::format(" {}/{}", slot_card(k), slot_owner(k));
  s += fmt::format(
      "\nruling key={} prop={} flag={} n={} src={} card={} trigger={} correct={} contest={} open={} "
      "taps={} order:",
      static_cast<int>(ruling_.key), ruling_.prop, ruling_.flag, ruling_.n, static_cast<int>(ruling_src_),
      ruling_card_, trigger_, correct_, contest_id_, open_, ntaps_);
  for (int k = 0; k < ntaps_; ++k) s += fmt::format(" {}", tap_order_[k]);
  s += fmt::format(" tie_now={} tie_next={}\n", tie_now_, tie_next_);
  return s;
}

std::string RacesmackState::check_invariants() const {
  const Data& d = data();
  IndexArray<int, kMaxCards> seen{};
  std::string err;
  auto mark = [&](int c, const char* where) {
    if (c < 0 || c >= ncards_) {
      if (err.empty()) err = fmt::format("card id {} in {} is not in the deck", c, where);
      return;
    }
    ++seen[c];
  };
  draw_.each([&](int c) { mark(c, "the draw pile"); });
  discard_.each([&](int c) { mark(c, "the discard pile"); });
  racing_deck_.each([&](int c) { mark(c, "the Racing Rules deck"); });
  racing_used_.each([&](int c) { mark(c, "the revealed Racing Rules"); });
  if (top_ >= 0) mark(top_, "the top of the draw pile");
  for (PlayerId p = 0; p < num_players(); ++p) {
    for (int k = 0; k < hand(p).len; ++k) mark(hand(p)[k], "a hand");
    for (int k = 0; k < race(p).len; ++k) mark(race(p)[k], "a Race");
    for (int k = 0; k < pile(p).len; ++k) mark(pile(p)[k], "a pile");
    if (played_[p] >= 0) mark(played_[p], "the played cards");
    to_place_[p].each([&](int c) { mark(c, "won cards"); });
    if (hand(p).len > d.hand_size)
      return fmt::format("P{} holds {} cards, more than {}", p + 1, hand(p).len, d.hand_size);
  }
  if (!err.empty()) return err;
  for (int c = 0; c < ncards_; ++c)
    if (seen[c] != 1) return fmt::format("card {} is in {} places", card(c).name(), seen[c]);
  for (int c = ncards_; c < kMaxCards; ++c)
    if (draw_.has(c)) return fmt::format("card id {} is beyond the deck", c);
  const bool dealing = phase_ == Phase::Generate || phase_ == Phase::SetAside || phase_ == Phase::Deal ||
                       phase_ == Phase::FlipTop;
  if (!dealing && top_ < 0 && !draw_.empty()) return "the draw pile has no face-up top card";
  racing_deck_.each([&](int c) {
    if (!card(c).is_rule && err.empty())
      err = fmt::format("{} in the Racing Rules deck is not a Rule Card", card(c).name());
  });
  if (!err.empty()) return err;
  if (racing_current_ >= 0 && !racing_used_.has(racing_current_))
    return "the Racing Rules card in force is not revealed";
  if (nslots_ > num_players()) return "more revealed cards than players";
  if (phase_ == Phase::Tap && ntaps_ >= num_players() - 1 && num_players() > 1)
    return "tapping should have ended";
  if (phase_ == Phase::Pick || phase_ == Phase::Tap)
    for (PlayerId p = 0; p < num_players(); ++p)
      if (!variants().after_you && phase_ == Phase::Tap && played(p) < 0 && own_slot(p) >= 0)
        return "a revealed card has left the table during tapping";
  if (phase_ == Phase::Over && !deck_out_ && finished_ == 0)
    return "the game ended without a finish or an empty deck";
  return {};
}

}  // namespace rt::racesmack
