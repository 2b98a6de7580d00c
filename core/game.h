// A configured game (rules data + options) that creates initial states, and
// the registry of games the program knows. Creating a Game loads and checks
// its data once; creating a State from it is cheap.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/bot_level.h"
#include "core/data.h"
#include "core/state.h"

namespace rt {

class Agent;
class Presenter;
struct BotProfile;

struct VariantInfo {
  std::string name;     // command-line form, e.g. "noise-canceling"
  std::string summary;  // one line for `rules` and the shell
  // Variants sharing a non-empty group exclude one another (two timing
  // modes, say); choosing none of a group plays the game's plain default.
  std::string group = {};
  // Set-up screens pick this variant for a table of exactly one human when
  // none of its group was chosen: a rule that suits one person at the
  // keyboard but not several sharing it (or computers alone).
  bool one_human_default = false;
};

struct ParamInfo {
  std::string name;     // e.g. "races"
  std::string summary;  // e.g. "number of races in a championship (default 3)"
};

struct GameInfo {
  std::string id;     // command-line form: lowercase with hyphens
  std::string name;   // as printed on the box
  std::string pitch;  // one line for the game list
  int min_players = 2;
  int max_players = 6;
  bool secret_hands = false;  // the shell hides hands between human seats
  std::vector<VariantInfo> variants;
  std::vector<ParamInfo> params;
};

struct Options {
  int players = 0;
  std::vector<std::string> names;             // one per seat; "P1".. if empty
  std::set<std::string> variants;             // validated by the game
  std::map<std::string, std::string> params;  // validated by the game

  bool has(const std::string& variant) const { return variants.count(variant) != 0; }
  std::string name(PlayerId p) const;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  virtual const Options& options() const = 0;
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // The game's own computer player for a level (easy, normal, hard).
  // nullptr means the generic bots serve this level (random; hard: the
  // generic search around the game's normal bot).
  virtual std::unique_ptr<Agent> make_bot(BotLevel level) const = 0;
  // The rules summary shown by `racetable rules` and the shell.
  virtual std::string rules_text() const = 0;
  // What a person is shown of this game's States (core/presenter.h): one
  // presenter, alive as long as the program, for every State the game makes.
  virtual const Presenter& presenter() const = 0;
};

using GameFactory = std::function<std::unique_ptr<Game>(const Options& options, const DataSource& data)>;

struct GameEntry {
  GameInfo info;
  GameFactory make;
};

class Registry {
 public:
  void add(GameEntry entry);
  const GameEntry* find(const std::string& id) const;
  // Like find(), but an unknown id throws OptionError naming the known games.
  const GameEntry& get(const std::string& id) const;
  const std::vector<GameEntry>& all() const { return entries_; }

  // Validates the player count and variant names against the entry, fills
  // default names, then calls the game's factory (which checks parameters).
  std::unique_ptr<Game> create(const std::string& id, Options options, const DataSource& data) const;

 private:
  std::vector<GameEntry> entries_;
};

// Checks generic options against GameInfo; throws OptionError.
void validate_options(const GameInfo& info, Options& options);

}  // namespace rt
