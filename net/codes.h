// Join codes: made fresh for a table, or read from a private file. Codes
// never come from the command line (every user sees it in ps).
#pragma once

#include <string>

namespace rt::net {

// The environment variable a player may give the join code in.
inline constexpr const char* kCodeEnv = "RACETABLE_CODE";
// The code in a file that is ours, not a symlink, and private (mode 0600 or
// stricter). Throws UserError.
std::string read_code_file(const std::string& path);
// A fresh code to tell players: 16 letters and digits (80 bits) in groups of 4.
std::string generate_code();

}  // namespace rt::net
