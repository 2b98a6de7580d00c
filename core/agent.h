// Computer players. An Agent answers one decision at a time from the state it
// is shown, drawing any randomness from the Rng stream the Table gives it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bot_level.h"
#include "core/contest_pace.h"
#include "core/rng.h"
#include "core/state.h"

namespace rt {

class Presenter;
struct SearchConfig;

struct Decision {
  Action action = 0;
  Tick delay = 0;  // reaction time in a timed contest; ignored elsewhere
};

// How quickly and how reliably a level acts in timed contests.
struct ReactionProfile {
  Tick mean_ms;
  Tick spread_ms;                 // reactions fall in mean ± spread
  std::uint32_t error_per_mille;  // how often a contest answer is a mistake
};

// The profile of a level.
const ReactionProfile& reaction_profile(BotLevel level);
// A reaction time: mean ± spread, triangular (two uniform draws, in sequence).
// Bots add TimedContests::think_time() scaled by their level (see think_time_percent).
Tick sample_reaction(const ReactionProfile& profile, Rng& rng);

// How much of TimedContests::think_time() a level needs, in percent.
inline unsigned think_time_percent(BotLevel level) {
  return level == BotLevel::Easy ? 130u : level == BotLevel::Hard || level == BotLevel::Expert ? 70u : 100u;
}

// The range of the thinking factor (--think, a save's `think` line), in
// percent of a searching level's own playouts.
inline constexpr unsigned kMinThinkPercent = 10;
inline constexpr unsigned kMaxThinkPercent = 1000;
// `text` as a thinking factor: digits only, within the range; else nothing.
std::optional<unsigned> parse_think_percent(std::string_view text);

// The longest reason an agent gives (Agent::reason): with "Why: " before it a
// log line stays under 70 columns.
inline constexpr std::size_t kReasonColumns = 64;

// A move's name for a reason line ("Farm", "Use Convert!"): its label (the
// game's presenter's) up to any explanation after it (": ...", " (...)", " - ...").
std::string move_name(const Presenter& shown, const State& state, PlayerId me, Action action);

class Agent {
 public:
  virtual ~Agent() = default;
  virtual Decision decide(const State& state, PlayerId me, Rng& rng) = 0;
  // Why `action` suits `me` in `state` (the position before it), in the
  // game's words, one short line of at most kReasonColumns: the reason this
  // agent's heuristic has for it ("the only card that matches"), or "" where
  // it has none worth saying (one roll of many in a race). Asked after
  // decide() and never by it, without randomness, so it changes no choice.
  // It explains any legal action, not only the agent's own choice, so a hint
  // can ask it about a person's position and move.
  virtual std::string reason(const State& /*state*/, PlayerId /*me*/, Action /*action*/) const { return {}; }
  // What `action` gains for `me` over `instead` (the position before both),
  // in the game's words and at most kReasonColumns ("gets 2 spaces further
  // this turn than Farm"), or "" where the game sees no difference to name:
  // a search that prefers another move than its heuristic says why with it.
  virtual std::string contrast(const State& /*state*/, PlayerId /*me*/, Action /*action*/,
                               Action /*instead*/) const {
    return {};
  }
  // The table's contest pace (core/contest_pace.h): the Table sets it on
  // every computer it makes. An agent that answers through another (the
  // search's fallback) passes it on.
  virtual void set_contest_pace(ContestPace pace) { pace_ = pace; }
  ContestPace contest_pace() const { return pace_; }
  // The table's thinking factor in percent (100: the level's own budget): a
  // searching computer scales its playouts by it; the others ignore it.
  virtual void set_think_percent(unsigned /*percent*/) {}
  // The search set-up of a searching computer (its playout policy, filter,
  // evaluator), for the game review's playouts; nullptr: it does not search.
  virtual const SearchConfig* search_config() const { return nullptr; }

 protected:
  // The time this computer takes at the table's pace for what takes `t` at
  // "normal": a bot wraps the whole wait before it acts (reaction and
  // reading), never the moment it aims at.
  Tick paced(Tick t) const { return paced_time(pace_, t); }

 private:
  ContestPace pace_ = ContestPace::Normal;
};

// A uniformly random legal action; in timed contests it acts after a reaction
// time from its profile. The baseline opponent and the soak tester.
class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(const ReactionProfile& profile = reaction_profile(BotLevel::Random))
      : profile_(profile) {
    scratch_.reserve(32);  // one allocation per agent, not one per growth step
  }
  Decision decide(const State& state, PlayerId me, Rng& rng) override;

 private:
  ReactionProfile profile_;
  std::vector<Action> scratch_;
};

}  // namespace rt
