// Keys for humans in timed contests. One human uses Space/Enter (or the
// number keys when there are several options). Several humans at one
// keyboard each get their own group of keys, far apart and clear of the
// shell's command keys, so they can press at the same moment.
#pragma once

#include <string>
#include <vector>

namespace rt::shell {

inline constexpr int kSeatKeyGroups = 6;
inline constexpr int kKeysPerGroup = 5;

// The keys of the group for the human of this rank (0 = the first human seat).
const std::u32string& seat_keys(int rank);

// A key of the group chosen among `options` legal actions. With more
// options than keys, the last key shows the next page of options.
struct ContestKey {
  int option = -1;  // the option chosen, or -1
  bool next_page = false;
};
ContestKey contest_key(int rank, char32_t key, int options, int page);

// The rank whose group holds `key`, or -1.
int rank_of_key(char32_t key, int humans);

// What the group's keys mean now: (key, option index or -1 for "more").
struct KeyLabel {
  char32_t key;
  int option;
};
std::vector<KeyLabel> contest_key_labels(int rank, int options, int page);

// Pages of options for a group (1 when they all fit).
int contest_pages(int options);

// Several humans at one keyboard answer one contest, each asked their own
// question (Racesmack: "tap your own (#2)" is Ben's, not Ana's). What the
// questions share is said once (`common`); what each adds is `own[i]`, said
// beside that human's keys. Sentences are compared whole, in the order of
// the first question.
struct SharedQuestion {
  std::string common;
  std::vector<std::string> own;  // one per question
};
SharedQuestion share_questions(const std::vector<std::string>& prompts);

}  // namespace rt::shell
