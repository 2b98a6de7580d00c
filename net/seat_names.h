// The names a host gives a shared table's seats: a computer's seat may not
// pass for a person (core/name_skeleton.h), and a seat of the host's own is
// called by the host's login name.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/computer_name.h"
#include "core/table.h"

namespace rt::net {

// "" when no computer seat's name (`names[i]` where `seats[i]` is neither
// "human" nor "remote") looks like one of `people`'s names; else one line
// saying which seat and whose name it resembles (printably).
std::string computer_seat_name_problem(const std::vector<std::string>& seats,
                                       const std::vector<std::string>& names,
                                       const std::vector<std::string>& people);

// At a shared table a computer's seat says so in its name, so every screen,
// log line, result, save and history entry that names it marks it: "Dev
// (computer)" (core/computer_name.h).
using rt::computer_name;
using rt::kComputerMark;
using rt::unmarked_name;

// Who a seat's name is: a computer's, a person's seat nobody has sat at
// yet (a placeholder), or a seated person's own.
enum class SeatName : std::uint8_t { Computer, Placeholder, Person };
// The seat names once `person` sits at `seat`: that seat takes the person's
// name ("ana 2" when they sit at a second seat), and a computer's or a
// placeholder named like them takes a default name ("Ana", "Ben", ...) no
// seat looks like, so nobody passes for the person who sat down.
std::vector<std::string> names_once_seated(std::vector<std::string> names, const std::vector<SeatName>& whose,
                                           std::size_t seat, const std::string& person);
// Names are fixed in a game when it is made: `table`'s game is made again
// with `names` from the same data (`data_dir`: "" the built-in data) and its
// state replayed (Table::rename_seats). Throws OptionError.
void rename_table_seats(Table& table, const std::vector<std::string>& names, const std::string& data_dir);

}  // namespace rt::net
