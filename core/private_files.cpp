#include "core/private_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "core/types.h"

namespace rt {

int open_private_dir(const std::string& dir, std::string& why) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    why = fmt::format("{}: {}", dir, std::strerror(errno));
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    why = fmt::format("{}: not your private directory", dir);
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content) {
  std::string why;
  const int dir_fd = open_private_dir(dir, why);
  if (dir_fd < 0) throw UserError(why);
  // The names tried are few: a hundred games of one table name is far more than a player keeps.
  constexpr int kMaxTries = 100;
  std::string name;
  int fd = -1;
  for (int k = 1; fd < 0 && k <= kMaxTries; ++k) {
    name = k == 1 ? fmt::format("{}.{}", stem, ext) : fmt::format("{}-{}.{}", stem, k, ext);
    fd =
        ::openat(dir_fd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  const std::string path = fmt::format("{}/{}", dir, name);
  if (fd < 0) {
    const int err = errno;
    ::close(dir_fd);
    throw UserError(fmt::format("{}: {}", path, std::strerror(err)));
  }
  int err = 0;
  for (std::size_t done = 0; done < content.size() && err == 0;) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno != EINTR) err = errno;
    if (n > 0) done += static_cast<std::size_t>(n);
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) ::unlinkat(dir_fd, name.c_str(), 0);
  ::close(dir_fd);
  if (err != 0) throw UserError(fmt::format("{}: {}", path, std::strerror(err)));
  return path;
}

}  // namespace rt
