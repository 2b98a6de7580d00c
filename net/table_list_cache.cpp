#include "net/table_list_cache.h"

#include <unordered_map>

namespace rt::net {

void TableListCache::refresh(const std::vector<std::pair<const Server*, std::uint64_t>>& open,
                             const std::function<json(const Server&)>& describe) {
  // Serials, not addresses, say which table an entry is: a closed table's
  // memory may hold the next one.
  std::unordered_map<std::uint64_t, std::size_t> was;
  for (std::size_t k = 0; k < tables_.size(); ++k) was[tables_[k].serial] = k;
  bool changed = open.size() != tables_.size();
  std::vector<ListedTable> now;
  now.reserve(open.size());
  for (std::size_t k = 0; k < open.size(); ++k) {
    const auto& [server, serial] = open[k];
    Server::ListingState state = server->listing_state();
    const auto it = was.find(serial);
    if (it != was.end() && tables_[it->second].state == state) {
      changed = changed || it->second != k;
      now.push_back(std::move(tables_[it->second]));
      now.back().server = server;
      continue;
    }
    changed = true;
    ListedTable t;
    t.server = server;
    t.serial = serial;
    t.state = std::move(state);
    t.changed = version_ + 1;  // the version this refresh makes
    t.listing = describe(*server);
    t.encoded = dump(t.listing);
    now.push_back(std::move(t));
  }
  tables_ = std::move(now);
  if (changed) ++version_;
}

}  // namespace rt::net
