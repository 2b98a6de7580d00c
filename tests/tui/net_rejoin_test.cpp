// Shared tables when clients go away: a server and scripted clients in one
// process over real Unix sockets, with a fake clock. A killed client keeps its
// seat and rejoins, a computer stands in after the grace period, misbehaving
// clients are dropped, and the game saved after every decision resumes in a
// new server.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>

#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_rejoin_test_cases {

using namespace nettest;

namespace {

// A raw connection that sends exactly these bytes.
int raw_connect(const Harness& h) {
  std::string err;
  const int fd = connect_unix(socket_path(h.sock_dir(), "t"), err);
  REQUIRE(fd >= 0);
  return fd;
}

void raw_send(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const long n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

TEST_CASE(
    "Shared table: a client killed mid-message keeps its seat, the game waits, and rejoining resumes the "
    "view",
    "[net]") {
  Harness h;
  h.start(new_table("go-wacky", {"human", "human", "normal"}, 5), h.options());
  auto a = connect(h, play_hello(1));
  auto b = connect(h, play_hello(2));
  // Play until seat 1 is asked.
  // A fresh question for Ana, not yet answered.
  auto ana_asked = [&] {
    return a->decisions > 3 && a->st.asked() && !a->st.screen().timed &&
           a->st.screen().ask != a->answered_ask;
  };
  for (int i = 0; i < 20000 && !ana_asked(); ++i) {
    h.pump();
    for (Scripted* c : {a.get(), b.get()}) {
      c->poll();
      if (!(c == a.get() && ana_asked())) c->play();
    }
  }
  REQUIRE(a->st.asked());
  const std::size_t steps = h.server->table().history().size();
  const std::string asked_prompt = a->st.screen().prompt;
  // Half a frame, then the process is gone.
  a->conn.send_bytes(std::string("\0\0\0\x40{\"type\":\"act\"", 17));
  a->conn.close();
  for (int i = 0; i < 50; ++i) {
    h.pump();
    b->poll();
  }
  CHECK(log_has(h, "left seat 1 (" + user_name(::getuid()) +
                       "): disconnected in the middle of a message; the seat is kept"));
  REQUIRE(b->st.has_screen());
  CHECK_FALSE(b->st.screen().seats[0].connected);
  CHECK(b->st.screen().seats[0].claimed);
  CHECK_THAT(b->st.screen().status, Catch::Contains(user_name(::getuid()) + " (away)"));
  // Nobody plays for Ana: the table waits.
  for (int i = 0; i < 500; ++i) h.pump();
  CHECK(h.server->table().history().size() == steps);
  // Seat 2 is taken; Ana's seat cannot be taken twice.
  auto intruder = connect(h, play_hello(2));
  CHECK_THAT(intruder->st.error(), Catch::Contains("seat 2 is taken"));
  // Ana comes back: the same question, the recent log.
  auto back = connect(h, play_hello(1));
  REQUIRE(back->welcome["seat"] == 1);
  for (int i = 0; i < 10; ++i) {
    h.pump();
    back->poll();
  }
  REQUIRE(back->st.asked());
  CHECK(back->st.screen().prompt == asked_prompt);
  CHECK(back->st.log().size() > 3);
  CHECK(log_has(h, "is back at seat 1 (" + user_name(::getuid()) + ")"));
  play_out(h, {back.get(), b.get()});
  CHECK(h.server->table().over());
}

TEST_CASE("Shared table: a killed client process (SIGKILL) keeps its seat and rejoins", "[net]") {
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 9), h.options());
  // b sits first: seat 2 is this user's name, seat 1 (the child, the same user) "NAME 2".
  auto b = connect(h, play_hello(2));
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child is a client and nothing else: it never touches the server.
    std::string err;
    const int fd = connect_unix(socket_path(h.sock_dir(), "t"), err);
    if (fd < 0) ::_exit(1);
    const std::string hello = frame(to_json(play_hello(1)));
    if (::write(fd, hello.data(), hello.size()) < 0) ::_exit(1);
    char buf[4096];
    for (;;)
      if (::read(fd, buf, sizeof buf) <= 0) ::_exit(0);
  }
  for (int i = 0; i < 2000 && !log_has(h, "takes seat 1 (" + user_name(::getuid()) + " 2)"); ++i) {
    h.pump();
    ::usleep(1000);
  }
  REQUIRE(log_has(h, "takes seat 1 (" + user_name(::getuid()) + " 2)"));
  for (int i = 0; i < 50; ++i) {
    h.pump();
    b->poll();
    b->play();
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  for (int i = 0; i < 2000 && !log_has(h, "left seat 1 (" + user_name(::getuid()) + " 2)"); ++i) h.pump();
  REQUIRE(log_has(h, "left seat 1 (" + user_name(::getuid()) + " 2)"));
  auto a = connect(h, play_hello(1));
  REQUIRE(a->welcome["seat"] == 1);
  play_out(h, {a.get(), b.get()});
  CHECK(h.server->table().over());
}

