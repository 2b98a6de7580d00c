// Shared tables in a shell run by `serve --ssh` (app/ssh_tables.cpp): the
// server's table process, over this session's tables link.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "games/setup.h"
#include "net/protocol.h"
#include "tui/shell/shared_tables.h"

namespace rt::app {

// The shell's end of its tables link (net/table_broker.h): one question at
// a time, each answered within a deadline.
class SshTablesLink {
 public:
  explicit SshTablesLink(int fd);
  ~SshTablesLink();
  SshTablesLink(const SshTablesLink&) = delete;
  SshTablesLink& operator=(const SshTablesLink&) = delete;
  // The answer; a descriptor it carried in `got_fd` (else closed). Throws
  // UserError with the server's reason (printable), or when no answer came.
  net::json ask(net::json request, int* got_fd = nullptr, int timeout_ms = 5000);

 private:
  int fd_;
  std::uint64_t next_id_ = 0;
};

// The descriptor named by RACETABLE_TABLES_FD when it is a tables link
// (a SOCK_SEQPACKET socket), else -1; the variable is removed.
int take_tables_fd();

// The server's tables as the shell's SharedTables (the Tables page, hosting).
std::unique_ptr<shell::SharedTables> make_ssh_tables(int fd);

// Sits down at table `name` (seat > 0) or watches it (0): the play screen,
// or nullptr and `error`.
std::unique_ptr<shell::Screen> sit_at_ssh_table(shell::AppContext& ctx, SshTablesLink& link,
                                                const std::string& name, int seat, const std::string& code,
                                                std::string& error);
// Asks who may come, hosts `request` in the table process and sits down.
std::unique_ptr<shell::Screen> host_ssh_table(shell::AppContext& ctx, SshTablesLink& link,
                                              const setup::TableRequest& request, std::string& error);
// The Tables page of the server's tables.
std::unique_ptr<shell::Screen> make_ssh_tables_page(shell::AppContext& ctx, SshTablesLink& link);

}  // namespace rt::app
