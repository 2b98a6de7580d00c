// SHA-256 (FIPS 180-4): the hash a shared table's deal is committed with
// (core/deal.h). Small and dependency-free; not for passwords or keys.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rt {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  // The digest of everything given; the object is spent afterwards.
  std::array<std::uint8_t, 32> finish();

 private:
  void block(const std::uint8_t* p);
  std::array<std::uint32_t, 8> h_;
  std::array<std::uint8_t, 64> buf_{};
  std::size_t used_ = 0;     // bytes in buf_
  std::uint64_t bytes_ = 0;  // message length so far
};

// Lowercase hex of `bytes`' SHA-256: 64 digits.
std::string sha256_hex(std::string_view bytes);
// Lowercase hex of any bytes.
std::string hex_of(const std::uint8_t* data, std::size_t size);

}  // namespace rt
