// A shared table's seed: drawn and committed, or chosen openly (core/deal.h).
#include "core/deal.h"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "core/sha256.h"
#include "core/types.h"

namespace rt {

std::string deal_commitment_text(std::uint64_t seed, std::string_view salt_hex) {
  return fmt::format("racetable-deal 1\nseed {}\nsalt {}\n", seed, salt_hex);
}

std::string deal_commitment(std::uint64_t seed, std::string_view salt_hex) {
  return sha256_hex(deal_commitment_text(seed, salt_hex));
}

void os_random(void* data, std::size_t size) {
  auto* p = static_cast<unsigned char*>(data);
  while (size > 0) {
    const ssize_t n = ::getrandom(p, size, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw UserError(fmt::format("cannot draw a seed: getrandom: {}", std::strerror(errno)));
    }
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

SharedSeed shared_table_seed(std::optional<std::uint64_t> chosen) {
  SharedSeed s;
  if (chosen) {
    s.seed = *chosen;
    s.deal.kind = DealKind::Chosen;
    return s;
  }
  // Nobody at the table, the host included, picks or sees the seed: only
  // its commitment is shown until the game is over.
  os_random(&s.seed, sizeof s.seed);
  std::array<std::uint8_t, kDealSaltBytes> salt{};
  os_random(salt.data(), salt.size());
  s.deal.kind = DealKind::Drawn;
  s.deal.salt = hex_of(salt.data(), salt.size());
  s.deal.commitment = deal_commitment(s.seed, s.deal.salt);
  return s;
}

std::string deal_words(std::uint64_t seed, const Deal& deal, bool revealed) {
  switch (deal.kind) {
    case DealKind::Unstated: return {};
    case DealKind::Chosen: return fmt::format("seed {}, chosen by the host", seed);
    case DealKind::Drawn:
      return revealed ? fmt::format("deal revealed: seed {}, salt {}, SHA-256 {} as committed", seed,
                                    deal.salt, deal.commitment)
                      : fmt::format("deal committed: SHA-256 {}", deal.commitment);
  }
  return {};
}

bool is_lower_hex(std::string_view s, std::size_t digits) {
  if (s.size() != digits) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace rt
