#include "tests/harness/racetable_binary.h"

#include <unistd.h>

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

void exec_racetable(const std::vector<std::string>& args) {
  const std::string bin = racetable_binary();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(bin.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(bin.c_str(), argv.data());
  ::_exit(127);
}

}  // namespace rt::test
