// Shared tables: a server and scripted clients in one process, over real
// Unix sockets on a temporary directory, with a fake clock. Every game is
// played to the end by two people, a computer and a spectator, and every
// byte the server sends is checked: nobody receives another seat's secrets.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "core/presenter.h"
#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_server_test_cases {

using namespace nettest;

namespace {

std::vector<std::string> rows_of(const Canvas& c) {
  std::vector<std::string> rows;
  std::string text = c.to_text();
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    rows.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return rows;
}

Canvas render(const Presenter& shown, const State& st, PlayerId viewer, int w, int h) {
  Canvas c(w, h, true);
  ViewContext ctx;
  ctx.viewer = viewer;
  ctx.now = st.now();
  shown.view(st, c, ctx);
  return c;
}

// Checks one frame the server sends to a client: a screen for seat q (or a
// spectator) holds no board row that only another seat may see, and a
// question only when q is asked.
struct SecretChecker {
  explicit SecretChecker(Harness& harness) : h(harness) {}
  Harness& h;
  std::map<int, PlayerId> viewer_of;  // client id -> seat, kEveryone for a spectator
  std::uint64_t screens_checked = 0;
  std::uint64_t secret_rows_checked = 0;

  void operator()(int id, std::string_view bytes) {
    const json m = json::parse(bytes.substr(4));
    const std::string type = m["type"];
    if (type == "welcome") {
      viewer_of[id] = m.contains("seat") ? static_cast<PlayerId>(m["seat"].get<int>() - 1) : kEveryone;
      return;
    }
    if (type != "screen" || !viewer_of.count(id)) return;
    ++screens_checked;
    const PlayerId q = viewer_of[id];
    const Table& t = h.server->table();
    const State& st = t.state();
    const int w = m["board"]["w"], bh = m["board"]["h"];
    const std::string text(bytes.substr(4));
    const std::vector<std::string> mine = rows_of(render(t.game().presenter(), st, q, w, bh));
    const std::vector<std::string> pub = rows_of(render(t.game().presenter(), st, kEveryone, w, bh));
    const int n = st.num_players();
    for (PlayerId p = 0; p < n; ++p) {
      if (p == q) continue;
      const std::vector<std::string> theirs = rows_of(render(t.game().presenter(), st, p, w, bh));
      for (std::size_t y = 0; y < theirs.size(); ++y) {
        const std::string& row = theirs[y];
        if (row.size() < 6) continue;
        if (y < pub.size() && pub[y] == row) continue;
        if (std::find(mine.begin(), mine.end(), row) != mine.end()) continue;
        if (std::find(pub.begin(), pub.end(), row) != pub.end()) continue;
        ++secret_rows_checked;
        INFO("seat " << int(p) << "'s row leaked to viewer " << int(q) << ": " << row);
        REQUIRE(text.find(escaped(row)) == std::string::npos);
      }
    }
    std::vector<PlayerId> asked;
    t.humans_to_act(asked);
    if (m.contains("ask")) {
      INFO("a question went to viewer " << int(q));
      REQUIRE(q >= 0);
      REQUIRE(std::find(asked.begin(), asked.end(), q) != asked.end());
    }
  }
};

// Events of a finished table, with their audience, by replaying its save.
std::vector<Event> all_events(const Table& t) {
  std::vector<Event> events;
  EventSink sink;
  const SaveFile save = parse_save(save_text(t), "replay");
  auto replay = restore_save(save, builtin_registry(), DataSource::embedded(), [&](Table& r) {
    r.set_event_sink(&sink);
    r.set_step_observer([&](const Step&) {
      for (Event& e : sink) events.push_back(std::move(e));
      sink.clear();
    });
  });
  return events;
}

std::vector<std::string> seats_for(const GameInfo& info) {
  const int n = std::min(info.max_players, std::max(3, info.min_players));
  std::vector<std::string> seats;
  for (int p = 0; p < n; ++p) seats.push_back(p < 2 ? "human" : "normal");
  return seats;
}

}  // namespace

