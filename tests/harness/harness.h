// Test helpers shared by every game: the generic invariants harness (random
// play checking the Game contract after every step), forcing actions by their
// text form, and golden transcripts.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/presenter.h"
#include "core/table.h"

namespace rt::test {

struct HarnessConfig {
  int seeds = 20;  // games per player count
  std::uint64_t first_seed = 1;
  std::size_t max_steps = 200000;  // a game must end within this many steps
  std::vector<std::string> variants;
  std::map<std::string, std::string> params;
  std::vector<int> player_counts;  // empty: min..max of the game
  BotLevel seat_level = BotLevel::Random;
};

// Plays random games and checks, after every step: actors and legal actions
// (sorted, unique, non-empty), text forms round-trip, chance weights positive,
// the game's own invariants, clone reproduces the state; at the end: replay
// and save/load reproduce the state, standings are well formed. At the steps
// where it clones, it also checks check_determinize_hides_nothing().
void check_game_contract(const GameEntry& entry, const HarnessConfig& config);

// For every seat: determinize(seat) on a clone changes nothing that seat can
// see (the turn, who is asked, its view of the board, its question and its
// options) and keeps the game's invariants.
void check_determinize_hides_nothing(const Presenter& shown, const State& state, std::uint64_t seed);

// Soak: many random games, checking only the game's own invariants
// (State::check_invariants) after every step and that every game ends.
// Returns the number of player decisions made.
std::uint64_t soak(const GameEntry& entry, const HarnessConfig& config);

// Creates a game from an entry with the embedded data.
std::shared_ptr<const Game> make_game(const GameEntry& entry, int players,
                                      const std::vector<std::string>& variants = {},
                                      const std::map<std::string, std::string>& params = {});

// Applies an action given by its text form; fails the test if it is not legal.
void act(State& state, PlayerId player, const std::string& text, Tick at = 0);
// Applies a chance outcome by text ("draw red").
inline void chance(State& state, const std::string& text) {
  act(state, kChance, text, state.now());
}
// The legal actions' text forms.
std::vector<std::string> legal_texts(const State& state, PlayerId player);

// The transcript of a computer game (text or JSON lines).
std::string transcript(std::shared_ptr<const Game> game, std::uint64_t seed, BotLevel level, bool json);
// Compares with tests/golden/<name>; RACETABLE_REGEN_GOLDEN=1 rewrites it.
void check_golden(const std::string& name, const std::string& actual);

}  // namespace rt::test
