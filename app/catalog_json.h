// The game list and a game's rules as JSON, for scripts: `racetable list
// --json` and `racetable rules GAME --json`.
#pragma once

#include <string>

#include "core/game.h"

namespace rt::cli {

// {"games":[{"id","name","pitch","min_players","max_players","variants":[...],"params":[...]}]}
std::string games_json(const Registry& registry);

// {"id","name","sections":[{"title","text"}],"variants":[...],"params":[...],"readings":[...]}:
// the rules screen's text cut at its headings (lines in capitals at the left
// margin); "readings" are the "- " items of sections whose title starts with
// OUR READINGS, one string each.
std::string rules_json(const GameInfo& info, const std::string& rules_text);

}  // namespace rt::cli
