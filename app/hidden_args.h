// Secrets typed on a command line: every user of the machine reads a
// process's arguments (ps, /proc/PID/cmdline) for as long as it runs, so the
// ones that deal a shared game's hands are blanked in place as racetable
// starts, before anything else runs.
#pragma once

#include <string>
#include <vector>

namespace rt::cli {

// The arguments as racetable parses them: owned copies, so the process's own
// argument memory can be overwritten.
struct OwnedArgs {
  std::vector<std::string> strings;
  std::vector<char*> argv;   // pointers into `strings`, then nullptr
  bool seed_hidden = false;  // a `host --seed` value was blanked
  int argc() const { return std::ssize(strings); }
};

// Copies argv, then overwrites with '*' the value of each `--seed V` /
// `--seed=V` of the `host` command in the process's own argument memory
// (`ps` shows `--seed ****`).
OwnedArgs hide_secret_args(int argc, char** argv);

}  // namespace rt::cli
