// Taking over the registry's files of before (players/ID/identity, keys/,
// banned/) into the database (net/registry_db.h), inside the transaction
// that makes its tables: a migration killed half-way leaves nothing and is
// done again at the next opening.
#pragma once

#include <string>
#include <vector>

namespace rt::net {

class RegistryDb;

// Inserts every player and ban the files hold. A record it cannot read
// keeps its name (the player is told to ask the operator); a claim cut
// short (an empty players/ID) is freed. Returns one line per such problem,
// then one saying what was taken over. The files are left as they were.
std::vector<std::string> migrate_registry_files(const RegistryDb& db, const std::string& state_dir);

}  // namespace rt::net
