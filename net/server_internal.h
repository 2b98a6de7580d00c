// What the server's source files share and nobody else sees: one
// connection's state, and small helpers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/table.h"
#include "net/server.h"
#include "net/server_talk.h"
#include "net/sockets.h"

#ifndef RACETABLE_VERSION
#define RACETABLE_VERSION "dev"
#endif

namespace rt::net {

struct Server::Client {
  enum class Kind : std::uint8_t { Hello, Player, Watcher, Info };
  int id = 0;
  int fd = -1;
  PeerCred cred;
  std::string user;
  // Who the one who handed this connection in says it is (add_client()):
  // an SSH player's key; none: the kernel's peer credentials say.
  std::optional<SeatOwner> key;
  bool guest = false;
  Kind kind = Kind::Hello;
  PlayerId seat = -1;
  FrameReader in{kMaxClientFrame};
  std::string out;
  std::size_t out_pos = 0;
  Millis since = 0;
  Millis last_key = 0;  // the person's last key (an answer, talk, "here"): presence
  double tokens = 0;
  Millis tokens_at = 0;
  int board_w = 80;
  int board_h = 16;
  bool unicode = true;
  ScreenModel last_screen;  // the last one sent
  bool screen_sent = false;
  std::size_t log_pos = 0;
  bool dead = false;
  bool close_after_flush = false;
  bool reading = false;
  std::size_t pending() const { return out.size() - out_pos; }
};

// Compares a join code in time independent of where it first differs.
bool same_secret(const std::string& expected, const std::string& given);

}  // namespace rt::net
