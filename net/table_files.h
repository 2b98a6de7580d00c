// The files of a table's directory and the directories where tables are
// looked for: what hosting, the lobby and the watch mirror share.
#pragma once

#include <string>
#include <vector>

namespace rt::net {

// DIR/NAME.table: what `racetable tables` reads about a running table.
std::string info_path(const std::string& dir, const std::string& name);
// Whether anything (even a dangling symlink) is at `path`.
bool exists(const std::string& path);
// Where to look for tables: ours, then group tables under /tmp we may enter.
std::vector<std::string> candidate_dirs();
// The names in `dir` ending in `suffix`, without it, sorted.
std::vector<std::string> names_in(const std::string& dir, const std::string& suffix);
// " --dir DIR", or "" for the default directory.
std::string dir_flag(const std::string& dir);
// Without leading and trailing blanks.
std::string trim(const std::string& s);

}  // namespace rt::net
