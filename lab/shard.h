// `--shard I/K`: one run's share of a study split over K machines (bench's
// tournament games, review's saves). Share I of K takes the items whose
// index (from 0, in the order one whole run takes them) leaves I-1 over
// when divided by K, so every item is the same whatever K, and the shards
// together are the whole run once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rt::lab {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;
  bool whole() const { return count == 1; }
  bool takes(std::size_t item) const {
    return static_cast<int>(item % static_cast<std::size_t>(count)) == index - 1;
  }
  std::string text() const;  // "I/K"
};

// The most shards a study may be split into.
inline constexpr int kMaxShards = 100000;

// Reads "I/K" (1 <= I <= K <= kMaxShards); throws OptionError naming `option`.
Shard parse_shard(std::string_view text, std::string_view option = "--shard");

}  // namespace rt::lab
