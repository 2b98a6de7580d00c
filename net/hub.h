// One process serving many tables (`racetable serve`): one epoll loop over
// every table's listening socket and clients, one timer heap for their wake
// times, and saves written by a few writer threads so no table's screens wait
// for another table's fsync. Each table is still its own Server: its own
// socket, directory, permissions, join code and peer checks, exactly as a
// table served alone (net/server.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

#include "net/server.h"

namespace rt::net {

class ThreadedSaveWriter;

class Hub {
 public:
  explicit Hub(int writer_threads = 4);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // The writer every table added here uses.
  SaveWriter* writer();
  // An opened table (Server::open() done); its saves go through writer().
  void add(std::unique_ptr<Server> server);
  // Serves until every table has closed or a stop signal arrived (then every
  // table is saved and closed). Calls `closed` with each table as it closes,
  // its last save written.
  void run(const std::function<void(Server&)>& closed = {});
  std::size_t tables() const { return live_; }

  // For a process that serves tables made while it runs (the SSH server's
  // table process, net/table_process.h): run() goes on with no table at
  // all until a stop signal; other descriptors are waited on beside the
  // tables' (`on_ready` when readable or hung up; unwatch() before closing).
  void stay_open(bool on) { stay_open_ = on; }
  void watch(int fd, std::function<void()> on_ready);
  void unwatch(int fd);
  // The open tables, in the order they were added.
  std::vector<Server*> servers() const;
  // Serves `server` now: after a client was handed to it (Server::add_client).
  void poke(Server& server);

 private:
  struct Entry;
  void service(std::size_t slot, const std::vector<pollfd>& ready, Millis hub_now);
  void sync_fds(std::size_t slot);
  void schedule(std::size_t slot, Millis hub_now);
  void unschedule(std::size_t slot);
  void close_table(std::size_t slot, const std::function<void(Server&)>& closed);
  void take_saves();

  int epoll_fd_ = -1;
  std::unique_ptr<ThreadedSaveWriter> writer_;
  std::vector<std::unique_ptr<Entry>> entries_;
  std::size_t live_ = 0;
  // Every table's next wake time, soonest first: (time, slot).
  std::set<std::pair<Millis, std::size_t>> wakes_;
  std::unordered_map<const Server*, std::size_t> slot_of_;
  bool stay_open_ = false;
  bool running_ = false;
  std::unordered_map<int, std::function<void()>> watched_;
};

}  // namespace rt::net
