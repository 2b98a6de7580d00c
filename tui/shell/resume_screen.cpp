// Saved games, newest first: continue one exactly where it stopped.
#include <cstdio>

#include <fmt/format.h>

#include "tui/shell/saved_list_keys.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"
#include "tui/shell/settings.h"

namespace rt::shell {
namespace {

class ResumeScreen final : public Screen {
 public:
  explicit ResumeScreen(AppContext& ctx) : ctx_(ctx) { reload(); }

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
    c.text(1, 0, "Continue a saved game", style::kBarBold);
    if (saves_.empty()) {
      c.text(4, 3, "No saved games yet.", style::kBold);
      c.text(4, 5, "Games save themselves as you play, and when you quit or the connection drops.",
             style::kDim, w - 5);
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
        c.text(6, y + 1, ellipsize("cannot be resumed: " + g.error, w - 8, uni), style::kWarn);
        continue;
      }
      const std::string head = fmt::format("{}  {}", g.game_name, describe_time(g.modified, now));
      const int used = c.text(4, y, head, sel ? style::kSelected : style::kBold);
      c.text(4 + used + 2, y,
             fmt::format("seed {}  {}", g.seed,
                         g.over ? std::string("finished")
                                : fmt::format("{} move{} played", g.moves, g.moves == 1 ? "" : "s")),
             style::kDim, w - used - 7);
      std::string seats;
      for (const auto& s : g.seats) seats += (seats.empty() ? "" : ", ") + s;
      c.text(6, y + 1, ellipsize(fmt::format("{}. {}", seats, g.status), w - 8, uni));
    }
    if (!error_.empty()) c.text(2, h - 2, error_, style::kWarn, w - 3);
    draw_help_line(c, 1, h - 1, w - 2,
                   pick_items(help_line(Context::Menu, uni), {"move", "choose", "delete", "back", "keys"}));
  }

  Nav open(int index) {
    const SavedGame& g = saves_[static_cast<std::size_t>(index)];
    if (!g.readable) {
      error_ = "That file cannot be resumed (x deletes it).";
      return Nav::stay();
    }
    try {
      LoadedGame loaded = load_saved_game(g.path, ctx_.data);
      SessionOptions so;
      so.save_path = g.path;
      so.speed = start_speed(ctx_.settings);
      auto session = std::make_unique<GameSession>(std::move(loaded.table), std::move(loaded.events), so);
      return Nav::reset(make_play_screen(ctx_, std::move(session)));
    } catch (const std::exception& e) {
      error_ = e.what();
      return Nav::stay();
    }
  }

  Nav ask_delete(int index) {
    const SavedGame g = saves_[static_cast<std::size_t>(index)];
    return Nav::push(make_confirm_screen(
        "Delete?", {fmt::format("Delete the saved game {}? It cannot be brought back.", g.file)},
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

  std::string stats_tag() const override { return "resume"; }

 private:
  AppContext& ctx_;
  std::vector<SavedGame> saves_;
  int selected_ = 0;
  int first_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<Screen> make_resume_screen(AppContext& ctx) {
  return std::make_unique<ResumeScreen>(ctx);
}

}  // namespace rt::shell
