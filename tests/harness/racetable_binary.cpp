#include "tests/harness/racetable_binary.h"

#include <cstdlib>
#include <filesystem>

namespace rt::test {

std::string racetable_binary() {
  if (const char* set = std::getenv("RACETABLE_BINARY"); set && *set) return set;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return "racetable";
  return (self.parent_path().parent_path() / "racetable").string();
}

}  // namespace rt::test
