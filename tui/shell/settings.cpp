#include "tui/shell/settings.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/contest_pace.h"
#include "core/input_limits.h"
#include "core/save.h"
#include "games/registry.h"
#include "tui/shell/session.h"
#include "tui/shell/widgets.h"

namespace rt::shell {
namespace {

constexpr const char* kFileName = "settings.json";
constexpr int kVersion = 1;
constexpr std::size_t kMaxNameChars = 16;     // as the seats page allows
constexpr std::size_t kMaxOptionChars = 200;  // a track order is the longest

const std::vector<std::string>& seat_kinds() {
  static const std::vector<std::string> kinds{"human", "remote", "easy",  "normal",
                                              "hard",  "expert", "random"};
  return kinds;
}

bool typeable_text(const std::string& s, std::size_t max_chars) {
  const std::u32string cps = utf8_decode(s);
  if (cps.empty() || cps.size() > max_chars) return false;
  return std::all_of(cps.begin(), cps.end(), [](char32_t c) { return is_typeable(c); });
}

std::vector<std::string> strings(const nlohmann::json& j) {
  std::vector<std::string> out;
  if (!j.is_array()) return out;
  for (const auto& v : j)
    if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}

// One game's settings, keeping only what this program would offer itself.
GameSettings parse_game(const GameInfo& info, const nlohmann::json& j) {
  GameSettings g;
  if (!j.is_object()) return g;
  const std::vector<std::string> seats =
      j.contains("seats") ? strings(j["seats"]) : std::vector<std::string>{};
  const std::vector<std::string> names =
      j.contains("names") ? strings(j["names"]) : std::vector<std::string>{};
  const auto n = std::ssize(seats);
  bool seats_ok = n >= info.min_players && n <= info.max_players && names.size() == seats.size();
  for (std::size_t i = 0; seats_ok && i < seats.size(); ++i)
    seats_ok = std::find(seat_kinds().begin(), seat_kinds().end(), seats[i]) != seat_kinds().end() &&
               typeable_text(names[i], kMaxNameChars);
  if (seats_ok) {
    g.seats = seats;
    g.names = names;
  }
  if (j.contains("variants") && j["variants"].is_array()) {
    g.chose_variants = true;
    for (const std::string& v : strings(j["variants"]))
      if (std::any_of(info.variants.begin(), info.variants.end(),
                      [&](const VariantInfo& vi) { return vi.name == v; }) &&
          std::find(g.variants.begin(), g.variants.end(), v) == g.variants.end())
        g.variants.push_back(v);
  }
  if (j.contains("options"))
    for (const std::string& kv : strings(j["options"])) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos || !typeable_text(kv, kMaxOptionChars)) continue;
      const std::string key = kv.substr(0, eq);
      if (std::any_of(info.params.begin(), info.params.end(),
                      [&](const ParamInfo& p) { return p.name == key; }))
        g.options.push_back(kv);
    }
  if (j.contains("contest_pace") && j["contest_pace"].is_string() &&
      parse_contest_pace(j["contest_pace"].get<std::string>()))
    g.contest_pace = j["contest_pace"].get<std::string>();
  return g;
}

std::string errno_text(int err) {
  return std::strerror(err);
}

}  // namespace

std::string config_dir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/racetable";
  const char* home = std::getenv("HOME");
  if (!home || !*home) return {};
  return std::string(home) + "/.config/racetable";
}

std::string settings_text(const Settings& s) {
  nlohmann::json j;
  j["version"] = kVersion;
  if (s.speed > 0) j["speed"] = s.speed;
  if (!s.play_forced) j["forced_moves"] = "ask";
  nlohmann::json games = nlohmann::json::object();
  for (const auto& [id, g] : s.games) {
    nlohmann::json one = nlohmann::json::object();
    if (!g.seats.empty()) {
      one["seats"] = g.seats;
      one["names"] = g.names;
    }
    if (g.chose_variants) one["variants"] = g.variants;
    if (!g.options.empty()) one["options"] = g.options;
    if (!g.contest_pace.empty()) one["contest_pace"] = g.contest_pace;
    games[id] = std::move(one);
  }
  j["games"] = std::move(games);
  return j.dump(2) + "\n";
}

Settings parse_settings(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw UserError(fmt::format("not valid JSON (byte {})", e.byte));
  }
  if (!j.is_object()) throw UserError("not a settings object");
  if (!j.contains("version") || j["version"] != kVersion)
    throw UserError("not a settings file of this version");
  Settings s;
  if (j.contains("speed") && j["speed"].is_number_integer()) {
    const int speed = j["speed"].get<int>();
    if (speed >= 1 && speed <= 6) s.speed = speed;
  }
  if (j.contains("forced_moves") && j["forced_moves"] == "ask") s.play_forced = false;
  if (j.contains("games") && j["games"].is_object())
    for (const auto& [id, g] : j["games"].items())
      if (const GameEntry* entry = builtin_registry().find(id)) {
        GameSettings one = parse_game(entry->info, g);
        if (!(one == GameSettings{})) s.games[id] = std::move(one);
      }
  return s;
}

SettingsStore::SettingsStore(std::string dir) : dir_(std::move(dir)) {
  if (!dir_.empty()) path_ = dir_ + "/" + kFileName;
}

