// What the shell remembers between runs: the computer speed, and per game
// the seats (human or computer and its level), names, variants and options
// last chosen. One small JSON file, $XDG_CONFIG_HOME/racetable/settings.json
// (default ~/.config/racetable/), private to its user: the directory is made
// 0700 and must be this user's and closed to others, the file is read
// without following a link and written atomically (a fresh 0600 file
// renamed over it). A file that cannot be read, is not ours, is corrupt or
// too large is ignored with one line of notice; a write that fails is said
// to the player (notice()), never silently dropped.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/canvas.h"
#include "games/setup.h"
#include "tui/shell/screen.h"

namespace rt::shell {

// Far above any real settings file (a few hundred bytes a game).
inline constexpr std::size_t kMaxSettingsBytes = 64 * 1024;

struct GameSettings {
  std::vector<std::string>
      seats;  // per seat: "human", "remote", "easy", "normal", "hard", "expert", "random"
  std::vector<std::string> names;     // per seat
  bool chose_variants = false;        // the variants page was passed at least once
  std::vector<std::string> variants;  // ticked
  std::vector<std::string> options;   // KEY=VALUE
  std::string contest_pace;           // "relaxed", "normal", "quick"; "": never chosen
  bool operator==(const GameSettings&) const = default;
};

struct Settings {
  int speed = 0;  // 1..6; 0: never chosen
  // "Play forced moves for me": a decision with one legal action is played
  // without a key (tui/shell/turn_recap.h). On unless turned off.
  bool play_forced = true;
  std::map<std::string, GameSettings> games;
  bool operator==(const Settings&) const = default;
};

// $XDG_CONFIG_HOME/racetable, or $HOME/.config/racetable.
std::string config_dir();

class SettingsStore {
 public:
  // `dir` "": nothing is remembered (tests, or no home).
  explicit SettingsStore(std::string dir);

  // Reads the file. Missing: no settings, no notice.
  void load();
  // Writes the settings; "" or the reason it failed (also kept in notice()).
  std::string save();

  const Settings& settings() const { return settings_; }
  Settings& edit() { return settings_; }
  const std::string& path() const { return path_; }
  // One line for the player: a file that was ignored, or a write that failed;
  // "" when there is nothing to say. A write that works clears it.
  const std::string& notice() const { return notice_; }

  // Remembers what a table was set up with (the seats, names, variants and
  // options of `request`) and writes the file.
  std::string remember_table(const setup::TableRequest& request);
  // Remembers the speed and writes the file.
  std::string remember_speed(int speed);
  // Fills what `request` leaves empty from what was remembered for its game:
  // seats and names (only when the request names no seats), variants and
  // options (only when it names none of either).
  void fill_seats(setup::TableRequest& request) const;
  bool fill_variants(setup::TableRequest& request) const;
  // The computers' pace in timed contests to offer for `game`: the one last
  // chosen; "relaxed" when no game of it was ever started here (a newcomer
  // reads the cards first); else "normal".
  std::string contest_pace_for(const std::string& game) const;
  // The speed to start a game at.
  int speed_or(int fallback) const { return settings_.speed > 0 ? settings_.speed : fallback; }

 private:
  // Opens the directory (creating it 0700); -1 and `why` when it is not a
  // private directory of this user's.
  int open_dir(bool create, std::string& why) const;

  std::string dir_;
  std::string path_;
  Settings settings_;
  std::string notice_;
};

// The store's notice, if any, on the row above the key help.
void draw_settings_notice(Canvas& c, const AppContext& ctx);

// The speed a game starts at: the one last chosen, else the default.
int start_speed(const SettingsStore* store);

// The settings file's text, and reading it back (throws UserError with what
// is wrong). Unknown games, seat kinds, variants and options are dropped.
std::string settings_text(const Settings& settings);
Settings parse_settings(const std::string& text);

}  // namespace rt::shell
