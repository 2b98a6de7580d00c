// The play screen's talk at a shared table, at 80x24: talk shows
// in the log marked and by whom, the talk line takes the key help's row and
// never the question, what is typed goes to the table, a nudge rings the
// bell; the game clock shows beside every seat. The server's end is a socketpair the test writes frames into.
#include <catch2/catch.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include "client/remote_table.h"
#include "net/client.h"
#include "tests/tui/remote_screen.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::net;

namespace {

ScreenModel asked_screen() {
  ScreenModel s;
  s.table = "friday";
  s.game = "go-wacky";
  s.game_name = "Go Wacky!";
  s.you = 1;
  s.phase = "play";
  s.status = "Your turn";
  SeatView ana;
  ana.name = "Ana";
  ana.human = ana.claimed = ana.connected = true;
  ana.level = "human";
  ana.idle_min = 4;
  SeatView ben = ana;
  ben.name = "Ben";
  ben.you = ben.acting = true;
  ben.idle_min = -1;
  ben.clock_s = 42;
  SeatView cleo = ana;
  cleo.name = "Cleo";
  cleo.connected = false;
  cleo.idle_min = -1;
  cleo.gone_min = 2;
  s.seats = {ana, ben, cleo};
  Canvas c(40, 6, true);
  c.text(0, 0, "Draw Pile: 30");
  encode_board(c, s);
  s.prompt = "Play a card matching red";
  s.ask = 7;
  s.options = {OptionView{3, "play red/blue"}, OptionView{100, "pass"}};
  return s;
}

void write_all(int fd, const std::string& bytes) {
  REQUIRE(::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
}

std::vector<json> read_sent(int fd) {
  std::string got(65536, '\0');
  const ssize_t n = ::read(fd, got.data(), got.size());
  std::vector<json> sent;
  if (n <= 0) return sent;
  FrameReader r(kMaxServerFrame);
  r.feed(got.data(), static_cast<std::size_t>(n));
  std::string body, err;
  while (r.next(body, err) == FrameReader::Status::Frame) sent.push_back(parse_message(body));
  return sent;
}

}  // namespace

TEST_CASE("Talk on the play screen: marked and by whom in the log, never over the question, sent with t",
          "[net][talk][shell]") {
  int sv[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  std::string bytes = frame(to_json(asked_screen()));
  json lines = json::array();
  for (int i = 0; i < 30; ++i)
    lines.push_back(json{{"from", "Ana"}, {"seat", 1}, {"text", fmt::format("line {} \x1b[2J", i)}});
  lines.push_back(json{{"from", "eve"}, {"seat", 0}, {"text", "psst"}});
  bytes += frame(json{{"type", "talk"}, {"lines", lines}});
  write_all(sv[0], bytes);
  apptest::RemoteScreen remote(sv[1]);
  auto& term = remote.term;
  auto& app = remote.app;
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("eve (watching): psst"); }, 50));
  // Thirty talk lines and the question is whole, with its options and the keys.
  CHECK(term.shows("Play a card matching red"));
  CHECK(term.shows("1 play red/blue"));
  CHECK(term.shows("2 pass"));
  CHECK(term.shows("t talk"));
  CHECK(term.shows("» Ana: line 29 ?[2J"));  // marked, by whom, printable
  // Presence and the clock.
  CHECK(term.shows("Ana (away 4 min)"));
  CHECK(term.shows("Cleo (dropped 2 min ago)"));
  CHECK(term.shows("you: 42 s"));
  read_sent(sv[0]);  // the resize
  // t opens the talk line on the key help's row; the question stays.
  term.press(U't');
  for (char32_t ch : std::u32string(U"gg, well played")) term.press(ch);
  shell::test::run_until(
      app, term, [&] { return false; }, 20);
  CHECK(term.shows("Say: gg, well played"));
  CHECK(term.shows("Play a card matching red"));
  CHECK(term.shows("2 pass"));
  term.press(shell::KeyType::Enter);
  shell::test::run_until(
      app, term, [&] { return false; }, 10);
  std::vector<json> sent = read_sent(sv[0]);
  REQUIRE_FALSE(sent.empty());
  CHECK(sent.back() == json{{"type", "talk"}, {"text", "gg, well played"}});
  CHECK(term.shows("t talk"));  // the key help is back
  // A quick phrase: t then 2 on an empty line.
  term.press(U't');
  term.press(U'2');
  shell::test::run_until(
      app, term, [&] { return false; }, 10);
  sent = read_sent(sv[0]);
  REQUIRE_FALSE(sent.empty());
  CHECK(sent.back() == json{{"type", "talk"}, {"text", "your turn!"}});
  // The question was not answered by any of those keys.
  for (const json& m : sent) CHECK(m["type"] != "act");
  // A nudge: the bell and a line that says who.
  write_all(sv[0], frame(json{{"type", "nudge"}, {"from", "Ana"}}));
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("Ana nudges you"); }, 50));
  CHECK(term.bells() == 1);
  CHECK(term.shows("Play a card matching red"));
  ::close(sv[0]);
}

TEST_CASE("The game clock on the play screen at 80x24: every seat's time in the header",
          "[net][clock][shell]") {
  int sv[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  ScreenModel s = asked_screen();
  s.seats[0].bank_s = 600;        // Ana: 10:00, not asked
  s.seats[1].bank_s = 552;        // Ben (you): asked, 9:12 left
  s.seats[1].clock_s = 552 + 15;  // then the overtime
  s.seats[2].bank_s = 0;          // Cleo: used up
  write_all(sv[0], frame(to_json(s)));
  apptest::RemoteScreen remote(sv[1]);
  auto& term = remote.term;
  auto& app = remote.app;
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("Play a card matching red"); }, 50));
  // Every seat's clock in the header, which every layout has; the bank, not bank and overtime together.
  CHECK(term.shows("Ana 10:00 · you 9:12 · Cleo 0:00 · table friday"));
  CHECK(term.shows("1 play red/blue"));
  CHECK(term.shows("t talk"));
  // In overtime the header counts the move's seconds.
  s.seats[1].bank_s = 0;
  s.seats[1].clock_s = 12;
  write_all(sv[0], frame(to_json(s)));
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("Ana 10:00 · you 12 s · Cleo 0:00"); }, 50));
  ::close(sv[0]);
}

TEST_CASE("The whole log (l) shows talk lines with who said them", "[net][talk][shell]") {
  int sv[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  std::string bytes = frame(to_json(asked_screen()));
  json lines = json::array();
  lines.push_back(json{{"from", "Ana"}, {"seat", 1}, {"text", "hi ben \x1b[2J"}});
  lines.push_back(json{{"from", "eve"}, {"seat", 0}, {"text", "psst"}});
  bytes += frame(json{{"type", "talk"}, {"lines", lines}});
  write_all(sv[0], bytes);
  apptest::RemoteScreen remote(sv[1]);
  auto& term = remote.term;
  auto& app = remote.app;
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("eve (watching): psst"); }, 50));
  term.press(U'l');
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("The whole log"); }, 20));
  CHECK(term.shows("» Ana: hi ben ?[2J"));
  CHECK(term.shows("» eve (watching): psst"));
  ::close(sv[0]);
}
