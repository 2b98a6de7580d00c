// One way a table is described (net/table_spec.h): its JSON form, its
// limits, what the server takes of it, and the producers that make one.
#include <algorithm>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

#include "app/commands.h"
#include "net/server.h"
#include "net/sockets.h"
#include "net/table_spec.h"

using namespace rt;
using namespace rt::net;

namespace {

// Every field away from its default.
TableSpec spec_with_every_field() {
  TableSpec s;
  s.request.game = "go-wacky";
  s.request.seats = {"human", "remote", "easy"};
  s.request.players = 3;
  s.request.names = {"Ana", "Bo", "Cy"};
  s.request.variants = {"short"};
  s.request.options = {"laps=3"};
  s.request.contest_pace = "quick";
  s.request.think = "150";
  s.request.seed_text = "4242";
  s.name = "friends";
  s.admission = Admission::Code;
  s.code = "tulip-lamp";
  s.invited = {"bob", "eve"};
  s.group = "games";
  s.watchers = false;
  s.watchers_talk = true;
  s.move_time_s = 30;
  s.game_time_min = 10;
  s.hints = true;
  return s;
}

void check_same_spec(const TableSpec& a, const TableSpec& b) {
  CHECK(a.request.game == b.request.game);
  CHECK(a.request.seats == b.request.seats);
  CHECK(a.request.players == b.request.players);
  CHECK(a.request.names == b.request.names);
  CHECK(a.request.variants == b.request.variants);
  CHECK(a.request.options == b.request.options);
  CHECK(a.request.contest_pace == b.request.contest_pace);
  CHECK(a.request.think == b.request.think);
  CHECK(a.request.seed_text == b.request.seed_text);
  CHECK(a.name == b.name);
  CHECK(a.admission == b.admission);
  CHECK(a.code == b.code);
  CHECK(a.invited == b.invited);
  CHECK(a.group == b.group);
  CHECK(a.watchers == b.watchers);
  CHECK(a.watchers_talk == b.watchers_talk);
  CHECK(a.move_time_s == b.move_time_s);
  CHECK(a.game_time_min == b.game_time_min);
  CHECK(a.hints == b.hints);
}

std::string flag_problem(const TableSpec& s) {
  try {
    check_spec_flags(s, InvitedNames::Users);
  } catch (const OptionError& e) {
    return e.what();
  }
  return {};
}

std::string json_problem(const json& j) {
  try {
    spec_from_json(j);
  } catch (const UserError& e) {
    return e.what();
  }
  return {};
}

// `host`'s flags as run_net_commands takes them.
HostSettings host_flags(const std::vector<std::string>& words) {
  CLI::App app;
  rt::app::NetCommands nc;
  rt::app::add_net_commands(app, nc);
  std::vector<std::string> args(words.rbegin(), words.rend());
  args.push_back("host");
  app.parse(args);
  HostSettings s = nc.host_settings;
  take_host_flags(s, nc.host_game);
  return s;
}

}  // namespace

TEST_CASE("Table spec: every field survives its JSON form and reaches the server's options", "[spec]") {
  const TableSpec s = spec_with_every_field();
  REQUIRE_FALSE(spec_problem(s, InvitedNames::Users));
  const TableSpec back = spec_from_json(json::parse(dump(to_json(s))));
  check_same_spec(s, back);
  // Where the game's data is read is this process's, not the table's.
  CHECK_FALSE(to_json(s).contains("data_dir"));

  ServerOptions opt;
  apply_spec(back, opt);
  CHECK(opt.code == "tulip-lamp");
  CHECK(opt.invited == std::vector<std::string>{"bob", "eve"});
  CHECK_FALSE(opt.watchers);
  CHECK(opt.watchers_talk);
  CHECK(opt.move_time_ms == 30000);
  CHECK(opt.game_time_ms == 600000);
  CHECK(opt.hints);
  // The host's own seat is one person's; the server sits people at both.
  CHECK(host_seat_of(back) == 1);
  CHECK(server_request(back).seats == std::vector<std::string>{"human", "human", "easy"});
  // The table file of a table saved before the spec: its defaults.
  const TableSpec old = spec_from_json(json{{"access", "public"}, {"code", ""}, {"players", json::array()}});
  CHECK(old.watchers);
  CHECK(old.move_time_s == 0);
  CHECK(old.game_time_min == 0);
}

