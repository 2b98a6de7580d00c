// Talk, mutes, nudges and presence at a shared table, over the
// real sockets: players and watchers as other users where a person must be
// someone else (a mute, a removal), the server's fake clock for the rest.
#include <catch2/catch.hpp>

#include "net/talk.h"
#include "tests/tui/net_attacker.h"
#include "tests/tui/net_test_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_talk_test_cases {

using namespace nettest;
using namespace nettest::attacker;

namespace {

void say(Scripted& c, const std::string& text) {
  c.conn.send(json{{"type", "talk"}, {"text", text}});
}

// The talk lines a client was told, as "FROM: TEXT".
std::vector<std::string> heard(const Scripted& c) {
  std::vector<std::string> out;
  for (const LogLine& l : c.st.log())
    if (!l.talk_from.empty()) out.push_back(l.talk_from + ": " + l.text);
  return out;
}

// Seated, a seat has its sitter's name: this test's user's, or kOther's.
std::string me() {
  return user_name(::getuid());
}
std::string other() {
  return user_name(kOther);
}

bool heard(const Scripted& c, const std::string& line) {
  const auto all = heard(c);
  return std::find(all.begin(), all.end(), line) != all.end();
}

}  // namespace

TEST_CASE("Talk: a player's line reaches the other player and the watchers, with who said it",
          "[net][talk]") {
  Harness h;
  const ServerOptions o = h.options();
  h.start(new_table("go-wacky", {"human", "human", "easy"}, 3), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  auto cleo = connect(h, watch_hello());
  say(*ana, "good luck, Ben");
  pump(h, {ana.get(), ben.get(), cleo.get()});
  CHECK(heard(*ben, me() + ": good luck, Ben"));
  CHECK(heard(*cleo, me() + ": good luck, Ben"));
  CHECK(heard(*ana, me() + ": good luck, Ben"));  // the sayer sees it said
  CHECK(h.server->stats().talk_lines == 1);
  // The table's log keeps it; the save never does.
  CHECK(log_has(h, "talk: seat 1 (" + me() + "): good luck, Ben"));
  pump(h, {ana.get(), ben.get()}, 20);
  CHECK(read_file(o.save_path).find("good luck") == std::string::npos);
  // A client that joins later hears what was said lately.
  auto dan = connect(h, watch_hello());
  pump(h, {dan.get()});
  CHECK(heard(*dan, me() + ": good luck, Ben"));
}

TEST_CASE("Talk: watchers talk among themselves unless the host let them talk to the players",
          "[net][talk]") {
  for (const bool allowed : {false, true}) {
    Harness h;
    ServerOptions o = h.options();
    o.watchers_talk = allowed;
    h.start(new_table("go-wacky", {"human", "human"}, 3), o);
    auto ana = connect(h, play_hello(1));
    auto ben = connect(h, play_hello(2));
    auto cleo = connect(h, watch_hello());
    auto dan = connect(h, watch_hello());
    say(*cleo, "Ben holds two reds");
    pump(h, {ana.get(), ben.get(), cleo.get(), dan.get()});
    const std::string line = "root (watching): Ben holds two reds";
    CHECK(heard(*dan, line));
    CHECK(heard(*ana, line) == allowed);
    CHECK(heard(*ben, line) == allowed);
    // Nor does a player who joins later read it in the recent talk.
    ben->conn.close();
    pump(h, {ana.get()});
    auto ben2 = connect(h, play_hello(2));
    pump(h, {ben2.get()});
    CHECK(heard(*ben2, line) == allowed);
  }
}

TEST_CASE("Talk: a muted player's lines stop reaching the one who muted them, for the rest of the table",
          "[net][talk][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human", "human"}, 3), group_options(h));
  auto ana = connect(h, play_hello(1));
  auto ben = connect_as(h, kOther, play_hello(2));
  auto cleo = connect_as(h, kThird, play_hello(3));
  REQUIRE(ben->welcome["seat"] == 2);
  say(*ben, "first");
  pump(h, {ana.get(), ben.get(), cleo.get()});
  CHECK(heard(*ana, other() + ": first"));
  ana->conn.send(json{{"type", "mute"}, {"who", other()}});
  pump(h, {ana.get(), ben.get(), cleo.get()});
  CHECK_THAT(ana->st.notice(), Catch::Contains("Muted " + other()));
  h.clock += 2000;
  say(*ben, "second");
  pump(h, {ana.get(), ben.get(), cleo.get()});
  CHECK_FALSE(heard(*ana, other() + ": second"));
  CHECK(heard(*cleo, other() + ": second"));  // only for the one who muted
  // Reconnecting (either of them) does not undo it.
  ana->conn.close();
  pump(h, {ben.get()});
  auto ana2 = connect(h, play_hello(1));
  h.clock += 2000;
  say(*ben, "third");
  pump(h, {ana2.get(), ben.get(), cleo.get()});
  CHECK(heard(*cleo, other() + ": third"));
  for (const std::string& l : heard(*ana2)) CHECK(l.rfind(other() + ":", 0) != 0);
  // Muting yourself or nobody says so.
  ana2->conn.send(json{{"type", "mute"}, {"who", me()}});
  pump(h, {ana2.get()});
  CHECK(ana2->st.notice() == "That is you");
  ana2->conn.send(json{{"type", "mute"}, {"who", "zed"}});
  pump(h, {ana2.get()});
  CHECK_THAT(ana2->st.notice(), Catch::Contains("Nobody called 'zed'"));
  // Unmuted: Ben is heard again.
  ana2->conn.send(json{{"type", "unmute"}, {"who", other()}});
  pump(h, {ana2.get()});
  h.clock += 2000;
  say(*ben, "fourth");
  pump(h, {ana2.get(), ben.get()});
  CHECK(heard(*ana2, other() + ": fourth"));
}

