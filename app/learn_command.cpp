#include "app/learn_command.h"

#include <fmt/format.h>

#include "core/lesson.h"
#include "games/registry.h"
#include "tui/lesson_line.h"

namespace rt::cli {

void check_lesson(const std::string& game_id) {
  const GameEntry& entry = builtin_registry().get(game_id);
  if (!has_lesson(DataSource::embedded(), game_id))
    throw UserError(
        fmt::format("{} has no lesson yet: read its rules (racetable rules {}) or watch "
                    "computers play it (racetable demo {})",
                    entry.info.name, game_id, game_id));
}

int cmd_learn_line(const std::string& game_id) {
  check_lesson(game_id);
  const DataSource data = DataSource::embedded();
  auto lesson = start_lesson(builtin_registry(), data, game_id);
  LessonLineOptions options;
  options.rules_text = lesson->game().rules_text();
  return learn_line_mode(*lesson, options);
}

}  // namespace rt::cli
