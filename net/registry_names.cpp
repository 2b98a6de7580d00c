#include "net/registry_names.h"

#include <utility>

#include "net/registry_db.h"
#include "net/ssh_identity.h"

namespace rt::net {

RegistryNames::RegistryNames(std::string state_dir) : state_dir_(std::move(state_dir)) {}

RegistryNames::~RegistryNames() = default;

const std::vector<std::string>& RegistryNames::names() {
  try {
    if (!db_) {
      db_ = std::make_unique<RegistryDb>(state_dir_);
      read_at_ = -1;
    }
    // Changes whenever another connection committed since this one last asked.
    RegistryQuery version(*db_, "PRAGMA data_version");
    const std::int64_t now = version.step() ? version.integer(0) : -1;
    if (now < 0 || now != read_at_) {
      names_ = PlayerRegistry::names(*db_);
      read_at_ = now;
    }
  } catch (...) {
    db_.reset();
    throw;
  }
  return names_;
}

}  // namespace rt::net
