#include "core/computer_name.h"

#include <cctype>

namespace rt {

std::string computer_name(const std::string& name) {
  return unmarked_name(name) + std::string(kComputerMark);
}

std::string unmarked_name(const std::string& name) {
  if (name.size() >= kComputerMark.size() &&
      name.compare(name.size() - kComputerMark.size(), kComputerMark.size(), kComputerMark) == 0)
    return name.substr(0, name.size() - kComputerMark.size());
  return name;
}

std::string computer_with_level(const std::string& name, std::string_view level) {
  return unmarked_name(name) + " (computer, " + std::string(level) + ")";
}

namespace {

// A byte that continues a word: a letter, a digit, '_' or part of a
// non-ASCII letter ("Benő" is not "Ben").
bool word_byte(char c) {
  const auto b = static_cast<unsigned char>(c);
  return b >= 0x80 || std::isalnum(b) != 0 || c == '_';
}

}  // namespace

std::string mark_computer_in(std::string_view sentence, const std::string& name) {
  const std::string base = unmarked_name(name);
  if (base.empty()) return std::string(sentence);
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = sentence.find(base); at != std::string_view::npos; at = sentence.find(base, at + 1)) {
    const std::size_t end = at + base.size();
    const bool whole =
        (at == 0 || !word_byte(sentence[at - 1])) && (end == sentence.size() || !word_byte(sentence[end]));
    if (!whole || sentence.substr(end).starts_with(kComputerMark)) continue;
    out.append(sentence.substr(from, end - from));
    out.append(kComputerMark);
    from = end;
  }
  out.append(sentence.substr(from));
  return out;
}

}  // namespace rt
