#include "net/table_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ctime>
#include <vector>

#include <fmt/format.h>

#include "core/input_limits.h"
#include "core/types.h"
#include "net/table_files.h"

namespace rt::net {
namespace {

// O_NOFOLLOW and the owner check: a symlink or a file another user put at
// this name is refused, never appended to. (The directory is the host's and
// nobody else may create or rename in it; the checks hold even if it were not.)
int open_private(const std::string& path, int extra_flags, std::size_t& size) {
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | extra_flags, 0600);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
      (st.st_mode & 077) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  size = static_cast<std::size_t>(st.st_size);
  return fd;
}

}  // namespace

std::string clock_stamp() {
  char stamp[16] = "";
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  if (::localtime_r(&t, &tm)) std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
  return stamp;
}

std::shared_ptr<TableLog> TableLog::open_file(const std::string& dir, const std::string& name,
                                              std::size_t cap) {
  auto log = std::make_shared<TableLog>();
  log->path_ = dir + "/" + name + ".log";
  log->cap_ = cap;
  log->fd_ = open_private(log->path_, 0, log->size_);
  if (log->fd_ < 0)
    throw UserError(
        fmt::format("{}: cannot write the table's log there (not a private file of yours)", log->path_));
  return log;
}

TableLog::~TableLog() {
  if (!path_.empty() && fd_ >= 0) ::close(fd_);
}

void TableLog::write(std::string_view line) {
  if (fd_ < 0) return;
  std::string l(line);
  l += '\n';
  if (!path_.empty() && size_ + l.size() > cap_) rotate();
  if (fd_ < 0) return;
  const ssize_t r = ::write(fd_, l.data(), l.size());
  if (r > 0) size_ += static_cast<std::size_t>(r);
}

void TableLog::rotate() {
  ::close(fd_);
  fd_ = -1;
  const std::string older = path_ + ".1";
  if (::rename(path_.c_str(), older.c_str()) != 0) return;  // the log stops rather than grow
  // O_EXCL: the name was just freed; anything there now was not put there by us.
  fd_ = open_private(path_, O_EXCL, size_);
  if (fd_ >= 0) {
    const std::string note = fmt::format("(the log before this line is in {})\n", older);
    if (::write(fd_, note.data(), note.size()) > 0) size_ += note.size();
  }
}

std::string TableLog::keep_in(const std::string& keep_dir) {
  if (path_.empty()) return "";
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  const std::string older = path_ + ".1";
  std::string text;
  for (const std::string& part : {older, path_}) {
    try {
      text += read_bounded_file(part, part, 2 * cap_, false);
    } catch (const UserError&) {
      // a half that is not there (never rotated)
    }
  }
  char stamp[32] = "";
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  if (::localtime_r(&now, &tm)) std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  const std::string name = path_.substr(path_.rfind('/') + 1);
  const std::string kept = fmt::format("{}/{}-{}", keep_dir, stamp, name);
  const int fd = ::open(kept.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return "";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!written) {
    ::unlink(kept.c_str());
    return "";
  }
  ::unlink(path_.c_str());
  ::unlink(older.c_str());
  // The newest kKeptTableLogs (their names start with the time they closed).
  const std::vector<std::string> logs = names_in(keep_dir, {".log"}, kNoLimit).names;
  for (std::size_t i = 0; i + kKeptTableLogs < logs.size(); ++i)
    ::unlink(fmt::format("{}/{}.log", keep_dir, logs[i]).c_str());
  return kept;
}

}  // namespace rt::net
