// Line mode: a human plays without the shell, answering numbered prompts on
// stdin. On EOF the game is saved and the program exits 0.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/table.h"

namespace rt::cli {

struct LineModeOptions {
  std::string save_path;  // where the game is saved on EOF and at the end ("": never saved)
  bool unicode = false;
  std::istream* in = nullptr;                 // default: std::cin
  std::function<void(std::string_view)> out;  // default: stdout
  std::function<void(std::string_view)> err;  // default: stderr
  bool interactive = false;                   // re-ask after a bad answer instead of exiting 2
};

// Plays the table to the end (or EOF). Returns the exit code.
int play_line_mode(Table& table, const LineModeOptions& options);

}  // namespace rt::cli
