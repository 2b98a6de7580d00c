// What an SSH player's shell shows of a file: its name, never where it is
// on the server (ShellOptions::no_commands).
#pragma once

#include <string>
#include <string_view>

#include "tui/shell/screen.h"

namespace rt::shell {

// `text` with every absolute path cut to its last part ("/srv/x/ana.save:
// bad line" -> "ana.save: bad line").
std::string without_paths(std::string_view text);
// `text` as this shell may show it: without_paths() when its player may not
// see the machine's files (AppContext::no_commands), else as it is.
std::string shown_text(const AppContext& ctx, std::string text);

}  // namespace rt::shell
