// The largest window the shell draws in: a server's limit on what a
// player's shell may hold (net/ssh_limits.h gives it; none locally).
#pragma once

namespace rt::shell {

struct WindowLimit {
  int columns = 0;  // 0: no limit
  int rows = 0;
  // Whether a window of cols x rows is at the limit in either side (a larger
  // one is given to the shell at the limit's size).
  bool reached_by(int cols, int rows_now) const {
    return columns > 0 && rows > 0 && (cols >= columns || rows_now >= rows);
  }
};

}  // namespace rt::shell
