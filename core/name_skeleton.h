// Whether two names look alike: each is reduced to a skeleton, and names
// with equal skeletons are confusable. Registration and seat names use it so
// that nobody can pass for somebody else.
#pragma once

#include <string>
#include <string_view>

namespace rt {

// The name case-folded, look-alike letters (Cyrillic, Greek, fullwidth, I/l/1,
// O/0, rn/m, vv/w) mapped to one Latin letter, and '_', '-', '.' dropped.
// UTF-8 in and out; code points it does not know are kept.
std::string name_skeleton(std::string_view name);
// True when `a` and `b` have the same skeleton.
bool names_confusable(std::string_view a, std::string_view b);

}  // namespace rt
