// The SSH server's list of tables kept encoded (net/table_process.cpp): each
// table's public listing is encoded again only when what it shows changed
// (Server::ListingState), and the list's version grows with every change, so
// a Tables page that asks every 2 s costs a few hundred string copies, or
// nothing at all when it already has the newest version (or only the tables
// changed since the version it has).
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
  std::uint64_t changed = 0;  // the list's version when this listing was last encoded
  json listing;               // what everyone is shown of it
  std::string encoded;        // dump(listing)
};

class TableListCache {
 public:
  // A version to start from that a restarted process does not repeat.
  explicit TableListCache(std::uint64_t first_version) : first_(first_version), version_(first_version) {}

  // The open tables in list order, each with its serial; `describe` makes a
  // table's listing (called only for a table that is new or changed).
  void refresh(const std::vector<std::pair<const Server*, std::uint64_t>>& open,
               const std::function<json(const Server&)>& describe);
  std::uint64_t version() const { return version_; }
  // Whether `v` is an earlier version of this list (so the tables changed
  // since are those whose `changed` is later), not another process's.
  bool earlier(std::uint64_t v) const { return v >= first_ && v < version_; }
  const std::vector<ListedTable>& tables() const { return tables_; }

 private:
  std::uint64_t first_;
  std::uint64_t version_;
  std::vector<ListedTable> tables_;
};

}  // namespace rt::net
