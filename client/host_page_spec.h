// The shell's Host page as a TableSpec: the game set up on the seats and
// options pages and the Host page's choices, described once for a table on
// this machine and one on the SSH server alike.
#pragma once

#include "games/setup.h"
#include "net/table_spec.h"
#include "tui/shell/shared_tables.h"

namespace rt::client {

// `request`'s seats: "human" the host's own, "remote" a person elsewhere.
net::TableSpec host_page_spec(const setup::TableRequest& request, const shell::HostChoices& choices);

}  // namespace rt::client