TEST_CASE("Shared table: after the grace period a computer stands in, and gives the seat back on return",
          "[net]") {
  Harness h;
  ServerOptions o = h.options();
  o.stand_in = BotLevel::Random;
  o.grace_ms = 1000;
  h.start(new_table("go-wacky", {"human", "human", "normal"}, 3), o);
  auto a = connect(h, play_hello(1));
  auto b = connect(h, play_hello(2));
  for (int i = 0; i < 200; ++i) {
    h.pump();
    a->poll();
    b->poll();
    a->play();
    b->play();
  }
  a->conn.close();
  // Within the grace period nothing is decided for Ana.
  for (int i = 0; i < 20; ++i) {
    h.pump();
    b->poll();
  }
  CHECK_FALSE(log_has(h, "plays seat 1"));
  for (int i = 0; i < 100; ++i) {
    h.pump();
    b->poll();
    b->play();
  }
  CHECK(log_has(h,
                "a computer (random) plays seat 1 (" + user_name(::getuid()) + ") until its player is back"));
  CHECK(h.server->table().seats()[0].kind == SeatKind::Bot);
  // The save keeps the seat a person's.
  CHECK_THAT(read_file(o.save_path), Catch::Contains("seat human human " + user_name(::getuid()) + "\n"));
  std::size_t ana_steps = 0;
  for (int i = 0; i < 3000 && !h.server->table().over() && ana_steps < 5; ++i) {
    h.pump();
    b->poll();
    b->play();
    ana_steps = 0;
    for (const Step& s : h.server->table().history()) ana_steps += s.player == 0;
  }
  auto back = connect(h, play_hello(1));
  REQUIRE(back->welcome["seat"] == 1);
  CHECK(h.server->table().seats()[0].kind == SeatKind::Human);
  CHECK(log_has(h, "the computer stands down from seat 1 (" + user_name(::getuid()) + ")"));
  play_out(h, {back.get(), b.get()});
  CHECK(h.server->table().over());
}

TEST_CASE("Shared table: misbehaving clients are dropped and the game goes on", "[net]") {
  Harness h;
  ServerOptions o = h.options();
  o.max_output = 64 * 1024;
  o.max_connections = 24;
  o.hello_timeout_ms = 2000;
  h.start(new_table("go-wacky", {"human", "human", "normal"}, 21), o);
  auto a = connect(h, play_hello(1));
  auto b = connect(h, play_hello(2));
  std::vector<int> fds;
  auto bad = [&](const std::string& bytes, bool close_now) {
    const int fd = raw_connect(h);
    raw_send(fd, bytes);
    if (close_now)
      ::close(fd);
    else
      fds.push_back(fd);
    for (int i = 0; i < 3; ++i) {
      h.pump();
      a->poll();
      b->poll();
      a->play();
      b->play();
    }
  };
  const std::string watch = frame(to_json(watch_hello()));
  bad("GET / HTTP/1.0\r\n\r\n", false);    // length 0x47455420: over the limit
  bad(std::string("\0\0\0\0", 4), false);  // an empty frame
  bad(frame_body("{not json"), false);     // not JSON
  bad(frame_body("[1,2,3]"), false);       // not an object
  bad(frame_body("{\"type\":7}"), false);  // no type string
  bad(frame_body(std::string(5000, '[') + std::string(5000, ']')), false);              // nested too deep
  bad(frame_body("{\"type\":\"hello\",\"protocol\":1,\"text\":\"\xff\xfe\"}"), false);  // bad UTF-8
  bad(frame(json{{"type", "act"}, {"id", 1}, {"ask", 1}}), false);                      // no hello first
  bad(frame(json{{"type", "hello"}, {"protocol", 1}, {"seat", "one"}}), false);  // a field of the wrong type
  bad(watch + frame(json{{"type", "act"}, {"id", "x"}}), false);        // a bad act after a good hello
  bad(watch + frame(json{{"type", "hello"}, {"protocol", 1}}), false);  // hello twice
  bad(watch + std::string("\0\0\x10\0{\"type\":\"pi", 15), true);       // half a frame, then gone
  bad(frame(json{{"type", "hello"}, {"protocol", 99}}), false);         // another protocol version
  {
    std::string flood = watch;
    for (int i = 0; i < 3000; ++i) flood += frame(json{{"type", "ping"}});
    bad(flood, false);  // a flood of messages
  }
  bad(frame(json{{"type", "hello"}, {"protocol", 1}, {"role", "watch"}, {"board_w", 200}, {"board_h", 80}}),
      false);                                   // a spectator that never reads
  for (int i = 0; i < 30; ++i) bad("", false);  // connections that never say hello
  const ServerStats mid = h.server->stats();
  CHECK(mid.dropped_protocol >= 11);
  CHECK(mid.dropped_flood == 1);
  CHECK(mid.refused >= 2);  // the other version, and connections over the limit
  play_out(h, {a.get(), b.get()});
  REQUIRE(h.server->table().over());
  for (int i = 0; i < 200; ++i) h.pump();  // hello time-outs
  const ServerStats& st = h.server->stats();
  CHECK(st.dropped_slow == 1);
  CHECK(log_has(h, "said no hello in time"));
  CHECK(log_has(h, "disconnected in the middle of a message"));
  CHECK(a->st.screen().phase == "over");
  CHECK(b->st.screen().phase == "over");
  for (int fd : fds) ::close(fd);
  WARN("misbehaving clients survived: " << st.connections - 2 << " connections, " << st.dropped_protocol
                                        << " protocol errors, " << st.dropped_flood << " flood, "
                                        << st.dropped_slow << " slow reader, " << st.refused << " refused");
}

