#include "core/line_reader.h"

#include <algorithm>
#include <cstring>
#include <istream>
#include <streambuf>

namespace rt {
namespace {

// Adds `piece` (no newline in it) to a line, keeping at most `cap` bytes.
void add(InputLine& line, std::string_view piece, std::size_t cap) {
  const std::size_t room = cap - std::min(cap, line.text.size());
  if (piece.size() > room) line.too_long = true;
  line.text.append(piece.substr(0, room));
}

}  // namespace

void LineBuffer::append(std::string_view bytes) {
  while (!bytes.empty()) {
    const void* nl = std::memchr(bytes.data(), '\n', bytes.size());
    if (!nl) {
      add(partial_, bytes, cap_);
      return;
    }
    const auto at = static_cast<std::size_t>(static_cast<const char*>(nl) - bytes.data());
    add(partial_, bytes.substr(0, at), cap_);
    lines_.push_back(std::move(partial_));
    partial_ = InputLine{};
    bytes.remove_prefix(at + 1);
  }
}

std::optional<InputLine> LineBuffer::next() {
  if (lines_.empty()) return std::nullopt;
  InputLine line = std::move(lines_.front());
  lines_.pop_front();
  return line;
}

std::optional<InputLine> LineBuffer::rest() {
  if (partial_.text.empty() && !partial_.too_long) return std::nullopt;
  InputLine line = std::move(partial_);
  partial_ = InputLine{};
  return line;
}

std::optional<InputLine> read_line(std::istream& in, std::size_t cap) {
  std::istream::sentry ok(in, true);
  if (!ok) return std::nullopt;
  std::streambuf* buf = in.rdbuf();
  InputLine line;
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) {
        in.setstate(std::ios::failbit);
        return std::nullopt;
      }
      return line;
    }
    any = true;
    if (c == '\n') return line;
    if (line.text.size() < cap)
      line.text.push_back(static_cast<char>(c));
    else
      line.too_long = true;
  }
}

}  // namespace rt
