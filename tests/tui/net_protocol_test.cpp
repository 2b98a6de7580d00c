// The table protocol's framing and messages, what a client keeps from the
// server, and the shell's play screen drawing a screen model.
#include <catch2/catch.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include "client/remote_table.h"
#include "net/client.h"
#include "net/protocol.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/remote_screen.h"
#include "tests/tui/shell_fake_terminal.h"
#include "tui/shell/screens.h"

using namespace rt;
using namespace rt::net;

namespace {

ScreenModel sample_screen() {
  ScreenModel s;
  s.table = "friday";
  s.game = "go-wacky";
  s.game_name = "Go Wacky!";
  s.you = 1;
  s.phase = "play";
  s.status = "Your turn";
  auto seat = [](std::string name, bool human, std::string level, bool claimed, bool acting, bool you,
                 std::string user) {
    SeatView v;
    v.name = std::move(name);
    v.human = human;
    v.level = std::move(level);
    v.claimed = claimed;
    v.connected = claimed;
    v.acting = acting;
    v.you = you;
    v.user = std::move(user);
    return v;
  };
  s.seats = {seat("Ana", true, "human", true, false, false, "ana"),
             seat("Ben", true, "human", true, true, true, "ben"),
             seat("Cleo", false, "normal", false, false, false, "")};
  s.watchers = 1;
  Canvas c(40, 6, true);
  c.text(0, 0, "Draw Pile: 30");
  c.text(2, 2, "Ben's hand: [R/B]", Style{Color::Red, Color::Default, attr::kBold});
  c.put(39, 4, U'█', Style{Color::Green});
  encode_board(c, s);
  s.prompt = "Play a card matching red";
  s.ask = 7;
  s.options = {OptionView{3, "play red/blue"}, OptionView{100, "pass"}};
  return s;
}

}  // namespace

TEST_CASE("Protocol: frames survive being cut at every byte, several to a read", "[net][protocol]") {
  const std::string stream = frame(json{{"type", "ping"}}) + frame(json{{"type", "hello"}, {"protocol", 1}}) +
                             frame(json{{"type", "act"}, {"id", -5}, {"ask", 3}});
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    FrameReader r(kMaxClientFrame);
    std::vector<std::string> bodies;
    std::string body, err;
    auto drain = [&] {
      while (r.next(body, err) == FrameReader::Status::Frame) bodies.push_back(body);
    };
    r.feed(stream.data(), cut);
    drain();
    r.feed(stream.data() + cut, stream.size() - cut);
    drain();
    REQUIRE(bodies.size() == 3);
    CHECK(parse_message(bodies[2])["id"] == -5);
    CHECK_FALSE(r.mid_frame());
  }
}

TEST_CASE("Protocol: a frame over the limit, or empty, is an error and stays one", "[net][protocol]") {
  FrameReader r(100);
  std::string body, err;
  r.feed("\0\0\0\x65", 4);  // 101 bytes
  CHECK(r.next(body, err) == FrameReader::Status::Error);
  CHECK_THAT(err, Catch::Contains("over the limit"));
  r.feed("\0\0\0\x01x", 5);
  CHECK(r.next(body, err) == FrameReader::Status::Error);
  CHECK(r.room() == 0);
  FrameReader z(100);
  z.feed("\0\0\0\0", 4);
  CHECK(z.next(body, err) == FrameReader::Status::Error);
  CHECK(err == "empty frame");
  // Room never lets more than one frame and its header be buffered.
  FrameReader q(10);
  CHECK(q.room() == 14);
  q.feed(
      "\0\0\0\x0a"
      "abc",
      7);
  CHECK(q.room() == 7);
}

TEST_CASE("Protocol: messages are JSON objects with a type, not too deep, valid UTF-8", "[net][protocol]") {
  CHECK(parse_message("{\"type\":\"ping\"}")["type"] == "ping");
  CHECK_THROWS_AS(parse_message("{\"type\":"), ProtocolError);
  CHECK_THROWS_AS(parse_message("[]"), ProtocolError);
  CHECK_THROWS_AS(parse_message("{\"kind\":\"ping\"}"), ProtocolError);
  CHECK_THROWS_AS(parse_message("{\"type\":1}"), ProtocolError);
  CHECK_THROWS_AS(parse_message("{\"type\":\"x\",\"a\":[[[[[[[[[1]]]]]]]]]}"), ProtocolError);
  CHECK_NOTHROW(parse_message("{\"type\":\"x\",\"a\":\"[[[[[[[[[[[[\"}"));  // brackets in a string
  CHECK_THROWS_AS(parse_message("{\"type\":\"x\",\"a\":\"\xc3\x28\"}"), ProtocolError);
  CHECK_THROWS_AS(parse_message(std::string("{\"type\":\"x\"}\0", 13)), ProtocolError);
  // Output never throws on bad UTF-8 (names come from users).
  CHECK_NOTHROW(dump(json{{"type", "notice"}, {"text", std::string("\xff\xfe")}}));
}

