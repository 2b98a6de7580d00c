// Finished and saved games, newest first: Enter watches one again in the
// replay viewer, x deletes one (after asking). The save is the history.
#include <cstdio>

#include <fmt/format.h>

#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/saved_list_keys.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"

namespace rt::shell {
namespace {

class ReplayListScreen final : public Screen {
 public:
  explicit ReplayListScreen(AppContext& ctx) : ctx_(ctx) { reload(); }

  void reload() {
    saves_ = list_saved_games(ctx_.state_dir);
    selected_ = std::clamp(selected_, 0, std::max(0, static_cast<int>(saves_.size()) - 1));
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, "Finished and saved games", style::kBarBold);
    if (saves_.empty()) {
      c.text(4, 3, "No games yet.", style::kBold);
      c.text(4, 5, "Every game you play is kept here to watch again, step by step.", style::kDim, w - 5);
      c.text(4, 6, fmt::format("They are kept in {}", ctx_.state_dir), style::kDim, w - 5);
    }
    const int per = 3;
    const int visible = std::max(1, (h - 4) / per);
    const int n = static_cast<int>(saves_.size());
    first_ = std::clamp(selected_ - visible / 2, 0, std::max(0, n - visible));
    const std::time_t now = ctx_.wall_clock();
    for (int i = 0; i < visible && first_ + i < n; ++i) {
      const SavedGame& g = saves_[static_cast<std::size_t>(first_ + i)];
      const int y = 2 + i * per;
      const bool sel = first_ + i == selected_;
      c.text(2, y, sel ? (uni ? "▶" : ">") : " ", style::kAccent);
      if (!g.readable) {
        c.text(4, y, g.file, sel ? style::kSelected : style::kDim, w - 5);
        c.text(6, y + 1, ellipsize("cannot be read: " + g.error, w - 8, uni), style::kWarn);
        continue;
      }
      const std::string head = fmt::format("{}  {}", g.game_name, describe_time(g.modified, now));
      const int used = c.text(4, y, head, sel ? style::kSelected : style::kBold);
      c.text(4 + used + 2, y,
             g.over ? fmt::format("finished, {} moves", g.moves)
                    : fmt::format("not finished, {} move{} so far", g.moves, g.moves == 1 ? "" : "s"),
             g.over ? style::kGood : style::kDim, w - used - 7);
      std::string seats;
      for (const auto& s : g.seats) seats += (seats.empty() ? "" : ", ") + s;
      c.text(6, y + 1, ellipsize(fmt::format("{}. {}", seats, g.status), w - 8, uni));
    }
    if (!error_.empty()) c.text(2, h - 2, error_, style::kWarn, w - 3);
    draw_help_line(c, 1, h - 1, w - 2,
                   {HelpItem{uni ? "↑↓" : "Up/Dn", "move"}, HelpItem{"Enter", "watch again"},
                    HelpItem{"x", "delete"}, HelpItem{"Esc", "back"}, HelpItem{"?", "keys"}});
  }

  Nav open(int index) {
    const SavedGame& g = saves_[static_cast<std::size_t>(index)];
    if (!g.readable) {
      error_ = "That file cannot be read (x deletes it).";
      return Nav::stay();
    }
    try {
      std::shared_ptr<const ReplayModel> model = ReplayModel::load(g.path, ctx_.data);
      return Nav::push(make_replay_screen(ctx_, std::move(model), kEveryone));
    } catch (const std::exception& e) {
      error_ = e.what();
      return Nav::stay();
    }
  }

  Nav ask_delete(int index) {
    const SavedGame g = saves_[static_cast<std::size_t>(index)];
    const std::string what = g.readable ? fmt::format("the {} game of {}", g.game_name,
                                                      describe_time(g.modified, ctx_.wall_clock()))
                                        : g.file;
    return Nav::push(make_confirm_screen(
        "Delete?", {fmt::format("Delete {} ({})? It cannot be watched or continued again.", what, g.file)},
        {Choice{"Delete it", U'y',
                [this, g] {
                  if (std::remove(g.path.c_str()) != 0) error_ = fmt::format("Could not delete {}.", g.file);
                  reload();
                  return Nav::pop();
                }},
         Choice{"Keep it", U'n', [] { return Nav::pop(); }}}));
  }

  Nav on_key(const Key& key, Millis) override {
    error_.clear();
    return saved_list_key(key, static_cast<int>(saves_.size()), first_, selected_, ctx_.unicode,
                          {[this](int i) { return open(i); }, [this](int i) { return ask_delete(i); }});
  }

  void resume(Millis) override { reload(); }
  std::string stats_tag() const override { return "replays"; }

 private:
  AppContext& ctx_;
  std::vector<SavedGame> saves_;
  int selected_ = 0;
  int first_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<Screen> make_replay_list_screen(AppContext& ctx) {
  return std::make_unique<ReplayListScreen>(ctx);
}

}  // namespace rt::shell
