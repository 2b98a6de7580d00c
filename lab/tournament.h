// `racetable bench --tournament`: computer levels against each other, and
// the same study split over many machines (`--shard I/K --json`, then
// `racetable bench merge FILES...`).
//
// A tournament is a fixed list of games: for each game of the registry, each
// pairing of levels, game g of the pairing (its seed and seats follow from g
// alone). A shard plays the games whose place in that list leaves I-1 over
// when divided by K, and writes each one's result as a JSON line; the report
// (the text tables, or JSON summaries) is always made from those results in
// list order, so a merge of every shard prints what one whole run prints.
#pragma once

#include <string>
#include <vector>

#include "lab/bench.h"

namespace rt::lab {

int tournament(const BenchOptions& options);

struct MergeOptions {
  std::vector<std::string> files;
  bool json = false;
};
// `racetable bench merge FILES...`: the shards' results put together and
// reported as one unsharded run reports them.
int merge_tournament(const MergeOptions& options);

}  // namespace rt::lab
