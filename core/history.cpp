#include "core/history.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/canvas.h"
#include "core/deal_json.h"
#include "core/private_files.h"

namespace rt {
namespace {

using json = nlohmann::json;

// What the record keeps of a name or a word read back from the file: no
// control characters (C0, DEL, C1), no bidirectional overrides, at most
// `max_chars` code points. The file is the user's own, but a stats page
// must never hand a terminal an escape sequence.
std::string safe_text(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t n = 0;
  for (char32_t cp : utf8_decode(text)) {
    if (n++ >= max_chars) break;
    const bool control = cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
    const bool bidi = (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
                      cp == 0x200F || cp == 0x061C;
    utf8_append(out, control || bidi || cp == 0xFFFD ? U'?' : cp);
  }
  return out;
}

std::string errno_text(int err) {
  return std::strerror(err);
}

// The file must be a regular file of the user's with one name: another
// user's file, a device or a hard link to something else is refused.
bool private_file(int fd, struct stat& st, const std::string& path, std::string& why) {
  if (::fstat(fd, &st) != 0) {
    why = fmt::format("{}: {}", path, errno_text(errno));
    return false;
  }
  if (!S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || st.st_nlink != 1) {
    why = fmt::format("{}: not your private file", path);
    return false;
  }
  return true;
}

std::string computer_level(const HistorySeat& s) {
  return s.level.empty() ? std::string("computer") : s.level;
}

}  // namespace

std::string utc_date(std::time_t when) {
  std::tm tm{};
  ::gmtime_r(&when, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec);
}

HistoryRecord finished_game_record(const Table& table, std::time_t ended, const std::string& save,
                                   const std::string& table_name, const std::vector<PlayerId>& you,
                                   const SeatVector<SeatController>& controllers) {
  HistoryRecord r;
  r.game = table.game().info().id;
  r.game_name = table.game().info().name;
  r.date = utc_date(ended);
  const Standings standings = table.state().standings();
  r.non_seat_winner = safe_text(standings.non_seat_winner, kMaxHistoryName);
  for (PlayerId p = 0; p < table.seats().size(); ++p) {
    const Seat& seat = table.seats()[p];
    HistorySeat s;
    s.name = safe_text(seat.name, kMaxHistoryName);
    s.human =
        p < controllers.seats() ? controllers[p] != SeatController::Computer : seat.kind == SeatKind::Human;
    if (!s.human) s.level = level_name(seat.level);
    for (const Placing& pl : standings.placings)
      if (pl.player == p) s.place = pl.place;
    s.you = std::find(you.begin(), you.end(), p) != you.end();
    s.hints = table.hints(p);
    r.seats.push_back(std::move(s));
  }
  r.decisions = table.decisions();
  r.steps = table.history().size();
  r.save = save;
  if (!save.empty() && save.front() != '/') {  // the viewer opens it from anywhere
    char cwd[4096];
    if (::getcwd(cwd, sizeof cwd)) r.save = std::string(cwd) + "/" + save;
  }
  r.table = safe_text(table_name, kMaxHistoryName);
  r.deal = table.deal();
  r.seed = table.seed();
  return r;
}

bool HistoryRecord::hinted() const {
  return std::any_of(seats.begin(), seats.end(), [](const HistorySeat& s) { return s.hints > 0; });
}

bool HistoryRecord::hinted_by_you() const {
  return std::any_of(seats.begin(), seats.end(), [](const HistorySeat& s) { return s.you && s.hints > 0; });
}

std::string history_line(const HistoryRecord& r) {
  json seats = json::array();
  for (const HistorySeat& s : r.seats) {
    json j = {{"name", s.name}, {"human", s.human}, {"place", s.place}, {"you", s.you}};
    if (!s.human) j["level"] = s.level;
    if (s.hints > 0) j["hints"] = s.hints;  // only a seat that asked: older lines read as none
    seats.push_back(std::move(j));
  }
  json j = {{"game", r.game},           {"name", r.game_name}, {"date", r.date}, {"seats", seats},
            {"decisions", r.decisions}, {"steps", r.steps},    {"save", r.save}};
  if (!r.non_seat_winner.empty()) j["non_seat_winner"] = r.non_seat_winner;
  if (!r.table.empty()) j["table"] = r.table;
  if (r.hinted()) j["hinted"] = true;  // any seat asked for a hint: one field to find them by
  if (r.deal.kind != DealKind::Unstated) j["deal"] = deal_json(r.seed, r.deal, true);  // the game is over
  // Invalid UTF-8 (a save path is bytes) becomes U+FFFD rather than an exception.
  return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::optional<HistoryRecord> parse_history_line(std::string_view line, std::string& why) {
  if (line.size() > kMaxHistoryLineBytes) {
    why = fmt::format("a line of {} bytes (at most {})", line.size(), kMaxHistoryLineBytes);
    return std::nullopt;
  }
  try {
    const json j = json::parse(line);
    if (!j.is_object()) throw std::runtime_error("not an object");
    HistoryRecord r;
    auto text = [&](const json& o, const char* key, std::size_t max) {
      const auto it = o.find(key);
      if (it == o.end()) return std::string();
      return safe_text(it->get<std::string>(), max);
    };
    r.game = text(j, "game", kMaxHistoryName);
    r.game_name = text(j, "name", kMaxHistoryName);
    if (r.game.empty()) throw std::runtime_error("no game");
    if (r.game_name.empty()) r.game_name = r.game;
    r.date = text(j, "date", 40);
    r.non_seat_winner = text(j, "non_seat_winner", kMaxHistoryName);
    r.save = text(j, "save", 1024);
    r.table = text(j, "table", kMaxHistoryName);
    r.decisions = j.value("decisions", std::uint64_t{0});
    r.steps = j.value("steps", std::uint64_t{0});
    if (const auto d = j.find("deal"); d != j.end()) {
      const std::optional<DealRead> deal = deal_of_json(*d);
      if (!deal || !deal->seed) throw std::runtime_error("bad deal");
      r.deal = deal->deal;
      r.seed = *deal->seed;
    }
    const json& seats = j.at("seats");
    if (!seats.is_array() || seats.empty() || seats.size() > 16) throw std::runtime_error("bad seats");
    for (const json& s : seats) {
      HistorySeat hs;
      hs.name = text(s, "name", kMaxHistoryName);
      hs.human = s.at("human").get<bool>();
      hs.level = text(s, "level", kMaxHistoryName);
      hs.place = s.at("place").get<int>();
      hs.you = s.value("you", false);
      hs.hints = s.value("hints", 0);
      if (hs.place < 0 || hs.place > 100) throw std::runtime_error("bad place");
      if (hs.hints < 0) throw std::runtime_error("bad hints");
      r.seats.push_back(std::move(hs));
    }
    return r;
  } catch (const std::exception& e) {
    why = e.what();
    return std::nullopt;
  }
}

std::string history_path(const std::string& state_dir) {
  return state_dir + "/" + kHistoryFile;
}

std::string append_history(const std::string& state_dir, const HistoryRecord& record) {
  std::string why;
  const int dir = open_private_dir(state_dir, why);
  if (dir < 0) return why;
  const std::string path = history_path(state_dir);
  const int fd =
      ::openat(dir, kHistoryFile, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0600);
  const int open_errno = errno;
  ::close(dir);
  if (fd < 0) return fmt::format("{}: {}", path, errno_text(open_errno));
  struct stat st {};
  std::string error;
  if (!private_file(fd, st, path, error)) {
    ::close(fd);
    return error;
  }
  if ((st.st_mode & 0077) != 0 && ::fchmod(fd, 0600) != 0)
    error = fmt::format("{}: {}", path, errno_text(errno));
  if (error.empty() && static_cast<std::size_t>(st.st_size) > kMaxHistoryBytes)
    error = fmt::format("{} is over {} MiB: move it away to start a new one", path, kMaxHistoryBytes >> 20);
  if (error.empty()) {
    // One write: O_APPEND puts the whole line at the end even when two
    // games end at once.
    const std::string line = history_line(record);
    const ssize_t n = ::write(fd, line.data(), line.size());
    if (n < 0)
      error = fmt::format("{}: {}", path, errno_text(errno));
    else if (static_cast<std::size_t>(n) != line.size())
      error = fmt::format("{}: only {} of {} bytes written", path, n, line.size());
    else if (::fsync(fd) != 0)
      error = fmt::format("{}: {}", path, errno_text(errno));
  }
  if (::close(fd) != 0 && error.empty()) error = fmt::format("{}: {}", path, errno_text(errno));
  return error;
}

HistoryRead read_history(const std::string& state_dir) {
  HistoryRead out;
  const std::string path = history_path(state_dir);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) out.error = fmt::format("{}: {}", path, errno_text(errno));
    return out;
  }
  struct stat st {};
  if (!private_file(fd, st, path, out.error)) {
    ::close(fd);
    return out;
  }
  std::size_t size = static_cast<std::size_t>(st.st_size);
  off_t from = 0;
  if (size > kMaxHistoryBytes) {
    out.cut = true;
    from = static_cast<off_t>(size - kMaxHistoryBytes);
    size = kMaxHistoryBytes;
  }
  std::string text(size, '\0');
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd, text.data() + got, size - got, from + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  text.resize(got);
  std::size_t pos = 0;
  if (out.cut) {  // the first line is a piece of one
    pos = text.find('\n');
    pos = pos == std::string::npos ? text.size() : pos + 1;
    ++out.skipped;
  }
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = end + 1;
    if (line.empty()) continue;
    std::string why;
    if (auto r = parse_history_line(line, why))
      out.records.push_back(std::move(*r));
    else
      ++out.skipped;
  }
  return out;
}

