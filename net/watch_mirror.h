// A local game opened to watchers (the play screen's "Let others watch"):
// a table server in watch-only mode over a copy of the game. The local game
// stays the authority: after each of its steps, follow() replays the new
// steps into the copy (the same Table code, so the same events), and the
// server sends each watcher the public screen and log lines only, exactly as
// to a watcher of a hosted table. The directory, socket, peer checks, join
// code and group rules are the Server's own (net/server.h).
//
// It never blocks: serve() handles what is ready now; wake_fd() is one epoll
// descriptor over the listening socket and every watcher's, readable when
// any of them is, for the shell's single poll (tui/shell/app.cpp).
#pragma once

#include <poll.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/pacer.h"
#include "core/table.h"
#include "net/server.h"  // MirrorPace

namespace rt::net {

// Who may watch: the host's own account (the default), or a Unix group;
// with or without a join code.
struct WatchSettings {
  std::string name;   // "" the game's id, numbered when taken
  std::string dir;    // "" default_table_dir() (or the group's directory)
  std::string group;  // "" only this account
  bool code = false;  // a fresh join code is made and must be given
};

class WatchMirror {
 public:
  // Opens the table for watchers of `source` (its history so far replayed
  // into the copy). `clock`: the caller's real time. Throws UserError
  // (directory not safe, name taken, not in the group...).
  WatchMirror(const Table& source, WatchSettings settings, std::function<Millis()> clock);
  ~WatchMirror();
  WatchMirror(const WatchMirror&) = delete;
  WatchMirror& operator=(const WatchMirror&) = delete;

  // Replays `source`'s new steps into the copy and takes the game's pace
  // (its phase, the tick its view is drawn at, the race picture and contest
  // result on its screen). Throws RuleError if the copy and the game part
  // ways (never, when they are the same game).
  void follow(const Table& source, const MirrorPace& pace);
  // Accepts watchers, reads and writes what is ready; never waits.
  void serve(Millis real);
  // When serve() has something to do without a socket being ready.
  Millis wake_at(Millis real) const;
  int wake_fd() const { return epoll_fd_; }

  int watchers() const;
  const std::string& name() const { return name_; }
  const std::string& dir() const { return dir_; }
  const std::string& group() const { return group_; }
  // The join code watchers must give ("" none): shown to the host only.
  const std::string& code() const { return code_; }
  // What a watcher runs: racetable join NAME --dir DIR --watch [--code].
  std::string command() const;

 private:
  void sync_fds();

  std::unique_ptr<Server> server_;
  std::string name_, dir_, group_, code_;
  int epoll_fd_ = -1;
  std::vector<pollfd> registered_;  // what the epoll set holds now
};

}  // namespace rt::net
