// `racetable learn [GAME] [--line]`: a guided first game.
#pragma once

#include <string>

namespace rt::cli {

// Line mode (or no terminal): the lesson as lines. Returns the exit code;
// throws UserError for an unknown game or one without a lesson yet.
int cmd_learn_line(const std::string& game_id);
// Throws UserError unless `game_id` is known and has a lesson.
void check_lesson(const std::string& game_id);

}  // namespace rt::cli
