// The one weighted sampler: the Table's driver and the search's playouts draw
// a chance node's outcome the same way, from the same integer width, so a
// playout's dice fall as the driver's would.
#pragma once

#include <cstddef>
#include <cstdint>

#include <type_traits>
#include <vector>

#include "core/rng.h"
#include "core/state.h"
#include "core/types.h"

namespace rt {

// The sum of a chance node's weights: 32-bit like the weights, so one draw
// from Rng::below() serves every node; a sum past 2^32 - 1 breaks the
// contract (weight_sum() throws). A ChanceSpan carries the same width.
using WeightSum = std::uint32_t;
static_assert(std::is_same_v<decltype(ChanceSpan::total), WeightSum>);

// The sum of `n` outcomes' weights, four at a time (a shuffled pile lists
// every card, so this loop is hot). Throws std::logic_error when it does not
// fit WeightSum.
WeightSum weight_sum(const Outcome* outs, std::size_t n);

// Lists this short or shorter are searched without a branch on the draw.
inline constexpr std::size_t kBranchFreePick = 8;

// The index a draw `r` in [0, total) picks: the first outcome whose running
// sum of weights passes it. Every weight is at least 1 (the contract), so
// total == n means every weight is 1 and the draw is the index. A short list
// counts the running sums the draw has reached instead of walking to the
// first one past it: the same index, with no branch that depends on the dice
// (a CPU mispredicts those about half the time; docs/PERFORMANCE.md).
[[gnu::always_inline]] inline std::size_t pick_index(std::uint32_t r, const Outcome* outs, std::size_t n,
                                                     WeightSum total) {
  if (total == n) return r;
  std::size_t i = 0;
  if (n <= kBranchFreePick) {
    std::uint32_t sum = 0;
    for (std::size_t k = 0; k + 1 < n; ++k) {
      sum += outs[k].weight;
      i += static_cast<std::size_t>(r >= sum);
    }
    return i;
  }
  while (r >= outs[i].weight) r -= outs[i++].weight;
  return i;
}

// Picks an outcome's index with probability weight / total.
[[gnu::always_inline]] inline std::size_t pick_outcome(Rng& rng, const Outcome* outs, std::size_t n,
                                                       WeightSum total) {
  return pick_index(rng.below(total), outs, n, total);
}

// A chance node's outcome, drawn from the list it keeps in place (a
// ChanceSpan with size > 0).
[[gnu::always_inline]] inline Action draw_outcome(Rng& rng, const ChanceSpan& span) {
  return span.data[pick_outcome(rng, span.data, span.size, span.total)].action;
}

// The general path, for a node that keeps no list in place: its outcomes
// listed by chance_outcomes() into `outs` (scratch, cleared first).
Action draw_listed_outcome(const State& state, Rng& rng, std::vector<Outcome>& outs);

// A chance node's outcome as every driver draws it: from the in-place list
// when the state keeps one, else from the listed outcomes. Both list the same
// outcomes in the same order, so either path draws the same numbers.
inline Action draw_chance(const State& state, Rng& rng, ChanceScratch& scratch, std::vector<Outcome>& outs) {
  const ChanceSpan span = state.chance_span(scratch);
  return span.size != 0 ? draw_outcome(rng, span) : draw_listed_outcome(state, rng, outs);
}

}  // namespace rt