TEST_CASE("Talk between strangers: escapes, bidi controls and long lines are made printable and cut",
          "[net][talk][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 3), group_options(h));
  auto ana = connect(h, play_hello(1));
  auto ben = connect_as(h, kOther, play_hello(2));
  const std::string nasty =
      "\x1b]0;owned\x07\x1b[2J\x1b[31mred\xe2\x80\xae"
      "evil\xe2\x81\xa6iso\xe2\x81\xa9\r\nnext\x9b"
      "1m\tend\xff";
  say(*ben, nasty);
  pump(h, {ana.get(), ben.get()});
  const auto lines = heard(*ana);
  REQUIRE(lines.size() == 1);
  const std::string got = lines.front();
  for (const std::string bad :
       {"\x1b", "\x07", "\r", "\n", "\t", "\xe2\x80\xae", "\xe2\x81\xa6", "\xe2\x81\xa9", "\xc2\x9b", "\xff"})
    CHECK(got.find(bad) == std::string::npos);
  CHECK_THAT(got, Catch::Contains("red") && Catch::Contains("evil") && Catch::Contains("next"));
  // What went over the wire was already clean: no client is trusted to clean it.
  const std::string wire = h.sent[ana->server_id];
  CHECK(wire.find("\\u001b") == std::string::npos);
  CHECK(wire.find("\xe2\x80\xae") == std::string::npos);
  // The table's log too.
  for (const auto& l : h.log) CHECK(l.find('\x1b') == std::string::npos);
  // A 10,000-character line arrives cut at 200 characters.
  h.clock += 5000;
  say(*ben, std::string(10000, 'x'));
  pump(h, {ana.get(), ben.get()});
  REQUIRE(heard(*ana).size() == 2);
  const std::string cut = heard(*ana).back().substr((other() + ": ").size());
  CHECK(utf8_length(cut) == static_cast<int>(kMaxTalkChars));
  CHECK_THAT(cut, Catch::EndsWith("..."));
  // Multi-byte characters are cut by characters, not bytes.
  h.clock += 5000;
  std::string wide;
  for (int i = 0; i < 3000; ++i) wide += "\xf0\x9f\x8e\xb2";  // 🎲, 12 KB: within a client's frame
  say(*ben, wide);
  pump(h, {ana.get(), ben.get()});
  REQUIRE(heard(*ana).size() == 3);
  CHECK(utf8_length(heard(*ana).back()) == static_cast<int>(kMaxTalkChars + (other() + ": ").size()));
  CHECK(ben->open);  // long lines are cut, not a protocol error
}

