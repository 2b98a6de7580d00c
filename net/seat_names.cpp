#include "net/seat_names.h"

#include <fmt/format.h>

#include "core/name_skeleton.h"
#include "games/registry.h"
#include "games/setup.h"
#include "net/protocol.h"

namespace rt::net {

namespace {

constexpr std::size_t kShownName = 24;

}  // namespace

std::string computer_seat_name_problem(const std::vector<std::string>& seats,
                                       const std::vector<std::string>& names,
                                       const std::vector<std::string>& people) {
  for (std::size_t i = 0; i < seats.size() && i < names.size(); ++i) {
    if (seats[i] == "human" || seats[i] == "remote") continue;
    for (const std::string& person : people)
      if (names_confusable(names[i], person))
        return fmt::format("seat {} is a computer's: its name '{}' looks like the player '{}'", i + 1,
                           printable(names[i], kShownName), printable(person, kShownName));
  }
  return {};
}

std::vector<std::string> names_once_seated(std::vector<std::string> names, const std::vector<SeatName>& whose,
                                           std::size_t seat, const std::string& person) {
  if (seat >= names.size() || whose.size() != names.size()) return names;
  const auto looks_taken = [&](const std::string& name, std::size_t except) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (i != except && names_confusable(name, unmarked_name(names[i]))) return true;
    return false;
  };
  const auto seated_like = [&](const std::string& name) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (i != seat && whose[i] == SeatName::Person && names_confusable(name, names[i])) return true;
    return false;
  };
  // No login name has a space: "ana 2" is nobody else's.
  std::string own = person;
  for (int k = 2; seated_like(own); ++k) own = fmt::format("{} {}", person, k);
  names[seat] = own;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i == seat || whose[i] == SeatName::Person || !names_confusable(unmarked_name(names[i]), own))
      continue;
    std::string spare = fmt::format("Seat {}", i + 1);
    for (const std::string& d : setup::default_seat_names())
      if (!looks_taken(d, i)) {
        spare = d;
        break;
      }
    names[i] = unmarked_name(names[i]) != names[i] ? computer_name(spare) : spare;
  }
  return names;
}

void rename_table_seats(Table& table, const std::vector<std::string>& names, const std::string& data_dir) {
  Options options = table.game().options();
  options.names = names;
  table.rename_seats(
      builtin_registry().create(table.game().info().id, std::move(options), setup::data_source(data_dir)));
}

}  // namespace rt::net
