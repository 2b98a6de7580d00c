// The Host page's rows (tui/shell/host_screen.cpp), as data: each row is a
// label, what it shows, what it says while highlighted, and what Enter does
// (edit a text, or pick the next value). A new setting of a hosted table is
// one more entry in host_rows() and one more field in HostChoices.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tui/shell/shared_tables.h"

namespace rt::shell {

// What the rows work on: the choices, and what this place offers.
struct HostForm {
  HostChoices choices;
  HostPlace place;
  std::string game_id;  // the default table name
  std::string invited;  // the invited names as typed ("ana, ben")
};

struct HostRow {
  enum class Kind { Text, Cycle };
  const char* label;
  Kind kind;
  bool (*shown)(const HostForm&);         // whether the row is on the page now
  std::string (*value)(const HostForm&);  // what it shows
  std::string (*about)(const HostForm&);  // what it says while highlighted
  void (*next)(HostForm&);                // Cycle: the next value
  std::string* (*text)(HostForm&);        // Text: the text edited
  int max_chars;                          // Text: its longest
  void (*typed)(HostForm&);               // Text: after an edit (may be null)
};

const std::vector<HostRow>& host_rows();

// The invited names of `typed` (split at commas and spaces, empty ones dropped).
std::vector<std::string> split_names(const std::string& typed);

}  // namespace rt::shell
