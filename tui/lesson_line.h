// `racetable learn GAME --line`: a lesson (core/lesson.h) as plain lines on
// stdin and stdout, for screen readers and for tests.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/lesson.h"

namespace rt::cli {

struct LessonLineOptions {
  std::istream* in = nullptr;                 // default: std::cin
  std::function<void(std::string_view)> out;  // default: stdout
  // Milliseconds on a steady clock (a race for real); default: the real one.
  std::function<Tick()> clock;
  // The rules summary, for `r` ("" when there is none).
  std::string rules_text;
};

// Plays the lesson to its end, or until `q` or EOF. Returns the exit code.
int learn_line_mode(LessonRunner& lesson, const LessonLineOptions& options);

}  // namespace rt::cli
