// The join code a player gives: from a private file, the environment, or
// asked on the terminal without echo (never taken from the command line).
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "app/commands.h"
#include "core/types.h"
#include "net/codes.h"
#include "net/table_files.h"

namespace rt::app {

// The shared tables' commands speak of the server's types throughout.
using namespace net;

std::string player_code(bool ask, const std::string& code_file) {
  if (!code_file.empty()) return read_code_file(code_file);
  if (const char* env = std::getenv(kCodeEnv); env && *env) {
    if (std::strlen(env) > 128) throw UserError(fmt::format("{}: longer than 128 characters", kCodeEnv));
    return env;
  }
  if (!ask) return {};
  // Asked on the terminal itself, without echo: never in argv, never on a pipe.
  const int tty = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (tty < 0)
    throw UserError(fmt::format(
        "--code: no terminal to ask for the join code on; set {} or use --code-file FILE", kCodeEnv));
  termios saved{};
  const bool term = ::tcgetattr(tty, &saved) == 0;
  if (term) {
    termios quiet = saved;
    quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
    quiet.c_lflag |= ICANON;
    ::tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  static constexpr std::string_view kAsk = "Join code: ";
  if (::write(tty, kAsk.data(), kAsk.size()) < 0) {
  }
  std::string line;
  char ch = 0;
  while (line.size() < 256 && ::read(tty, &ch, 1) == 1 && ch != '\n') line += ch;
  if (term) ::tcsetattr(tty, TCSAFLUSH, &saved);
  if (::write(tty, "\n", 1) < 0) {
  }
  ::close(tty);
  line = trim(line);
  if (line.empty() || line.size() > 128) throw UserError("--code: give the join code (1-128 characters)");
  return line;
}

}  // namespace rt::app
