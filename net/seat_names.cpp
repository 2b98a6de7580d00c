#include "net/seat_names.h"

#include <fmt/format.h>

#include "core/name_skeleton.h"
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

}  // namespace rt::net
