// libFuzzer target: any stream of choices drives any game without a crash or
// a broken invariant. Byte 0 picks the game, byte 1 the players, then each
// byte picks among the legal actions, actors or chance outcomes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/state.h"
#include "core/timed_contests.h"
#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto& games = rt::builtin_registry().all();
  const rt::GameEntry& entry = games[data[0] % games.size()];
  const int span = entry.info.max_players - entry.info.min_players + 1;
  rt::Options options;
  options.players = entry.info.min_players + data[1] % span;
  static std::vector<std::shared_ptr<const rt::Game>> cache(64);
  auto& game = cache[(data[0] % games.size()) * 8 + static_cast<std::size_t>(options.players)];
  if (!game) game = rt::builtin_registry().create(entry.info.id, options, rt::DataSource::embedded());
  auto state = game->new_initial_state();
  rt::EventSink events;
  state->set_event_sink(&events);
  std::vector<rt::Action> acts;
  std::vector<rt::Outcome> outs;
  std::vector<rt::PlayerId> who;
  for (std::size_t i = 2; i < size && state->turn() != rt::Turn::Over; ++i) {
    const std::uint8_t b = data[i];
    if (state->turn() == rt::Turn::Chance) {
      outs.clear();
      state->chance_outcomes(outs);
      state->apply_checked(rt::kChance, outs[b % outs.size()].action, state->now());
    } else {
      who.clear();
      state->actors(who);
      const rt::PlayerId p = who[(b >> 4) % who.size()];
      if (rt::timed(*state) && rt::deadline(*state) != rt::kNoDeadline && (b & 0x0F) == 0x0F) {
        state->apply_checked(rt::kClock, 0, rt::deadline(*state));
      } else {
        acts.clear();
        state->legal_actions(p, acts);
        const rt::Tick at = state->now() + (rt::timed(*state) ? 37u * (b & 0x0F) : 0u);
        state->apply_checked(p, acts[(b & 0x0F) % acts.size()], at);
      }
    }
    events.clear();
    const std::string why = state->check_invariants();
    if (!why.empty()) {
      std::fprintf(stderr, "%s: invariant broken: %s\n", entry.info.id.c_str(), why.c_str());
      std::abort();
    }
  }
  (void)state->standings();
  return 0;
}
