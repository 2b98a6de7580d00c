#include "tui/lesson_line.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/canvas.h"
#include "core/presenter.h"

namespace rt::cli {
namespace {

Tick steady_ms() {
  return static_cast<Tick>(std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count());
}

std::string board_text(const Presenter& shown, const State& state) {
  Canvas board(80, 30, false);
  ViewContext ctx;
  ctx.viewer = kLearner;
  ctx.now = state.now();
  ctx.styled = false;
  shown.view(state, board, ctx);
  std::string text = board.to_text();
  std::string out;
  std::size_t start = 0;
  std::vector<std::string> lines;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    std::string line = text.substr(start, nl - start);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    start = nl + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  for (const std::string& l : lines) out += "  " + l + "\n";
  return out;
}

class LineLesson {
 public:
  LineLesson(LessonRunner& lesson, const LessonLineOptions& o)
      : lesson_(lesson),
        in_(o.in ? *o.in : std::cin),
        out_(o.out ? o.out : [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }),
        clock_(o.clock ? o.clock : steady_ms),
        rules_(o.rules_text) {}

  int run() {
    out_(
        fmt::format("{}: a guided first game. You are {}, in seat 1.\n"
                    "Keys: Enter goes on, plays the move the step asks for, and rolls in a race;\n"
                    "a number plays that move instead; b goes back a step;\n"
                    "r shows the rules for this step; q leaves.\n",
                    lesson_.lesson().title, lesson_.lesson().names.at(0)));
    std::size_t shown = static_cast<std::size_t>(-1);
    std::string line;
    for (;;) {
      if (lesson_.finished()) return end();
      if (shown != lesson_.step_index()) {
        show_step();
        shown = lesson_.step_index();
      }
      prompt();
      if (!std::getline(in_, line)) return 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const std::size_t before = lesson_.step_index();
      if (line == "q") {
        out_("You left the lesson.\n");
        return 0;
      }
      if (line == "b") {
        if (!lesson_.back()) out_("This is the first step.\n");
        shown = static_cast<std::size_t>(-1);
        continue;
      }
      if (line == "r") {
        out_(rules_part(rules_, lesson_.step().rules) + "\n");
        continue;
      }
      handle(line);
      if (!lesson_.message().empty() && (lesson_.step_index() != before || lesson_.finished()))
        out_(lesson_.message() + "\n");
    }
  }

 private:
  void show_step() {
    const LessonStep& s = lesson_.step();
    out_(fmt::format("\n== Step {} of {}: {} ==\n", lesson_.step_index() + 1, lesson_.step_count(), s.title));
    for (const Event& e : lesson_.happenings()) out_(fmt::format("  {} ({})\n", e.text, e.rule));
    out_(board_text(lesson_.game().presenter(), lesson_.state()));
    std::string words;  // one paragraph: a screen reader reads it as one
    for (const std::string& t : s.text) words += (words.empty() ? "" : " ") + t;
    out_(words + "\n");
    if (!s.quote.empty()) out_(fmt::format("  The rulebook ({}): \"{}\"\n", s.section, s.quote));
    racing_ = false;  // a race's clock starts with the first press
  }

  void prompt() {
    const LessonStep& s = lesson_.step();
    switch (s.kind) {
      case LessonStepKind::Read:
      case LessonStepKind::Skip: out_("Enter: go on. b: back. r: rules. q: leave.\n> "); return;
      case LessonStepKind::Race:
        out_(
            fmt::format("Enter: {} (the clock starts with the first Enter). b: back. r: rules. q: leave.\n> ",
                        s.press.empty() ? std::string("roll, each Enter one roll") : s.press));
        return;
      case LessonStepKind::Move: {
        const std::vector<Action> opts = lesson_.options();
        const std::size_t enter = lesson_.suggested();
        out_(lesson_.game().presenter().prompt(lesson_.state(), kLearner) + "\n");
        for (std::size_t i = 0; i < opts.size(); ++i)
          out_(fmt::format("  {}) {}{}\n", i + 1, lesson_.label(opts[i]), i == enter ? "  (Enter)" : ""));
        out_(opts.size() == 1
                 ? std::string("Enter: play it. b: back. r: rules. q: leave.\n> ")
                 : fmt::format("Enter: play {}, or type another number. b: back. r: rules. q: leave.\n> ",
                               enter + 1));
        return;
      }
    }
  }

  void handle(const std::string& line) {
    const LessonStep& s = lesson_.step();
    if (s.kind == LessonStepKind::Read || s.kind == LessonStepKind::Skip) {
      lesson_.next();
      return;
    }
    if (s.kind == LessonStepKind::Race) {
      const std::size_t step = lesson_.step_index();
      const Tick now = clock_();
      if (!racing_) race_origin_ = now;
      racing_ = true;
      const Tick since = now - race_origin_;
      if (!lesson_.race_tick(since)) {
        const std::size_t events = lesson_.happenings().size();
        // A sequence (a program slid tile by tile): each Enter says which move it made.
        const std::optional<Action> next =
            lesson_.step().wanted.size() > 1 ? lesson_.race_next_move() : std::nullopt;
        const std::string made = next ? lesson_.label(*next) : std::string();
        if (!lesson_.race_press(since))
          out_("Your die is still rolling.\n");
        else if (!made.empty())
          out_(fmt::format("  You: {}\n", made));
        // The learner moved once and can no more (a tap): the others' moves
        // follow at their times, without waiting for another Enter.
        for (Tick t = since; lesson_.race_waiting() && !lesson_.race_tick(t) && t < 120000;) t += 100;
        const std::vector<Event> h = lesson_.happenings();
        if (lesson_.step_index() == step)
          for (std::size_t i = events; i < h.size(); ++i) out_(fmt::format("  {}\n", h[i].text));
      }
      if (lesson_.step_index() == step && lesson_.step().kind == LessonStepKind::Race && lesson_.refused())
        racing_ = false;  // the race opened again (too slow): its clock waits for a press
      return;
    }
    const std::vector<Action> opts = lesson_.options();
    std::size_t n = 0;
    for (char c : line) {
      if (c < '0' || c > '9' || n > 1000) {
        n = 0;
        break;
      }
      n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    if (line.empty()) n = lesson_.suggested() + 1;  // Enter plays the move the step asks for
    if (n == 0 || n > opts.size()) {
      out_(fmt::format("Type a number from 1 to {}, or Enter.\n", opts.size()));
      return;
    }
    const LessonAnswer a = lesson_.answer(opts[n - 1]);
    if (!a.played) out_(a.message + "\n");
  }

  int end() {
    out_("\n== The end ==\n");
    for (const Event& e : lesson_.happenings()) out_(fmt::format("  {} ({})\n", e.text, e.rule));
    out_("What you learned:\n");
    for (const std::string& c : lesson_.lesson().covered) out_("  - " + c + "\n");
    // The learner is in line mode: the real game they are offered is too.
    out_(fmt::format("Play a real game: racetable play {} --line\n", lesson_.lesson().game));
    return 0;
  }

  LessonRunner& lesson_;
  std::istream& in_;
  std::function<void(std::string_view)> out_;
  std::function<Tick()> clock_;
  std::string rules_;
  Tick race_origin_ = 0;
  bool racing_ = false;
};

}  // namespace

int learn_line_mode(LessonRunner& lesson, const LessonLineOptions& options) {
  return LineLesson(lesson, options).run();
}

}  // namespace rt::cli
