#include "tui/shell/contest_keys.h"

#include <algorithm>

namespace rt::shell {
namespace {

// Left and right ends of the bottom row, then the number row, then the home
// and upper rows. None of q r s l ? + - Space: they stay commands.
const std::u32string kGroups[kSeatKeyGroups] = {U"zxcvb", U"/.,mn", U"12345", U"09876", U"adfgh", U"jkuio"};

// With more options than keys, the last key pages.
int per_page(int options) {
  return options <= kKeysPerGroup ? kKeysPerGroup : kKeysPerGroup - 1;
}

}  // namespace

const std::u32string& seat_keys(int rank) {
  return kGroups[std::clamp(rank, 0, kSeatKeyGroups - 1)];
}

int contest_pages(int options) {
  if (options <= kKeysPerGroup) return 1;
  const int pp = per_page(options);
  return (options + pp - 1) / pp;
}

int rank_of_key(char32_t key, int humans) {
  for (int r = 0; r < std::min(humans, kSeatKeyGroups); ++r)
    if (kGroups[r].find(key) != std::u32string::npos) return r;
  return -1;
}

ContestKey contest_key(int rank, char32_t key, int options, int page) {
  ContestKey out;
  const std::u32string& keys = seat_keys(rank);
  const std::size_t i = keys.find(key);
  if (i == std::u32string::npos || options <= 0) return out;
  const int pp = per_page(options);
  if (options > kKeysPerGroup && static_cast<int>(i) == kKeysPerGroup - 1) {
    out.next_page = true;
    return out;
  }
  const int pages = contest_pages(options);
  const int option = (page % pages) * pp + static_cast<int>(i);
  if (option < options) out.option = option;
  return out;
}

std::vector<KeyLabel> contest_key_labels(int rank, int options, int page) {
  std::vector<KeyLabel> out;
  const std::u32string& keys = seat_keys(rank);
  const int pp = per_page(options);
  const int pages = contest_pages(options);
  const int first = (page % pages) * pp;
  for (int i = 0; i < pp && first + i < options; ++i)
    out.push_back(KeyLabel{keys[static_cast<std::size_t>(i)], first + i});
  if (options > kKeysPerGroup) out.push_back(KeyLabel{keys[kKeysPerGroup - 1], -1});
  return out;
}

}  // namespace rt::shell
