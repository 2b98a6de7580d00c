#include "tui/shell/saved_list.h"
#include "core/index_array.h"

#include <cstdio>

#include <fmt/format.h>

#include "tui/shell/no_paths.h"

namespace rt::shell {
namespace {

constexpr int kRowsPerGame = 3;
constexpr int kFirstRow = 2;

class SavedListScreen final : public Screen {
 public:
  SavedListScreen(AppContext& ctx, SavedListKind kind) : ctx_(ctx), kind_(std::move(kind)) { reload(); }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, kind_.title, style::kBarBold);
    if (saves_.size() > 1) {
      const std::string count = fmt::format("{} of {}", selected_ + 1, saves_.size());
      c.text(w - 1 - std::ssize(count), 0, count, style::kBar);
    }
    if (saves_.empty()) {
      c.text(4, 3, kind_.empty_headline, style::kBold);
      c.text(4, 5, kind_.empty_text, style::kDim, w - 5);
      if (!ctx_.no_commands)
        c.text(4, 6, fmt::format("They are kept in {}", ctx_.state_dir), style::kDim, w - 5);
    }
    const int visible = std::max(1, (h - 4) / kRowsPerGame);
    const int n = saves_.size();
    first_ = std::clamp(selected_ - visible / 2, 0, std::max(0, n - visible));
    const std::time_t now = ctx_.wall_clock();
    for (int i = 0; i < visible && first_ + i < n; ++i) {
      const SavedGame& g = saves_[first_ + i];
      const int y = kFirstRow + i * kRowsPerGame;
      const bool sel = first_ + i == selected_;
      c.text(2, y, sel ? (uni ? "▶" : ">") : " ", style::kAccent);
      if (!g.readable) {
        c.text(4, y, g.file, sel ? style::kSelected : style::kDim, w - 5);
        c.text(6, y + 1, ellipsize(shown_text(ctx_, kind_.cannot + ": " + g.error), w - 8, uni),
               style::kWarn);
        continue;
      }
      const std::string head = fmt::format("{}  {}", g.game_name, describe_time(g.modified, now));
      const int used = c.text(4, y, head, sel ? style::kSelected : style::kBold);
      c.text(4 + used + 2, y, kind_.summary(g),
             kind_.finished_looks_good && g.over ? style::kGood : style::kDim, w - used - 7);
      std::string seats;
      for (const auto& s : g.seats) seats += (seats.empty() ? "" : ", ") + s;
      c.text(6, y + 1, ellipsize(fmt::format("{}. {}", seats, g.status), w - 8, uni));
    }
    // The games the page has no room for, above and below: say they are there.
    if (first_ > 0)
      c.text(4, kFirstRow - 1, fmt::format("{} {} more above", uni ? "↑" : "^", first_), style::kAccent);
    if (const int below = n - first_ - visible; below > 0)
      c.text(4, kFirstRow + visible * kRowsPerGame - 1,
             fmt::format("{} {} more below", uni ? "↓" : "v", below), style::kAccent);
    if (!error_.empty()) c.text(2, h - 2, error_, style::kWarn, w - 3);
    std::vector<HelpItem> help =
        kind_.review
            ? pick_items(help_line(Context::Menu, uni),
                         {"move", "choose", "review", "delete", "back", "keys"})
            : pick_items(help_line(Context::Menu, uni), {"move", "choose", "delete", "back", "keys"});
    for (HelpItem& item : help)
      if (item.what == "choose") item.what = kind_.open_help;  // what Enter does here
    draw_help_line(c, 1, h - 1, w - 2, help);
  }

  Nav on_key(const Key& key, Millis) override {
    error_.clear();
    const int count = saves_.size();
    if (key.type == KeyType::Click) {
      const int row = (key.y - kFirstRow) / kRowsPerGame;
      if (key.y >= kFirstRow && first_ + row < count) return open(first_ + row);
      return Nav::stay();
    }
    const Cmd cmd = command(Context::Menu, key);
    if (count == 0 && cmd != Cmd::Back && cmd != Cmd::Help) return Nav::stay();
    switch (cmd) {
      case Cmd::Up: selected_ = (selected_ + count - 1) % count; break;
      case Cmd::Down: selected_ = (selected_ + 1) % count; break;
      case Cmd::Home: selected_ = 0; break;
      case Cmd::End: selected_ = count - 1; break;
      case Cmd::Select: return open(selected_);
      case Cmd::Delete: return ask_delete(selected_);
      case Cmd::Review:
        if (kind_.review) return review(selected_);
        break;
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  void resume(Millis) override { reload(); }
  std::string stats_tag() const override { return kind_.stats_tag; }

 private:
  void reload() {
    std::vector<SavedGame> saves = list_saved_games(ctx_.state_dir);
    if (kind_.shows) std::erase_if(saves, [&](const SavedGame& g) { return !kind_.shows(g); });
    saves_ = IndexVector<int, SavedGame>(std::move(saves));
    selected_ = std::clamp(selected_, 0, std::max(0, saves_.size() - 1));
  }

  Nav open(int index) {
    const SavedGame& g = saves_[index];
    if (!g.readable) {
      error_ = fmt::format("That file {} (x deletes it).", kind_.cannot);
      return Nav::stay();
    }
    try {
      return kind_.open(ctx_, g);
    } catch (const std::exception& e) {
      error_ = shown_text(ctx_, e.what());
      return Nav::stay();
    }
  }

  Nav review(int index) {
    const SavedGame& g = saves_[index];
    if (!g.readable || !g.over) {
      error_ = "Only a finished game can be reviewed (Enter watches this one).";
      return Nav::stay();
    }
    try {
      return kind_.review(ctx_, g);
    } catch (const std::exception& e) {
      error_ = shown_text(ctx_, e.what());
      return Nav::stay();
    }
  }

  Nav ask_delete(int index) {
    const SavedGame g = saves_[index];
    return Nav::push(make_confirm_screen("Delete?", {kind_.delete_question(g, ctx_.wall_clock())},
                                         {Choice{"Delete it", U'y',
                                                 [this, g] {
                                                   if (std::remove(g.path.c_str()) != 0)
                                                     error_ = fmt::format("Could not delete {}.", g.file);
                                                   reload();
                                                   return Nav::pop();
                                                 }},
                                          Choice{"Keep it", U'n', [] { return Nav::pop(); }}}));
  }

  AppContext& ctx_;
  SavedListKind kind_;
  IndexVector<int, SavedGame> saves_;
  int selected_ = 0;
  int first_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<Screen> make_saved_list_screen(AppContext& ctx, SavedListKind kind) {
  return std::make_unique<SavedListScreen>(ctx, std::move(kind));
}

}  // namespace rt::shell
