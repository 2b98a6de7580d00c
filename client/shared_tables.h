// The shell's shared tables on this machine, filled with the client layer's
// local backend: where the shell (tui/) and the tables (net/) meet.
#pragma once

#include "tui/shell/shared_tables.h"

namespace rt::client {

// The program's SharedTables: the Tables page, hosting, and watchers of a
// local game served by net::WatchMirror. One for the whole program.
const shell::SharedTables& shared_tables();

}  // namespace rt::client
