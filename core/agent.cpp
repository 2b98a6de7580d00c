#include "core/agent.h"

#include <charconv>

#include "core/presenter.h"
#include "core/timed_contests.h"

namespace rt {

std::optional<unsigned> parse_think_percent(std::string_view text) {
  unsigned percent = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), percent);
  if (ec != std::errc{} || end != text.data() + text.size() || percent < kMinThinkPercent ||
      percent > kMaxThinkPercent)
    return std::nullopt;
  return percent;
}

const ReactionProfile& reaction_profile(BotLevel level) {
  // Measured human simple reaction is ~250 ms; a choice among several cards
  // takes longer. "hard" is quick and accurate but a fast human can beat it.
  // "random" knows nothing, so it is also the slowest: at 700 ms it out-tapped
  // easy in every heads-up game of a tapping contest (bench --tournament; docs/BOTS.md).
  static const ReactionProfile kRandom{1100, 300, 300};
  static const ReactionProfile kEasy{900, 300, 150};
  static const ReactionProfile kNormal{600, 200, 70};
  static const ReactionProfile kHard{380, 120, 25};
  switch (level) {
    case BotLevel::Random: return kRandom;
    case BotLevel::Easy: return kEasy;
    case BotLevel::Normal: return kNormal;
    // Expert's strength is in its choices, not in faster reflexes than a person.
    case BotLevel::Hard:
    case BotLevel::Expert: return kHard;
  }
  return kRandom;
}

namespace {

// sample_reaction(), inlined where the random agent decides: it draws one at
// every timed decision of every computer.
[[gnu::always_inline]] inline Tick draw_reaction(const ReactionProfile& profile, Rng& rng) {
  const std::uint32_t span = profile.spread_ms + 1;
  const std::uint32_t a = rng.below(span);
  const std::uint32_t b = rng.below(span);
  const std::int64_t offset = static_cast<std::int64_t>(a) + static_cast<std::int64_t>(b) -
                              static_cast<std::int64_t>(profile.spread_ms);
  const std::int64_t t = static_cast<std::int64_t>(profile.mean_ms) + offset;
  return static_cast<Tick>(t < 40 ? 40 : t);
}

// A timed decision's wait (reaction and reading time, at the table's pace),
// its draws inlined, out of decide()'s common path: most decisions of most
// games are not timed, and a smaller decide() serves them.
[[gnu::noinline]] Tick timed_wait(const ReactionProfile& profile, ContestPace pace,
                                  const TimedContests& clock, PlayerId me, Rng& rng) {
  return paced_time(pace, draw_reaction(profile, rng) + clock.think_time(me));
}

}  // namespace

Tick sample_reaction(const ReactionProfile& profile, Rng& rng) {
  return draw_reaction(profile, rng);
}

std::string move_name(const Presenter& shown, const State& state, PlayerId me, Action action) {
  std::string label = shown.action_label(state, me, action);
  for (const char* cut : {": ", " (", " - "})
    if (const auto at = label.find(cut); at != std::string::npos) label.resize(at);
  return label;
}

Decision RandomAgent::decide(const State& state, PlayerId me, Rng& rng) {
  const std::span<const Action> legal = state.legal_span(me, scratch_);
  Decision d;
  d.action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  // The capability asked once: this runs for every computer's every decision.
  if (const TimedContests* clock = state.timed_contests(); clock != nullptr && clock->timed())
    d.delay = timed_wait(profile_, contest_pace(), *clock, me, rng);
  return d;
}

}  // namespace rt
