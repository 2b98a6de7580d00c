// Directories a test makes under /tmp, removed with everything in them when
// the test program exits (after a failed REQUIRE too), so a test run leaves
// nothing behind for `racetable tables` to trip on.
#pragma once

#include <string>

namespace rt::test {

// A fresh /tmp/PREFIX-XXXXXX (mode 0700), removed at exit.
std::string scratch_dir(const std::string& prefix);
// Removes `path` (a directory a test made) at exit.
void remove_at_exit(const std::string& path);

}  // namespace rt::test
