// The SSH server's list of tables kept encoded (net/table_process.cpp): each
// table's public listing is encoded again only when what it shows changed
// (Server::ListingState), and the list's version grows with every change, so
// a Tables page that asks every 2 s costs a few hundred string copies, or
// nothing at all when it already has the newest version.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "net/protocol.h"
#include "net/server.h"

namespace rt::net {

struct ListedTable {
  const Server* server = nullptr;
  std::uint64_t serial = 0;  // the table process's number for this opening of the table
  Server::ListingState state;
  json listing;         // what everyone is shown of it
  std::string encoded;  // dump(listing)
};

class TableListCache {
 public:
  // A version to start from that a restarted process does not repeat.
  explicit TableListCache(std::uint64_t first_version) : version_(first_version) {}

  // The open tables in list order, each with its serial; `describe` makes a
  // table's listing (called only for a table that is new or changed).
  void refresh(const std::vector<std::pair<const Server*, std::uint64_t>>& open,
               const std::function<json(const Server&)>& describe);
  std::uint64_t version() const { return version_; }
  const std::vector<ListedTable>& tables() const { return tables_; }

 private:
  std::uint64_t version_;
  std::vector<ListedTable> tables_;
};

}  // namespace rt::net
