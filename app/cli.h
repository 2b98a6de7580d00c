// The command line: list, rules, sim, play, replay, demo, resume, bench.
#pragma once

namespace rt::cli {

// Runs the program; returns the exit code (0 ok, 2 for any user error).
int run(int argc, char** argv);

}  // namespace rt::cli
