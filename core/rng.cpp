#include "core/rng.h"

#include <cstdio>
#include <string>

namespace rt {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t fnv1a64(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    h ^= c;
    h *= 0x100000001B3ull;
  }
  return h;
}

Rng::Rng(std::uint64_t seed) {
  std::uint64_t sm = seed;
  for (auto& word : s_) word = splitmix64(sm);
}

Rng Rng::stream(std::uint64_t seed, std::string_view name) {
  std::uint64_t mix = seed ^ fnv1a64(name);
  return Rng(splitmix64(mix));
}

std::string Rng::state_text() const {
  char buf[4 * 17 + 1];
  std::snprintf(buf, sizeof buf, "%016llx%016llx%016llx%016llx", static_cast<unsigned long long>(s_[0]),
                static_cast<unsigned long long>(s_[1]), static_cast<unsigned long long>(s_[2]),
                static_cast<unsigned long long>(s_[3]));
  return buf;
}

bool Rng::set_state_text(std::string_view text) {
  if (text.size() != 64) return false;
  std::uint64_t words[4] = {};
  for (std::size_t i = 0; i < 64; ++i) {
    const char c = text[i];
    int v;
    if (c >= '0' && c <= '9')
      v = c - '0';
    else if (c >= 'a' && c <= 'f')
      v = c - 'a' + 10;
    else
      return false;
    words[i / 16] = (words[i / 16] << 4) | static_cast<std::uint64_t>(v);
  }
  if ((words[0] | words[1] | words[2] | words[3]) == 0) return false;
  for (int i = 0; i < 4; ++i) s_[i] = words[i];
  return true;
}

}  // namespace rt
