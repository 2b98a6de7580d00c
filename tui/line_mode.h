// Line mode: a human plays without the shell, answering numbered prompts on
// stdin. The game is saved before every question, so a kill loses nothing
// answered; on EOF it is saved and the program exits 0. A save that fails is
// said on stderr, and the exit status is then 2 (exit 0 only if it is saved).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/table.h"

namespace rt::cli {

struct LineModeOptions {
  // Where the game is saved before every question (so after every answer),
  // on EOF and at the end ("": never saved).
  std::string save_path;
  bool unicode = false;
  std::istream* in = nullptr;                 // default: std::cin
  std::function<void(std::string_view)> out;  // default: stdout
  std::function<void(std::string_view)> err;  // default: stderr
  bool interactive = false;                   // re-ask after a bad answer instead of exiting 2
  // SIGINT, SIGTERM and SIGHUP end the game saved, exit 128 + the signal
  // (the program's own run; tests driving it in-process leave this off).
  bool handle_signals = false;
};

// Plays the table to the end (or EOF). Returns the exit code.
int play_line_mode(Table& table, const LineModeOptions& options);

}  // namespace rt::cli
