// A seated person is called by their own name at a shared table: the seat
// takes the sitter's login (SSH) or Unix name, in every screen, talk line,
// result, save and history; never the host's placeholder.
#include <catch2/catch.hpp>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "core/history.h"
#include "core/name_skeleton.h"
#include "core/save.h"
#include "net/seat_names.h"
#include "tests/tui/net_test_util.h"
#include "tests/tui/ssh_tables_util.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_seat_names_test_cases {

using namespace nettest;

namespace {

std::vector<std::string> seat_names(const Table& t) {
  std::vector<std::string> out;
  for (const Seat& s : t.seats()) out.push_back(s.name);
  return out;
}

}  // namespace

TEST_CASE("A seat takes its sitter's name; a computer or a free seat named like them is renamed",
          "[net][names]") {
  using W = SeatName;
  // ana sits at seat 2: her name, and the computer "ANA" at seat 3 no longer passes for her.
  CHECK(names_once_seated({"Ana", "Ben", "ANA"}, {W::Placeholder, W::Placeholder, W::Computer}, 1, "ana") ==
        std::vector<std::string>{"Ben", "ana", "Cleo"});
  // The same person at a second seat: "ana 2" (no login name has a space).
  CHECK(names_once_seated({"ana", "Ben"}, {W::Person, W::Placeholder}, 1, "ana") ==
        std::vector<std::string>{"ana", "ana 2"});
  // Another person's own name is never changed.
  CHECK(names_once_seated({"bob", "Ben", "Cleo"}, {W::Person, W::Placeholder, W::Computer}, 1, "ana") ==
        std::vector<std::string>{"bob", "ana", "Cleo"});
}

TEST_CASE("A seated person's name replaces the placeholder in the game's own narration", "[net][names]") {
  auto table = new_table("go-wacky", {"human", "human", "easy"}, 3);
  table->advance();
  const std::size_t steps = table->history().size();
  rename_table_seats(*table, {"ana", "Ben", "Cleo"}, "");
  CHECK(seat_names(*table) == std::vector<std::string>{"ana", "Ben", "Cleo"});
  CHECK(table->game().options().names[0] == "ana");
  CHECK(table->history().size() == steps);
  CHECK_THAT(save_text(*table), Catch::Contains("seat human human ana\n"));
}

TEST_CASE(
    "A placeholder name is never shown for a seated person at a local table: screens, talk, log, "
    "save and history",
    "[net][names]") {
  Harness h;
  ServerOptions o = h.options();
  o.history_dir = h.dir.path + "/state";
  std::filesystem::create_directories(o.history_dir);
  ::chmod(o.history_dir.c_str(), 0700);
  const std::string me = user_name(::getuid());
  setup::TableRequest req;
  req.game = "go-wacky";
  req.seats = {"human", "human", "easy"};
  req.players = 3;
  // The computer's name looks like the person who sits: it is renamed too.
  std::string like_me = me;
  like_me[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(like_me[0])));
  req.names = {"Placeholda", "Stubbo", like_me + "_"};
  h.start(setup::make_table(req, 11), o);
  auto first = connect(h, play_hello(1));
  auto second = connect(h, play_hello(2));
  REQUIRE(first->welcome.value("seat", 0) == 1);
  REQUIRE(second->welcome.value("seat", 0) == 2);
  // From the moment both sat, nothing sent names a placeholder.
  std::map<int, std::size_t> seen;
  for (const auto& [id, bytes] : h.sent) seen[id] = bytes.size();
  const std::size_t logged = h.log.size();
  const std::vector<std::string> names = seat_names(h.server->table());
  CHECK(names[0] == me);
  CHECK(names[1] == me + " 2");
  CHECK_FALSE(names_confusable(names[2], me));
  first->conn.send(json{{"type", "talk"}, {"text", "good luck"}});
  play_out(h, {first.get(), second.get()});
  REQUIRE(h.server->table().over());
  pump(h, {first.get(), second.get()}, 20);
  for (const auto& [id, bytes] : h.sent) {
    const std::string after = bytes.substr(seen.count(id) ? seen[id] : 0);
    INFO("client " << id);
    CHECK(after.find("Placeholda") == std::string::npos);
    CHECK(after.find("Stubbo") == std::string::npos);
    CHECK(after.find(like_me + "_") == std::string::npos);
  }
  bool heard = false;
  for (const LogLine& l : second->st.log()) heard = heard || (l.talk_from == me && l.text == "good luck");
  CHECK(heard);
  CHECK(second->st.screen().seats[0].name == me);
  CHECK(second->st.screen().seats[1].name == me + " 2");
  CHECK_THAT(second->st.screen().result, !Catch::Contains("Stubbo"));
  for (std::size_t i = logged; i < h.log.size(); ++i) {
    INFO(h.log[i]);
    CHECK(h.log[i].find("Stubbo") == std::string::npos);
  }
  const std::string save = read_file(o.save_path);
  CHECK_THAT(save, Catch::Contains("seat human human " + me + "\n"));
  CHECK_THAT(save, Catch::Contains("seat human human " + me + " 2\n"));
  CHECK(save.find("Placeholda") == std::string::npos);
  const HistoryRead history = read_history(o.history_dir);
  REQUIRE(history.records.size() == 1);
  CHECK(history.records[0].seats[0].name == me);
  CHECK(history.records[0].seats[1].name == me + " 2");
  // Resumed, the game shows the names it was played with.
  const auto resumed = load_save(save, o.save_path, builtin_registry(), setup::data_source(""));
  CHECK(seat_names(*resumed) == names);
}

