// What the shared-table commands' source files share (host_command.cpp,
// tables_command.cpp, join_command.cpp, codes.cpp, commands.cpp) and nobody
// else needs.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tui/net/commands.h"
#include "tui/net/server.h"

namespace rt::net {

// A descriptor closed with its last owner (a table's log file).
struct FileDescriptor {
  int fd = -1;
  bool owned = false;
  FileDescriptor() = default;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (owned && fd >= 0) ::close(fd);
  }
};

// A table `host` (or `serve`) has opened: its server listens, nothing is
// served yet.
struct OpenedTable {
  std::unique_ptr<Server> server;
  std::string name, dir, save_path, game_id;
  std::string how;        // what the host is told: the table, its seats, how to join
  std::string code_text;  // the join code, for the host's eyes only
};
// Builds the game (or resumes it), checks every setting, opens the socket.
// `log_to_file`: the table logs to DIR/NAME.log (else stderr). `writer`:
// saves go through it (a host of many tables), else in the serving loop.
// Throws UserError/OptionError.
OpenedTable open_hosted_table(HostSettings& s, bool log_to_file, SaveWriter* writer);
// DIR/NAME.table for `racetable tables`, with this process's pid.
void write_table_info(const OpenedTable& t);
// After the table closed: removes its .table file; says on stderr if the
// game could not be saved (and where the last save is). False then.
bool report_closed_table(const OpenedTable& t, const Server& server);
// Forks: the parent prints told(child's pid) and exits 0; the child goes on
// in a new session with stdin/stdout/stderr on /dev/null.
void detach_from_terminal(const std::function<std::string(pid_t)>& told);

// Writes to stdout now.
void out(std::string_view s);
// DIR/NAME.table: what `racetable tables` reads about a running table.
std::string info_path(const std::string& dir, const std::string& name);
// Whether anything (even a dangling symlink) is at `path`.
bool exists(const std::string& path);
// Where to look for tables: ours, then group tables under /tmp we may enter.
std::vector<std::string> candidate_dirs();
// The names in `dir` ending in `suffix`, without it, sorted.
std::vector<std::string> names_in(const std::string& dir, const std::string& suffix);
bool utf8_locale();
// " --dir DIR", or "" for the default directory.
std::string dir_flag(const std::string& dir);
// Without leading and trailing blanks.
std::string trim(const std::string& s);

}  // namespace rt::net
