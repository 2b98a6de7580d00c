#include "tests/harness/scratch_dir.h"

#include <stdlib.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace rt::test {
namespace {

struct Scratch {
  std::mutex mutex;
  std::vector<std::string> paths;
  ~Scratch() {
    for (const std::string& p : paths) {
      std::error_code ec;
      std::filesystem::remove_all(p, ec);
    }
  }
};

Scratch& scratch() {
  static Scratch s;  // destroyed at exit: after every test, also a failed one
  return s;
}

}  // namespace

void remove_at_exit(const std::string& path) {
  Scratch& s = scratch();
  const std::lock_guard lock(s.mutex);
  s.paths.push_back(path);
}

std::string scratch_dir(const std::string& prefix) {
  std::string tmpl = "/tmp/" + prefix + "-XXXXXX";
  if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed for " + tmpl);
  remove_at_exit(tmpl);
  return tmpl;
}

}  // namespace rt::test
