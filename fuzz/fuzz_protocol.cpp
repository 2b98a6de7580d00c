// libFuzzer target: the table protocol with any bytes. The input is read
// twice: as what a server might send (frames into the client's state, and
// through a socket into the shell's play screen, drawn), and as what a client might send to a real table
// server over its Unix socket. Neither side may crash, hang or grow without bound; the server must drop or
// answer the client and stay usable.
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "client/remote_table.h"
#include "games/registry.h"
#include "games/setup.h"
#include "net/client.h"
#include "net/server.h"
#include "net/sockets.h"
#include "tui/shell/screens.h"

namespace {

const std::string& scratch_dir() {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/racetable-fuzz-XXXXXX";
    const char* d = ::mkdtemp(tmpl);
    return std::string(d ? d : "/tmp") + "/sock";
  }();
  return dir;
}

void as_server_output(const std::uint8_t* data, std::size_t size) {
  rt::net::FrameReader reader(rt::net::kMaxServerFrame);
  reader.feed(reinterpret_cast<const char*>(data), size);
  rt::net::ClientState state;
  std::string body, error;
  while (reader.next(body, error) == rt::net::FrameReader::Status::Frame) {
    try {
      const rt::net::json m = rt::net::parse_message(body);
      state.apply(m);
      (void)rt::net::read_hello(m);
    } catch (const rt::net::ProtocolError&) {
    }
    try {
      (void)rt::net::read_act(rt::net::parse_message(body));
    } catch (const rt::net::ProtocolError&) {
    }
  }
  if (state.has_screen()) (void)rt::net::decode_board(state.screen());
  // The same bytes through the socket into the shell's play screen, drawn.
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) std::abort();
  const long n =
      rt::net::write_some(sv[0], reinterpret_cast<const char*>(data), std::min<std::size_t>(size, 60000));
  (void)n;
  ::shutdown(sv[0], SHUT_WR);
  rt::shell::AppContext ctx;
  const rt::net::json welcome{{"type", "welcome"}, {"seat", 1}};
  auto screen = rt::shell::make_table_screen(
      ctx, rt::client::make_remote_table(rt::net::Connection(sv[1]), welcome,
                                         rt::client::RemoteSettings{"f", "/tmp", "", {}}));
  rt::Canvas canvas(80, 24, true);
  for (rt::shell::Millis now = 0; now < 40; now += 10) {
    screen->tick(now);
    screen->draw(canvas, now);
  }
  ::close(sv[0]);
}

void as_client_input(const std::uint8_t* data, std::size_t size) {
  rt::setup::TableRequest req;
  req.game = rt::builtin_registry().all().front().info.id;
  req.seats = {"human", "normal"};  // one hello starts the game
  req.players = 2;
  rt::net::ServerOptions opt;
  opt.dir = scratch_dir();
  opt.name = "f";
  opt.pace_ms = 0;
  opt.ready_ms = 0;
  opt.after_contest_ms = 0;
  static rt::net::Millis fake = 0;
  opt.clock = [] { return fake += 10; };
  rt::net::Server server(rt::setup::make_table(req, 1), opt);
  server.open();
  std::string err;
  const int fd = rt::net::connect_unix(server.socket_path(), err);
  if (fd < 0) std::abort();
  rt::net::set_nonblocking(fd);
  char sink[65536];
  std::size_t sent = 0;
  for (int round = 0; round < 64; ++round) {
    if (sent < size) {
      // Two pieces: a message may arrive cut anywhere.
      const std::size_t piece = sent == 0 ? (size + 1) / 2 : size - sent;
      const long n = rt::net::write_some(fd, reinterpret_cast<const char*>(data) + sent, piece);
      if (n > 0) sent += static_cast<std::size_t>(n);
      if (sent == size || n < 0) ::shutdown(fd, SHUT_WR);
    }
    server.poll_once(0);
    const long r = rt::net::read_some(fd, sink, sizeof sink);
    if (r == 0 || r == -2) break;  // the server closed this connection
  }
  ::close(fd);
  for (int i = 0; i < 4; ++i) server.poll_once(0);
  if (server.connected() != 0) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  as_server_output(data, size);
  as_client_input(data, size);
  return 0;
}
