// Typed seats in the table server: who plays a seat for the whole game
// (SeatController) is not read from what plays it now (a stand-in computer).
#include <catch2/catch.hpp>

#include "core/history.h"
#include "tests/tui/net_test_util.h"

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
