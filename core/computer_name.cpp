#include "core/computer_name.h"

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

}  // namespace rt
