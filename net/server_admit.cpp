// Who comes in: connections accepted on the table's socket (the kernel
// says who they are) or handed in by the SSH server's table process (a
// key says), the room each user or key may take, and who the host is.
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "net/seat_names.h"
#include "net/server_internal.h"
#include "net/sockets.h"

namespace rt::net {

SeatOwner Server::identity(const Client& c) {
  if (c.key) return *c.key;
  return SeatOwner::of_uid(c.cred.uid, c.user);
}

std::string Server::peer_of(const Client& c) {
  if (c.key) return c.key->key;
  return fmt::format("uid {}", c.cred.uid);
}

std::string Server::who(const Client& c) {
  if (c.key)
    return is_guest_owner(*c.key) ? fmt::format("{} (a guest)", c.user)
                                  : fmt::format("{} (key {})", c.user, c.key->key);
  return fmt::format("{} (uid {}, pid {})", c.user, c.cred.uid, c.cred.pid);
}

bool Server::is_host(const Client& c) const {
  // Every SSH player's connection comes from this process's own account:
  // at such a table the host is a key, and no connection is the host by uid.
  if (c.key) return opt_.host_key && opt_.host_key->same_person(*c.key);
  return !opt_.no_socket && c.cred.uid == host_uid_;
}

std::string Server::host_name() const {
  if (opt_.host_key) return opt_.host_key->name;
  return user_name(host_uid_);
}

void Server::seat_takes_name(PlayerId seat, const std::string& person) {
  std::vector<std::string> names;
  std::vector<SeatName> whose;
  PlayerId p = 0;
  for (const Seat& seat : table_->seats()) {
    names.push_back(seat.name);
    whose.push_back(!person_seat(p)   ? SeatName::Computer
                    : seats_[p].owner ? SeatName::Person
                                      : SeatName::Placeholder);
    ++p;
  }
  const std::vector<std::string> renamed =
      names_once_seated(names, whose, static_cast<std::size_t>(seat), person);
  if (renamed == names) return;
  try {
    rename_table_seats(*table_, renamed, opt_.data_dir);
  } catch (const std::exception& e) {
    say(fmt::format("{} keeps its name: {}", seat_label(seat), e.what()));
    return;
  }
  for (std::size_t p = 0; p < names.size(); ++p)
    if (names[p] != renamed[p])
      say(fmt::format("seat {} ({}) is now called {}", p + 1, names[p], renamed[p]));
  changed_ = true;
}

json Server::listing() const {
  const Client nobody;
  return table_info(nobody);
}

std::unique_ptr<Server::Client> Server::new_client(int fd, Millis real) {
  auto c = std::make_unique<Client>();
  c->id = next_client_id_++;
  c->fd = fd;
  c->since = real;
  c->tokens = opt_.flood_burst;  // a full bucket for the flood limit
  c->tokens_at = real;
  return c;
}

void Server::accept_all(Millis real) {
  for (int k = 0; k < 64; ++k) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    auto c = new_client(fd, real);
    c->cred = peer_credentials(fd);
    c->user = c->cred.ok ? user_name(c->cred.uid) : "unknown";
    ++stats_.connections;
    bool allowed = c->cred.ok &&
                   (c->cred.uid == host_uid_ || (opt_.group_set && peer_in_group(fd, c->cred, opt_.group)));
    if (!allowed) {
      ++stats_.refused;
      say_peer(*c, PeerLine::NotAllowed,
               fmt::format("refused {} (uid {}, pid {}): not allowed at this table", c->user, c->cred.uid,
                           c->cred.pid));
      ::close(fd);
      continue;
    }
    if (!make_room(*c)) {
      c->kind = Client::Kind::Info;
      refuse(*c, no_room_reason(*c), "busy");
      ::close(fd);
      continue;
    }
    clients_.push_back(std::move(c));
  }
}

bool Server::add_client(int fd, const SeatOwner& person, bool guest, std::string& why) {
  const Millis real = now();
  auto c = new_client(fd, real);
  c->cred.ok = true;
  c->cred.uid = host_uid_;
  c->cred.pid = ::getpid();
  c->key = person;
  c->guest = guest;
  c->user = person.name;
  ++stats_.connections;
  if (!make_room(*c)) {
    ++stats_.refused;
    why = no_room_reason(*c);
    say_peer(*c, PeerLine::Refused, fmt::format("refused {}: {}", who(*c), why));
    ::close(fd);
    return false;
  }
  clients_.push_back(std::move(c));
  changed_ = true;
  return true;
}

int Server::per_peer(const std::string& peer) const {
  int n = 0;
  for (const auto& c : clients_)
    if (!c->dead && peer_of(*c) == peer) ++n;
  return n;
}

int Server::watching(const std::string& peer) const {
  int n = 0;
  for (const auto& c : clients_)
    if (!c->dead && c->kind == Client::Kind::Watcher && peer_of(*c) == peer) ++n;
  return n;
}

bool Server::host_or_seated(const Client& c) const {
  if (is_host(c)) return true;
  const SeatOwner me = identity(c);
  return std::any_of(seats_.begin(), seats_.end(),
                     [&](const SeatState& s) { return s.owner && s.owner->same_person(me); });
}

int Server::reserved_connections() const {
  int seats = 0;
  for (PlayerId p = 0; p < seats_.seats(); ++p)
    if (person_seat(p)) ++seats;
  return 1 + seats;
}

std::string Server::no_room_reason(const Client& c) const {
  if (!is_host(c) && per_peer(peer_of(c)) >= opt_.max_connections_per_uid)
    return fmt::format("you have {} connections open to this table: close one first",
                       opt_.max_connections_per_uid);
  return "the table is full of connections: try again later";
}

bool Server::make_room(const Client& newcomer) {
  const std::string peer = peer_of(newcomer);
  const bool host = is_host(newcomer);
  if (!host && per_peer(peer) >= opt_.max_connections_per_uid) return false;
  std::map<std::string, int> open;
  int live = 0;
  int others = 0;  // connections of people neither the host nor seated
  for (const auto& c : clients_)
    if (!c->dead) {
      ++open[peer_of(*c)];
      ++live;
      if (!host_or_seated(*c)) ++others;
    }
  // The last slots are the host's and the seated players', whoever else fills the rest.
  if (!host_or_seated(newcomer))
    return live < opt_.max_connections && others < opt_.max_connections - reserved_connections();
  if (live < opt_.max_connections) return true;
  // Full all the same (the seated players' own connections): the peer with
  // the most connections loses its oldest one that has not said hello, else
  // its oldest watcher who is neither the host nor seated.
  const auto evictable = [&](const Client& c) {
    if (c.dead || peer_of(c) == peer) return 0;
    if (c.kind == Client::Kind::Hello) return 2;
    return c.kind == Client::Kind::Watcher && !host_or_seated(c) ? 1 : 0;
  };
  Client* victim = nullptr;
  for (const auto& c : clients_) {
    const int rank = evictable(*c);
    if (rank == 0) continue;
    const int victim_rank = victim ? evictable(*victim) : 0;
    if (rank > victim_rank || (rank == victim_rank && open[peer_of(*c)] > open[peer_of(*victim)]))
      victim = c.get();
  }
  if (!victim) return false;
  drop(*victim, "closed to make room for a player");
  return true;
}

}  // namespace rt::net
