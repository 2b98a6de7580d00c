// `racetable verify SAVE`: whether a shared table's game was dealt from the
// seed it committed to (core/deal.h). The seed and salt must give the
// committed SHA-256, and the game, replayed from the seed, must draw every
// chance outcome the save records, in order.
#pragma once

#include <string>

#include "core/data.h"
#include "core/game.h"
#include "core/save.h"

namespace rt {

struct DealVerdict {
  bool fair = false;
  std::string line;  // one line: the verdict, or what does not match and where
};

// Throws SaveError when the game cannot be built at all (unknown game or options).
DealVerdict verify_deal(const SaveFile& save, const Registry& registry, const DataSource& data);

}  // namespace rt
