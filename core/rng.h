// The project's own random numbers. Games never call this: the driver samples
// chance outcomes and bots draw from their own streams. Everything here is
// pure integer arithmetic, so a seed gives the same sequence on every compiler
// and standard library (std distributions and std::shuffle do not).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace rt {

// SplitMix64: seeds the main engine and derives stream seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// 64-bit FNV-1a, used to turn a stream name into a number.
std::uint64_t fnv1a64(std::string_view text);

// xoshiro256** with our own bounded integers and shuffle.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  // An independent stream for one purpose ("chance", "bot:2", "cosmetic").
  static Rng stream(std::uint64_t seed, std::string_view name);

  std::uint64_t next64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  std::uint32_t next32() { return static_cast<std::uint32_t>(next64() >> 32); }

  // Uniform in [0, n), unbiased (rejection on the low word). n must be > 0.
  // Lemire's multiply-shift; inline because every decision and chance draw calls it.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(next32()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Uniform in [lo, hi], inclusive: the same draw as below(hi - lo + 1).
  std::int32_t between(std::int32_t lo, std::int32_t hi) {
    const auto span = static_cast<std::uint32_t>(static_cast<std::int64_t>(hi) - lo + 1);
    return static_cast<std::int32_t>(lo + static_cast<std::int64_t>(below(span)));
  }

  // True with probability num/den.
  bool chance(std::uint32_t num, std::uint32_t den) { return below(den) < num; }

  // Fisher-Yates from the back, with our own below().
  template <class T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // The full engine state, for save files ("resume continues the same dice").
  std::string state_text() const;
  bool set_state_text(std::string_view text);

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace rt
