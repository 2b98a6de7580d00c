// The lesson's part of the lesson screen as lines (pure, so the screen test
// reads exactly what is drawn): the step's title and words, the rulebook's
// sentence, what just happened with the rule used, the last answer's
// explanation, the moves offered, and the key line.
#pragma once

#include <vector>

#include "core/lesson.h"
#include "tui/shell/widgets.h"

namespace rt::shell {

struct LessonPanel {
  struct Line {
    StyledText text;
    int option = -1;  // the move offered on this line (its index), or -1
  };
  std::vector<Line> lines;  // lines[0] is the rule above the panel
  StyledText keys;          // the bottom line: the keys to press
};

// `since`: milliseconds into a race for real (the time left shown);
// `racing`: its clock has started (with the learner's first press).
LessonPanel lesson_panel(const LessonRunner& lesson, int width, bool unicode, Tick since, int highlight,
                         bool racing);

}  // namespace rt::shell
