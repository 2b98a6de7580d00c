#include "net/close_fds.h"

#include <unistd.h>

namespace rt::net {

void close_all_but_sorting(std::span<int> keep) {
  std::size_t n = 0;  // the descriptors from 3 up, sorted, at the front
  for (const int fd : keep) {
    if (fd < 3) continue;
    std::size_t at = n++;  // insertion: no allocation, no library call
    for (; at > 0 && keep[at - 1] > fd; --at) keep[at] = keep[at - 1];
    keep[at] = fd;
  }
  unsigned from = 3;
  for (std::size_t i = 0; i < n; ++i) {
    const auto fd = static_cast<unsigned>(keep[i]);
    if (fd < from) continue;  // named twice
    if (fd > from) ::close_range(from, fd - 1, 0);
    from = fd + 1;
  }
  ::close_range(from, ~0u, 0);
}

}  // namespace rt::net