TEST_CASE("Talk between strangers: a flood of lines is refused past one a second, and counted in the log",
          "[net][talk][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 3), group_options(h));
  auto ana = connect(h, play_hello(1));
  auto ben = connect_as(h, kOther, play_hello(2));
  h.step_ms = 0;  // all within one moment
  for (int i = 0; i < 100; ++i) say(*ben, fmt::format("spam {}", i));
  pump(h, {ana.get(), ben.get()}, 10);
  CHECK(ben->open);  // 100 messages are within the connection's own limit
  CHECK(heard(*ana).size() == static_cast<std::size_t>(kTalkBurst));
  CHECK(h.server->stats().talk_refused == 100 - kTalkBurst);
  CHECK_THAT(ben->st.notice(), Catch::Contains("one line a second"));
  // A second later, one more line.
  h.clock += 1000;
  say(*ben, "one more");
  pump(h, {ana.get(), ben.get()});
  CHECK(heard(*ana, other() + ": one more"));
  // A second connection of the same person shares the same allowance.
  auto ben_watch = connect_as(h, kOther, watch_hello());
  say(*ben_watch, "from my other window");
  pump(h, {ana.get(), ben.get(), ben_watch.get()});
  CHECK_FALSE(heard(*ben_watch, "nobody (watching): from my other window"));
  CHECK_THAT(ben_watch->st.notice(), Catch::Contains("one line a second"));
  CHECK(h.server->stats().talk_lines == static_cast<std::uint64_t>(kTalkBurst) + 1);
  // The log says a few refusals, then counts the rest.
  int written = 0;
  for (const auto& l : h.log)
    if (l.find("refused: more than one line a second") != std::string::npos) ++written;
  CHECK(written <= 5);
  h.clock += 61000;
  pump(h, {ana.get()});
  CHECK(log_has(h, "more talk lines refused as too fast from nobody (uid 65534)"));
  // 1,000 lines in a second: the connection's own flood limit drops it; at
  // most the burst was said.
  h.clock += 10000;
  auto eve = connect_as(h, kOther, watch_hello());
  const std::uint64_t before = h.server->stats().talk_lines;
  std::string burst;
  for (int i = 0; i < 1000; ++i) burst += frame(json{{"type", "talk"}, {"text", "flood"}});
  eve->conn.send_bytes(burst);
  pump(h, {ana.get(), eve.get()}, 40);
  CHECK(h.server->stats().talk_lines - before <= static_cast<std::uint64_t>(kTalkBurst));
  CHECK_FALSE(eve->open);
}

TEST_CASE("Talk: the host removes a watcher for the rest of the table; nobody else can",
          "[net][talk][security]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 3), group_options(h));
  auto ana = connect(h, play_hello(1));  // the host's own account
  auto ben = connect_as(h, kThird, play_hello(2));
  auto eve = connect_as(h, kOther, watch_hello());
  REQUIRE(eve->welcome["role"] == "watch");
  ben->conn.send(json{{"type", "remove"}, {"who", "nobody"}});
  pump(h, {ana.get(), ben.get(), eve.get()});
  CHECK_THAT(ben->st.notice(), Catch::Contains("Only the host"));
  CHECK(eve->open);
  ana->conn.send(json{{"type", "remove"}, {"who", "nobody"}});
  pump(h, {ana.get(), ben.get(), eve.get()});
  CHECK_THAT(ana->st.notice(), Catch::Contains("Removed nobody"));
  CHECK(eve->st.error() == "the host removed you from this table");
  CHECK_FALSE(eve->open);
  auto again = connect_as(h, kOther, watch_hello());
  CHECK(again->st.error() == "the host removed you from this table");
  CHECK(log_has(h, "the host removed the watcher nobody"));
}