int SettingsStore::open_dir(bool create, std::string& why) const {
  if (create) {
    // Each missing parent too, private from the start.
    std::string partial;
    for (std::size_t i = 0; i <= dir_.size(); ++i) {
      if ((i == dir_.size() || dir_[i] == '/') && !partial.empty() && ::mkdir(partial.c_str(), 0700) != 0 &&
          errno != EEXIST) {
        why = fmt::format("{}: cannot create directory: {}", partial, errno_text(errno));
        return -1;
      }
      if (i < dir_.size()) partial.push_back(dir_[i]);
    }
  }
  const int fd = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    why = errno == ENOENT ? std::string() : fmt::format("{}: cannot open: {}", dir_, errno_text(errno));
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_uid != ::geteuid() || (st.st_mode & 022) != 0) {
    // Another user's directory, or one others may write in: they could
    // swap the file under us.
    ::close(fd);
    why = fmt::format("{}: not a private directory of yours", dir_);
    return -1;
  }
  return fd;
}

void SettingsStore::load() {
  settings_ = Settings{};
  notice_.clear();
  if (path_.empty()) return;
  std::string why;
  const int dfd = open_dir(false, why);
  if (dfd < 0) {
    if (!why.empty()) notice_ = "Settings ignored: " + why;  // the directory's path leads
    return;
  }
  const int fd = ::openat(dfd, kFileName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  const int open_err = errno;
  ::close(dfd);
  if (fd < 0) {
    if (open_err != ENOENT)
      notice_ = fmt::format("Settings ignored: {} ({})",
                            open_err == ELOOP ? "a symbolic link" : errno_text(open_err), path_);
    return;
  }
  struct stat st {};
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    problem = "not a regular file";
  else if (st.st_uid != ::geteuid())
    problem = "not yours";
  else if (static_cast<std::size_t>(st.st_size) > kMaxSettingsBytes)
    problem = fmt::format("{} bytes is too large (at most {})", st.st_size, kMaxSettingsBytes);
  std::string text;
  if (problem.empty()) {
    char buf[4096];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        problem = errno_text(errno);
        break;
      }
      if (n == 0) break;
      text.append(buf, static_cast<std::size_t>(n));
      if (text.size() > kMaxSettingsBytes) {
        problem = fmt::format("too large (at most {} bytes)", kMaxSettingsBytes);
        break;
      }
    }
  }
  ::close(fd);
  if (problem.empty()) {
    try {
      settings_ = parse_settings(text);
    } catch (const UserError& e) {
      problem = e.what();
    }
  }
  // The reason first: a long path may be cut on screen.
  if (!problem.empty()) notice_ = fmt::format("Settings ignored: {} ({})", problem, path_);
}

std::string SettingsStore::save() {
  if (path_.empty()) return {};
  std::string why;
  const int dfd = open_dir(true, why);
  if (dfd < 0) {
    notice_ = "Settings not remembered: " + (why.empty() ? dir_ + ": cannot open" : why);
    return notice_;
  }
  ::close(dfd);
  try {
    // A fresh 0600 file renamed over the old one: never half written, and a
    // link planted at the name is replaced, not followed.
    write_file_atomically(path_, settings_text(settings_));
  } catch (const UserError& e) {
    notice_ = std::string("Settings not remembered: ") + e.what();
    return notice_;
  }
  notice_.clear();
  return {};
}

void draw_settings_notice(Canvas& c, const AppContext& ctx) {
  if (!ctx.settings || ctx.settings->notice().empty()) return;
  c.fill(0, c.height() - 2, c.width(), 1, U' ');
  c.text(1, c.height() - 2, ellipsize(ctx.settings->notice(), c.width() - 2, c.unicode()), style::kWarn);
}

int start_speed(const SettingsStore* store) {
  return store ? store->speed_or(kDefaultSpeed) : kDefaultSpeed;
}

std::string SettingsStore::remember_table(const setup::TableRequest& request) {
  GameSettings& g = settings_.games[request.game];
  g.seats = request.seats;
  g.names = request.names;
  g.chose_variants = true;
  g.variants = request.variants;
  g.options = request.options;
  g.contest_pace = request.contest_pace;
  return save();
}

std::string SettingsStore::remember_speed(int speed) {
  settings_.speed = speed;
  return save();
}

std::string SettingsStore::contest_pace_for(const std::string& game) const {
  const auto it = settings_.games.find(game);
  if (it == settings_.games.end()) return std::string(contest_pace_name(ContestPace::Relaxed));
  if (!it->second.contest_pace.empty()) return it->second.contest_pace;
  return std::string(contest_pace_name(ContestPace::Normal));
}

void SettingsStore::fill_seats(setup::TableRequest& request) const {
  if (!request.seats.empty() || !request.names.empty() || request.players != 0) return;
  const auto it = settings_.games.find(request.game);
  if (it == settings_.games.end() || it->second.seats.empty()) return;
  request.seats = it->second.seats;
  request.names = it->second.names;
}

bool SettingsStore::fill_variants(setup::TableRequest& request) const {
  if (!request.variants.empty() || !request.options.empty()) return false;
  const auto it = settings_.games.find(request.game);
  if (it == settings_.games.end() || !it->second.chose_variants) return false;
  request.variants = it->second.variants;
  request.options = it->second.options;
  return true;
}

}  // namespace rt::shell
