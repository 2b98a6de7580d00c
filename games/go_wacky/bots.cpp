#include "games/go_wacky/bots.h"

#include <algorithm>

#include "core/search_agent.h"
#include "games/go_wacky/state.h"

namespace rt::go_wacky {

GoWackyBot::GoWackyBot(BotLevel level) : level_(level), profile_(reaction_profile(level)) {}

namespace {

// Word cards win cards: Go Wacky! (only you roll) best, then Round 'n Round
// (you roll first), Bull's-eye and Everybody Go Wacky! (everyone competes).
int card_value(const Deck& d, int type) {
  switch (d.types[type].kind) {
    case CardKind::GoWacky: return 50;
    case CardKind::RoundNRound: return 40;
    case CardKind::BullsEye: return 30;
    case CardKind::EverybodyGoWacky: return 20;
    case CardKind::Plain: return 10;
    case CardKind::Split: return 5;  // splits match more tops: keep them
  }
  return 0;
}

}  // namespace

Decision GoWackyBot::decide(const State& base, PlayerId me, Rng& rng) {
  const auto& s = static_cast<const GoWackyState&>(base);
  const Deck& d = s.deck();
  scratch_.clear();
  s.legal_actions(me, scratch_);
  Decision out;
  out.action = scratch_.front();
  switch (s.phase()) {
    case Phase::Turn: {
      int best = -1;
      for (Action a : scratch_) {
        if (a == kPass) continue;
        const int type = a - kPlayBase;
        int value = card_value(d, type);
        // Keep colours varied: prefer shedding a colour we hold several of.
        int same = 0;
        for (int i = 0; i < s.hand_size(me); ++i)
          if (d.types[s.hand_card(me, i)].colours & d.types[type].colours) ++same;
        value += same;
        if (level_ == BotLevel::Easy) value += static_cast<int>(rng.below(30));  // easy plays loosely
        if (value > best) {
          best = value;
          out.action = a;
        }
      }
      return out;
    }
    case Phase::EgwRace:
    case Phase::GwRace: {
      // Each roll takes a moment: the die is thrown, read, picked up.
      const Tick t = sample_reaction(profile_, rng);
      out.delay = paced(std::max<Tick>(180, t * 2 / 3));
      return out;
    }
    case Phase::BeThrow: {
      // Aim for a moment the needle crosses the centre, with the level's error.
      const ContestTiming& tm = d.timing;
      const Tick since_open = s.now() - s.contest_open();
      const Tick half = static_cast<Tick>(tm.needle_period_ms / 2);
      // The pace slows the reaction, not the aim: a later crossing.
      const Tick reaction = paced(sample_reaction(profile_, rng));
      Tick crossing = half / 2;
      while (crossing < since_open + reaction) crossing += half;
      const auto spread = static_cast<std::int32_t>(profile_.spread_ms / 3 + 1);
      const std::int32_t error = rng.between(-spread, spread);
      std::int64_t at = static_cast<std::int64_t>(crossing) + error - static_cast<std::int64_t>(since_open);
      out.delay = static_cast<Tick>(std::max<std::int64_t>(at, 1));
      return out;
    }
    default: return out;  // Round 'n Round takes: any matching card counts the same
  }
}

std::unique_ptr<Agent> make_go_wacky_bot(BotLevel level, const Presenter& shown) {
  SearchConfig config = search_budget(24, 300);
  config.budget.expert_playouts = 4000;  // docs/BOTS.md: the expert's time per decision
  return heuristic_or_search<GoWackyBot>(level, shown, std::move(config));
}

}  // namespace rt::go_wacky
