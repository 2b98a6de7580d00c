#include "core/printable.h"

#include <algorithm>

#include "core/canvas.h"

namespace rt {
namespace {

bool shown_safely(char32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return false;                            // C0, DEL, C1
  if (cp == 0x61C || cp == 0x200E || cp == 0x200F) return false;                       // direction marks
  if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) return false;  // bidi overrides
  if (cp == 0x2028 || cp == 0x2029 || (cp >= 0xFFF9 && cp <= 0xFFFB)) return false;    // separators, anchors
  if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return false;                   // not characters
  return true;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_chars) {
  bool clean = text.size() <= max_chars;
  for (char c : text) clean = clean && c >= 0x20 && c < 0x7F;  // the common case: plain ASCII
  if (clean) return std::string(text);
  const std::u32string cps = utf8_decode(text);
  std::string out;
  out.reserve(text.size());
  const bool cut = cps.size() > max_chars;
  const std::size_t keep = cut ? (max_chars > 3 ? max_chars - 3 : 0) : cps.size();
  for (std::size_t i = 0; i < keep; ++i) utf8_append(out, shown_safely(cps[i]) ? cps[i] : U'?');
  if (cut) out += std::string_view("...").substr(0, std::min<std::size_t>(3, max_chars));
  return out;
}

}  // namespace rt
