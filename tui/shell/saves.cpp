#include "tui/shell/saves.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "core/computer_name.h"
#include "core/save.h"
#include "games/registry.h"

namespace rt::shell {

bool continuable(const SavedGame& g) {
  return !g.readable || (!g.over && g.moves > 0);
}

std::vector<SavedGame> list_saved_games(const std::string& dir) {
  std::vector<SavedGame> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return out;
  while (const dirent* ent = ::readdir(d)) {
    const std::string name = ent->d_name;
    if (name.size() < 6 || name.compare(name.size() - 5, 5, ".save") != 0) continue;
    SavedGame g;
    g.file = name;
    g.path = dir + "/" + name;
    struct stat st {};
    if (::stat(g.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    g.modified = st.st_mtime;
    try {
      const SaveFile save = parse_save(read_file(g.path), g.path);
      g.game_id = save.game;
      const GameEntry* entry = builtin_registry().find(save.game);
      if (!entry) throw SaveError(fmt::format("unknown game '{}'", save.game));
      g.game_name = entry->info.name;
      for (const Seat& s : save.seats)
        g.seats.push_back(s.kind == SeatKind::Human ? s.name
                                                    : computer_with_level(s.name, level_name(s.level)));
      g.seed = save.seed;
      g.steps = save.steps.size();
      for (const auto& st : save.steps) g.moves += st.player >= 0 ? 1 : 0;
      // Replaying is quick and proves the file can be resumed.
      auto table = restore_save(save, builtin_registry(), DataSource::embedded());
      g.over = table->over();
      g.status = table->state().standings().summary;
      g.readable = true;
    } catch (const std::exception& e) {
      g.error = e.what();
    }
    out.push_back(std::move(g));
  }
  ::closedir(d);
  std::sort(out.begin(), out.end(), [](const SavedGame& a, const SavedGame& b) {
    return a.modified != b.modified ? a.modified > b.modified : a.file < b.file;
  });
  return out;
}

std::string new_save_path(const std::string& dir, const std::string& game_id, std::time_t now) {
  std::tm tm{};
  ::localtime_r(&now, &tm);
  const std::string stem =
      fmt::format("{}/{}-{:04}{:02}{:02}-{:02}{:02}{:02}", dir, game_id, tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  for (int k = 1;; ++k) {
    std::string path = k == 1 ? stem + ".save" : fmt::format("{}-{}.save", stem, k);
    if (::access(path.c_str(), F_OK) != 0) return path;
  }
}

LoadedGame load_saved_game(const std::string& path, const DataSource& data) {
  LoadedGame out;
  const SaveFile save = parse_save(read_file(path), path);
  out.table = restore_save(save, builtin_registry(), data, [&](Table& t) { t.set_event_sink(&out.events); });
  out.table->set_event_sink(nullptr);
  return out;
}

std::string describe_time(std::time_t when, std::time_t now) {
  std::tm w{};
  std::tm n{};
  ::localtime_r(&when, &w);
  ::localtime_r(&now, &n);
  const std::string hm = fmt::format("{:02}:{:02}", w.tm_hour, w.tm_min);
  if (w.tm_year == n.tm_year && w.tm_yday == n.tm_yday) return "today " + hm;
  std::time_t yesterday_t = now - 24 * 3600;
  std::tm y{};
  ::localtime_r(&yesterday_t, &y);
  if (w.tm_year == y.tm_year && w.tm_yday == y.tm_yday) return "yesterday " + hm;
  return fmt::format("{:04}-{:02}-{:02} {}", w.tm_year + 1900, w.tm_mon + 1, w.tm_mday, hm);
}

}  // namespace rt::shell
