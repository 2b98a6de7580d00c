#include "core/name_skeleton.h"

#include <algorithm>
#include <array>

#include "core/canvas.h"

namespace rt {

namespace {

// The idea is Unicode's confusable skeletons (Unicode Technical Standard 39,
// confusables.txt), cut down to the letters that pass for Latin in a terminal
// font, and folded across case because a name is shown in whatever case its
// owner typed.
struct LookAlike {
  char32_t from;
  char to;
};

constexpr std::array kLookAlikes{
    // Latin letters and digits that look like another.
    LookAlike{U'i', 'l'},
    LookAlike{U'1', 'l'},
    LookAlike{U'|', 'l'},
    LookAlike{U'0', 'o'},
    LookAlike{U'\u0131', 'l'},
    LookAlike{U'\u2113', 'l'},
    LookAlike{U'\u0261', 'g'},
    // Cyrillic, lower case.
    LookAlike{U'\u0430', 'a'},
    LookAlike{U'\u0435', 'e'},
    LookAlike{U'\u043e', 'o'},
    LookAlike{U'\u0440', 'p'},
    LookAlike{U'\u0441', 'c'},
    LookAlike{U'\u0443', 'y'},
    LookAlike{U'\u0445', 'x'},
    LookAlike{U'\u0456', 'l'},
    LookAlike{U'\u0458', 'j'},
    LookAlike{U'\u0455', 's'},
    LookAlike{U'\u0501', 'd'},
    LookAlike{U'\u04bb', 'h'},
    LookAlike{U'\u04cf', 'l'},
    LookAlike{U'\u051b', 'q'},
    LookAlike{U'\u051d', 'w'},
    LookAlike{U'\u0457', 'l'},
    // Cyrillic, upper case.
    LookAlike{U'\u0410', 'a'},
    LookAlike{U'\u0412', 'b'},
    LookAlike{U'\u0415', 'e'},
    LookAlike{U'\u041a', 'k'},
    LookAlike{U'\u041c', 'm'},
    LookAlike{U'\u041d', 'h'},
    LookAlike{U'\u041e', 'o'},
    LookAlike{U'\u0420', 'p'},
    LookAlike{U'\u0421', 'c'},
    LookAlike{U'\u0422', 't'},
    LookAlike{U'\u0423', 'y'},
    LookAlike{U'\u0425', 'x'},
    LookAlike{U'\u0406', 'l'},
    LookAlike{U'\u0408', 'j'},
    LookAlike{U'\u0405', 's'},
    LookAlike{U'\u04c0', 'l'},
    // Greek, upper case.
    LookAlike{U'\u0391', 'a'},
    LookAlike{U'\u0392', 'b'},
    LookAlike{U'\u0395', 'e'},
    LookAlike{U'\u0396', 'z'},
    LookAlike{U'\u0397', 'h'},
    LookAlike{U'\u0399', 'l'},
    LookAlike{U'\u039a', 'k'},
    LookAlike{U'\u039c', 'm'},
    LookAlike{U'\u039d', 'n'},
    LookAlike{U'\u039f', 'o'},
    LookAlike{U'\u03a1', 'p'},
    LookAlike{U'\u03a4', 't'},
    LookAlike{U'\u03a5', 'y'},
    LookAlike{U'\u03a7', 'x'},
    // Greek, lower case.
    LookAlike{U'\u03b1', 'a'},
    LookAlike{U'\u03bf', 'o'},
    LookAlike{U'\u03bd', 'v'},
    LookAlike{U'\u03b9', 'l'},
    LookAlike{U'\u03ba', 'k'},
    LookAlike{U'\u03c1', 'p'},
    LookAlike{U'\u03c5', 'u'},
    LookAlike{U'\u03c7', 'x'},
    LookAlike{U'\u03b5', 'e'},
};

// Pairs of letters that together look like one (after the mapping above).
struct LookAlikePair {
  std::string_view from;
  char to;
};
constexpr std::array kLookAlikePairs{LookAlikePair{"rn", 'm'}, LookAlikePair{"vv", 'w'}};

bool separator(char32_t cp) {
  return cp == U'_' || cp == U'-' || cp == U'.';
}

// Fullwidth forms of ASCII (U+FF01..U+FF5E) are ASCII to the eye.
constexpr char32_t kFullwidthFirst = U'\uff01';
constexpr char32_t kFullwidthLast = U'\uff5e';

char32_t unwiden(char32_t cp) {
  if (cp >= kFullwidthFirst && cp <= kFullwidthLast) return cp - kFullwidthFirst + U'!';
  return cp;
}

}  // namespace

std::string name_skeleton(std::string_view name) {
  std::string mapped;
  for (char32_t cp : utf8_decode(name)) {
    cp = unwiden(cp);
    if (separator(cp)) continue;
    if (cp >= U'A' && cp <= U'Z') cp = cp - U'A' + U'a';
    const auto* hit = std::find_if(kLookAlikes.begin(), kLookAlikes.end(),
                                   [cp](const LookAlike& l) { return l.from == cp; });
    if (hit != kLookAlikes.end())
      mapped += hit->to;
    else
      utf8_append(mapped, cp);
  }
  std::string out;
  for (std::size_t i = 0; i < mapped.size();) {
    const auto* pair = std::find_if(
        kLookAlikePairs.begin(), kLookAlikePairs.end(),
        [&](const LookAlikePair& p) { return std::string_view(mapped).substr(i, p.from.size()) == p.from; });
    if (pair != kLookAlikePairs.end()) {
      out += pair->to;
      i += pair->from.size();
    } else {
      out += mapped[i++];
    }
  }
  return out;
}

bool names_confusable(std::string_view a, std::string_view b) {
  return name_skeleton(a) == name_skeleton(b);
}

}  // namespace rt
