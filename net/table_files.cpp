#include "net/table_files.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "net/sockets.h"

namespace rt::net {

std::string info_path(const std::string& dir, const std::string& name) {
  return dir + "/" + name + ".table";
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

std::vector<std::string> candidate_dirs() {
  std::vector<std::string> dirs{default_table_dir()};
  if (DIR* d = ::opendir("/tmp")) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n.rfind("racetable-", 0) != 0) continue;
      const std::string path = "/tmp/" + n;
      struct stat st {};
      if (::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      if (::access(path.c_str(), R_OK | X_OK) != 0) continue;
      if (std::find(dirs.begin(), dirs.end(), path) == dirs.end()) dirs.push_back(path);
    }
    ::closedir(d);
  }
  std::sort(dirs.begin() + 1, dirs.end());
  return dirs;
}

std::vector<std::string> names_in(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
        names.push_back(n.substr(0, n.size() - suffix.size()));
    }
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string dir_flag(const std::string& dir) {
  return dir == default_table_dir() ? std::string() : fmt::format(" --dir {}", dir);
}

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return s.substr(a, b - a);
}

}  // namespace rt::net
