// Closing every descriptor a new process must not hold, in a few system
// calls however many the parent has open (the listening process holds one
// per session).
#pragma once

#include <initializer_list>

namespace rt::net {

// Closes every descriptor from 3 up but those in `keep` (negative ones are
// ignored; at most 8 kept). Allocates nothing: safe between clone and exec.
void close_all_but(std::initializer_list<int> keep);

}  // namespace rt::net
