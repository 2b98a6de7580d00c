// Builds Scrap Racer positions: forces the dashboards and the start player,
// then places racers and hands out markers and cards between turns.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "games/scrap_racer/game.h"
#include "games/scrap_racer/state.h"
#include "tests/harness/harness.h"

namespace rt::scrap_racer::fixture {

struct Race {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> owned;
  ScrapRacerState* s = nullptr;
  ScrapRacerState& operator*() const { return *s; }
  ScrapRacerState* operator->() const { return s; }
};

// racers: the racer id dealt to each racer slot in order (seat order; with
// two racers each, seat 1 takes slots 0 and 1, seat 2 slots 2 and 3, ...).
inline Race start(int players, const std::vector<std::string>& racers, int start_seat = 0,
                  const std::vector<std::string>& variants = {},
                  const std::map<std::string, std::string>& params = {}) {
  Race t;
  t.game = rt::test::make_game(entry(), players, variants, params);
  t.owned = t.game->new_initial_state();
  t.s = static_cast<ScrapRacerState*>(t.owned.get());
  for (const auto& id : racers) rt::test::chance(*t.s, "deal " + id);
  rt::test::chance(*t.s, "start " + std::to_string(start_seat + 1));
  return t;
}

// The racer slot holding a racer kind ("jackal").
inline int racer(const ScrapRacerState& s, const std::string& id) {
  for (int r = 0; r < s.racers(); ++r)
    if (s.info(r).id == id) return r;
  return -1;
}

// Rolls dice for the active player: "die N" chance outcomes with "roll" between them.
inline void roll(ScrapRacerState& s, const std::vector<int>& dice) {
  for (std::size_t i = 0; i < dice.size(); ++i) {
    if (i > 0) rt::test::act(s, s.active_player(), "roll");
    rt::test::chance(s, "die " + std::to_string(dice[i]));
  }
}

// Rolls more dice in the same turn: "roll", then "die N", for each.
inline void more(ScrapRacerState& s, const std::vector<int>& dice) {
  for (int d : dice) {
    rt::test::act(s, s.active_player(), "roll");
    rt::test::chance(s, "die " + std::to_string(d));
  }
}

inline void act(ScrapRacerState& s, const std::string& text) {
  rt::test::act(s, s.active_player(), text);
}
inline void chance(ScrapRacerState& s, const std::string& text) {
  rt::test::chance(s, text);
}
inline std::vector<std::string> legal(const ScrapRacerState& s) {
  return rt::test::legal_texts(s, s.active_player());
}

// Ends the active racer's turn quietly: one die, move (no fight, no pickup).
inline void pass_turn(ScrapRacerState& s, int die = 1) {
  rt::test::chance(s, "die " + std::to_string(die));
  rt::test::act(s, s.active_player(), "move " + std::to_string(die));
}

// Plays on with the second chance outcome and the first legal action until the
// next turn's first die is due (or the race is over).
inline void settle(ScrapRacerState& s) {
  std::vector<Outcome> outs;
  std::vector<Action> acts;
  while (s.phase() != Phase::RollDie && s.phase() != Phase::Over) {
    if (s.turn() == Turn::Chance) {
      outs.clear();
      s.chance_outcomes(outs);
      s.apply_checked(kChance, outs[outs.size() > 1 ? 1 : 0].action, s.now());  // "fight 1-2": no tie
    } else {
      std::vector<PlayerId> who;
      s.actors(who);
      acts.clear();
      s.legal_actions(who.front(), acts);
      s.apply_checked(who.front(), acts.front(), s.now());
    }
  }
}

}  // namespace rt::scrap_racer::fixture
