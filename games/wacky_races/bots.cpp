#include "games/wacky_races/bots.h"
#include "core/search_agent.h"

#include <algorithm>
#include <array>
#include <bit>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"

namespace rt::wacky_races {

WackyBot::WackyBot(BotLevel level) : level_(level) {}

namespace {

using Hand = IndexArray<int, kTerrains>;

Hand hand_of(const WackyState& s, PlayerId me) {
  Hand h{};
  for (int k = 0; k < kTerrains; ++k) h[k] = s.hand(me, k);
  return h;
}

bool has(const std::vector<Action>& legal, Action a) {
  return std::binary_search(legal.begin(), legal.end(), a);
}

// Whether my racer shrugs off the Trap on tile p (a peeked trap I can cancel, or a harmless one).
bool safe_trap(const WackyState& s, PlayerId me, int p) {
  if (s.trap(p) < 0) return true;
  if (!s.peeked(me, p)) return false;
  const Catalog& c = s.catalog();
  const int kind = s.trap(p);
  if (c.traps[kind].code == TrapCode::UnexhaustAll) return false;  // still ends the turn
  const Team& team = c.teams[s.team_of(s.slot_of(me))];
  for (int i = 0; i < kPowers; ++i)
    if (team.powers[i].cancels() == kind && !s.exhausted(me, i)) return true;
  return false;
}

// The most ground a run of cards gains from p (tiles advanced; a Trap costs 3
// and ends the run; the Finish Line is worth everything).
int best_run(const WackyState& s, PlayerId me, int p, Hand& h, int played, int limit) {
  if (played >= limit || s.is_swamp(p)) return 0;
  const int d = s.next_free(p, +1);
  if (d < 0) return 0;
  int best = 0;
  for (int k = 0; k < kTerrains; ++k) {
    if (h[k] == 0 || (played > 0 && !s.matches(p, k))) continue;
    if (d == s.catalog().finish_pos) return 1000;
    int gain = d - p;
    const bool trapped = !safe_trap(s, me, d);
    --h[k];
    if (trapped)
      gain -= 3;
    else
      gain += best_run(s, me, d, h, played + 1, limit);
    ++h[k];
    best = std::max(best, gain);
  }
  return best;
}

int power_value(const Power& p) {
  const Effect& e = p.effects.front();
  switch (e.code) {
    case PowerCode::Move: return 6 + 2 * e.n;
    case PowerCode::Cancel: return 7;
    case PowerCode::SwapTileAhead:
    case PowerCode::SwapRacer:
    case PowerCode::PushBack: return 6;
    case PowerCode::Draw:
    case PowerCode::WildTile:
    case PowerCode::Steal: return 5;
    default: return 4;
  }
}

}  // namespace

Decision WackyBot::decide(const State& base, PlayerId me, Rng& rng) {
  const auto& s = static_cast<const WackyState&>(base);
  scratch_.clear();
  s.legal_actions(me, scratch_);
  Decision out;
  out.action = scratch_.front();
  if (level_ == BotLevel::Easy && rng.below(100) < 25) {
    out.action = scratch_[rng.below(static_cast<std::uint32_t>(scratch_.size()))];
    return out;
  }
  const Task* t = s.top();
  Action a = -1;
  switch (t->kind) {
    case TaskKind::TurnMain: a = turn_choice(s, me); break;
    case TaskKind::ChooseRacer: a = choose_racer(s, me); break;
    case TaskKind::ChooseTile: a = choose_tile(s, me); break;
    case TaskKind::ChooseCard:
    case TaskKind::Redraw: a = choose_card(s, me); break;
    case TaskKind::ChoosePower: a = choose_power(s, me); break;
    default: break;
  }
  if (a >= 0 && has(scratch_, a)) out.action = a;
  return out;
}

namespace {

// A Special Power worth using before moving, or -1.
Action power_before_moving(const WackyState& s, PlayerId me, const std::vector<Action>& legal, const Hand& h,
                           bool hard) {
  const Catalog& c = s.catalog();
  const int p = s.pos(s.slot_of(me));
  const Team& team = c.teams[s.team_of(s.slot_of(me))];
  const int leader = s.leader_pos();
  for (int i = 0; i < kPowers; ++i) {
    if (!has(legal, kPower + i)) continue;
    const Effect& e = team.powers[i].effects.front();
    switch (e.code) {
      case PowerCode::PeekTrap: {
        for (int q = p + 1; q <= p + 4 && q < c.num_pos; ++q)
          if (s.trap(q) >= 0 && !s.peeked(me, q)) return kPower + i;
        break;
      }
      case PowerCode::DastardlyBack:
        if (s.dastardly() > p) return kPower + i;
        break;
      case PowerCode::Draw:
        if (s.cards_played() == 0) return kPower + i;
        break;
      case PowerCode::WildTile: {
        if (s.cards_played() == 0 || s.cards_played() >= s.card_limit() || s.hand_total(me) == 0) break;
        bool any = false;
        for (int k = 0; k < kTerrains; ++k) any = any || (h[k] > 0 && s.matches(p, k));
        const int d = s.next_free(p, +1);
        if (!any && d >= 0 && safe_trap(s, me, d)) return kPower + i;
        break;
      }
      case PowerCode::SwapTileAhead: {
        if (s.cards_played() != 0 || s.next_free(p, +1) != p + 1) break;
        int most = 0;
        for (int k = 1; k < kTerrains; ++k)
          if (h[k] > h[most]) most = k;
        if (h[most] >= 2 && s.hand_total(me) >= 2 && s.tile(p + 1) != most) {
          for (int q = 0; q < c.num_pos; ++q)
            if (q != p + 1 && s.is_course_terrain(q) && s.tile(q) == most && s.trap(q) < 0 &&
                s.trap(p + 1) < 0)
              return kPower + i;
        }
        break;
      }
      case PowerCode::PushBack:
      case PowerCode::SwapRacer: {
        const std::uint32_t m = s.targets(me, e);
        for (int o = 0; o < kField; ++o)
          if ((m & (1u << o)) && s.pos(o) >= p && (s.pos(o) == leader || !hard)) return kPower + i;
        break;
      }
      case PowerCode::Steal:
      case PowerCode::ForceDiscard:
      case PowerCode::ExhaustOther:
        if (s.targets(me, e) != 0) return kPower + i;
        break;
      default: break;
    }
  }
  return -1;
}

// Movement cards: the play that starts the longest run, or -1 when none is worth it.
Action best_movement(const WackyState& s, PlayerId me, const std::vector<Action>& legal, Hand& h) {
  const Catalog& c = s.catalog();
  const int p = s.pos(s.slot_of(me));
  int best = -1000;
  Action best_play = -1;
  for (int k = 0; k < kTerrains; ++k) {
    if (!has(legal, kPlay + k)) continue;
    const int d = s.next_free(p, +1);
    if (d < 0) continue;
    int score;
    if (d == c.finish_pos) {
      score = 1000;
    } else {
      score = d - p;
      --h[k];
      if (!safe_trap(s, me, d))
        score -= 3;
      else
        score += best_run(s, me, d, h, s.cards_played() + 1, s.card_limit());
      ++h[k];
    }
    // Ties: shed the terrain held most (keeps a varied hand for later).
    score = score * 16 + h[k];
    if (score > best) {
      best = score;
      best_play = kPlay + k;
    }
  }
  return best_play >= 0 && (s.cards_played() == 0 || best > 16) ? best_play : -1;
}

// A Special Power for the end of the movement, or -1.
Action power_after_moving(const WackyState& s, PlayerId me, const std::vector<Action>& legal,
                          BotLevel level) {
  const Catalog& c = s.catalog();
  const int p = s.pos(s.slot_of(me));
  const Team& team = c.teams[s.team_of(s.slot_of(me))];
  for (int i = 0; i < kPowers; ++i) {
    if (!has(legal, kPower + i)) continue;
    const Effect& e = team.powers[i].effects.front();
    switch (e.code) {
      case PowerCode::Move: {
        const int d = s.next_free(p, +1);
        if (d >= 0 && (safe_trap(s, me, d) || level == BotLevel::Easy)) return kPower + i;
        break;
      }
      case PowerCode::HandPlus: return kPower + i;
      case PowerCode::Redraw:
        if (s.hand_total(me) <= 1) return kPower + i;
        break;
      case PowerCode::Draw:
        if (s.cards_played() < s.card_limit()) return kPower + i;
        break;
      default: break;
    }
  }
  return -1;
}

}  // namespace

Action WackyBot::turn_choice(const WackyState& s, PlayerId me) {
  const std::vector<Action>& legal = scratch_;
  Hand h = hand_of(s, me);

  // Out of the Swamp: the cheapest way, keeping variety.
  int best_pair = -1;
  for (int k = 0; k < kTerrains; ++k)
    if (has(legal, kPair + k) && (best_pair < 0 || h[k] > h[best_pair])) best_pair = k;
  if (best_pair >= 0) return kPair + best_pair;
  for (Action a : legal)
    if (a >= kThree && a < kEnd) return a;

  if (const Action a = power_before_moving(s, me, legal, h, level_ == BotLevel::Hard); a >= 0) return a;
  if (const Action a = best_movement(s, me, legal, h); a >= 0) return a;

  // Stuck in the Swamp with no way out: play the card held most.
  int stay = -1;
  for (int k = 0; k < kTerrains; ++k)
    if (has(legal, kStay + k) && (stay < 0 || h[k] > h[stay])) stay = k;
  if (stay >= 0) return kStay + stay;

  if (const Action a = power_after_moving(s, me, legal, level_); a >= 0) return a;
  if (has(legal, kEnd)) return kEnd;
  return legal.front();
}

Action WackyBot::choose_racer(const WackyState& s, PlayerId me) {
  const Task& t = *s.top();
  const int mine = s.slot_of(me);
  int pick = -1;
  auto consider = [&](auto better) {
    for (int o = 0; o < kField; ++o)
      if ((t.mask & (1u << o)) && (pick < 0 || better(o, pick))) pick = o;
  };
  switch (t.purpose) {
    case Purpose::Order:
      // Moving second lands further when the next tile has one space left.
      consider([&](int o, int cur) { return cur == mine && o != mine; });
      break;
    case Purpose::Rear:
      consider([&](int o, int cur) { return o == mine || (cur != mine && s.neutral(o) && !s.neutral(cur)); });
      break;
    case Purpose::Trigger:
    case Purpose::Switch: consider([&](int o, int cur) { return cur == mine && o != mine; }); break;
    default:  // a power's target: whoever is furthest ahead, a player before a Neutral
      consider([&](int o, int cur) {
        if (s.pos(o) != s.pos(cur)) return s.pos(o) > s.pos(cur);
        if (s.owner(o) >= 0 && s.owner(cur) >= 0)
          return s.hand_total(s.owner(o)) > s.hand_total(s.owner(cur));
        return s.owner(o) >= 0 && s.owner(cur) < 0;
      });
      break;
  }
  return pick >= 0 ? kRacer + pick : -1;
}

Action WackyBot::choose_tile(const WackyState& s, PlayerId me) {
  const Task& t = *s.top();
  const int p = s.pos(s.slot_of(me));
  const Catalog& c = s.catalog();
  Hand h = hand_of(s, me);
  int most = 0;
  for (int k = 1; k < kTerrains; ++k)
    if (h[k] > h[most]) most = k;
  switch (t.purpose) {
    case Purpose::Sawtooth:
      for (int q = 0; q < c.num_pos; ++q)
        if ((t.mask & (1u << q)) && s.tile(q) == most && s.trap(q) < 0) return kTile + q;
      return -1;
    case Purpose::Peek:
      for (int q = p + 1; q < c.num_pos; ++q)
        if (t.mask & (1u << q)) return kTile + q;
      return -1;
    case Purpose::CrossFirst: {
      // Drop a Trap under the leading opponent, or bring a tile we can use in front of us.
      cross_second_ = -1;
      int victim_tile = -1;
      for (int o = 0; o < kField; ++o) {
        if (o == s.slot_of(me) || !s.is_course_terrain(s.pos(o))) continue;
        if (victim_tile < 0 || s.pos(o) > victim_tile) victim_tile = s.pos(o);
      }
      if (victim_tile >= 0)
        for (int q = 0; q < c.num_pos; ++q)
          if ((t.mask & (1u << q)) && s.trap(q) >= 0 && q != victim_tile) {
            cross_second_ = victim_tile;
            return kTile + q;
          }
      const int ahead = p + 1;
      if (s.is_course_terrain(ahead) && s.tile(ahead) != most && h[most] >= 2)
        for (int q = 0; q < c.num_pos; ++q)
          if ((t.mask & (1u << q)) && s.tile(q) == most && s.trap(q) < 0 && s.trap(ahead) < 0) {
            cross_second_ = q;
            return kTile + ahead;
          }
      return kNoSwap;
    }
    case Purpose::CrossSecond:
      if (cross_second_ >= 0 && (t.mask & (1u << cross_second_))) return kTile + cross_second_;
      return -1;
    default: return -1;
  }
}

Action WackyBot::choose_card(const WackyState& s, PlayerId me) {
  const Task& t = *s.top();
  Hand h = hand_of(s, me);
  if (t.kind == TaskKind::Redraw) {
    // Keep cards matching the next tiles; throw the rest back.
    const int p = s.pos(s.slot_of(me));
    for (int k = 0; k < kTerrains; ++k) {
      if (h[k] == 0) continue;
      bool useful = false;
      for (int q = p + 1; q <= p + 3 && q < s.catalog().num_pos; ++q) useful = useful || s.tile(q) == k;
      if (!useful) return kCard + k;
    }
    return kDone;
  }
  int most = -1;
  for (int k = 0; k < kTerrains; ++k)
    if (h[k] > 0 && (most < 0 || h[k] > h[most])) most = k;
  return most >= 0 ? kCard + most : -1;
}

Action WackyBot::choose_power(const WackyState& s, PlayerId me) {
  const Task& t = *s.top();
  const Team& team = s.catalog().teams[s.team_of(s.slot_of(me))];
  const bool un = t.purpose == Purpose::Unexhaust;
  int pick = -1;
  int pick_value = 0;
  for (int i = 0; i < kPowers; ++i) {
    if (s.exhausted(me, i) != un) continue;
    const int v = power_value(team.powers[i]);
    if (pick < 0 || (un ? v > pick_value : v < pick_value)) {
      pick = i;
      pick_value = v;
    }
  }
  return pick >= 0 ? kPowerPick + pick : -1;
}

std::unique_ptr<Agent> make_wacky_races_bot(BotLevel level, const Presenter& shown) {
  SearchConfig config = search_budget(24, 300);
  config.budget.expert_playouts = 8000;  // docs/BOTS.md: the expert's time per decision
  return heuristic_or_search<WackyBot>(level, shown, std::move(config));
}

}  // namespace rt::wacky_races
