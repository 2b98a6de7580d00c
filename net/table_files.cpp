#include "net/table_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "net/sockets.h"

namespace rt::net {

std::string info_path(const std::string& dir, const std::string& name) {
  return dir + "/" + name + ".table";
}

void remove_stale_temp_files(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  const std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp-";
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dfd < 0) return;
  const int list_fd = ::dup(dfd);
  DIR* d = list_fd < 0 ? nullptr : ::fdopendir(list_fd);
  if (!d) {
    if (list_fd >= 0) ::close(list_fd);
    ::close(dfd);
    return;
  }
  while (const dirent* e = ::readdir(d)) {
    const std::string_view n = e->d_name;
    // mkostemp's six characters after the prefix, and nothing else.
    if (n.size() != prefix.size() + 6 || n.substr(0, prefix.size()) != prefix) continue;
    struct stat st {};
    if (::fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISREG(st.st_mode) && st.st_uid == ::geteuid()) ::unlinkat(dfd, e->d_name, 0);
  }
  ::closedir(d);
  ::close(dfd);
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

std::vector<std::string> candidate_dirs(std::vector<std::string>* left_out) {
  const std::string mine = default_table_dir();
  // Ours first, then our groups' tables, then everyone else's: the lobby
  // asks them in this order, so another user's directories come last.
  enum class Whose : std::uint8_t { Ours, OurGroups, Others };
  std::vector<std::pair<Whose, std::string>> dirs;
  // Each other user's directories apart: one who makes 100,000 of them
  // crowds out only their own.
  std::map<uid_t, std::vector<std::pair<Whose, std::string>>> by_owner;
  const std::vector<gid_t> groups = process_groups();
  const auto ours = [&](gid_t gid) {
    return gid == ::getegid() || std::find(groups.begin(), groups.end(), gid) != groups.end();
  };
  if (DIR* d = ::opendir("/tmp")) {
    while (const dirent* e = ::readdir(d)) {
      const std::string_view n = e->d_name;
      if (n.substr(0, 10) != "racetable-") continue;
      const std::string path = "/tmp/" + std::string(n);
      struct stat st {};
      if (path == mine || ::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      if (::access(path.c_str(), R_OK | X_OK) != 0) continue;
      if (st.st_uid == ::geteuid())
        dirs.emplace_back(Whose::Ours, path);
      else
        by_owner[st.st_uid].emplace_back(ours(st.st_gid) ? Whose::OurGroups : Whose::Others, path);
    }
    ::closedir(d);
  }
  for (auto& [owner, theirs] : by_owner) {
    std::sort(theirs.begin(), theirs.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    if (theirs.size() > kMaxDirsPerOwner) {
      if (left_out)
        left_out->push_back(fmt::format("/tmp: {} more directories of {} not read (at most {} are)",
                                        theirs.size() - kMaxDirsPerOwner, user_name(owner),
                                        kMaxDirsPerOwner));
      theirs.resize(kMaxDirsPerOwner);
    }
    dirs.insert(dirs.end(), theirs.begin(), theirs.end());
  }
  std::sort(dirs.begin(), dirs.end());
  std::vector<std::string> out{mine};
  for (auto& [whose, path] : dirs) out.push_back(std::move(path));
  return out;
}

DirNames names_in(const std::string& dir, std::initializer_list<std::string_view> suffixes,
                  std::size_t limit) {
  // The `limit` first names in sort order, kept sorted and unique as they come:
  // O(entries x log limit), whatever order the directory gives them in.
  std::set<std::string> kept;
  DirNames out;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string_view n = e->d_name;
      for (const std::string_view suffix : suffixes) {
        if (n.size() <= suffix.size() || n.substr(n.size() - suffix.size()) != suffix) continue;
        std::string name(n.substr(0, n.size() - suffix.size()));
        if (kept.count(name) != 0) break;
        if (kept.size() < limit) {
          kept.insert(std::move(name));
        } else if (limit > 0 && name < *kept.rbegin()) {
          kept.erase(std::prev(kept.end()));
          kept.insert(std::move(name));
          ++out.more;
        } else {
          ++out.more;
        }
        break;
      }
    }
    ::closedir(d);
  }
  out.names.assign(kept.begin(), kept.end());
  return out;
}

std::size_t names_limit(uid_t dir_owner) {
  return dir_owner == ::geteuid() ? kNoLimit : kMaxNamesPerDir;
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
