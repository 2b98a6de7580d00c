// Shared tables in a shell run by `serve --ssh` (app/ssh_tables.cpp): the
// server's table process, over this session's tables link.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "games/setup.h"
#include "net/protocol.h"
#include "net/table_broker.h"
#include "tui/shell/play_table.h"
#include "tui/shell/shared_tables.h"

namespace rt::app {

// The descriptor named by RACETABLE_TABLES_FD when it is a tables link
// (a SOCK_SEQPACKET socket), else -1; the variable is removed.
int take_tables_fd();

// The server's tables as the shell's SharedTables (the Tables page, hosting).
std::unique_ptr<shell::SharedTables> make_ssh_tables(int fd);

// Sits down at table `name` (seat > 0) or watches it (0): the play screen,
// or nullptr and `error`.
std::unique_ptr<shell::Screen> sit_at_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                                const std::string& name, int seat, const std::string& code,
                                                std::string& error);
// Hosts `request` in the table process as `choices` say (the Host page's)
// and sits down (after the join code is shown, for a table with one).
std::unique_ptr<shell::Screen> host_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                              const setup::TableRequest& request,
                                              const shell::HostChoices& choices, std::string& error);
// The host request the table process takes for `choices` (docs/PROTOCOL.md).
net::json ssh_host_request(const setup::TableRequest& request, const shell::HostChoices& choices);
// Why `choices` cannot be hosted on the server ("" they can): a bad table
// name, or an invited player's name that no one could register.
std::string ssh_host_problem(const shell::HostChoices& choices);
// A connection to table `name` over the link, with the hello said and the
// welcome read: for the play screen (seat > 0) or a watcher's (0). Throws
// UserError with the table's reason (printable).
std::unique_ptr<shell::PlayTable> connect_ssh_table(shell::AppContext& ctx, net::TablesLink& link,
                                                    const std::string& name, int seat,
                                                    const std::string& code);
// `ssh -t HOST watch TABLE`: what opens the shell watching `table` over the
// link of `tables` (make_ssh_tables()'s), for ShellOptions::open_table.
std::function<std::unique_ptr<shell::PlayTable>()> ssh_watch_opener(const shell::SharedTables& tables,
                                                                    std::string table, bool unicode,
                                                                    std::string player_name);
// The Tables page of the server's tables.
std::unique_ptr<shell::Screen> make_ssh_tables_page(shell::AppContext& ctx, net::TablesLink& link);

}  // namespace rt::app
