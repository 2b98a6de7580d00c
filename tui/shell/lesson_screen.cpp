// A guided first game on screen: the game's own board (the view
// a real game draws) above, the lesson below: the step's words, the
// rulebook's sentence, what the computer just did with the rule it used, the
// moves offered, and the keys. The lesson (core/lesson.h) drives its own
// pace: nothing moves until the learner presses a key, so a step the lesson
// wants to explain is never played past, forced or not.
#include <algorithm>

#include <fmt/format.h>

#include "core/index_array.h"
#include "core/lesson.h"
#include "core/presenter.h"
#include "games/registry.h"
#include "tui/shell/lesson_panel.h"
#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

// How long after a race ends Enter is not yet the next step's.
constexpr Millis kRaceEndGuard = 600;

class LessonScreen final : public Screen {
 public:
  LessonScreen(AppContext& ctx, std::unique_ptr<LessonRunner> lesson)
      : ctx_(ctx), lesson_(std::move(lesson)) {
    restart();
  }

  void draw(Canvas& c, Millis now) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    last_now_ = now;
    const LessonPanel panel =
        lesson_panel(*lesson_, w, c.unicode(), race_since(now), highlight_, race_start_ >= 0);
    // The header.
    c.fill(0, 0, w, 1, U' ', style::kBar);
    const std::string where =
        lesson_->finished() ? std::string("the end")
                            : fmt::format("step {} of {}", lesson_->step_index() + 1, lesson_->step_count());
    c.text(1, 0, "Learn " + lesson_->game().info().name, style::kBarBold, w - 2);
    c.text(w - 1 - std::ssize(where), 0, where, style::kBar);
    // The lesson's lines take what they need; the board has the rest.
    const int panel_rows = std::min<int>(h - 2, std::ssize(panel.lines));
    const int board_rows = h - 2 - panel_rows;
    if (board_rows > 0) {
      Canvas board(w, board_rows, c.unicode());
      ViewContext vc;
      vc.viewer = kLearner;
      vc.now = lesson_->finished() || lesson_->step().kind != LessonStepKind::Race
                   ? lesson_->state().now()
                   : lesson_->race_now(race_since(now));
      lesson_->game().presenter().view(lesson_->state(), board, vc);
      c.blit(board, 0, 1);
    }
    const int top = 1 + board_rows;
    c.hline(0, top, w, style::kFrame);
    c.text(2, top, " Lesson ", style::kBold);
    option_rows_.assign(h, -1);
    for (int i = 1; i < panel_rows; ++i) {
      const LessonPanel::Line& l = panel.lines[static_cast<std::size_t>(i)];
      option_rows_[top + i] = l.option;
      draw_styled(c, 1, top + i, l.text, w - 2);
    }
    draw_styled(c, 1, h - 1, panel.keys, w - 2);
  }

  Nav on_key(const Key& key, Millis now) override {
    if (lesson_->finished()) return on_end_key(key, now);
    const LessonStep& s = lesson_->step();
    if (key.is(U'q') || key.type == KeyType::Escape) return Nav::pop();
    if (key.is(U'b') || key.type == KeyType::Backspace) {
      lesson_->back();
      restart(now);
      return Nav::stay();
    }
    if (key.is(U'r') || key.is(U'?')) return rules_page();
    if (s.kind == LessonStepKind::Race) {
      // Enter and Space make the move wanted next, so Enter alone goes
      // through every lesson; the game's own keys for it (RC Racer's arrows)
      // press too, as in a real game, and its key for another move is
      // answered with the move wanted.
      const std::optional<Action> keyed = game_key(key);
      if (key.is(U' ') || key.type == KeyType::Enter || (keyed && lesson_->race_next_is(*keyed))) {
        const std::size_t step = lesson_->step_index();
        const int attempts = lesson_->race_attempts();
        if (race_start_ < 0) race_start_ = now;  // the clock starts with the first press
        if (!lesson_->race_tick(race_since(now))) lesson_->race_press(race_since(now));
        if (lesson_->step_index() != step) race_ended_at_ = now;
        if (lesson_->step_index() != step || lesson_->race_attempts() != attempts) restart(now);
      } else if (keyed) {
        lesson_->race_refuse(*keyed);
      }
      return Nav::stay();
    }
    // Only a race takes Space; an Enter pressed too many as a race ends (a
    // moment after its last press) must not pass the next step by unread.
    if (key.type == KeyType::Enter && race_ended_at_ >= 0 && now - race_ended_at_ < kRaceEndGuard)
      return Nav::stay();
    if (s.kind != LessonStepKind::Move) {
      if (key.type == KeyType::Enter) {
        lesson_->next();
        restart(now);
      }
      return Nav::stay();
    }
    const std::vector<Action> opts = lesson_->options();
    const int n = std::ssize(opts);
    if (key.type == KeyType::Click && key.y >= 0 && key.y < option_rows_.size())
      if (const int o = option_rows_[key.y]; o >= 0 && o < n) return play(opts, o, now);
    if (const int d = key.digit_index(); d >= 0 && d < n) return play(opts, d, now);
    if (key.type == KeyType::Up) highlight_ = (highlight_ + n - 1) % std::max(1, n);
    if (key.type == KeyType::Down) highlight_ = (highlight_ + 1) % std::max(1, n);
    if (key.type == KeyType::Enter) return play(opts, highlight_, now);
    return Nav::stay();
  }

  bool tick(Millis now) override {
    if (lesson_->finished() || lesson_->step().kind != LessonStepKind::Race || race_start_ < 0) return false;
    const std::size_t step = lesson_->step_index();
    if (lesson_->race_tick(race_since(now))) {
      if (lesson_->step_index() != step) race_ended_at_ = now;
      restart(now);
    }
    return true;
  }

  Millis wake_at(Millis now) const override {
    if (lesson_->finished() || lesson_->step().kind != LessonStepKind::Race || race_start_ < 0) return kNever;
    return now + 100;  // the count on screen
  }

  void pause(Millis now) override { paused_at_ = now; }
  void resume(Millis now) override {
    if (paused_at_ >= 0 && race_start_ >= 0) race_start_ += now - paused_at_;
    paused_at_ = -1;
  }

  std::string stats_tag() const override { return "lesson"; }

 private:
  // The move a game's own key makes for the learner (an arrow, Enter), if any.
  std::optional<Action> game_key(const Key& key) const {
    const State& st = lesson_->state();
    const Presenter& shown = lesson_->game().presenter();
    switch (key.type) {
      case KeyType::Up: return shown.direction_action(st, kLearner, Direction::Up);
      case KeyType::Down: return shown.direction_action(st, kLearner, Direction::Down);
      case KeyType::Left: return shown.direction_action(st, kLearner, Direction::Left);
      case KeyType::Right: return shown.direction_action(st, kLearner, Direction::Right);
      default: return std::nullopt;
    }
  }

  // Milliseconds into a race: it starts with the learner's first press.
  Tick race_since(Millis now) const {
    if (lesson_->finished() || lesson_->step().kind != LessonStepKind::Race || race_start_ < 0) return 0;
    return now - race_start_;
  }

  // A new step (or the same race again): a race's clock waits for the
  // learner's first press, unless the step starts it as it is shown.
  void restart(Millis now = -1) {
    highlight_ = static_cast<int>(lesson_->suggested());
    race_start_ = -1;
    if (now >= 0 && !lesson_->finished() && lesson_->step().kind == LessonStepKind::Race &&
        lesson_->step().clock_at_show)
      race_start_ = now;
  }

  Nav play(const std::vector<Action>& opts, int index, Millis now) {
    if (index < 0 || index >= std::ssize(opts)) return Nav::stay();
    // Another move is answered with the step's move, and the highlight goes
    // back to it: Enter then plays what the answer named.
    if (lesson_->answer(opts[static_cast<std::size_t>(index)]).played)
      restart(now);
    else
      highlight_ = static_cast<int>(lesson_->suggested());
    return Nav::stay();
  }

  Nav rules_page() {
    std::vector<ReaderLine> doc = rules_document(ctx_, lesson_->lesson().game);
    const std::string& heading = lesson_->finished() ? std::string() : lesson_->step().rules;
    // The rules page opened at the step's part: the lines from its heading on.
    for (std::size_t i = 0; !heading.empty() && i < doc.size(); ++i) {
      std::string text;
      for (const Cell& cell : doc[i].text)
        if (cell.ch < 0x80) text += static_cast<char>(cell.ch);
      if (text.rfind(heading, 0) == 0) {
        doc.erase(doc.begin(), doc.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
    return Nav::push(make_reader_screen(lesson_->game().info().name + ": rules", std::move(doc), U'r'));
  }

  Nav on_end_key(const Key& key, Millis now) {
    if (key.type == KeyType::Enter || key.is(U'p')) {
      setup::TableRequest req;
      req.game = lesson_->lesson().game;
      return Nav::replace(make_seats_screen(ctx_, req));
    }
    if (key.is(U'b') || key.type == KeyType::Backspace) {
      lesson_->back();
      restart(now);
      return Nav::stay();
    }
    if (key.is(U'q') || key.type == KeyType::Escape) return Nav::pop();
    return Nav::stay();
  }

  AppContext& ctx_;
  std::unique_ptr<LessonRunner> lesson_;
  int highlight_ = 0;
  IndexVector<int, int>
      option_rows_;  // the move offered on each screen row (a long one takes several), or -1
  Millis race_start_ = -1;
  Millis race_ended_at_ = -1;  // when the learner's last press ended a race
  Millis paused_at_ = -1;
  Millis last_now_ = 0;
};

}  // namespace

std::unique_ptr<Screen> make_lesson_screen(AppContext& ctx, const std::string& game_id) {
  if (!has_lesson(ctx.data, game_id))
    throw UserError(fmt::format("{} has no lesson yet", builtin_registry().get(game_id).info.name));
  return std::make_unique<LessonScreen>(ctx, start_lesson(builtin_registry(), ctx.data, game_id));
}

}  // namespace rt::shell
