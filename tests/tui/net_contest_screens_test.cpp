// What a shared table shows while a contest's result is held and while RC
// Racer's race phase plays back (net/server_views.cpp): the same Result
// lines and pictures to every seat and watcher, built from public events
// only, so nothing private leaks through them.
#include <catch2/catch.hpp>

#include <set>

#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_contest_screens_test_cases {

using namespace nettest;

namespace {

// Every screen and log line the server sent to one client, in order.
struct Seen {
  std::vector<ScreenModel> screens;
  std::set<std::string> log;  // every log line's text it was sent
  // Each log line's rule with the picture on the last screen before it (-1: none).
  std::vector<std::pair<std::string, int>> told_at;
};

Seen seen_by(const Harness& h, int client_id) {
  Seen out;
  const auto it = h.sent.find(client_id);
  if (it == h.sent.end()) return out;
  for (const json& m : frames(it->second)) {
    if (m["type"] == "screen") out.screens.push_back(read_screen(m));
    if (m["type"] == "log")
      for (const json& l : m["lines"]) {
        out.log.insert(l["text"].get<std::string>());
        out.told_at.emplace_back(l.value("rule", ""), out.screens.empty() ? -1 : out.screens.back().picture);
      }
  }
  return out;
}

// The game played out by a scripted player at seat 1 with a watcher, at a
// pace where results are held (after_contest_ms) and pictures play (pace_ms).
struct WatchedPlay {
  Seen player, watcher;
};

WatchedPlay play_watched(std::unique_ptr<Table> table) {
  Harness h;
  ServerOptions o = h.options();
  o.pace_ms = 160;  // pictures 60 ms each
  o.after_contest_ms = 300;
  o.save_path.clear();
  h.start(std::move(table), o);
  auto w = connect(h, watch_hello());
  auto a = connect(h, play_hello(1));
  REQUIRE(a->welcome["seat"] == 1);
  for (int round = 0; round < 200000 && !h.server->table().over(); ++round) {
    h.pump();
    for (Scripted* c : {a.get(), w.get()}) {
      c->poll();
      c->play();
    }
  }
  REQUIRE(h.server->table().over());
  return WatchedPlay{seen_by(h, a->server_id), seen_by(h, w->server_id)};
}

}  // namespace

TEST_CASE("Shared table: a contest's result is on every screen, public lines only", "[net][contest]") {
  const WatchedPlay p = play_watched(new_table("go-wacky", {"human", "normal", "normal"}, 4));
  int results = 0;
  std::set<std::vector<std::string>> player_results, watcher_results;
  for (const ScreenModel& s : p.player.screens)
    if (!s.contest_result.empty()) player_results.insert(s.contest_result);
  for (const ScreenModel& s : p.watcher.screens)
    if (!s.contest_result.empty()) {
      ++results;
      watcher_results.insert(s.contest_result);
      CHECK(s.phase == "play");  // held between the contest and what comes next
      // Why: lines the watcher was told anyway (public events); then what was won.
      for (std::size_t i = 0; i + 1 < s.contest_result.size(); ++i) {
        INFO(s.contest_result[i]);
        CHECK(p.watcher.log.count(s.contest_result[i]) == 1);
      }
      const std::string& won = s.contest_result.back();
      CHECK((won.rfind("Won in this contest: ", 0) == 0 || won == "Nobody won anything in it."));
    }
  CHECK(results > 0);
  CHECK(player_results.size() >= 2);
  // The seat sees exactly the results the watcher sees.
  CHECK(player_results == watcher_results);
}

TEST_CASE("Shared table: RC Racer's race phase plays back picture by picture on every screen",
          "[net][contest][rc-racer]") {
  setup::TableRequest req;
  req.game = "rc-racer";
  req.seats = {"human", "normal"};
  req.players = 2;
  req.options = {"racers=die-liner,turbobot"};
  const WatchedPlay p = play_watched(setup::make_table(req, 3));
  for (const Seen* seen : {&p.player, &p.watcher}) {
    // Pictures come in order from 0, each a new screen, and the board moves between them.
    int runs = 0, pictures = 0, moved = 0;
    int last = -1;
    std::vector<std::string> last_rows;
    for (const ScreenModel& s : seen->screens) {
      if (s.picture < 0) {
        last = -1;
        continue;
      }
      if (s.picture == last) continue;
      if (s.picture == 0) ++runs;
      CHECK((s.picture == 0 || s.picture == last + 1));
      CHECK(s.options.empty());  // nobody is asked while a race plays back
      ++pictures;
      if (last >= 0 && s.rows != last_rows) ++moved;
      last = s.picture;
      last_rows = s.rows;
    }
    CHECK(runs >= 2);
    CHECK(pictures >= 4 * runs);
    CHECK(moved >= runs);
    // The log tells each race as its pictures show it: lines arrive between
    // pictures, and the end of the round (the same step) only after the
    // first picture is gone.
    int told_mid_race = 0;
    for (const auto& [rule, picture] : seen->told_at) {
      told_mid_race += picture >= 1;
      if (rule == "3. End of Round") CHECK(picture != 0);
    }
    CHECK(told_mid_race >= runs);
  }
}

}  // namespace net_contest_screens_test_cases
