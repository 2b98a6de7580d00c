// One screen for a list of saved games (Continue a saved game; Finished and
// saved games): newest first, three rows a game, the same keys (Up/Down,
// Home/End, Enter or a click opens, x deletes after asking, ? keys, Esc
// back), reloaded when the player comes back to it. Each list says what its
// games are for through a SavedListKind.
#pragma once

#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tui/shell/saves.h"
#include "tui/shell/screens.h"

namespace rt::shell {

struct SavedListKind {
  std::string title;
  std::string empty_headline;  // bold, when there is no game
  std::string empty_text;      // under it: what gets kept here
  std::string cannot;          // "cannot be read": said of a file that does not load
  std::string open_help;       // the Enter key's word in the help line
  std::string stats_tag;       // the screen's name in the shell's statistics
  // Which saves the list shows (every one when empty).
  std::function<bool(const SavedGame&)> shows;
  // What follows a readable game's name and age on its first row.
  std::function<std::string(const SavedGame&)> summary;
  // Whether that summary is drawn as good news (a finished game) or dim.
  bool finished_looks_good = false;
  // The question before a delete (the file's name is added after it).
  std::function<std::string(const SavedGame&, std::time_t now)> delete_question;
  // Enter on a readable game; a thrown exception's text is shown on the list.
  std::function<Nav(AppContext&, const SavedGame&)> open;
  // v on a readable finished game, where the list offers a review (empty: not offered).
  std::function<Nav(AppContext&, const SavedGame&)> review;
};

std::unique_ptr<Screen> make_saved_list_screen(AppContext& ctx, SavedListKind kind);

}  // namespace rt::shell
