// The full-screen ncurses shell: title, game list, seats, variants, play,
// rules viewer, demo, resume.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/types.h"
#include "games/setup.h"
#include "tui/shell/window_limit.h"

namespace rt::shell {

class PlayTable;
class SharedTables;

struct ShellOptions {
  bool ascii = false;
  bool no_color = false;
  // `racetable play GAME`: go straight to seating for this game.
  bool start_game_set = false;
  setup::TableRequest start_game;
  // `racetable demo GAME`: computers play, narrated.
  std::string demo_game;
  std::string demo_seed;
  // `racetable learn [GAME]`: the Learn page, or that game's lesson.
  bool learn = false;
  std::string learn_game;
  // `racetable resume [FILE]`.
  bool resume = false;
  std::string resume_file;
  // `racetable replay FILE` in a terminal: the replay viewer, seen as this
  // seat (kEveryone: a watcher).
  std::string replay_file;
  std::string replay_data_dir;  // --data
  PlayerId replay_viewer = kEveryone;
  // `racetable join TABLE` in a terminal: the table, already joined.
  std::function<std::unique_ptr<PlayTable>()> open_table;
  // Shared tables (the Tables page, hosting, watchers): the program's
  // (client/shared_tables.h); nullptr: not offered.
  const SharedTables* shared = nullptr;
  // Who plays at this terminal (an SSH player's registered name): the first
  // seat's name unless the seats remembered say otherwise, and shown on the
  // title screen. "": nobody in particular (the seats are Ana, Ben, ...).
  std::string player_name;
  // The player cannot run racetable commands here (an SSH server's player):
  // what the shell says points to its own pages, never to a command or to a
  // path on this machine.
  bool no_commands = false;
  // The largest window this shell is given (an SSH server's): at it, pages
  // are drawn a row shorter over a line that says the server draws no more.
  WindowLimit window_limit;
};

// Runs the shell; returns the exit code.
int run(const ShellOptions& options);

}  // namespace rt::shell
