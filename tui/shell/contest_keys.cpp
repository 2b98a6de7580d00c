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

// A prompt cut into its sentences: each ends at . ! or ? (and a closing
// bracket or quote after it) followed by a space.
std::vector<std::string> sentences(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '.' && text[i] != '!' && text[i] != '?') continue;
    std::size_t end = i + 1;
    while (end < text.size() && (text[end] == ')' || text[end] == '"')) ++end;
    if (end < text.size() && text[end] != ' ') continue;
    out.push_back(text.substr(start, end - start));
    start = end;
    while (start < text.size() && text[start] == ' ') ++start;
    i = start == 0 ? 0 : start - 1;
  }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

void add_sentence(std::string& to, const std::string& sentence) {
  if (!to.empty()) to += ' ';
  to += sentence;
}

}  // namespace

SharedQuestion share_questions(const std::vector<std::string>& prompts) {
  SharedQuestion out;
  out.own.resize(prompts.size());
  if (prompts.empty()) return out;
  std::vector<std::vector<std::string>> cut;
  for (const std::string& p : prompts) cut.push_back(sentences(p));
  auto in_all = [&](const std::string& s) {
    return std::all_of(cut.begin(), cut.end(), [&](const std::vector<std::string>& c) {
      return std::find(c.begin(), c.end(), s) != c.end();
    });
  };
  for (const std::string& s : cut.front())
    if (in_all(s)) add_sentence(out.common, s);
  for (std::size_t i = 0; i < cut.size(); ++i)
    for (const std::string& s : cut[i])
      if (!in_all(s)) add_sentence(out.own[i], s);
  return out;
}

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