TEST_CASE("Protocol: hello, act and resize read back what was written, and refuse bad fields",
          "[net][protocol]") {
  Hello h;
  h.role = Role::Watch;
  h.seat = 3;
  h.code = "tortoise";
  h.board_w = 100;
  h.board_h = 30;
  h.unicode = false;
  const Hello back = read_hello(parse_message(dump(to_json(h))));
  CHECK(back.role == Role::Watch);
  CHECK(back.seat == 3);
  CHECK(back.code == "tortoise");
  CHECK(back.board_w == 100);
  CHECK(back.board_h == 30);
  CHECK_FALSE(back.unicode);
  CHECK(read_hello(json{{"type", "hello"}, {"protocol", 2}}).protocol == 2);  // answered with "refused"
  CHECK_THROWS_AS(read_hello(json{{"type", "hello"}}), ProtocolError);
  CHECK_THROWS_AS(read_hello(json{{"type", "hello"}, {"protocol", 1}, {"role", "admin"}}), ProtocolError);
  CHECK_THROWS_AS(read_hello(json{{"type", "hello"}, {"protocol", 1}, {"board_w", 5}}), ProtocolError);
  CHECK_THROWS_AS(read_hello(json{{"type", "hello"}, {"protocol", 1}, {"seat", -1}}), ProtocolError);
  CHECK_THROWS_AS(read_hello(json{{"type", "hello"}, {"protocol", 1}, {"code", std::string(500, 'x')}}),
                  ProtocolError);
  const Act a = read_act(parse_message(dump(to_json(Act{9, 0, false, 101}))));
  CHECK(a.ask == 9);
  CHECK(a.id == 101);
  CHECK_FALSE(a.timed);
  const Act t = read_act(parse_message(dump(to_json(Act{0, 4, true, 102}))));
  CHECK(t.timed);
  CHECK(t.contest == 4);
  CHECK_THROWS_AS(read_act(json{{"type", "act"}, {"id", 1.5}, {"ask", 1}}), ProtocolError);
  CHECK_THROWS_AS(read_act(json{{"type", "act"}, {"id", 4294967296ll}, {"ask", 1}}), ProtocolError);
  CHECK_THROWS_AS(read_act(json{{"type", "act"}, {"id", 1}}), ProtocolError);
  const Resize r = read_resize(parse_message(dump(to_json(Resize{120, 40, true}))));
  CHECK(r.board_w == 120);
  CHECK(r.board_h == 40);
}

TEST_CASE("Protocol: a screen model and its board round-trip, styles included", "[net][protocol]") {
  const ScreenModel s = sample_screen();
  CHECK(s.rows.size() == 5);  // trailing empty rows are not sent
  const ScreenModel back = read_screen(parse_message(dump(to_json(s))));
  CHECK(back.table == "friday");
  CHECK(back.you == 1);
  REQUIRE(back.seats.size() == 3);
  CHECK(back.seats[1].you);
  CHECK(back.seats[1].acting);
  CHECK(back.seats[0].user == "ana");
  CHECK_FALSE(back.seats[2].human);
  CHECK(back.options.size() == 2);
  CHECK(back.options[1].label == "pass");
  CHECK(back.ask == 7);
  Canvas a(40, 6, true), b = decode_board(back);
  a.text(0, 0, "Draw Pile: 30");
  a.text(2, 2, "Ben's hand: [R/B]", Style{Color::Red, Color::Default, attr::kBold});
  a.put(39, 4, U'█', Style{Color::Green});
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 40; ++x) {
      INFO(x << "," << y);
      CHECK(a.at(x, y) == b.at(x, y));
    }
  // Over: the standings come along.
  ScreenModel over = s;
  over.phase = "over";
  over.options.clear();
  over.result = "Ana wins with 23 cards.";
  over.placings = {PlacingView{1, "Ana", "23 cards"}, PlacingView{2, "Ben", "20 cards"}};
  const ScreenModel ob = read_screen(parse_message(dump(to_json(over))));
  CHECK(ob.result == over.result);
  REQUIRE(ob.placings.size() == 2);
  CHECK(ob.placings[1].detail == "20 cards");
  CHECK(ob.options.empty());
}