TEST_CASE("Table spec: each limit is said in one line naming the flag or the key", "[spec]") {
  TableSpec s;
  s.request.game = "go-wacky";
  SECTION("the move clock") {
    s.move_time_s = 2;
    CHECK(flag_problem(s) == "--move-time: give seconds from 5 to 86400 (0: no clock)");
    CHECK(json_problem(json{{"move_time", 86401}}) ==
          "move_time: give seconds from 5 to 86400 (0: no clock)");
    CHECK(json_problem(json{{"move_time", "soon"}}) == "move_time: a number");
  }
  SECTION("the game clock") {
    s.game_time_min = 2000;
    CHECK(flag_problem(s) == "--game-time: give minutes from 1 to 1440 (0: no game clock)");
    CHECK(json_problem(json{{"game_time", 0.5}}) ==
          "game_time: give minutes from 1 to 1440 (0: no game clock)");
  }
  SECTION("the players named") {
    s.invited = std::vector<std::string>(kMaxInvited + 1, "bob");
    CHECK(flag_problem(s) == "--invite: at most 8 names");
    s.invited = {"no such user!"};
    CHECK(flag_problem(s).rfind("--invite: 'no such user!' is not a user name", 0) == 0);
  }
  SECTION("the seats") {
    s.request.seats = {"human", "human"};
    CHECK(flag_problem(s) ==
          "--seats: one seat is the host's: make the other people players at other terminals");
    CHECK(json_problem(json{{"seats", std::vector<std::string>(kMaxSpecItems + 1, "remote")}}) ==
          "seats: at most 16 texts of 64 bytes");
  }
  SECTION("the variants and options") {
    s.request.variants = std::vector<std::string>(kMaxSpecItems + 1, "v");
    CHECK(flag_problem(s) == "--variant: at most 16 of them");
    s.request.variants.clear();
    s.request.options = {std::string(kMaxSpecTextBytes + 1, 'o')};
    CHECK(flag_problem(s) == "--option: each at most 64 bytes");
  }
  SECTION("the table's name, quoted printably") {
    s.name = "a\x1b[2J";
    CHECK(flag_problem(s).rfind("bad table name 'a?[2J'", 0) == 0);
    CHECK(json_problem(json{{"table", "a\x1b[2J"}}).rfind("bad table name 'a?[2J'", 0) == 0);
  }
  SECTION("the join code and the seed") {
    s.code = std::string(kMaxCodeBytes + 1, 'c');
    CHECK(flag_problem(s) == "--code: the join code is longer than 128 characters");
    CHECK(json_problem(json{{"seed", std::string(kMaxSpecTextBytes + 1, '1')}}) ==
          "seed: a text of at most 64 bytes");
  }
  SECTION("who may come, watchers, and not an object at all") {
    CHECK(json_problem(json{{"access", "friends"}}) == "access: public, code or named");
    CHECK(json_problem(json{{"watchers", "yes"}}) == "watchers: true or false");
    CHECK(json_problem(json::array()) == "a table's description: not a JSON object");
  }
}

TEST_CASE("Table spec: host's flags and a line of serve FILE give the same spec", "[spec]") {
  const std::string line =
      "go-wacky --seats human,human,easy --names Ana,Bo,Cy --variant short --option laps=3 "
      "--contest-pace quick --think 150 --name friends --code --invite bob,eve --group games "
      "--no-watchers --watchers-talk --move-time 30 --game-time 10 --hints";
  std::vector<std::string> words;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  const HostSettings flags = host_flags(words);
  const HostSettings served = rt::app::host_settings_of(line, "tables.txt:1");
  CHECK(dump(to_json(flags.spec)) == dump(to_json(served.spec)));
  // What they say: every person elsewhere, who may come, the clocks.
  CHECK(flags.spec.request.seats == std::vector<std::string>{"remote", "remote", "easy"});
  CHECK(host_seat_of(flags.spec) == 0);
  CHECK(flags.spec.admission == Admission::Code);
  CHECK(flags.spec.invited == std::vector<std::string>{"bob", "eve"});
  CHECK_FALSE(flags.spec.watchers);
  CHECK(flags.spec.move_time_s == 30);
  CHECK(flags.spec.game_time_min == 10);
  // Players named and no code: only they may come.
  CHECK(host_flags({"go-wacky", "--invite", "bob"}).spec.admission == Admission::Named);
  CHECK(host_flags({"go-wacky"}).spec.admission == Admission::Anyone);
}

TEST_CASE(
    "A table's name is checked once, in one wording: a socket's name, host's flag and the SSH server's host "
    "request say the same line",
    "[spec]") {
  const std::string bad = "bad name!";
  const std::string said = "bad table name 'bad name!': use 1 to 32 letters, digits, '-' or '_'";
  CHECK(table_name_problem(bad) == said);
  CHECK_THROWS_WITH(check_table_name(bad), said);
  CHECK_THAT(json_problem(json{{"table", bad}}), Catch::Contains(said));
  CHECK(table_name_problem(std::string(33, 'a')).rfind("bad table name", 0) == 0);
  CHECK(table_name_problem(std::string(32, 'a')).empty());
}
