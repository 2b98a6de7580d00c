// `racetable review SAVE...`: the expert's look back at finished games
// (core/review.h): the turning points, then a line per decision, as text or
// JSON lines.
#pragma once

#include <string>
#include <vector>

namespace rt::lab {

struct ReviewRequest {
  std::vector<std::string> files;
  int seat = 0;  // 1-based; 0: the first person's seat (seat 1 when every seat is a computer)
  bool json = false;
  unsigned think_percent = 100;
  std::string shard;  // "I/K": only those saves ("" all)
  std::string data_dir;
};

int cmd_review(const ReviewRequest& request);

}  // namespace rt::lab
