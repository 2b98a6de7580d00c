// The files of a table's directory and the directories where tables are
// looked for: what hosting, the lobby and the watch mirror share.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace rt::net {

// DIR/NAME.table: what `racetable tables` reads about a running table.
std::string info_path(const std::string& dir, const std::string& name);
// Whether anything (even a dangling symlink) is at `path`.
bool exists(const std::string& path);
// How much the lobby reads of what other users made, so that 100,000 names
// planted in one directory (or as many directories under /tmp) cost little:
// the first names in sort order, the rest counted and said, never read further.
inline constexpr std::size_t kMaxNamesPerDir = 200;  // tables in a directory of another user
inline constexpr std::size_t kMaxDirsPerOwner = 8;   // /tmp/racetable-* directories of another user
inline constexpr std::size_t kNoLimit = std::numeric_limits<std::size_t>::max();

// Where to look for tables: ours, then the directories under /tmp we may
// enter that belong to a group of ours, then other users', each sorted; at
// most kMaxDirsPerOwner of each other user's, the rest counted in `left_out`
// ("3 more directories of nobody under /tmp not read").
std::vector<std::string> candidate_dirs(std::vector<std::string>* left_out = nullptr);
// The names in `dir` ending in one of `suffixes` (without it), each once,
// sorted: at most `limit` of them (the first in sort order); `more` counts
// the entries left out. Linear in the directory's size.
struct DirNames {
  std::vector<std::string> names;
  std::size_t more = 0;
};
DirNames names_in(const std::string& dir, std::initializer_list<std::string_view> suffixes,
                  std::size_t limit);
// kNoLimit for a directory of ours, kMaxNamesPerDir for anyone else's.
std::size_t names_limit(uid_t dir_owner);
// Removes what a killed writer left of `path`'s atomic writes
// (write_file_atomically: PATH.tmp-XXXXXX): files of ours only, never
// following a link. Called once the table's socket is ours, so no live
// server of that table is writing them.
void remove_stale_temp_files(const std::string& path);
// " --dir DIR", or "" for the default directory.
std::string dir_flag(const std::string& dir);
// Without leading and trailing blanks.
std::string trim(const std::string& s);

}  // namespace rt::net
