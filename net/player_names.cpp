// The names players log in with (net/ssh_identity.h): what a name may be.
// Apart from the registry and the keys, so the shell's program checks the
// name it is given without linking libssh or SQLite.
#include <cctype>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "net/protocol.h"
#include "net/ssh_identity.h"

namespace rt::net {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
}

}  // namespace

std::string player_name_problem(std::string_view name) {
  const std::string shown = printable(name, 24);
  if (name.size() < kMinPlayerName || name.size() > kMaxPlayerName)
    return fmt::format("the name '{}' is {} characters long: a name has {} to {}", shown, name.size(),
                       kMinPlayerName, kMaxPlayerName);
  for (char c : name)
    if (!name_char(c))
      return fmt::format("the name '{}' has a character other than letters, digits, '-' and '_'", shown);
  if (lower(name).rfind("guest", 0) == 0)
    return fmt::format("the name '{}' starts with 'guest': those are kept for guests", shown);
  return {};
}

std::string player_id(std::string_view name) {
  return lower(name);
}

}  // namespace rt::net
