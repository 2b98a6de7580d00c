#include "tui/shell/no_paths.h"

namespace rt::shell {

std::string without_paths(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const bool starts = text[i] == '/' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\'' ||
                                           text[i - 1] == '"' || text[i - 1] == '(' || text[i - 1] == '\t');
    if (!starts) {
      out += text[i++];
      continue;
    }
    // A path runs to a blank, a quote, a bracket, or ": " (the error's words follow).
    std::size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\'' && text[end] != '"' &&
           text[end] != ')' && text[end] != '\t' &&
           !(text[end] == ':' && end + 1 < text.size() && text[end + 1] == ' '))
      ++end;
    std::string_view path = text.substr(i, end - i);
    while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
    const std::size_t slash = path.rfind('/');
    const std::string_view last = path.substr(slash + 1);
    out += last.empty() ? std::string_view("...") : last;
    i = end;
  }
  return out;
}

std::string shown_text(const AppContext& ctx, std::string text) {
  return ctx.no_commands ? without_paths(text) : text;
}

}  // namespace rt::shell
