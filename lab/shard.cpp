#include "lab/shard.h"

#include <charconv>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/types.h"

namespace rt::lab {
namespace {

bool whole_number(std::string_view s, int& out) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return std::from_chars(s.data(), s.data() + s.size(), out).ec == std::errc{};
}

}  // namespace

std::string Shard::text() const {
  return fmt::format("{}/{}", index, count);
}

Shard parse_shard(std::string_view text, std::string_view option) {
  const std::size_t slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !whole_number(text.substr(0, slash), s.index) ||
      !whole_number(text.substr(slash + 1), s.count) || s.count < 1 || s.count > kMaxShards || s.index < 1 ||
      s.index > s.count)
    throw OptionError(fmt::format("{} '{}': give I/K, share I of K shards (1 <= I <= K <= {})", option,
                                  excerpt(text), kMaxShards));
  return s;
}

}  // namespace rt::lab
