// The names a host gives a shared table's seats: a computer's seat may not
// pass for a person (core/name_skeleton.h), and a seat of the host's own is
// called by the host's login name.
#pragma once

#include <string>
#include <vector>

namespace rt::net {

// "" when no computer seat's name (`names[i]` where `seats[i]` is neither
// "human" nor "remote") looks like one of `people`'s names; else one line
// saying which seat and whose name it resembles (printably).
std::string computer_seat_name_problem(const std::vector<std::string>& seats,
                                       const std::vector<std::string>& names,
                                       const std::vector<std::string>& people);

}  // namespace rt::net
