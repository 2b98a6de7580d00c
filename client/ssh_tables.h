// The SSH server's tables (client::Tables over a session's tables link,
// net/table_broker.h): the backend of a shell run by `serve --ssh`.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "client/tables.h"
#include "games/setup.h"
#include "net/protocol.h"
#include "tui/shell/play_table.h"
#include "tui/shell/shared_tables.h"

namespace rt::client {

// The descriptor named by RACETABLE_TABLES_FD when it is a tables link
// (a SOCK_SEQPACKET socket), else -1; the variable is removed.
int take_tables_fd();

// The server's tables over the link `fd` (owned).
std::shared_ptr<Tables> ssh_tables(int fd);
// The same as the shell's SharedTables (the Tables page, hosting).
std::unique_ptr<shell::SharedTables> make_ssh_shared_tables(int fd);

// The host request the table process takes for `choices` (docs/PROTOCOL.md).
net::json ssh_host_request(const setup::TableRequest& request, const shell::HostChoices& choices);
// Why `choices` cannot be hosted on the server ("" they can): a bad table
// name, or an invited player's name that no one could register.
std::string ssh_host_problem(const shell::HostChoices& choices);
// `ssh -t HOST watch TABLE`: what opens the shell watching `table` over the
// link of `tables` (make_ssh_shared_tables()'s), for ShellOptions::open_table.
std::function<std::unique_ptr<shell::PlayTable>()> ssh_watch_opener(const shell::SharedTables& tables,
                                                                    std::string table, bool unicode,
                                                                    std::string player_name);

}  // namespace rt::client
