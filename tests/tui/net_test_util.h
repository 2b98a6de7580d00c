// Helpers for the shared-table tests: a server on a temporary socket
// directory with a fake clock, driven one poll at a time from the test's own
// thread, and scripted clients that play from what their screens ask.
#pragma once

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/save.h"
#include "games/registry.h"
#include "games/setup.h"
#include "net/client.h"
#include "net/server.h"
#include "net/sockets.h"

namespace nettest {

using namespace rt;
using namespace rt::net;

inline std::string make_temp_dir() {
  char tmpl[] = "/tmp/racetable-nettest-XXXXXX";
  const char* d = ::mkdtemp(tmpl);
  return d ? d : "/tmp";
}

struct TempDir {
  std::string path = make_temp_dir();
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

inline std::unique_ptr<Table> new_table(const std::string& game, const std::vector<std::string>& seats,
                                        std::uint64_t seed) {
  setup::TableRequest req;
  req.game = game;
  req.seats = seats;
  req.players = static_cast<int>(seats.size());
  return setup::make_table(req, seed);
}

// A server with a fake clock that moves `step_ms` per pump.
struct Harness {
  TempDir dir;
  Millis clock = 1000;
  Millis step_ms = 20;
  std::unique_ptr<Server> server;
  std::map<int, std::string> sent;  // every byte sent, by client id
  std::vector<std::string> log;
  std::function<void(int, std::string_view)> on_frame;

  ServerOptions options(const std::string& name = "t") {
    ServerOptions o;
    o.dir = dir.path + "/sock";
    o.name = name;
    o.save_path = dir.path + "/game.save";
    o.pace_ms = 0;
    o.ready_ms = 100;
    o.after_contest_ms = 0;
    o.clock = [this] { return clock; };
    o.log = [this](std::string_view l) { log.emplace_back(l); };
    return o;
  }
  void start(std::unique_ptr<Table> table, ServerOptions o, std::vector<Event> earlier = {}) {
    server = std::make_unique<Server>(std::move(table), std::move(o), std::move(earlier));
    server->on_send = [this](int id, std::string_view bytes) {
      sent[id].append(bytes);
      if (on_frame) on_frame(id, bytes);
    };
    server->open();
  }
  bool pump() {
    const bool more = server->poll_once(0);
    clock += step_ms;
    return more;
  }
  std::string sock_dir() const { return dir.path + "/sock"; }
};

// A client in the test's thread, talking through a real socket.
struct Scripted {
  Connection conn;
  ClientState st;
  json welcome;
  int server_id = 0;  // the server's id for this connection
  bool open = true;
  std::string error;
  std::uint64_t answered_ask = 0;
  std::uint32_t answered_contest_screen = 0;
  std::uint64_t screens_seen = 0;
  int timed_wait = 0;
  int timed_delay = 0;
  int decisions = 0;
  Rng rng{Rng::stream(99, "scripted")};

  // Reads whatever arrived; returns the messages.
  std::vector<json> poll() {
    std::vector<json> msgs;
    if (!open) return msgs;
    if (!conn.receive(msgs, error)) open = false;
    for (const json& m : msgs) {
      if (m["type"] == "welcome") welcome = m;
      st.apply(m);
    }
    return msgs;
  }
  // Answers the question on screen with a random option, once per question
  // (in a timed contest: again each time the screen changes).
  bool play() {
    if (!open || !st.asked()) return false;
    const ScreenModel& s = st.screen();
    if (s.timed) {
      // Like a person: a reaction time after the screen changed, and again
      // a little later if nothing happens.
      if (st.screens() != screens_seen) {
        screens_seen = st.screens();
        timed_wait = 0;
        timed_delay = 2 + static_cast<int>(rng.below(25));
      }
      if (++timed_wait < timed_delay) return false;
      timed_wait = 0;
      timed_delay = 5 + static_cast<int>(rng.below(25));
    } else {
      if (s.ask == answered_ask) return false;
      answered_ask = s.ask;
    }
    const auto i = rng.below(static_cast<std::uint32_t>(s.options.size()));
    conn.send(*st.answer(i));
    ++decisions;
    return true;
  }
};

// Connects and says hello; pumps the server until the answer arrives.
inline std::unique_ptr<Scripted> connect(Harness& h, Hello hello, const std::string& name = "t") {
  auto c = std::make_unique<Scripted>();
  c->conn = Connection::open(h.sock_dir(), name);
  c->conn.send(to_json(hello));
  for (int i = 0; i < 200 && c->welcome.is_null() && c->open && c->st.error().empty(); ++i) {
    h.pump();
    c->poll();
  }
  c->server_id = static_cast<int>(h.server->stats().connections);
  return c;
}

inline Hello play_hello(int seat, const std::string& code = "") {
  Hello h;
  h.role = Role::Play;
  h.seat = seat;
  h.code = code;
  h.board_w = 80;
  h.board_h = 24;
  h.unicode = true;
  h.client = "test";
  return h;
}

inline Hello watch_hello() {
  Hello h = play_hello(0);
  h.role = Role::Watch;
  return h;
}

// The JSON-escaped form of a text, as it appears inside a frame.
inline std::string escaped(const std::string& text) {
  std::string s = rt::net::dump(json(text));
  return s.substr(1, s.size() - 2);
}

// Frames of a byte stream (the server's output to one client).
inline std::vector<json> frames(const std::string& bytes) {
  std::vector<json> out;
  FrameReader r(kMaxServerFrame);
  r.feed(bytes.data(), bytes.size());
  std::string body, err;
  while (r.next(body, err) == FrameReader::Status::Frame) out.push_back(json::parse(body));
  return out;
}

// Pumps until the game is over (or a bound), the scripted clients playing.
inline void play_out(Harness& h, std::vector<Scripted*> clients, int max_rounds = 100000) {
  for (int round = 0; round < max_rounds && !h.server->table().over(); ++round) {
    h.pump();
    for (Scripted* c : clients) {
      c->poll();
      c->play();
    }
  }
  for (int i = 0; i < 20; ++i) {
    h.pump();
    for (Scripted* c : clients) c->poll();
  }
}

// The server's turn, then each client's, `rounds` times.
inline void pump(Harness& h, const std::vector<Scripted*>& clients, int rounds = 5) {
  for (int i = 0; i < rounds; ++i) {
    h.pump();
    for (Scripted* c : clients) c->poll();
  }
}

// Whether the server said something containing `what`.
inline bool log_has(const Harness& h, const std::string& what) {
  for (const auto& l : h.log)
    if (l.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace nettest
