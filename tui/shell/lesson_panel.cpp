#include "tui/shell/lesson_panel.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/presenter.h"

namespace rt::shell {
namespace {

constexpr std::size_t kHappenings = 3;  // the computer's move and what followed it

void add(LessonPanel& p, const std::string& text, Style s, int width, int hang = 0) {
  StyledText t;
  append(t, text, s);
  for (StyledText& l : wrap_styled(t, width, hang)) p.lines.push_back(LessonPanel::Line{std::move(l), -1});
}

void keys(LessonPanel& p, const std::vector<std::pair<std::string, std::string>>& items) {
  bool first = true;
  for (const auto& [key, what] : items) {
    if (!first) append(p.keys, "  ");
    first = false;
    append(p.keys, key, style::kKey);
    append(p.keys, " " + what);
  }
}

void end_panel(LessonPanel& p, const LessonRunner& lesson, int width, bool unicode) {
  const std::string bullet = unicode ? "• " : "- ";
  if (!lesson.message().empty()) add(p, (unicode ? "✓ " : "* ") + lesson.message(), style::kGood, width, 2);
  add(p, "The end of the lesson: what you learned", style::kBold, width);
  if (lesson.state().turn() == Turn::Over) add(p, lesson.state().standings().summary, style::kNormal, width);
  for (const std::string& c : lesson.lesson().covered) add(p, bullet + c, style::kNormal, width, 2);
  add(p, "Next: play a real game of " + lesson.game().info().name + " against the computers.", style::kAccent,
      width);
  keys(p, {{"Enter", "play a real game"}, {"b", "back a step"}, {"q", "leave"}});
}

}  // namespace

LessonPanel lesson_panel(const LessonRunner& lesson, int width, bool unicode, Tick since, int highlight,
                         bool racing) {
  LessonPanel p;
  const int w = std::max(20, width - 2);
  p.lines.push_back(LessonPanel::Line{});
  if (lesson.finished()) {
    end_panel(p, lesson, w, unicode);
    return p;
  }
  const LessonStep& s = lesson.step();
  // What the last answer did: a refusal stays beside the same question. A
  // move the rules allow is no mistake, so it never gets the cross a race
  // lost gets.
  if (!lesson.message().empty()) {
    const char* mark = lesson.allowed_other() ? (unicode ? "→ " : "> ")
                       : lesson.refused()     ? (unicode ? "✗ " : "x ")
                                              : (unicode ? "✓ " : "* ");
    const Style st = lesson.allowed_other() ? style::kAccent : lesson.refused() ? style::kWarn : style::kGood;
    add(p, mark + lesson.message(), st, w, 2);
  }
  StyledText title;
  append(title, s.title, style::kBold);
  if (!s.section.empty()) append(title, "  (rulebook: " + s.section + ")", style::kDim);
  p.lines.push_back(LessonPanel::Line{title, -1});
  const std::vector<Event> happened = lesson.happenings();
  // A computer's move and what followed it; a longer run (the deal) the
  // step's own words tell.
  for (std::size_t i = 0; happened.size() <= kHappenings && i < happened.size(); ++i)
    add(p, (unicode ? "» " : "> ") + happened[i].text + " (" + happened[i].rule + ")", style::kDim, w, 2);
  // The step's lines as one paragraph, wrapped to the window.
  std::string words;
  for (const std::string& t : s.text) words += (words.empty() ? "" : " ") + t;
  add(p, words, style::kNormal, w);
  // Beside an answer the rulebook's sentence gives way (it was read as the
  // step opened): the board keeps its rows.
  if (!s.quote.empty() && !lesson.refused())
    add(p, (unicode ? "“" : "\"") + s.quote + (unicode ? "”" : "\""), style::kDim, w, 1);
  switch (s.kind) {
    case LessonStepKind::Read:
      keys(p, {{"Enter", "go on"}, {"b", "back a step"}, {"r", "rules"}, {"q", "leave"}});
      break;
    case LessonStepKind::Skip:
      keys(p, {{"Enter", "go on"}, {"b", "back a step"}, {"r", "rules"}, {"q", "leave"}});
      break;
    case LessonStepKind::Race: {
      const Tick deadline = lesson.race_deadline();
      const std::string count =
          deadline == kNoDeadline
              ? std::string()
              : fmt::format("  Time left: {:.1f} s.",
                            static_cast<double>(std::max<Tick>(0, deadline - since)) / 1000);
      add(p,
          lesson.game().presenter().prompt(lesson.state(), kLearner) +
              (racing ? count : "  The clock starts with your first press."),
          style::kAccent, w);
      keys(p, {{"Enter", s.press.empty() ? std::string("roll (each press one roll)") : s.press},
               {"b", "back"},
               {"r", "rules"},
               {"q", "leave"}});
      break;
    }
    case LessonStepKind::Move: {
      const std::vector<Action> opts = lesson.options();
      add(p, lesson.game().presenter().prompt(lesson.state(), kLearner), style::kAccent, w);
      for (std::size_t i = 0; i < opts.size(); ++i) {
        StyledText t;
        const bool on = static_cast<int>(i) == highlight;
        append(t, fmt::format("{} {} {}", on ? (unicode ? "▶" : ">") : " ", i + 1, lesson.label(opts[i])),
               on ? style::kSelected : style::kNormal);
        // A long move (a card's whole text) wraps under itself rather than being cut.
        for (StyledText& l : wrap_styled(t, w, 4))
          p.lines.push_back(LessonPanel::Line{std::move(l), static_cast<int>(i)});
      }
      keys(p, {{opts.size() > 1 ? (unicode ? "1-9 or ↑↓ Enter" : "1-9 or Up/Down Enter") : "Enter", "play"},
               {"b", "back a step"},
               {"r", "rules"},
               {"q", "leave"}});
      break;
    }
  }
  return p;
}

}  // namespace rt::shell