TEST_CASE("Shared table: the game is saved after every decision, and a new server resumes it", "[net]") {
  Harness h;
  const ServerOptions o = h.options();
  h.start(new_table("go-wacky", {"human", "human", "easy"}, 17), o);
  auto a = connect(h, play_hello(1));
  auto b = connect(h, play_hello(2));
  std::size_t checked = 0;
  for (int i = 0; i < 100000 && h.server->stats().decisions < 30; ++i) {
    const std::size_t before = h.server->table().history().size();
    h.pump();
    if (h.server->table().history().size() != before) {
      // What a crash right now would leave behind is the game as it stands.
      REQUIRE(read_file(o.save_path) == h.server->save_text());
      ++checked;
    }
    for (Scripted* c : {a.get(), b.get()}) {
      c->poll();
      c->play();
    }
  }
  CHECK(checked > 20);
  const std::string state_before = h.server->table().state().debug_string();
  a.reset();
  b.reset();
  h.server.reset();  // the server is gone
  // The save keeps the table's name, for `host --resume`.
  const SaveFile saved = parse_save(read_file(o.save_path), o.save_path);
  CHECK(saved.table == o.name);
  // ...and whose each person's seat is, for the resumed table to give it back only to them.
  REQUIRE(saved.owners.seats() == 3);
  CHECK(saved.owners[0].owner == SeatOwner::of_uid(::getuid(), user_name(::getuid())));
  CHECK(saved.owners[1].owner == SeatOwner::of_uid(::getuid(), user_name(::getuid())));
  CHECK_FALSE(saved.owners[2].recorded);  // a computer's
  auto table = load_save(read_file(o.save_path), o.save_path, builtin_registry(), DataSource::embedded());
  CHECK(table->state().debug_string() == state_before);
  Harness h2;
  ServerOptions o2 = h2.options();
  o2.save_path = o.save_path;
  std::vector<std::optional<SeatOwner>> owners;  // as host --resume gives them
  for (const SaveFile::Owner& owner : saved.owners) owners.push_back(owner.owner);
  o2.owners = SeatVector(std::move(owners));
  h2.start(std::move(table), o2);
  auto a2 = connect(h2, play_hello(1));
  // Until everyone is back, the game waits.
  for (int i = 0; i < 100; ++i) h2.pump();
  CHECK_FALSE(h2.server->started());
  CHECK_THAT(a2->st.screen().status, Catch::Contains("Waiting for players: seat 2 (" + user_name(::getuid()) +
                                                     " 2) for " + user_name(::getuid())));
  auto b2 = connect(h2, play_hello(2));
  play_out(h2, {a2.get(), b2.get()});
  CHECK(h2.server->table().over());
  CHECK_THAT(read_file(o.save_path), Catch::Contains("\nend\n"));
}

}  // namespace net_rejoin_test_cases
