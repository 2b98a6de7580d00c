// The racetable program the tests run: $RACETABLE_BINARY, else the one the
// build put beside the test programs' folder (build/racetable for
// build/tests/tests_tui). Found at run time, not compiled in, so a test file
// compiles the same in every checkout and ccache shares it between clones.
#pragma once

#include <string>
#include <vector>

namespace rt::test {

std::string racetable_binary();

// In a forked child: runs the racetable program with `args`; exits 127 when
// it cannot be started.
[[noreturn]] void exec_racetable(const std::vector<std::string>& args);

}  // namespace rt::test
