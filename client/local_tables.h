// The shell's pages for shared tables, made from the table server's client
// side: the Tables page and hosting a table set up in the shell. The shell
// reaches them through SharedTables (app/shared_tables.h).
#pragma once

#include <memory>
#include <string>

#include "games/setup.h"
#include "tui/shell/screen.h"
#include "tui/shell/shared_tables.h"

namespace rt::shell {

// Shared tables: the ones this user can reach, to join, watch or rejoin.
std::unique_ptr<Screen> make_tables_screen(AppContext& ctx);
// Hosts `request` (seats "remote" are people at other terminals) as a shared
// table in the background and sits down at it; nullptr and `error` when it fails.
std::unique_ptr<Screen> host_table_screen(AppContext& ctx, const setup::TableRequest& request,
                                          const HostChoices& choices, std::string& error);
// Why `choices` cannot be hosted on this machine ("" they can): a bad or
// taken name, invited players without a group, a user name not allowed.
std::string local_host_problem(const AppContext* ctx, const HostChoices& choices);

}  // namespace rt::shell
