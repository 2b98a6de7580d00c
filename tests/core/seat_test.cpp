// Seats as types (core/seat.h): the words the command line, the set-up and
// saves use, turned into a controller and a level and back.
#include <catch2/catch.hpp>

#include "core/seat.h"

using namespace rt;

TEST_CASE("Seats: every level's word reads back as that level", "[core][seat]") {
  for (BotLevel l : kBotLevels) CHECK(parse_bot_level(level_name(l)) == l);
  CHECK(level_name(BotLevel::Normal) == "normal");
  CHECK_FALSE(parse_bot_level("human"));
  CHECK_FALSE(parse_bot_level("Hard"));
}

TEST_CASE("Seats: human, remote and each level are the seat words, and nothing else is", "[core][seat]") {
  CHECK(parse_seat_choice("human") == SeatChoice{SeatController::Human});
  CHECK(parse_seat_choice("remote") == SeatChoice{SeatController::Remote});
  CHECK(parse_seat_choice("hard") == SeatChoice{SeatController::Computer, BotLevel::Hard});
  CHECK(parse_seat_choice("expert") == SeatChoice{SeatController::Computer, BotLevel::Expert});
  CHECK_FALSE(parse_seat_choice("computer"));
  CHECK_FALSE(parse_seat_choice(""));
  for (const char* word : {"human", "remote", "random", "easy", "normal", "hard", "expert"}) {
    const auto choice = parse_seat_choice(word);
    REQUIRE(choice);
    CHECK(seat_choice_name(*choice) == word);
    CHECK(choice->person() == (std::string_view(word) == "human" || std::string_view(word) == "remote"));
  }
}
