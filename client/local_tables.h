// The tables of this machine's users (client::Tables over Unix sockets).
#pragma once

#include <memory>
#include <string>

#include "client/tables.h"

namespace rt::client {

// Local tables: `dir` "" looks wherever `racetable tables` looks.
std::shared_ptr<Tables> local_tables(std::string dir);
// Why `choices` cannot be hosted on this machine ("" they can): a bad or
// taken name, invited players without a group, a user name not allowed.
std::string local_host_problem(const shell::AppContext* ctx, const shell::HostChoices& choices);

}  // namespace rt::client
