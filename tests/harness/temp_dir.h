// A fresh directory under /tmp for one test (a state directory, saves),
// removed with everything in it when the test's scope ends.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace rt::test {

struct TempDir {
  std::string path;
  // /tmp/racetable-WHAT-XXXXXX, mode 0700 (mkdtemp's).
  explicit TempDir(const std::string& what) {
    std::string tmpl = "/tmp/racetable-" + what + "-XXXXXX";
    const char* d = ::mkdtemp(tmpl.data());
    path = d ? d : "/tmp/racetable-" + what + "-failed";
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace rt::test
