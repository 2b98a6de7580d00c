#include "core/input_limits.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "core/printable.h"
#include "core/types.h"

namespace rt {

std::string excerpt(std::string_view text, std::size_t max_chars) {
  std::size_t chars = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    if (chars == max_chars) return printable(text.substr(0, i), std::string_view::npos) + "\u2026";
    // Step over one UTF-8 sequence (continuation bytes are 10xxxxxx).
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
    ++chars;
  }
  return printable(text, std::string_view::npos);  // already cut
}

std::string read_bounded_file(const std::string& path, const std::string& where, std::size_t limit,
                              bool data_error) {
  auto fail = [&](const std::string& what) {
    const std::string msg = fmt::format("{}: {}", where, what);
    if (data_error) throw DataError(msg);
    throw UserError(msg);
  };
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("cannot read file");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    ::close(fd);
    fail("cannot read file");
  }
  auto too_large = [&](const std::string& size) {
    ::close(fd);
    fail(fmt::format("{} bytes is too large (at most {})", size, limit));
  };
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > limit)
    too_large(std::to_string(st.st_size));
  // Read in chunks and stop past the limit: a pipe or a growing file has no
  // trustworthy size.
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      fail("cannot read file");
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > limit) too_large("more than " + std::to_string(limit));
  }
  ::close(fd);
  return text;
}

}  // namespace rt