TEST_CASE("Protocol: a screen with control characters or nonsense cannot hurt the client",
          "[net][protocol]") {
  ScreenModel s = sample_screen();
  s.rows[0] = "bell\x07 escape\x1b[2J";
  const Canvas c = decode_board(read_screen(parse_message(dump(to_json(s)))));
  for (int x = 0; x < c.width(); ++x) CHECK(c.at(x, 0).ch >= 0x20);
  json bad = to_json(s);
  bad["board"]["rows"] = json::array({1, 2});
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
  bad = to_json(s);
  bad["seats"] = "none";
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
  bad = to_json(s);
  bad["board"]["h"] = 2;  // more rows than the board has
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
}

TEST_CASE("Protocol: a race picture and a contest's result round-trip, bounded and printable",
          "[net][protocol]") {
  ScreenModel s = sample_screen();
  CHECK_FALSE(to_json(s)["board"].contains("picture"));  // the state as it is: nothing extra sent
  CHECK_FALSE(to_json(s).contains("contest_result"));
  CHECK(read_screen(parse_message(dump(to_json(s)))).picture == -1);
  s.picture = 3;
  s.contest_result = {"Ben's die lands 35 from the centre.", "Won in this contest: Cleo +6 (now 7)."};
  const ScreenModel back = read_screen(parse_message(dump(to_json(s))));
  CHECK(back.picture == 3);
  CHECK(back.contest_result == s.contest_result);
  // A peer's text: no escape reaches the terminal, nor more than the limit of lines.
  json bad = to_json(s);
  bad["contest_result"] = json::array({"clear\x1b[2J"});
  CHECK(read_screen(bad).contest_result.front() == "clear?[2J");
  bad["contest_result"] = json::array();
  for (std::size_t i = 0; i <= kMaxResultLines; ++i) bad["contest_result"].push_back("line");
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
  bad["contest_result"] = json::array({1});
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
  // Every other text of a screen is cleaned at parse time as well.
  bad = to_json(s);
  bad["seats"][0]["detail"] = "\x1b]0;title\x07";
  bad["seats"][0]["score"] = "\x1b[31m9";
  bad["over"] = json{{"result", "r"}, {"placings", json::array()}, {"non_seat_winner", "\x1b[2J"}};
  const ScreenModel clean = read_screen(bad);
  CHECK(clean.seats[0].detail == "?]0;title?");
  CHECK(clean.seats[0].score == "?[31m9");
  CHECK(clean.non_seat_winner == "?[2J");
  bad = to_json(s);
  bad["board"]["picture"] = -7;
  CHECK_THROWS_AS(read_screen(bad), ProtocolError);
}

TEST_CASE("Client: it keeps the screen, the log and notices, and answers the question on screen",
          "[net][client]") {
  ClientState st;
  CHECK_FALSE(st.asked());
  CHECK_FALSE(st.answer(0));
  st.apply(to_json(sample_screen()));
  st.apply(
      json{{"type", "log"}, {"lines", json::array({json{{"text", "Ana plays red."}, {"rule", "Play"}}})}});
  st.apply(json{{"type", "notice"}, {"text", "Too late!"}});
  REQUIRE(st.asked());
  CHECK(st.log().size() == 1);
  CHECK(st.log_total() == 1);
  CHECK(st.notice() == "Too late!");
  const json a = *st.answer(1);
  CHECK(a["type"] == "act");
  CHECK(a["id"] == 100);
  CHECK(a["ask"] == 7);
  CHECK_FALSE(a.contains("contest"));
  CHECK_FALSE(st.answer(2));
  CHECK_FALSE(st.apply(json{{"type", "refused"}, {"reason", "seat 2 is taken"}}));
  CHECK(st.error() == "seat 2 is taken");
  CHECK(st.apply(json{{"type", "something-new"}}));  // later versions may add messages
}

