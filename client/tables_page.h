// The shell's pages over client::Tables, either backend: the Tables page, and
// hosting a table set up in the shell and sitting down at it.
#pragma once

#include <memory>
#include <string>

#include "client/tables.h"
#include "tui/shell/screen.h"

namespace rt::client {

// The Tables page over `tables`.
std::unique_ptr<shell::Screen> make_tables_page(shell::AppContext& ctx, std::shared_ptr<Tables> tables);
// Hosts `request` as `choices` say and sits down (after the join code is
// shown, for a table with one); nullptr and `error` when it fails.
std::unique_ptr<shell::Screen> host_and_sit(shell::AppContext& ctx, Tables& tables,
                                            const setup::TableRequest& request,
                                            const shell::HostChoices& choices, std::string& error);

}  // namespace rt::client
