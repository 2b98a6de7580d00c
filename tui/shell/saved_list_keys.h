// The keys of a list of saved games (Resume, Finished and saved games): the
// moves, the click rows (three rows a game from row 2) and the help in one
// place, so the two lists answer the same keys the same way.
#pragma once

#include <functional>

#include "tui/shell/screens.h"

namespace rt::shell {

struct SavedListActions {
  std::function<Nav(int)> open;        // Enter or a click on game i
  std::function<Nav(int)> ask_delete;  // Delete on game i
};

Nav saved_list_key(const Key& key, int count, int first, int& selected, bool unicode,
                   const SavedListActions& actions);

}  // namespace rt::shell
