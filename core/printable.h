// Text from outside (another user's save, a peer, a table file) as it may
// reach a terminal: every control character (C0, DEL, C1: escape
// sequences, bells, carriage returns), bidirectional override and invalid
// UTF-8 becomes '?', and a text over `max_chars` code points is cut (ending
// "..."). Idempotent. The one filter: net/ and the save reader use it alike.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rt {

inline constexpr std::size_t kMaxPrintable = 4096;
std::string printable(std::string_view text, std::size_t max_chars = kMaxPrintable);

}  // namespace rt
