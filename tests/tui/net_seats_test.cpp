// Typed seats in the table server: who plays a seat for the whole game
// (SeatController) is not read from what plays it now (a stand-in computer).
#include <catch2/catch.hpp>

#include "core/history.h"
#include "tests/tui/net_test_util.h"
#include "tui/shell/saves.h"

// The cases in a namespace of their own: the using-directives below stay in this
// file when a unity build puts it in one batch with others.
namespace net_seats_test_cases {

using namespace nettest;

TEST_CASE("A person's seat played by a stand-in is saved as the person's; a computer's stays a computer's",
          "[net][save]") {
  auto table = new_table("go-wacky", {"human", "human", "normal"}, 3);
  table->set_seat_kind(1, SeatKind::Bot);  // Ben's stand-in
  const std::vector<SeatController> who{SeatController::Remote, SeatController::Remote,
                                        SeatController::Computer};
  const std::string text = save_text_keeping_people(*table, "club", who);
  CHECK_THAT(text, Catch::Contains("table club\n"));
  CHECK_THAT(text, Catch::Contains("seat human human " + table->seats()[1].name + "\n"));
  CHECK_THAT(text, Catch::Contains("seat bot normal " + table->seats()[2].name + "\n"));
  CHECK(text.find("seat bot human") == std::string::npos);
  // Without controllers the seats' kinds say who (a level is a computer's
  // only, never "human"): with Ben back in his seat, the same text.
  table->set_seat_kind(1, SeatKind::Human);
  CHECK(save_text_keeping_people(*table, "club") == text);
  CHECK(controller_of(table->seats()[0]) == SeatController::Remote);
  CHECK(controller_of(table->seats()[2]) == SeatController::Computer);
}

TEST_CASE("A person's seat that a stand-in was playing at the end is the person's in the history",
          "[net][save]") {
  auto table = new_table("go-wacky", {"human", "human", "normal"}, 3);
  table->set_seat_kind(1, SeatKind::Bot);  // Ben's stand-in, at the end
  const std::vector<SeatController> who{SeatController::Remote, SeatController::Remote,
                                        SeatController::Computer};
  const HistoryRecord record = finished_game_record(*table, 0, "", "club", {0}, who);
  REQUIRE(record.seats.size() == 3);
  CHECK(record.seats[1].human);
  CHECK(record.seats[1].level.empty());
  CHECK(record.seats[1].name == table->seats()[1].name);
  CHECK_FALSE(record.seats[2].human);
  CHECK(record.seats[2].level == "normal");
  CHECK(record.seats[0].you);
}

TEST_CASE("A seat taken for the first time is in the save before its player is welcomed", "[net][save]") {
  Harness h;
  const ServerOptions o = h.options();
  h.start(new_table("go-wacky", {"human", "human", "easy"}, 5), o);
  CHECK_THAT(read_file(o.save_path), Catch::Contains("owner 1 none\nowner 2 none\n"));
  CHECK(h.server->table().history().empty());
  // Taking a seat is a change to save, though no step was played.
  Scripted ana;
  ana.conn = Connection::open(h.sock_dir(), "t");
  ana.conn.send(to_json(play_hello(1)));
  for (int i = 0; i < 50 && ana.welcome.is_null(); ++i) {
    h.pump();
    ana.poll();
  }
  REQUIRE(ana.welcome["seat"] == 1);
  CHECK(h.server->table().history().empty());
  const std::string mine = owner_line(0, SeatOwner::of_uid(::getuid(), user_name(::getuid())));
  CHECK_THAT(read_file(o.save_path), Catch::Contains(mine + "owner 2 none\n"));
  CHECK(read_file(o.save_path) == h.server->save_text());
  // A computer's seat has no owner line; the lines follow the seat lines.
  CHECK_THAT(read_file(o.save_path), Catch::Contains("seat bot easy Cleo\n" + mine));
  CHECK(read_file(o.save_path).find("owner 3") == std::string::npos);
}

TEST_CASE("A resumed table gives an owned seat only to its owner, and waits for every player to be back",
          "[net][save]") {
  Harness h;
  ServerOptions o = h.options();
  o.owners.resize(2);
  o.owners[1] = SeatOwner::of_uid(::getuid() + 1, "ben");  // another account
  h.start(new_table("go-wacky", {"human", "human"}, 5), o);
  CHECK(log_has(h, "seat 2 (Ben) is ben's: only they may sit there"));
  auto me = connect(h, play_hello(2));
  CHECK(me->st.error() == "seat 2 belongs to ben");
  // Without a seat named: the free one, not ben's.
  auto ana = connect(h, play_hello(0));
  REQUIRE(ana->welcome["seat"] == 1);
  for (int i = 0; i < 20; ++i) h.pump();
  CHECK_FALSE(h.server->started());
  ana->poll();
  CHECK_THAT(ana->st.screen().status, Catch::Contains("Waiting for players: seat 2 (Ben) for ben"));
  // A seat of an SSH key's is no Unix account's.
  Harness h2;
  ServerOptions k2 = h2.options();
  k2.owners.resize(2);
  k2.owners[0] = SeatOwner::of_key("SHA256:abc", "ana@laptop");
  h2.start(new_table("go-wacky", {"human", "easy"}, 5), k2);
  CHECK_THAT(connect(h2, play_hello(1))->st.error(), Catch::Contains("seat 1 belongs to ana@laptop"));
  CHECK_THAT(read_file(k2.save_path), Catch::Contains("owner 1 key SHA256:abc ana@laptop\n"));
}

TEST_CASE("The shell's resume and replay read a shared table's save, owner lines and all", "[net][save]") {
  Harness h;
  const ServerOptions o = h.options();
  h.start(new_table("go-wacky", {"human", "human", "easy"}, 9), o);
  auto ana = connect(h, play_hello(1));
  auto ben = connect(h, play_hello(2));
  for (int i = 0; i < 2000 && h.server->table().history().size() < 12; ++i) {
    h.pump();
    for (Scripted* c : {ana.get(), ben.get()}) {
      c->poll();
      c->play();
    }
  }
  h.pump();
  REQUIRE(h.server->table().history().size() >= 12);
  const std::string text = read_file(o.save_path);
  REQUIRE_THAT(text, Catch::Contains("\nowner 1 uid ") && Catch::Contains("\nowner 2 uid "));
  const shell::LoadedGame loaded = shell::load_saved_game(o.save_path, DataSource::embedded());
  CHECK(loaded.table->history() == h.server->table().history());
  CHECK(loaded.table->state().debug_string() == h.server->table().state().debug_string());
}

}  // namespace net_seats_test_cases
