#include "core/chance.h"

#include <limits>
#include <stdexcept>

namespace rt {

WeightSum weight_sum(const Outcome* o, std::size_t n) {
  std::uint64_t total = 0;
  std::size_t k = 0;
  for (; k + 4 <= n; k += 4)
    total += std::uint64_t{o[k].weight} + o[k + 1].weight + o[k + 2].weight + o[k + 3].weight;
  for (; k < n; ++k) total += o[k].weight;
  if (total > std::numeric_limits<WeightSum>::max())
    throw std::logic_error("a chance node's weights add up past 2^32 - 1");
  return static_cast<WeightSum>(total);
}

Action draw_listed_outcome(const State& state, Rng& rng, std::vector<Outcome>& outs) {
  outs.clear();
  state.chance_outcomes(outs);
  const Outcome* o = outs.data();
  const std::size_t n = outs.size();
  return o[pick_outcome(rng, o, n, weight_sum(o, n))].action;
}

}  // namespace rt