TEST_CASE(
    "Shared table: every game plays to the end with two people, a computer and a spectator; no secret leaks",
    "[net]") {
  for (const GameEntry& entry : builtin_registry().all()) {
    DYNAMIC_SECTION(entry.info.id) {
      Harness h;
      SecretChecker check(h);
      h.on_frame = [&](int id, std::string_view bytes) { check(id, bytes); };
      h.start(new_table(entry.info.id, seats_for(entry.info), 11), h.options());
      auto a = connect(h, play_hello(1));
      auto b = connect(h, play_hello(2));
      auto w = connect(h, watch_hello());
      REQUIRE(a->welcome["seat"] == 1);
      REQUIRE(b->welcome["seat"] == 2);
      REQUIRE(w->welcome["role"] == "watch");
      play_out(h, {a.get(), b.get(), w.get()});
      const Table& t = h.server->table();
      REQUIRE(t.over());
      CHECK(a->decisions > 0);
      CHECK(b->decisions > 0);
      CHECK(h.server->stats().decisions > 0);
      for (Scripted* c : {a.get(), b.get(), w.get()}) {
        REQUIRE(c->st.has_screen());
        CHECK(c->st.screen().phase == "over");
        CHECK(c->st.screen().result == t.state().standings().summary);
      }
      CHECK(check.screens_checked > 10);
      // Every decision a client made arrived: the table recorded them.
      std::uint64_t by_people = 0;
      for (const Step& s : t.history())
        if (s.player == 0 || s.player == 1) ++by_people;
      CHECK(by_people == h.server->stats().decisions);
      // Private events reach their seat (or their two seats) and nobody else.
      const std::vector<Event> events = all_events(t);
      std::set<std::string> public_texts;
      std::map<std::string, std::set<PlayerId>> private_to;
      for (const Event& e : events) {
        if (e.audience == kEveryone)
          public_texts.insert(e.text);
        else if (!is_everyone_but(e.audience))  // a redacted twin goes to every seat but one
          private_to[e.text].insert(e.audience);
      }
      int private_checked = 0;
      const std::map<PlayerId, const std::string*> bytes_of{
          {0, &h.sent[a->server_id]}, {1, &h.sent[b->server_id]}, {kEveryone, &h.sent[w->server_id]}};
      for (const auto& [text, to] : private_to) {
        if (public_texts.count(text) || to.size() != 1) continue;
        const PlayerId owner = *to.begin();
        for (const auto& [viewer, bytes] : bytes_of) {
          const bool has = bytes->find(escaped(text)) != std::string::npos;
          INFO("private event for audience " << int(owner) << " seen by " << int(viewer) << ": " << text);
          if (addressed_to(owner, viewer))
            CHECK(has);
          else
            CHECK_FALSE(has);
        }
        ++private_checked;
      }
      INFO(entry.info.id << ": " << private_checked << " private events, " << check.secret_rows_checked
                         << " secret rows checked");
      const ServerStats& stats = h.server->stats();
      CHECK(stats.screens > 0);
      WARN(entry.info.id << ": " << stats.screens << " screens, "
                         << stats.screen_bytes / std::max<std::uint64_t>(1, stats.screens)
                         << " bytes per screen, " << stats.bytes_out << " bytes in all; " << private_checked
                         << " private events and " << check.secret_rows_checked
                         << " secret board rows checked");
    }
  }
}

TEST_CASE("Shared table: answers out of turn, for an old question or from a spectator are refused", "[net]") {
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 2), h.options());
  auto a = connect(h, play_hello(1));
  auto b = connect(h, play_hello(2));
  auto w = connect(h, watch_hello());
  for (int i = 0; i < 20000 && !(a->st.asked() && !a->st.screen().timed); ++i) {
    h.pump();
    for (Scripted* c : {a.get(), b.get(), w.get()}) c->poll();
    if (b->st.asked()) b->play();
    if (a->st.asked() && a->st.screen().timed) a->play();
  }
  REQUIRE(a->st.asked());
  const std::size_t steps = h.server->table().history().size();
  const std::uint64_t rejected = h.server->stats().rejected;
  const ScreenModel s = a->st.screen();
  auto notice_for = [&](Scripted& c, const json& msg) {
    const auto before = c.st.notices();
    c.conn.send(msg);
    for (int i = 0; i < 10 && c.st.notices() == before; ++i) {
      h.pump();
      c.poll();
    }
    return c.st.notice();
  };
  CHECK_THAT(notice_for(*w, to_json(Act{s.ask, 0, false, s.options[0].id})),
             Catch::Contains("watchers cannot act"));
  CHECK_THAT(notice_for(*b, to_json(Act{s.ask, 0, false, s.options[0].id})),
             Catch::Contains("not your turn"));
  CHECK_THAT(notice_for(*a, to_json(Act{s.ask - 1, 0, false, s.options[0].id})),
             Catch::Contains("earlier question"));
  CHECK_THAT(notice_for(*a, to_json(Act{s.ask, 0, false, 987654})),
             Catch::Contains("not one of the options"));
  CHECK(h.server->table().history().size() == steps);
  CHECK(h.server->stats().rejected == rejected + 4);
  CHECK_FALSE(h.server->stats().dropped_protocol);
}

