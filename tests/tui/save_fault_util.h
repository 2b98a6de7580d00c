// Making writes fail on purpose, for the tests of what racetable does then
// (docs/RELIABILITY.md, "When a save fails"): a directory turned into a file
// (any user), a tiny tmpfs filled to the last byte (root, where mount works).
#pragma once

#include <sys/mount.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace rt::test {

// A directory that can be made unusable and usable again: while broken, a
// regular file stands at its path, so every write into it fails (ENOTDIR),
// for root too.
class BreakableDir {
 public:
  explicit BreakableDir(std::string path) : path_(std::move(path)) {
    std::filesystem::create_directories(path_);
  }
  const std::string& path() const { return path_; }
  void break_it() {
    std::filesystem::rename(path_, path_ + ".away");
    std::ofstream(path_) << "not a directory\n";
  }
  void mend() {
    std::filesystem::remove(path_);
    std::filesystem::rename(path_ + ".away", path_);
  }

 private:
  std::string path_;
};

// A 64 KiB tmpfs at `path`, then filled: a real "No space left on device".
// mounted() is false (and the test skips) unless we are root and mount works.
class FullTmpfs {
 public:
  explicit FullTmpfs(std::string path) : path_(std::move(path)) {
    std::filesystem::create_directories(path_);
    if (::geteuid() != 0) return;
    mounted_ = ::mount("tmpfs", path_.c_str(), "tmpfs", 0, "size=64k,mode=0755") == 0;
  }
  ~FullTmpfs() {
    if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);
  }
  FullTmpfs(const FullTmpfs&) = delete;
  FullTmpfs& operator=(const FullTmpfs&) = delete;
  bool mounted() const { return mounted_; }
  const std::string& path() const { return path_; }
  // Fills every free byte; returns false if it somehow did not fill.
  bool fill() {
    std::FILE* f = std::fopen((path_ + "/ballast").c_str(), "wb");
    if (!f) return false;
    static const char block[4096] = {};
    while (std::fwrite(block, 1, sizeof block, f) == sizeof block) {
    }
    std::fclose(f);
    // A few bytes more, one at a time, so not even a short save fits.
    f = std::fopen((path_ + "/ballast2").c_str(), "wb");
    if (f) {
      while (std::fputc(0, f) != EOF && std::fflush(f) == 0) {
      }
      std::fclose(f);
    }
    return true;
  }
  void empty() {
    std::filesystem::remove(path_ + "/ballast");
    std::filesystem::remove(path_ + "/ballast2");
  }

 private:
  std::string path_;
  bool mounted_ = false;
};

}  // namespace rt::test
