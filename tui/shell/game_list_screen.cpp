// Which game: every registered game with its player counts and pitch.
#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"

namespace rt::shell {
namespace {

class GameListScreen final : public Screen {
 public:
  GameListScreen(AppContext& ctx, bool demo, bool host = false) : ctx_(ctx), demo_(demo), host_(host) {}

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0,
           demo_   ? "Watch a demo: which game?"
           : host_ ? "Host a table: which game?"
                   : "Play: which game?",
           style::kBarBold);
    const auto& games = builtin_registry().all();
    const int n = std::ssize(games);
    // Two rows a game: name and players, then the pitch.
    const int per = 3;
    const int visible = std::max(1, (h - 5) / per);
    first_ = std::clamp(selected_ - visible / 2, 0, std::max(0, n - visible));
    list_top_ = 2;
    for (int i = 0; i < visible && first_ + i < n; ++i) {
      const GameInfo& info = games[static_cast<std::size_t>(first_ + i)].info;
      const int y = list_top_ + i * per;
      const bool sel = first_ + i == selected_;
      c.text(2, y, sel ? (c.unicode() ? "▶" : ">") : " ", style::kAccent);
      const std::string head = fmt::format("{}. {}", first_ + i + 1, info.name);
      const int used = c.text(4, y, head, sel ? style::kSelected : style::kBold);
      const std::string players =
          info.min_players == info.max_players
              ? fmt::format("{} players", info.min_players)
              : fmt::format("{}{}{} players", info.min_players, c.unicode() ? "–" : "-", info.max_players);
      c.text(std::max(4 + used + 2, 34), y, players, style::kDim);
      // The pitch whole: a long one takes the spare row below it.
      const std::vector<std::string> pitch = wrap(info.pitch, w - 7);
      for (std::size_t k = 0; k < pitch.size() && k + 1 < static_cast<std::size_t>(per); ++k)
        c.text(6, y + 1 + static_cast<int>(k), pitch[k]);
    }
    c.text(2, h - 3,
           demo_   ? "The computers play a whole game; the log names each rule as it fires. Any key pauses."
           : host_ ? "Next: each seat is you, a player at another terminal, or a computer."
                   : "Next: who plays (humans and computers), then variants and the seed.",
           style::kDim, w - 4);
    draw_help_line(
        c, 1, h - 1, w - 2,
        pick_items(help_line(Context::Menu, c.unicode()), {"move", "choose", "rules", "back", "keys"}));
  }

  Nav choose(int index) {
    const GameInfo& info = builtin_registry().all()[static_cast<std::size_t>(index)].info;
    if (demo_) return Nav::reset(make_play_screen(ctx_, make_demo_session(ctx_, info.id, "")));
    setup::TableRequest req;
    req.game = info.id;
    if (host_) req.seats = {"human", "remote"};  // you and one player elsewhere; change on the next page
    return Nav::push(make_seats_screen(ctx_, req));
  }

  Nav on_key(const Key& key, Millis) override {
    const auto& games = builtin_registry().all();
    const int n = std::ssize(games);
    if (key.type == KeyType::Click) {
      const int row = (key.y - list_top_) / 3;
      if (key.y >= list_top_ && first_ + row < n) return choose(first_ + row);
      return Nav::stay();
    }
    if (const int d = key.digit_index(); d >= 0 && d < n) return choose(d);
    switch (command(Context::Menu, key)) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Home: selected_ = 0; break;
      case Cmd::End: selected_ = n - 1; break;
      case Cmd::Select: return choose(selected_);
      case Cmd::Rules:
        return Nav::push(make_reader_screen(
            games[static_cast<std::size_t>(selected_)].info.name + ": rules",
            rules_document(ctx_, games[static_cast<std::size_t>(selected_)].info.id), U'r'));
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  std::string stats_tag() const override { return "games"; }

 private:
  AppContext& ctx_;
  bool demo_;
  bool host_;
  int selected_ = 0;
  int first_ = 0;
  int list_top_ = 2;
};

}  // namespace

std::unique_ptr<Screen> make_game_list_screen(AppContext& ctx, bool demo) {
  return std::make_unique<GameListScreen>(ctx, demo);
}

std::unique_ptr<Screen> make_host_game_list_screen(AppContext& ctx) {
  return std::make_unique<GameListScreen>(ctx, false, true);
}

}  // namespace rt::shell
