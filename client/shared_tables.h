// The shell's shared tables, filled with the table server's code: the one
// place where the shell (tui/) and the server (net/) meet.
#pragma once

#include "tui/shell/shared_tables.h"

namespace rt::app {

// The program's SharedTables: the Tables page, hosting, and watchers of a
// local game served by net::WatchMirror. One for the whole program.
const shell::SharedTables& shared_tables();

}  // namespace rt::app
