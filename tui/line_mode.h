// Line mode: a human plays without the shell, answering numbered prompts on
// stdin. On EOF the game is saved and the program exits 0.
#pragma once

#include <string>

#include "core/table.h"

namespace rt::cli {

struct LineModeOptions {
  std::string save_path;  // where the game is saved on EOF and at the end
  bool unicode = false;
};

// Plays the table to the end (or EOF). Returns the exit code.
int play_line_mode(Table& table, const LineModeOptions& options);

}  // namespace rt::cli
