// Typed lines (line mode's answers) with a length cap checked as they are
// read, as the save and data readers cap files: a line that never ends
// holds at most kMaxInputLineBytes in memory, and reading it costs time
// linear in its length (each byte is looked at once).
#pragma once

#include <cstddef>
#include <deque>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace rt {

// Far above any answer (an option's number, its label, a time), low enough
// that a runaway line is dropped, never stored.
inline constexpr std::size_t kMaxInputLineBytes = 4096;

struct InputLine {
  std::string text;       // without the newline; its first cap bytes when too_long
  bool too_long = false;  // the line was longer than the cap: the rest was dropped
};

// Lines from input that arrives in pieces (a poll()ed descriptor).
class LineBuffer {
 public:
  explicit LineBuffer(std::size_t cap = kMaxInputLineBytes) : cap_(cap) {}
  void append(std::string_view bytes);
  // The next whole line, if one has ended.
  std::optional<InputLine> next();
  // What arrived after the last newline (the input ended without one).
  std::optional<InputLine> rest();

 private:
  std::size_t cap_;
  InputLine partial_;
  std::deque<InputLine> lines_;
};

// The next line of `in` (std::getline with the cap); nullopt at the end of
// input with nothing read.
std::optional<InputLine> read_line(std::istream& in, std::size_t cap = kMaxInputLineBytes);

}  // namespace rt
