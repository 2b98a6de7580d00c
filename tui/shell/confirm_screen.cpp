// A question in a box over the page below: quit?, delete this save?
#include <algorithm>

#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

class ConfirmScreen final : public Screen {
 public:
  ConfirmScreen(std::string title, std::vector<std::string> message, std::vector<Choice> choices)
      : title_(std::move(title)), message_(std::move(message)), choices_(std::move(choices)) {}

  bool overlay() const override { return true; }

  void draw(Canvas& c, Millis) override {
    const int w = std::min(64, c.width() - 4);
    std::vector<std::string> lines;
    for (const auto& m : message_)
      for (auto& l : wrap(m, w - 4)) lines.push_back(std::move(l));
    const int h = static_cast<int>(lines.size() + choices_.size()) + 5;
    const Rect in = dialog(c, w, h, title_);
    int y = in.y + 1;
    for (const auto& l : lines) c.text(in.x, y++, l, style::kNormal, in.w);
    ++y;
    std::vector<MenuRow> rows;
    for (const Choice& ch : choices_) {
      std::string key;
      utf8_append(key, ch.hotkey);
      rows.push_back(MenuRow{ch.label, "(" + key + ")", true});
    }
    choices_y_ = y;
    choices_x_ = in.x;
    draw_menu(c, Rect{in.x, y, in.w, static_cast<int>(rows.size())}, rows, selected_);
  }

  Nav on_key(const Key& key, Millis) override {
    const int n = std::ssize(choices_);
    if (key.type == KeyType::Click) {
      const int row = key.y - choices_y_;
      if (row >= 0 && row < n && key.x >= choices_x_) return choices_[static_cast<std::size_t>(row)].pick();
      return Nav::stay();
    }
    if (key.type == KeyType::Char) {
      for (const Choice& ch : choices_)
        if (key.ch == ch.hotkey || key.ch == ch.hotkey - 32 * (ch.hotkey >= U'a' && ch.hotkey <= U'z'))
          return ch.pick();
    }
    switch (command(Context::Menu, key)) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Select: return choices_[static_cast<std::size_t>(selected_)].pick();
      case Cmd::Back: return choices_.back().pick();
      default: break;
    }
    return Nav::stay();
  }

  std::string stats_tag() const override { return "confirm"; }

 private:
  std::string title_;
  std::vector<std::string> message_;
  std::vector<Choice> choices_;
  int selected_ = 0;
  int choices_y_ = -1;
  int choices_x_ = 0;
};

}  // namespace

std::unique_ptr<Screen> make_confirm_screen(std::string title, std::vector<std::string> message,
                                            std::vector<Choice> choices) {
  return std::make_unique<ConfirmScreen>(std::move(title), std::move(message), std::move(choices));
}

}  // namespace rt::shell