TEST_CASE(
    "SSH tables: a placeholder name is never shown for a seated person; a computer named like them "
    "is renamed",
    "[ssh][net][names]") {
  using namespace rt::net::sshtest;
  nettest::TempDir dir;
  TableProcessChild tp(dir.path);
  const int ana = tp.link("ana", kAna), bob = tp.link("bob", kBob);
  const json hosted = ask(ana, json{{"type", "host"},
                                    {"game", "go-wacky"},
                                    {"seats", {"human", "remote", "easy"}},
                                    {"names", {"Ana", "Stubbo", "B0b"}},
                                    {"access", "public"}});
  INFO(hosted.dump());
  REQUIRE(hosted.value("type", "") == "hosted");
  const std::string table = hosted.value("table", "");
  Connection ana_conn, bob_conn;
  REQUIRE(sit(ana, table, 1, &ana_conn).value("type", "") == "welcome");
  const json welcome = sit(bob, table, 2, &bob_conn);
  INFO(welcome.dump());
  REQUIRE(welcome.value("type", "") == "welcome");
  const json listed = table_in(ask(ana, json{{"type", "list"}}), table);
  INFO(listed.dump());
  REQUIRE(listed["seats"].size() == 3);
  CHECK(listed["seats"][0]["name"] == "ana");
  CHECK(listed["seats"][1]["name"] == "bob");
  CHECK_FALSE(names_confusable(listed["seats"][2]["name"].get<std::string>(), "bob"));
  // Bob's own screen names him, not the placeholder.
  ClientState st;
  for (int i = 0; i < 200 && st.screen().seats.empty(); ++i) {
    std::string error;
    if (const std::optional<json> m = bob_conn.wait_message(100, error)) st.apply(*m);
  }
  REQUIRE(st.screen().seats.size() == 3);
  CHECK(st.screen().seats[1].name == "bob");
  for (const std::string& row : st.screen().rows) CHECK(row.find("Stubbo") == std::string::npos);
}

TEST_CASE(
    "SSH tables: a finished game is in each player's own Finished games, to watch again with every hand",
    "[ssh][net][names]") {
  Harness h;
  TempDir homes;
  ServerOptions o = h.options();
  o.no_socket = true;
  o.host_key = SeatOwner::of_key("SHA256:ana", "ana");
  o.history_dir_of = [&](const SeatOwner& who) {
    std::filesystem::create_directories(homes.path + "/" + who.name);
    return homes.path + "/" + who.name;
  };
  h.start(new_table("go-wacky", {"human", "human", "easy"}, 7), o);
  const SeatOwner who[] = {SeatOwner::of_key("SHA256:ana", "ana"), SeatOwner::of_key("SHA256:bob", "bob")};
  std::vector<std::unique_ptr<Scripted>> players;
  for (int seat = 1; seat <= 2; ++seat) {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) == 0);
    std::string why;
    REQUIRE(h.server->add_client(pair[0], who[seat - 1], false, why));
    auto c = std::make_unique<Scripted>();
    c->conn = Connection(pair[1]);
    c->conn.send(to_json(play_hello(seat)));
    for (int i = 0; i < 200 && c->welcome.is_null(); ++i) {
      h.pump();
      c->poll();
    }
    REQUIRE(c->welcome.value("seat", 0) == seat);
    players.push_back(std::move(c));
  }
  play_out(h, {players[0].get(), players[1].get()});
  REQUIRE(h.server->table().over());
  for (int p = 0; p < 2; ++p) {
    const std::string dir = homes.path + "/" + who[p].name;
    const HistoryRead read = read_history(dir);
    INFO(who[p].name << ": " << read.error);
    REQUIRE(read.records.size() == 1);
    const std::string& copy = read.records[0].save;
    // Their own copy, in their own directory: the shell's Finished games lists it.
    CHECK(copy.rfind(dir + "/", 0) == 0);
    const SaveFile save = parse_save(read_file(copy), copy);
    CHECK(save.table == "t");
    CHECK(save.seats[0].name == "ana");
    CHECK(save.seats[1].name == "bob");
    const auto replayed = restore_save(save, builtin_registry(), setup::data_source(""));
    CHECK(replayed->over());
    // Over: the replay may show every seat's hand.
    const ReplaySight sight = replay_sight(save, replayed->over(), ::getuid());
    CHECK(sight.may_see(0));
    CHECK(sight.may_see(1));
    CHECK(sight.may_see(2));
  }
}

}  // namespace net_seat_names_test_cases
