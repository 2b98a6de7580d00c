// Every registered player's name for a long-lived process (the SSH server's
// table process, which checks each hosted table's computer seats against
// them): one connection to the registry kept open, and the names read again
// only when another process committed to it since (PRAGMA data_version), so
// a host at a server of 1000 players reads no 1000 names.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rt::net {

class RegistryDb;

class RegistryNames {
 public:
  explicit RegistryNames(std::string state_dir);
  ~RegistryNames();
  RegistryNames(const RegistryNames&) = delete;
  RegistryNames& operator=(const RegistryNames&) = delete;

  // The names as registered now. Throws UserError as RegistryDb does (the
  // connection is opened again at the next call).
  const std::vector<std::string>& names();

 private:
  std::string state_dir_;
  std::unique_ptr<RegistryDb> db_;
  std::int64_t read_at_ = -1;  // the data_version the names were read at
  std::vector<std::string> names_;
};

}  // namespace rt::net
