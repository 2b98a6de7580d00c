// The Learn page: each game with its guided first game; a game without a
// lesson (data/<game>/lesson.json) offers its rules page and a demo instead.
#include <fmt/format.h>

#include "core/index_array.h"
#include "core/lesson.h"
#include "games/registry.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

namespace rt::shell {
namespace {

class LearnScreen final : public Screen {
 public:
  explicit LearnScreen(AppContext& ctx) : ctx_(ctx) {
    for (const GameEntry& g : builtin_registry().all()) {
      const bool lesson = has_lesson(ctx_.data, g.info.id);
      games_.push_back(Row{g.info.id, g.info.name, lesson});
    }
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.text(1, 0, "Learn a game by playing it", style::kTitle);
    int y = 2;
    for (const std::string& line :
         wrap("A guided first game: the rules one at a time, at the moment they first matter. "
              "You make every move yourself; a move that is not the one wanted is explained, "
              "not played.",
              w - 2))
      c.text(1, y++, line, style::kDim);
    ++y;
    std::vector<MenuRow> rows;
    for (const Row& g : games_)
      rows.push_back(
          MenuRow{g.name, g.lesson ? "a guided first game" : "no lesson yet: rules and a demo", true});
    menu_ = Rect{1, y, std::min(70, w - 2), static_cast<int>(rows.size())};
    draw_menu(c, menu_, rows, selected_);
    y = menu_.bottom() + 1;
    const Row& g = games_[selected_];
    const std::string what =
        g.lesson ? std::string("Enter: start its lesson.")
                 : fmt::format(
                       "{} has no lesson yet. Enter: read its rules. d: watch computers play it, "
                       "the log saying each rule.",
                       g.name);
    for (const std::string& line : wrap(what, w - 2)) c.text(1, y++, line);
    std::vector<HelpItem> items =
        pick_items(help_line(Context::Menu, c.unicode()), {"move", "choose", "back"});
    if (!g.lesson) items.push_back(HelpItem{"d", "demo"});
    draw_help_line(c, 1, h - 1, w - 2, items);
  }

  Nav on_key(const Key& key, Millis) override {
    const int n = games_.size();
    if (key.type == KeyType::Click && menu_.contains(key.x, key.y)) {
      selected_ = key.y - menu_.y;
      return open(selected_);
    }
    if (const int d = key.digit_index(); d >= 0 && d < n) {
      selected_ = d;
      return open(d);
    }
    const Row& g = games_[selected_];
    if (key.is(U'd') && !g.lesson)
      return Nav::push(make_play_screen(ctx_, make_demo_session(ctx_, g.id, "")));
    const Cmd cmd = command(Context::Menu, key);
    if (move_highlight(cmd, selected_, n)) return Nav::stay();
    if (cmd == Cmd::Select) return open(selected_);
    if (cmd == Cmd::Back) return Nav::pop();
    return Nav::stay();
  }

  std::string stats_tag() const override { return "learn"; }

 private:
  struct Row {
    std::string id;
    std::string name;
    bool lesson = false;
  };

  Nav open(int index) {
    const Row& g = games_[index];
    if (g.lesson) return Nav::push(make_lesson_screen(ctx_, g.id));
    return Nav::push(make_reader_screen(g.name + ": rules", rules_document(ctx_, g.id), U'r'));
  }

  AppContext& ctx_;
  IndexVector<int, Row> games_;
  Rect menu_;
  int selected_ = 0;
};

}  // namespace

std::unique_ptr<Screen> make_learn_screen(AppContext& ctx) {
  return std::make_unique<LearnScreen>(ctx);
}

}  // namespace rt::shell
