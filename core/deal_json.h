// A deal (core/deal.h) in JSON, for the history's lines and the tables
// listing alike: {"kind":"drawn","commitment":HEX}, with "seed" (a string:
// 64 bits do not fit every reader's numbers) and "salt" once revealed;
// {"kind":"chosen","seed":"N"}. An Unstated deal is no object at all.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "core/deal.h"

namespace rt {

inline nlohmann::json deal_json(std::uint64_t seed, const Deal& deal, bool revealed) {
  if (deal.kind == DealKind::Chosen)
    return nlohmann::json{{"kind", "chosen"}, {"seed", std::to_string(seed)}};
  nlohmann::json j{{"kind", "drawn"}, {"commitment", deal.commitment}};
  if (revealed) {
    j["seed"] = std::to_string(seed);
    j["salt"] = deal.salt;
  }
  return j;
}

// The deal and its seed (none while it is still hidden) from deal_json's
// object; nullopt for anything else.
struct DealRead {
  Deal deal;
  std::optional<std::uint64_t> seed;
  bool operator==(const DealRead&) const = default;
};
inline std::optional<DealRead> deal_of_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  DealRead r;
  const std::string kind = j.value("kind", "");
  if (const auto s = j.find("seed"); s != j.end()) {
    if (!s->is_string()) return std::nullopt;
    const std::string text = s->get<std::string>();
    std::size_t used = 0;
    try {
      r.seed = std::stoull(text, &used);
    } catch (const std::exception&) {
      return std::nullopt;
    }
    if (used != text.size() || text.empty() || text[0] == '-') return std::nullopt;
  }
  if (kind == "chosen" && r.seed) {
    r.deal.kind = DealKind::Chosen;
    return r;
  }
  if (kind != "drawn") return std::nullopt;
  r.deal.kind = DealKind::Drawn;
  r.deal.commitment = j.value("commitment", "");
  r.deal.salt = j.value("salt", "");
  if (!is_lower_hex(r.deal.commitment, kCommitmentHexDigits)) return std::nullopt;
  if (r.seed && !is_lower_hex(r.deal.salt, 2 * kDealSaltBytes)) return std::nullopt;
  return r;
}

}  // namespace rt
