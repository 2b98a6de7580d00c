// A table's log: one line per event, to the host's terminal or, for a
// table served in the background, to DIR/NAME.log. The file is the host's
// (mode 0600, never a symlink), at most kTableLogCap bytes: past it, it
// becomes NAME.log.1 (the older one dropped) and a fresh one starts, so a
// table's logs never hold more than twice the cap. When the table closes,
// its log leaves the table's directory for the host's state directory,
// where the newest kKeptTableLogs are kept.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace rt::net {

inline constexpr std::size_t kTableLogCap = 1u << 20;
inline constexpr std::size_t kKeptTableLogs = 20;

// The wall-clock time a log line starts with ("10:02:03", local time).
std::string clock_stamp();

class TableLog {
 public:
  // Lines to stderr (a host serving in its terminal).
  TableLog() = default;
  // Lines to DIR/NAME.log, appended. Throws UserError when that is not a
  // private file of ours (or cannot be made).
  static std::shared_ptr<TableLog> open_file(const std::string& dir, const std::string& name,
                                             std::size_t cap = kTableLogCap);
  ~TableLog();
  TableLog(const TableLog&) = delete;
  TableLog& operator=(const TableLog&) = delete;

  void write(std::string_view line);  // adds the newline
  // The table closed: its log (both halves) moves to
  // KEEP_DIR/DATE-TIME-NAME.log, the oldest beyond kKeptTableLogs there are
  // removed. Returns the new path ("" for stderr, or when it could not move:
  // then the log stays where it was).
  std::string keep_in(const std::string& keep_dir);
  const std::string& path() const { return path_; }  // "" for stderr

 private:
  void rotate();
  int fd_ = 2;
  std::string path_;
  std::size_t cap_ = kTableLogCap;
  std::size_t size_ = 0;
};

}  // namespace rt::net
