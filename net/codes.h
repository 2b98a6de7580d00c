// Join codes and a shared table's seed: made fresh, or read from the
// environment or a private file. Neither stays on a command line (every
// user of the machine reads those in ps; /proc/PID/environ is the owner's).
#pragma once

#include <string>
#include <string_view>

namespace rt::net {

// The environment variable a player may give the join code in.
inline constexpr const char* kCodeEnv = "RACETABLE_CODE";
// The environment variable a host may give the seed in (`host --seed` is
// blanked in the process's arguments at once, and refused for a group table).
inline constexpr const char* kSeedEnv = "RACETABLE_SEED";
// The first line of a file that is ours, not a symlink, and private (mode
// 0600 or stricter); `what` ("join code", "seed") names it in errors.
// Throws UserError.
std::string read_secret_file(const std::string& path, std::string_view what);
// read_secret_file(path, "join code").
std::string read_code_file(const std::string& path);
// A fresh code to tell players: 16 letters and digits (80 bits) in groups of 4.
std::string generate_code();

}  // namespace rt::net
