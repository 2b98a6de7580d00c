// Builds Wacky Races scenarios for the rule tests: fixed teams, Neutral
// Racers, course and hands (set-up chance outcomes forced by their text), then
// racers placed where a rulebook example puts them.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/wacky_races/game.h"
#include "games/wacky_races/state.h"
#include "tests/harness/harness.h"

namespace rt::wacky_races::fixture {

using namespace rt;
using namespace rt::wacky_races;

struct Setup {
  int players = 3;
  std::string racers = "pat-pending,rufus-ruffcut,ant-hill-mob";
  std::vector<std::string> neutrals = {"red-max", "slag-brothers", "penelope-pitstop"};  // rear to front
  std::string special = "swamp";
  // 8 First Half tiles, then 9 Second Half tiles with S for the Special tile.
  // D Desert, F Forest, P Prairie, M farM.
  std::string course =
      "DFPMDFPM"
      "DFPMSDFPM";
  std::vector<std::string> hands = {"DFP", "DFP", "DFP", "DFP", "DFP", "DFP"};
  std::vector<std::string> variants;
  std::map<std::string, std::string> params;
};

struct Fixture {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;
  EventSink events;

  WackyState& s() { return static_cast<WackyState&>(*state); }
  const Catalog& c() { return s().catalog(); }
  // Everything narrated so far, one event per line.
  std::string log() const {
    std::string out;
    for (const auto& e : events) out += "[" + e.rule + "] " + e.text + "\n";
    return out;
  }
  bool said(const std::string& needle) const { return log().find(needle) != std::string::npos; }
  void clear_log() { events.clear(); }
};

inline std::string terrain_id(char letter) {
  switch (letter) {
    case 'D': return "desert";
    case 'F': return "forest";
    case 'P': return "prairie";
    case 'M': return "farm";
  }
  FAIL("bad terrain letter " << letter);
  return {};
}

inline int terrain_of(char letter) {
  switch (letter) {
    case 'D': return 0;
    case 'F': return 1;
    case 'P': return 2;
    case 'M': return 3;
  }
  return -1;
}

inline Fixture start(const Setup& su) {
  Fixture fx;
  std::map<std::string, std::string> params = su.params;
  if (!su.racers.empty()) params["racers"] = su.racers;
  fx.game = test::make_game(wacky_races::entry(), su.players, su.variants, params);
  fx.state = fx.game->new_initial_state();
  fx.state->set_event_sink(&fx.events);
  WackyState& s = fx.s();
  std::size_t next_neutral = 0;
  std::size_t next_tile = 0;
  std::array<std::size_t, 6> dealt{};
  while (s.turn() == Turn::Chance) {
    const Task& t = *s.top();
    switch (t.kind) {
      case TaskKind::PickNeutral: test::chance(s, "neutral " + su.neutrals.at(next_neutral++)); break;
      case TaskKind::PlaceNeutral: {
        bool placed = false;
        for (const auto& n : su.neutrals) {
          const int slot = s.slot_of_team(s.catalog().team_index(n));
          if (slot >= 0 && s.pos(slot) < 0) {
            test::chance(s, "place " + n);
            placed = true;
            break;
          }
        }
        REQUIRE(placed);
        break;
      }
      case TaskKind::PickSpecial: test::chance(s, "special " + su.special); break;
      case TaskKind::LayTile: {
        const char ch = su.course.at(next_tile++);
        test::chance(s, "lay " + (ch == 'S' ? su.special : terrain_id(ch)));
        break;
      }
      case TaskKind::DrawCard: {
        const auto seat = static_cast<std::size_t>(t.who);
        test::chance(s, "draw " + terrain_id(su.hands.at(seat).at(dealt[seat]++)));
        break;
      }
      default: {
        // Anything else (random teams): the first outcome.
        std::vector<Outcome> outs;
        s.chance_outcomes(outs);
        s.apply_checked(kChance, outs.front().action, 0);
        break;
      }
    }
  }
  return fx;
}

// Course tile n (1 = the first First Half tile) as a position.
inline int tile(Fixture& fx, int n) {
  return fx.c().start_len + n - 1;
}
inline int slot(Fixture& fx, const std::string& team) {
  return fx.s().slot_of_team(fx.c().team_index(team));
}
inline void put(Fixture& fx, const std::string& team, int tile_number) {
  fx.s().test_set_position(slot(fx, team), tile(fx, tile_number));
}
inline int where(Fixture& fx, const std::string& team) {
  return fx.s().tile_number(fx.s().pos(slot(fx, team)));
}
// A hand as letters, e.g. "DDF".
inline void hand(Fixture& fx, PlayerId seat, const std::string& letters) {
  IndexArray<int, kTerrains> counts{};
  for (char ch : letters) ++counts[terrain_of(ch)];
  fx.s().test_set_hand(seat, counts);
}
inline std::string hand_of(Fixture& fx, PlayerId seat) {
  std::string out;
  const char letters[] = {'D', 'F', 'P', 'M'};
  for (int k = 0; k < kTerrains; ++k)
    for (int i = 0; i < fx.s().hand(seat, k); ++i) out += letters[k];
  return out;
}
inline int trap_id(Fixture& fx, const std::string& id) {
  return fx.c().trap_index(id);
}
inline int power_index(Fixture& fx, PlayerId seat, const std::string& id) {
  const Team& team = fx.c().teams[static_cast<std::size_t>(fx.s().team_of(fx.s().slot_of(seat)))];
  for (int i = 0; i < kPowers; ++i)
    if (team.powers[static_cast<std::size_t>(i)].id == id) return i;
  FAIL("no power " << id);
  return -1;
}
inline void act(Fixture& fx, PlayerId p, const std::string& text) {
  test::act(fx.s(), p, text);
}
inline void chance(Fixture& fx, const std::string& text) {
  test::chance(fx.s(), text);
}
inline std::vector<std::string> legal(Fixture& fx, PlayerId p) {
  return test::legal_texts(fx.s(), p);
}
inline bool can(Fixture& fx, PlayerId p, const std::string& text) {
  for (const auto& t : legal(fx, p))
    if (t == text) return true;
  return false;
}
inline void ok(Fixture& fx) {
  INFO(fx.s().debug_string());
  REQUIRE(fx.s().check_invariants() == "");
}
// Keeps Dastardly out of a test about something else.
inline void no_dastardly(Fixture& fx) {
  fx.s().test_set_dastardly(-1, true);
}
// A race of these seats' racers ("a,b,c"), these Neutral Racers, no Dastardly.
inline Fixture race_with(const std::string& racers, std::vector<std::string> neutrals) {
  Setup su;
  su.racers = racers;
  su.neutrals = std::move(neutrals);
  Fixture fx = start(su);
  no_dastardly(fx);
  return fx;
}
// Three Neutral Racers for a race of three seats.
inline const std::vector<std::string> kOthers = {"gruesome-twosome", "sergeant-blast", "lazy-luke"};
// The Ant Hill Mob (seat 1, tile 5) plays Shakedown on Pat Pending (seat 2,
// tile 6, hand Prairie, Prairie, Farm), the only racer within 1 tile: the
// random card taken from Pat is the next chance outcome.
inline Fixture shakedown_on_pat() {
  Fixture fx = race_with("ant-hill-mob,pat-pending,rufus-ruffcut", kOthers);
  put(fx, "ant-hill-mob", 5);
  put(fx, "pat-pending", 6);
  put(fx, "rufus-ruffcut", 9);
  hand(fx, 1, "PPM");
  act(fx, 0, "power shakedown");
  return fx;
}

// The last player of the round (seat 3 of 3) plays one Desert and ends; the refill draws `draw`.
inline void last_turn_of_round(Fixture& fx, int round, const std::string& draw = "draw farm") {
  fx.s().test_set_round(round);
  hand(fx, 2, "DDD");
  fx.s().test_jump_to_turn(2, 2);
  act(fx, 2, "play desert");
  act(fx, 2, "end");
  chance(fx, draw);
}

}  // namespace rt::wacky_races::fixture
