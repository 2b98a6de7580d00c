// How a game's seed came to be, so that the people at a shared table can
// trust the deal: drawn by the server behind a commitment (SHA-256 over the
// seed and a random salt, shown from the start, the seed and salt revealed at
// the end), or chosen by the host openly, for everyone to see before they sit.
// A game nobody else sits at states nothing (its seed is the player's own).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rt {

enum class DealKind : std::uint8_t {
  Unstated,  // a local game, or a save from before deals were committed
  Drawn,     // the server drew the seed and committed to it
  Chosen,    // the host chose the seed, and everyone was told
};

inline constexpr std::size_t kDealSaltBytes = 16;
inline constexpr std::size_t kCommitmentHexDigits = 64;

struct Deal {
  DealKind kind = DealKind::Unstated;
  std::string salt;        // Drawn: kDealSaltBytes as lowercase hex
  std::string commitment;  // Drawn: deal_commitment(seed, salt)
  bool operator==(const Deal&) const = default;
};

// The bytes the commitment hashes (docs/PROTOCOL.md):
// "racetable-deal 1\nseed <decimal>\nsalt <hex>\n".
std::string deal_commitment_text(std::uint64_t seed, std::string_view salt_hex);
// SHA-256 of deal_commitment_text, 64 lowercase hex digits.
std::string deal_commitment(std::uint64_t seed, std::string_view salt_hex);

// The seed of a table more than one person may sit at, and its Deal: the
// host's `chosen` seed (Chosen), or else one drawn from the OS with a fresh
// salt (Drawn). Every way of opening such a table goes through here.
struct SharedSeed {
  std::uint64_t seed = 0;
  Deal deal;
};
SharedSeed shared_table_seed(std::optional<std::uint64_t> chosen);

// Fills `data` from the OS (getrandom); throws UserError when it cannot.
void os_random(void* data, std::size_t size);

// What people are told of the deal, in one line ("" for Unstated):
// Drawn: "deal committed: SHA-256 <64 hex>", and once `revealed`
// "deal revealed: seed N, salt S, SHA-256 <64 hex> as committed";
// Chosen: "seed N, chosen by the host".
std::string deal_words(std::uint64_t seed, const Deal& deal, bool revealed);

// Whether `s` is `digits` lowercase hex digits.
bool is_lower_hex(std::string_view s, std::size_t digits);

}  // namespace rt
