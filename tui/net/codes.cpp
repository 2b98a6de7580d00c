// Join codes: read from a private file, generated, or asked on the terminal
// (never taken from the command line).
#include "tui/net/commands.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "tui/net/commands_internal.h"
#include "tui/net/sockets.h"

namespace rt::net {

std::string read_code_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw UserError(fmt::format("{}: cannot read the join code: {}", path, std::strerror(errno)));
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) {
    ::close(fd);
    throw UserError(
        fmt::format("{}: a join code file must be a file of yours that only you can read "
                    "(chmod 600; it has mode {:04o})",
                    path, stat_ok ? static_cast<unsigned>(st.st_mode & 07777) : 0u));
  }
  char buf[256];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  std::string code = trim(std::string(buf, static_cast<std::size_t>(std::max<ssize_t>(n, 0))));
  if (const auto nl = code.find('\n'); nl != std::string::npos) code = trim(code.substr(0, nl));
  if (code.empty() || code.size() > 128)
    throw UserError(fmt::format("{}: the first line must be the join code (1-128 characters)", path));
  return code;
}

std::string generate_code() {
  static constexpr std::string_view kAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";  // 32: no l, o, 0, 1
  std::uint64_t bits = random_u64(), more = random_u64();
  std::string code;
  for (int i = 0; i < 16; ++i) {
    if (i == 12) bits = more;
    if (i > 0 && i % 4 == 0) code += '-';
    code += kAlphabet[bits & 31];
    bits >>= 5;
  }
  return code;
}

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

}  // namespace rt::net
