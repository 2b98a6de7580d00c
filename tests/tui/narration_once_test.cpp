// Narration says each thing once: a change of state is one event for each
// reader. The check, for every game, many seeds and every player count: among
// the events one step produces (one picture of it, where a step is drawn as
// several), no reader (every seat, a public transcript, an all-seeing one such
// as `sim`) is shown two with the same type and the same fields, which is what
// telling one change twice in other words looks like (a card taken, narrated
// once from each player's side).
#include <catch2/catch.hpp>

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/event.h"
#include "core/table.h"
#include "games/registry.h"

using namespace rt;

namespace {

// An event's type and fields as one comparable text, with the picture it
// belongs to: a step that runs a race command by command (RC Racer) may tell
// the same kind of change once per command.
std::string identity(const Event& e) {
  std::string out = fmt::format("{}#{}", e.type, e.picture);
  for (const EventField& f : e.fields) {
    out += fmt::format("|{}=", f.name);
    if (const auto* n = std::get_if<std::int64_t>(&f.value))
      out += std::to_string(*n);
    else if (const auto* s = std::get_if<std::string>(&f.value))
      out += *s;
    else if (const auto* b = std::get_if<bool>(&f.value))
      out += *b ? "true" : "false";
    else
      for (std::int64_t v : std::get<std::vector<std::int64_t>>(f.value)) out += fmt::format("{},", v);
  }
  return out;
}

// The first event one step tells `viewer` twice, or an empty text.
std::string told_twice(const EventSink& events, PlayerId viewer) {
  std::set<std::string> told;
  for (const Event& e : events)
    if (shown_to(e.audience, viewer) && !told.insert(identity(e)).second)
      return fmt::format("{} [{}] ({})", e.text, e.rule, identity(e));
  return {};
}

struct Config {
  std::set<std::string> variants;
  int seeds;
};

}  // namespace

TEST_CASE("Narration: no step tells any reader the same event twice, in every game", "[events][narration]") {
  int steps_checked = 0;
  for (const GameEntry& entry : builtin_registry().all()) {
    const std::string& id = entry.info.id;
    // The plain game over many seeds, and variants that narrate rules the plain game has not.
    std::vector<Config> configs{{{}, 12}};
    if (id == "racesmack")
      configs.insert(configs.end(), {{{"after-you", "time-penalty"}, 4}, {{"racing-rules"}, 4}});
    if (id == "rc-racer") configs.push_back({{"real-time"}, 4});
    if (id == "wacky-races") configs.push_back({{"championship"}, 2});
    for (const Config& config : configs)
      for (int players = entry.info.min_players; players <= entry.info.max_players; ++players) {
        Options o;
        o.players = players;
        o.variants = config.variants;
        const std::shared_ptr<const Game> game = builtin_registry().create(id, o, DataSource::embedded());
        std::vector<PlayerId> viewers{kEveryone, kPublic};  // all-seeing, public only, then each seat
        for (PlayerId p = 0; p < players; ++p) viewers.push_back(p);
        for (int seed = 1; seed <= config.seeds; ++seed) {
          const std::vector<Seat> seats(static_cast<std::size_t>(players),
                                        Seat{"P", SeatKind::Bot, BotLevel::Easy});
          Table t(game, seats, static_cast<std::uint64_t>(seed));
          EventSink events;
          t.set_event_sink(&events);
          for (int step = 0; step < 20000 && !t.over(); ++step) {
            events.clear();
            if (!t.advance_one()) break;
            ++steps_checked;
            for (PlayerId viewer : viewers) {
              const std::string twice = told_twice(events, viewer);
              if (!twice.empty())
                FAIL_CHECK(
                    fmt::format("{} ({} players, variants {}, seed {}, step {}): viewer {} is told twice: {}",
                                id, players, fmt::join(config.variants, ","), seed, step, viewer, twice));
            }
          }
        }
      }
  }
  CHECK(steps_checked > 10000);
}
