// Join codes and seeds: read from a private file, or generated (never taken
// from the command line).
#include "net/codes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "core/types.h"
#include "net/sockets.h"
#include "net/table_files.h"

namespace rt::net {

std::string read_code_file(const std::string& path) {
  return read_secret_file(path, "join code");
}

std::string read_secret_file(const std::string& path, std::string_view what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw UserError(fmt::format("{}: cannot read the {}: {}", path, what, std::strerror(errno)));
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) {
    ::close(fd);
    throw UserError(
        fmt::format("{}: a {} file must be a file of yours that only you can read "
                    "(chmod 600; it has mode {:04o})",
                    path, what, stat_ok ? static_cast<unsigned>(st.st_mode & 07777) : 0u));
  }
  char buf[256];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  std::string code = trim(std::string(buf, static_cast<std::size_t>(std::max<ssize_t>(n, 0))));
  if (const auto nl = code.find('\n'); nl != std::string::npos) code = trim(code.substr(0, nl));
  if (code.empty() || code.size() > 128)
    throw UserError(fmt::format("{}: the first line must be the {} (1-128 characters)", path, what));
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

}  // namespace rt::net