HistoryStats history_stats(const std::vector<HistoryRecord>& records, const std::string& game,
                           std::size_t last_count) {
  HistoryStats st;
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    const HistoryRecord& r = *it;
    if (!game.empty() && r.game != game && r.game_name != game) continue;
    if (st.last.size() < last_count) st.last.push_back(r);
    int best = 0;
    for (const HistorySeat& s : r.seats)
      if (s.you && s.place > 0 && (best == 0 || s.place < best)) best = s.place;
    if (best == 0) {
      ++st.without_you;
      continue;
    }
    auto count = [&](Tally& t) {
      ++t.games;
      t.wins += best == 1 ? 1 : 0;
      t.place_sum += best;
    };
    // A game you played with hints is not all yours: counted apart, in
    // nothing else, so the statistics stay honest.
    if (r.hinted_by_you()) {
      count(st.hinted);
      continue;
    }
    count(st.all);
    count(st.per_game[r.game_name]);
    std::set<std::string> levels;
    std::set<std::string> opponents;
    for (const HistorySeat& s : r.seats) {
      if (s.you) continue;
      if (!s.human)
        levels.insert(computer_level(s));
      else if (!s.name.empty())
        opponents.insert(s.name);
    }
    for (const auto& l : levels) count(st.per_level[l]);
    for (const auto& o : opponents) count(st.per_opponent[o]);
  }
  return st;
}

}  // namespace rt