TEST_CASE("Shared table: a decision's round trip to a server in another process, and the bytes per update",
          "[net]") {
  TempDir dir;
  const std::string sock = dir.path + "/sock";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ServerOptions o;
    o.dir = sock;
    o.name = "t";
    o.pace_ms = 0;
    o.ready_ms = 0;
    o.after_contest_ms = 0;
    o.linger_ms = 5000;
    o.idle_ms = 500;  // closes once the clients have gone
    try {
      // Wacky Races has no timed contests: the time measured is the round trips.
      Server s(new_table("wacky-races", {"human", "human"}, 4), o);
      s.open();
      s.run();
    } catch (...) {
      ::_exit(1);
    }
    ::_exit(0);
  }
  std::unique_ptr<Scripted> a, b;
  for (int i = 0; i < 500 && !b; ++i) {
    try {
      if (!a) {
        auto j = join_table(sock, "t", play_hello(1));
        a = std::make_unique<Scripted>();
        a->conn = std::move(j.conn);
        a->welcome = j.welcome;
      }
      auto j = join_table(sock, "t", play_hello(2));
      b = std::make_unique<Scripted>();
      b->conn = std::move(j.conn);
      b->welcome = j.welcome;
    } catch (const UserError&) {
      ::usleep(10000);
    }
  }
  REQUIRE(b);
  using clk = std::chrono::steady_clock;
  std::vector<double> trips;
  std::uint64_t screen_bytes = 0, screens = 0;
  const auto deadline = clk::now() + std::chrono::seconds(60);
  bool over = false;
  while (!over && trips.size() < 60 && clk::now() < deadline) {
    pollfd fds[2] = {{a->conn.fd(), POLLIN, 0}, {b->conn.fd(), POLLIN, 0}};
    ::poll(fds, 2, 200);
    for (Scripted* c : {a.get(), b.get()}) {
      for (const json& m : c->poll())
        if (m["type"] == "screen") {
          screen_bytes += rt::net::dump(m).size() + 4;
          ++screens;
        }
      if (c->st.has_screen() && c->st.screen().phase == "over") over = true;
      if (!c->st.asked() || c->st.screen().timed) {
        c->play();
        continue;
      }
      // Time one untimed decision from send to the screen that follows it.
      const std::uint64_t seen = c->st.screens();
      const auto t0 = clk::now();
      if (!c->play()) continue;
      while (c->open && c->st.screens() == seen && clk::now() < deadline) {
        pollfd p{c->conn.fd(), POLLIN, 0};
        ::poll(&p, 1, 100);
        c->poll();
      }
      trips.push_back(std::chrono::duration<double, std::milli>(clk::now() - t0).count());
    }
  }
  a.reset();
  b.reset();
  int status = -1;
  for (int i = 0; i < 1000 && ::waitpid(child, &status, WNOHANG) != child; ++i) ::usleep(10000);
  if (!WIFEXITED(status)) {
    ::kill(child, SIGKILL);
    ::waitpid(child, &status, 0);
    FAIL("the server did not close after its clients left");
  }
  REQUIRE(trips.size() > 10);
  std::sort(trips.begin(), trips.end());
  const double median = trips[trips.size() / 2], p95 = trips[trips.size() * 95 / 100];
  WARN("decision round trip over the socket: median "
       << median << " ms, 95th percentile " << p95 << " ms over " << trips.size() << " decisions; " << screens
       << " screens, " << screen_bytes / std::max<std::uint64_t>(1, screens)
       << " bytes per screen on average");
  // No limit asserted here: a shared machine's load would make it flaky. The
  // latency is measured by the benchmark (`make bench-tables`,
  // tests/bench/tables_bench.py: keypress to every screen, p50/p99).
}

}  // namespace net_server_test_cases
