// The play screen's tests run through both implementations of the table
// interface: a local game (GameSession in this process) and a
// shared table (a table server in this process, over a real Unix socket, and
// the remote table the shell joins it with). One clock drives both: the
// fake terminal's. The server renders the remote side's board, so a test
// that passes both ways shows that nothing needs a State on the client.
#pragma once

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "client/remote_table.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/play_screen.h"
#include "tui/shell/screens.h"

namespace rt::shell::test {

enum class Where { Local, Shared };

inline const char* where_name(Where w) {
  return w == Where::Local ? "local" : "shared";
}

// How fast the table runs.
enum class Pace {
  // As the harness sets it: a shared table's computers at once, no result
  // held (tests of keys and screens that need no pace).
  Quick,
  // The shell's default speed on both sides (computers 800 ms, "Get ready!"
  // 1.5 s, a contest's result held kAfterContestMs, race pictures 3/8 of
  // the pace each): tests of what a person sees while the game moves.
  Shell,
};

// A table of either kind, and the truth behind it (for the test's checks).
struct TestTable {
  std::unique_ptr<nettest::Harness> harness;  // shared: the server
  std::unique_ptr<nettest::TempDir> saves;  // local: where the game is saved (else the screen says NOT SAVED)
  std::unique_ptr<PlayTable> table;
  const Table* truth = nullptr;
};

// `table`'s seat 1 (index 0) is the person at the fake terminal; every
// other seat is a computer. `local_save`: a local game is saved (as the
// shell's own games are); no save is quicker (an fsync per human turn).
// `local_speed`: the local game's speed (1-6; a shared table's is `pace`).
inline TestTable make_test_table(Where where, std::unique_ptr<Table> table, FakeTerminal& term,
                                 Pace pace = Pace::Quick, bool local_save = true,
                                 int local_speed = kDefaultSpeed) {
  TestTable t;
  if (where == Where::Local) {
    SessionOptions so;
    so.speed = local_speed;
    if (local_save) {
      t.saves = std::make_unique<nettest::TempDir>();
      so.save_path = t.saves->path + "/game.save";
    }
    auto session = std::make_unique<GameSession>(std::move(table), std::vector<Event>{}, so);
    t.truth = &session->table();
    t.table = make_local_table(std::move(session));
    return t;
  }
  t.harness = std::make_unique<nettest::Harness>();
  nettest::Harness& h = *t.harness;
  net::ServerOptions o = h.options();
  o.clock = [&term] { return term.now(); };  // one clock for the screen and the table
  o.frame_ms = 33;
  o.save_path.clear();  // an fsync per step would make this test slow, not better
  if (pace == Pace::Shell) {
    o.pace_ms = static_cast<int>(speed_level(kDefaultSpeed).pace_ms);
    o.ready_ms = 1500;
    o.after_contest_ms = static_cast<int>(kAfterContestMs);
  }
  h.start(std::move(table), o);
  t.truth = &h.server->table();
  net::Connection conn = net::Connection::open(h.sock_dir(), "t");
  conn.send(net::to_json(rt::client::shell_hello(net::Role::Play, 1, "", term.unicode())));
  net::json welcome;
  std::string error;
  for (int i = 0; i < 400 && welcome.is_null(); ++i) {
    h.server->poll_once(0);
    if (auto m = conn.wait_message(0, error); m && (*m)["type"] == "welcome") welcome = *m;
  }
  REQUIRE(welcome.is_object());
  net::Server* server = h.server.get();
  t.table =
      rt::client::make_remote_table(std::move(conn), welcome,
                                    rt::client::RemoteSettings{"t", h.sock_dir(), "racetable join t --seat 1",
                                                               [server] { server->poll_once(0); }});
  return t;
}

inline TestTable make_test_table(Where where, const setup::TableRequest& req, FakeTerminal& term,
                                 Pace pace = Pace::Quick, bool local_save = true,
                                 int local_speed = kDefaultSpeed) {
  return make_test_table(where, setup::make_table(req, setup::parse_seed(req.seed_text)), term, pace,
                         local_save, local_speed);
}

}  // namespace rt::shell::test
