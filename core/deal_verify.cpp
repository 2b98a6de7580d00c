// racetable verify (core/deal_verify.h).
#include "core/deal_verify.h"

#include <fmt/format.h>

#include "core/chance.h"
#include "core/input_limits.h"
#include "core/rng.h"

namespace rt {
namespace {

// Thrown from the replay when a recorded chance outcome is not the seed's.
struct NotDealt {
  std::string line;
};

}  // namespace

DealVerdict verify_deal(const SaveFile& save, const Registry& registry, const DataSource& data) {
  const std::string& where = save.where;
  const auto fail = [](std::string line) { return DealVerdict{false, std::move(line)}; };
  if (save.deal.kind == DealKind::Unstated)
    return fail(fmt::format("{}: no deal line: not a shared table's game, nothing was committed", where));
  if (save.deal.kind == DealKind::Drawn) {
    const std::string got = deal_commitment(save.seed, save.deal.salt);
    if (got != save.deal.commitment)
      return fail(fmt::format("{}: line {}: seed {} and its salt give SHA-256 {}..., not the committed {}...",
                              where, save.deal_line, save.seed, got.substr(0, 16),
                              save.deal.commitment.substr(0, 16)));
  }
  // The chance stream the table drew from, drawn again: each recorded
  // outcome must be the one this seed gives at that point of the game.
  Rng chance = Rng::stream(save.seed, "chance");
  ChanceScratch scratch{};
  std::vector<Outcome> outs;
  std::size_t outcomes = 0;
  std::unique_ptr<Table> table;
  try {
    table = restore_save(
        save, registry, data, {}, [&](const Table& t, const SaveFile::StepLine& step, Action action) {
          if (step.player != kChance) return;
          const Action dealt = draw_chance(t.state(), chance, scratch, outs);
          if (dealt != action)
            throw NotDealt{fmt::format(
                "{}: line {}: seed {} deals '{}' here, the save says '{}'", where, step.line, save.seed,
                excerpt(t.state().action_text(kChance, dealt), 30), excerpt(step.action, 30))};
          ++outcomes;
        });
  } catch (const NotDealt& e) {
    return fail(e.line);
  } catch (const SaveError& e) {
    return fail(e.what());
  }
  if (!table->over())
    return fail(fmt::format("{}: the game is not over: its seed is revealed at the end", where));
  const std::string game = table->game().info().name;
  if (save.deal.kind == DealKind::Chosen)
    return DealVerdict{true, fmt::format("{}: open deal: seed {} was chosen by the host, as every seat was "
                                         "told; all {} chance outcomes of this {} game follow from it",
                                         where, save.seed, outcomes, game)};
  return DealVerdict{
      true,
      fmt::format("{}: fair: seed {} and salt {} give the committed SHA-256 {}...; all {} "
                  "chance outcomes of this {} game follow from the seed",
                  where, save.seed, save.deal.salt, save.deal.commitment.substr(0, 16), outcomes, game)};
}

}  // namespace rt
