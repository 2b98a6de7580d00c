// What the shared-table commands (host, serve, tables, join) share and
// nobody else needs: writing to the terminal they run in, and closing.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <string_view>

#include "net/hosting.h"
#include "net/server.h"

namespace rt::app {

// Writes to stdout now.
void out(std::string_view s);
bool utf8_locale();
// After the table closed: removes its .table file; says on stderr if the
// game could not be saved (and where the last save is). False then.
bool report_closed_table(const net::OpenedTable& t, const net::Server& server);
// Forks: the parent prints told(child's pid) and exits 0; the child goes on
// in a new session with stdin/stdout/stderr on /dev/null.
void detach_from_terminal(const std::function<std::string(pid_t)>& told);

}  // namespace rt::app