TEST_CASE("Presence: who is here, who has pressed no key for minutes, who dropped and how long ago",
          "[net][presence]") {
  Harness h;
  ServerOptions o = h.options();
  o.away_ms = 3 * 60000;
  h.start(new_table("go-wacky", {"human", "human", "human"}, 3), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  auto cleo = connect(h, play_hello(3));
  pump(h, {ana.get(), ben.get(), cleo.get()});
  auto seat = [&](int p) { return ana->st.screen().seats[static_cast<std::size_t>(p)]; };
  CHECK(seat(1).connected);
  CHECK(seat(1).idle_min == -1);
  CHECK(seat(1).gone_min == -1);
  // Cleo drops; Ben presses nothing for four minutes, Ana keeps pressing keys.
  cleo->conn.close();
  pump(h, {ana.get(), ben.get()});
  CHECK(seat(2).gone_min == 0);
  for (int minute = 0; minute < 4; ++minute) {
    h.clock += 60000;
    ana->conn.send(json{{"type", "here"}});
    pump(h, {ana.get(), ben.get()});
  }
  CHECK(seat(2).gone_min == 4);
  CHECK(seat(1).idle_min == 4);
  CHECK(seat(0).idle_min == -1);
  CHECK_FALSE(seat(2).connected);
  // A key brings Ben back at once.
  ben->conn.send(json{{"type", "here"}});
  pump(h, {ana.get(), ben.get()});
  CHECK(seat(1).idle_min == -1);
  // The server wakes for the next minute, not sooner.
  CHECK(h.server->wait_ms(h.clock, 600000) <= 60000);
}

TEST_CASE("Nudge: a player rings the bell of the one whose turn it is, at most once a minute",
          "[net][presence]") {
  if (!root()) return;
  Harness h;
  h.start(new_table("go-wacky", {"human", "human"}, 3), group_options(h));
  auto ana = connect(h, play_hello(1));
  auto ben = connect_as(h, kOther, play_hello(2));
  pump(h, {ana.get(), ben.get()}, 20);
  // Whoever waits nudges whoever is asked.
  Scripted* asked = ana->st.asked() ? ana.get() : ben.get();
  Scripted* waiting = asked == ana.get() ? ben.get() : ana.get();
  REQUIRE(asked->st.asked());
  const std::string waiting_name = waiting == ana.get() ? me() : other();
  const std::string asked_name = waiting == ana.get() ? other() : me();
  waiting->conn.send(json{{"type", "nudge"}});
  pump(h, {ana.get(), ben.get()});
  CHECK(asked->st.nudges() == 1);
  CHECK(asked->st.nudge_from() == waiting_name);
  CHECK(waiting->st.notice() == "Nudged " + asked_name);
  // Again at once: refused, nothing rings.
  h.clock += 10000;
  waiting->conn.send(json{{"type", "nudge"}});
  pump(h, {ana.get(), ben.get()});
  CHECK(asked->st.nudges() == 1);
  CHECK_THAT(waiting->st.notice(), Catch::Contains("one nudge a minute"));
  // The one asked has nobody to nudge.
  asked->conn.send(json{{"type", "nudge"}});
  pump(h, {ana.get(), ben.get()});
  CHECK_THAT(asked->st.notice(), Catch::Contains("nobody to nudge"));
  // A minute on: it rings again.
  h.clock += 60000;
  waiting->conn.send(json{{"type", "nudge"}});
  pump(h, {ana.get(), ben.get()});
  CHECK(asked->st.nudges() == 2);
  CHECK(h.server->stats().nudges == 2);
}

TEST_CASE("Talk: what a person types becomes a message, or says why not", "[net][talk]") {
  CHECK(typed_talk("  hello  ").message == json{{"type", "talk"}, {"text", "hello"}});
  CHECK(typed_talk("/say hi there").message == json{{"type", "talk"}, {"text", "hi there"}});
  CHECK(typed_talk("/mute Ben").message == json{{"type", "mute"}, {"who", "Ben"}});
  CHECK(typed_talk("/unmute ben").message == json{{"type", "unmute"}, {"who", "ben"}});
  CHECK(typed_talk("/remove eve").message == json{{"type", "remove"}, {"who", "eve"}});
  CHECK(typed_talk("/nudge").message == json{{"type", "nudge"}});
  CHECK_FALSE(typed_talk("/mute").message);
  CHECK_THAT(typed_talk("/dance").problem, Catch::Contains("not a command"));
  CHECK_FALSE(typed_talk("   ").message);
  CHECK(talk_text("a\tb\nc") == "a b c");
  CHECK(talk_text("\x1b[31m") == "?[31m");
  CHECK(talk_text("   ").empty());
}

}  // namespace net_talk_test_cases