TEST_CASE("Client: the shell's play screen shows a shared table's screen model and answers with its keys",
          "[net][client]") {
  // The server's end is a socketpair the test writes frames into and reads
  // answers from; the client's end is the shell's one play screen.
  int sv[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  ScreenModel screen = sample_screen();
  screen.seats[1].place = 1;
  screen.seats[1].detail = "7 cards";
  screen.first = 1;
  std::string bytes = frame(to_json(screen));
  bytes += frame(json{{"type", "log"},
                      {"lines", json::array({json{{"text", "Cleo plays blue.\x1b[2J"}, {"rule", "Play"}}})}});
  REQUIRE(::write(sv[0], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
  apptest::RemoteScreen remote(sv[1]);
  auto& term = remote.term;
  auto& app = remote.app;
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("Play a card matching red"); }, 50));
  const std::string text = term.text();
  CHECK_THAT(
      text, Catch::Contains("Go Wacky!") && Catch::Contains("table friday") && Catch::Contains("1 watching"));
  CHECK_THAT(text, Catch::Contains("Ben (you)") && Catch::Contains("Cleo (computer, normal)") &&
                       Catch::Contains("7 cards"));
  CHECK_THAT(text, Catch::Contains("Ben's hand: [R/B]"));
  CHECK_THAT(text, Catch::Contains("Your move"));
  CHECK_THAT(text, Catch::Contains("1 play red/blue") && Catch::Contains("2 pass"));
  CHECK_THAT(text, Catch::Contains("Cleo plays blue.?[2J"));  // nothing from a peer reaches the terminal raw
  CHECK_THAT(text, Catch::Contains("Enter play"));
  // The board size the layout gives goes to the server; Enter plays the
  // game's suggested option ("pass", highlighted first) for question 7.
  term.press(shell::KeyType::Enter);
  shell::test::run_until(
      app, term, [&] { return false; }, 5);
  std::string got(65536, '\0');
  const ssize_t n = ::read(sv[0], got.data(), got.size());
  REQUIRE(n > 0);
  FrameReader r(kMaxServerFrame);
  r.feed(got.data(), static_cast<std::size_t>(n));
  std::string body, err;
  std::vector<json> sent;
  while (r.next(body, err) == FrameReader::Status::Frame) sent.push_back(parse_message(body));
  REQUIRE(sent.size() >= 2);
  CHECK(sent.front()["type"] == "resize");
  CHECK(sent.back()["type"] == "act");
  CHECK(sent.back()["id"] == 100);
  CHECK(sent.back()["ask"] == 7);
  // The question leaves the screen until the table answers.
  CHECK_FALSE(term.shows("Play a card matching red"));
  ::close(sv[0]);
  // The table is gone: the screen says so and how to come back.
  REQUIRE(shell::test::run_until(
      app, term, [&] { return term.shows("TABLE LOST"); }, 50));
  CHECK(term.shows("racetable join friday --seat 2"));
}

// After the host's Ctrl-C players read "Lost the table ... Rejoin with:
// racetable join rs --seat 1": that command must work once the table is open again.
TEST_CASE("Client: a table its host closed says so, and that the rejoin works once it is open again",
          "[net][client]") {
  for (const bool saved : {true, false}) {
    int sv[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    std::string bytes = frame(to_json(sample_screen()));
    bytes += frame(
        json{{"type", "closing"},
             {"text", saved ? "the host (ana) closed the table; the game is saved, and they can open it "
                              "again where it stopped"
                            : "the host (ana) closed the table, and the game could not be saved"},
             {"saved", saved}});
    REQUIRE(::write(sv[0], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    ::close(sv[0]);
    shell::test::FakeTerminal term(80, 24, true);
    shell::AppContext ctx;
    const json welcome{{"type", "welcome"}, {"seat", 2}, {"game", "go-wacky"}, {"game_name", "Go Wacky!"}};
    shell::App app(term, ctx,
                   shell::make_table_screen(
                       ctx, rt::client::make_remote_table(
                                Connection(sv[1]), welcome,
                                rt::client::RemoteSettings{"rs", "/tmp", "racetable join rs --seat 2", {}})));
    REQUIRE(shell::test::run_until(
        app, term, [&] { return term.shows("TABLE CLOSED"); }, 50));
    INFO(term.text());
    CHECK(term.shows("The host (ana) closed the table"));
    CHECK_FALSE(term.shows("Lost the table"));
    if (saved) {
      CHECK(term.shows("Once it is open again"));
      CHECK(term.shows("racetable join rs --seat 2"));
    } else {
      CHECK(term.shows("and the game could not be"));
      CHECK_FALSE(term.shows("racetable join rs"));
    }
  }
}

TEST_CASE("Server: closing a table tells its players and watchers who closed it", "[net][client]") {
  nettest::Harness h;
  h.start(nettest::new_table("go-wacky", {"human", "human"}, 3), h.options());
  auto ana = nettest::connect(h, nettest::play_hello(1));
  auto watcher = nettest::connect(h, nettest::watch_hello());
  h.pump();
  h.server->stop();
  h.server->close_table();
  for (int i = 0; i < 20; ++i) {
    ana->poll();
    watcher->poll();
  }
  CHECK_THAT(ana->st.closing(), Catch::Contains("closed the table; the game is saved"));
  CHECK(ana->st.closing_saved());
  CHECK_THAT(watcher->st.closing(), Catch::Contains("closed the table"));
}
