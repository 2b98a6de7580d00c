// A shared table's finished game kept in this player's own Finished games
// and Stats: the save a local table sends each seated player when its game
// ends ("finished", docs/PROTOCOL.md) is read as a save and replayed to its
// end before anything is written, then written to the player's own state
// directory as every file there is (core/private_files.h) and added to their
// history. Nothing of it is printed: a refusal names no text of the message.
#pragma once

#include <ctime>
#include <string>

#include "core/data.h"
#include "net/protocol.h"

namespace rt::client {

struct KeepWhere {
  std::string state_dir;  // the player's own ("": nothing is kept here)
  std::string table;      // the table's name, as this player asked for it
  std::string game;       // the table's game (its welcome's "game")
  DataSource data = DataSource::embedded();
};

struct KeptGame {
  std::string path;     // the copy ("" none)
  std::string problem;  // why it was refused or not kept, one line ("" kept)
  // What the player is told, one line: that the game is in their Finished
  // games, or that it is NOT SAVED and why ("" when nothing was to be kept).
  std::string line() const;
};

// Keeps the "finished" message `message` (as net::ClientState holds it).
KeptGame keep_finished_game(const net::json& message, const KeepWhere& where, std::time_t now);

}  // namespace rt::client
