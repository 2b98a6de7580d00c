#include "tests/harness/harness.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "core/rng.h"
#include "core/save.h"
#include "core/transcript.h"

namespace rt::test {

std::shared_ptr<const Game> make_game(const GameEntry& entry, int players,
                                      const std::vector<std::string>& variants,
                                      const std::map<std::string, std::string>& params) {
  Registry r;
  r.add(entry);
  Options o;
  o.players = players;
  for (const auto& v : variants) o.variants.insert(v);
  o.params = params;
  return r.create(entry.info.id, o, DataSource::embedded());
}

void act(State& state, PlayerId player, const std::string& text, Tick at) {
  INFO("action '" << text << "' for player " << int(player));
  std::optional<Action> a = state.parse_action(player, text);
  if (!a) {
    std::string legal;
    if (player >= 0)
      for (const auto& t : legal_texts(state, player)) legal += " [" + t + "]";
    FAIL("not legal now: '" << text << "'; legal:" << legal << "\nstate:\n" << state.debug_string());
  }
  state.apply_checked(player, *a, at < state.now() ? state.now() : at);
}

std::vector<std::string> legal_texts(const State& state, PlayerId player) {
  std::vector<Action> acts;
  state.legal_actions(player, acts);
  std::vector<std::string> out;
  for (Action a : acts) out.push_back(state.action_text(player, a));
  return out;
}

namespace {

void check_step(const Presenter& shown, const State& s) {
  const std::string inv = s.check_invariants();
  if (!inv.empty()) FAIL("invariant broken: " << inv << "\n" << s.debug_string());
  std::vector<PlayerId> actors;
  s.actors(actors);
  ChanceScratch scratch{};
  if (s.turn() != Turn::Chance) REQUIRE(s.chance_span(scratch).size == 0);
  switch (s.turn()) {
    case Turn::Over: REQUIRE(actors.empty()); return;
    case Turn::Chance: {
      REQUIRE(actors.empty());
      std::vector<Outcome> outs;
      s.chance_outcomes(outs);
      REQUIRE(!outs.empty());
      std::set<Action> seen;
      std::set<std::string> texts;
      for (const auto& o : outs) {
        REQUIRE(o.weight > 0);
        REQUIRE(seen.insert(o.action).second);
        const std::string t = s.action_text(kChance, o.action);
        REQUIRE(texts.insert(t).second);
        REQUIRE(s.parse_action(kChance, t) == std::optional<Action>(o.action));
      }
      // The drivers' zero-copy list, when a game offers one, is the same list.
      if (const ChanceSpan span = s.chance_span(scratch); span.size != 0) {
        REQUIRE(span.size == outs.size());
        std::uint64_t total = 0;
        for (std::size_t i = 0; i < outs.size(); ++i) {
          REQUIRE(span.data[i].action == outs[i].action);
          REQUIRE(span.data[i].weight == outs[i].weight);
          total += outs[i].weight;
        }
        REQUIRE(span.total == total);
      }
      return;
    }
    case Turn::Player: {
      REQUIRE(actors.size() == 1);
      std::vector<PlayerId> scratch;
      REQUIRE(s.player_to_act(scratch) == actors.front());
      break;
    }
    case Turn::Simultaneous: REQUIRE(!actors.empty()); break;
  }
  REQUIRE(std::is_sorted(actors.begin(), actors.end()));
  for (PlayerId p : actors) {
    REQUIRE(p >= 0);
    REQUIRE(p < s.num_players());
    std::vector<Action> acts;
    s.legal_actions(p, acts);
    REQUIRE(!acts.empty());
    REQUIRE(std::is_sorted(acts.begin(), acts.end()));
    REQUIRE(std::adjacent_find(acts.begin(), acts.end()) == acts.end());
    // The agents' zero-copy list, when a game offers one, is the same list.
    std::vector<Action> scratch_acts{-1};  // not empty: legal_span() clears it
    const std::span<const Action> span = s.legal_span(p, scratch_acts);
    REQUIRE(std::vector<Action>(span.begin(), span.end()) == acts);
    std::set<std::string> texts;
    for (Action a : acts) {
      const std::string t = s.action_text(p, a);
      REQUIRE(!t.empty());
      REQUIRE(texts.insert(t).second);
      REQUIRE(s.parse_action(p, t) == std::optional<Action>(a));
      REQUIRE(!shown.action_label(s, p, a).empty());
    }
    REQUIRE(!shown.prompt(s, p).empty());
  }
  // A player who is not asked has no legal actions (turn-based nodes).
  if (s.turn() == Turn::Player) {
    for (PlayerId p = 0; p < s.num_players(); ++p) {
      if (p == actors[0]) continue;
      std::vector<Action> acts;
      s.legal_actions(p, acts);
      REQUIRE(acts.empty());
    }
  }
}

// What `viewer` can see and do now: the turn, who is asked, the board drawn
// for it, and its own question and options.
std::string visible_to(const Presenter& shown, const State& s, PlayerId viewer) {
  std::string out = fmt::format("turn {}\n", static_cast<int>(s.turn()));
  std::vector<PlayerId> actors;
  s.actors(actors);
  for (PlayerId p : actors) out += fmt::format("asks {}\n", int(p));
  Canvas canvas(100, 40);
  shown.view(s, canvas, ViewContext{viewer, s.now(), false});
  out += canvas.to_text();
  if (std::find(actors.begin(), actors.end(), viewer) != actors.end()) {
    out += shown.prompt(s, viewer) + "\n";
    std::vector<Action> acts;
    s.legal_actions(viewer, acts);
    for (Action a : acts)
      out += fmt::format("{} {} | {}\n", a, s.action_text(viewer, a), shown.action_label(s, viewer, a));
  }
  return out;
}

}  // namespace

void check_determinize_hides_nothing(const Presenter& shown, const State& state, std::uint64_t seed) {
  if (state.turn() == Turn::Over) return;
  for (PlayerId viewer = 0; viewer < state.num_players(); ++viewer) {
    auto sampled = state.clone();
    Rng rng(seed * 31 + static_cast<std::uint64_t>(viewer));
    sampled->determinize(viewer, rng);
    INFO("determinize(" << int(viewer) << ") changed what that player sees\nstate:\n"
                        << state.debug_string());
    REQUIRE(visible_to(shown, *sampled, viewer) == visible_to(shown, state, viewer));
    const std::string inv = sampled->check_invariants();
    INFO("determinize(" << int(viewer) << ") broke an invariant: " << inv);
    REQUIRE(inv.empty());
  }
}

void check_game_contract(const GameEntry& entry, const HarnessConfig& cfg) {
  std::vector<int> counts = cfg.player_counts;
  if (counts.empty())
    for (int n = entry.info.min_players; n <= entry.info.max_players; ++n) counts.push_back(n);
  Registry registry;
  registry.add(entry);
  for (int players : counts) {
    auto game = make_game(entry, players, cfg.variants, cfg.params);
    for (int k = 0; k < cfg.seeds; ++k) {
      const std::uint64_t seed = cfg.first_seed + static_cast<std::uint64_t>(k);
      CAPTURE(entry.info.id, players, seed);
      std::vector<Seat> seats;
      for (int p = 0; p < players; ++p)
        seats.push_back(Seat{fmt::format("P{}", p + 1), SeatKind::Bot, cfg.seat_level});
      Table table(game, seats, seed);
      EventSink events;
      table.set_event_sink(&events);
      std::size_t steps = 0;
      check_step(game->presenter(), table.state());
      table.set_step_observer([&](const Step&) {
        ++steps;
        events.clear();
        const State& s = table.state();
        check_step(game->presenter(), s);
        // Clone at powers of two and every 97th step (cloning each step is slow).
        if ((steps & (steps - 1)) == 0 || steps % 97 == 0) {
          auto copy = s.clone();
          REQUIRE(copy->debug_string() == s.debug_string());
          check_determinize_hides_nothing(game->presenter(), s, seed + steps);
        }
        if (steps > cfg.max_steps) FAIL("game did not end within " << cfg.max_steps << " steps");
      });
      table.advance();
      REQUIRE(table.over());

      // Replay reproduces the state.
      auto replayed = game->new_initial_state();
      for (const Step& st : table.history()) {
        REQUIRE(replayed->is_legal(st.player, st.action));
        replayed->apply(st.player, st.action, st.tick);
      }
      REQUIRE(replayed->debug_string() == table.state().debug_string());

      // Save and load round-trip.
      const std::string saved = save_text(table);
      auto loaded = load_save(saved, "roundtrip.save", registry, DataSource::embedded());
      REQUIRE(loaded->state().debug_string() == table.state().debug_string());
      REQUIRE(save_text(*loaded) == saved);

      // Standings: every seat once, places from 1 (from 2 when no seat won: first place is named).
      const Standings st = table.state().standings();
      REQUIRE(static_cast<int>(st.placings.size()) == players);
      REQUIRE(st.placings.front().place == (st.no_seat_won() ? 2 : 1));
      if (st.no_seat_won()) REQUIRE(st.winners().empty());
      REQUIRE(!st.summary.empty());
      std::set<PlayerId> seen;
      for (const auto& p : st.placings) REQUIRE(seen.insert(p.player).second);
      std::vector<PlayerId> winners;
      table.state().winners(winners);
      REQUIRE(winners == st.winners());
    }
  }
}

std::uint64_t soak(const GameEntry& entry, const HarnessConfig& cfg) {
  std::vector<int> counts = cfg.player_counts;
  if (counts.empty())
    for (int n = entry.info.min_players; n <= entry.info.max_players; ++n) counts.push_back(n);
  std::uint64_t decisions = 0;
  for (int players : counts) {
    auto game = make_game(entry, players, cfg.variants, cfg.params);
    std::vector<Seat> seats(static_cast<std::size_t>(players), Seat{"P", SeatKind::Bot, cfg.seat_level});
    for (int k = 0; k < cfg.seeds; ++k) {
      const std::uint64_t seed = cfg.first_seed + static_cast<std::uint64_t>(k);
      Table table(game, seats, seed);
      table.set_recording(false);
      std::size_t steps = 0;
      bool broken = false;
      std::string why;
      table.set_step_observer([&](const Step&) {
        ++steps;
        if (broken) return;
        why = table.state().check_invariants();
        if (!why.empty() || steps > cfg.max_steps) broken = true;
      });
      while (!broken && table.advance_one()) {
      }
      if (broken || !table.over()) {
        CAPTURE(entry.info.id, players, seed, steps);
        FAIL((why.empty() ? std::string("game did not end") : "invariant broken: " + why)
             << "\n"
             << table.state().debug_string());
      }
      decisions += table.decisions();
    }
  }
  return decisions;
}

std::string transcript(std::shared_ptr<const Game> game, std::uint64_t seed, BotLevel level, bool json) {
  std::vector<Seat> seats;
  static const char* const kNames[] = {"Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"};
  for (int p = 0; p < game->options().players; ++p)
    seats.push_back(Seat{game->options().name(static_cast<PlayerId>(p)), SeatKind::Bot, level});
  (void)kNames;
  Table table(game, seats, seed);
  std::string out;
  TranscriptOptions topt;
  topt.json = json;
  TranscriptWriter writer(topt, [&](std::string_view s) { out += s; });
  EventSink events;
  attach_transcript(table, writer, events);
  table.advance();
  writer.result(table);
  return out;
}

void check_golden(const std::string& name, const std::string& actual) {
  const char* src = std::getenv("RACETABLE_SOURCE_DIR");
  REQUIRE(src != nullptr);
  const std::string path = std::string(src) + "/tests/golden/" + name;
  const char* regen = std::getenv("RACETABLE_REGEN_GOLDEN");
  if (regen && std::string(regen) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    WARN("rewrote " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("golden file " << path << " (regenerate with RACETABLE_REGEN_GOLDEN=1)");
  REQUIRE(in.good());
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string expected = ss.str();
  if (expected != actual) {
    // Show the first differing line.
    std::istringstream a(expected), b(actual);
    std::string la, lb;
    int line = 0;
    while (true) {
      ++line;
      const bool ga = static_cast<bool>(std::getline(a, la));
      const bool gb = static_cast<bool>(std::getline(b, lb));
      if (!ga && !gb) break;
      if (la != lb || ga != gb)
        FAIL("line " << line << " differs:\n  expected: " << la << "\n  actual:   " << lb);
    }
  }
  REQUIRE(expected == actual);
}

}  // namespace rt::test
