#include "net/close_fds.h"

#include <unistd.h>

#include <array>
#include <cstddef>

namespace rt::net {

void close_all_but(std::initializer_list<int> keep) {
  std::array<int, 8> sorted{};
  std::size_t n = 0;
  for (const int fd : keep) {
    if (fd < 3 || n == sorted.size()) continue;
    std::size_t at = n++;  // insertion: no allocation, no library call
    for (; at > 0 && sorted[at - 1] > fd; --at) sorted[at] = sorted[at - 1];
    sorted[at] = fd;
  }
  unsigned from = 3;
  for (std::size_t i = 0; i < n; ++i) {
    const auto fd = static_cast<unsigned>(sorted[i]);
    if (fd < from) continue;  // named twice
    if (fd > from) ::close_range(from, fd - 1, 0);
    from = fd + 1;
  }
  ::close_range(from, ~0u, 0);
}

}  // namespace rt::net
