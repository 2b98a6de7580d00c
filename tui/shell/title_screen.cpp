// The first page: the name, what it is, and where to go.
#include <signal.h>

#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"
#include "tui/shell/settings.h"
#include "tui/shell/shared_tables.h"

namespace rt::shell {
namespace {

const char* const kLogo[] = {
    R"( ____      _      ____  _____  _____     _     ____   _      _____)",
    R"(|  _ \    / \    / ___|| ____||_   _|   / \   | __ ) | |    | ____|)",
    R"(| |_) |  / _ \  | |    |  _|    | |    / _ \  |  _ \ | |    |  _|)",
    R"(|  _ <  / ___ \ | |___ | |___   | |   / ___ \ | |_) || |___ | |___)",
    R"(|_| \_\/_/   \_\ \____||_____|  |_|  /_/   \_\|____/ |_____||_____|)",
};
constexpr int kLogoWidth = 67;
// "Learn a game" sits below the pages people already reach by digit (1-6),
// so their digits stay what they were.
constexpr int kLearnRow = 6;
constexpr int kKeysRow = 7;

class TitleScreen final : public Screen {
 public:
  explicit TitleScreen(AppContext& ctx) : ctx_(ctx) { refresh_saves(); }

  void refresh_saves() {
    saves_ = 0;
    for (const SavedGame& g : list_saved_games(ctx_.state_dir))
      if (g.readable && continuable(g)) ++saves_;
    rows_ = {
        MenuRow{"Play a game", "choose a game, the players, go", true},
        MenuRow{"Continue a saved game",
                saves_ == 0 ? std::string("none yet") : fmt::format("{} saved", saves_), saves_ > 0},
        ctx_.shared ? MenuRow{"Tables", "host, join or watch a shared game", true}
                    : MenuRow{"Tables", "not offered here yet", false},
        MenuRow{"Watch a demo", "computers play while the log explains", true},
        MenuRow{"Finished and saved games", "watch any game again, step by step", true},
        MenuRow{"Stats", "your games, wins and places", true},
        MenuRow{"Learn a game", "new here? the rules as you play", true},
        MenuRow{"Keys", "every key of the shell", true},
        MenuRow{"Quit", "", true},
    };
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const Rect all{0, 0, w, h};
    const int top = std::max(1, (h - 20) / 3);
    const int lx = (w - kLogoWidth) / 2;
    for (int i = 0; i < 5; ++i) c.text(lx, top + i, kLogo[i], style::kTitle);
    // A chequered flag under the name.
    const int flag_y = top + 6;
    for (int x = lx; x < lx + kLogoWidth; ++x)
      c.put(x, flag_y, c.unicode() ? ((x - lx) % 2 ? U'▀' : U'▄') : ((x - lx) % 2 ? U'=' : U'-'),
            style::kDim);
    const int n = std::ssize(builtin_registry().all());
    centred(c, all, flag_y + 1,
            n == 1 ? std::string("a tabletop racing game in your terminal")
                   : fmt::format("{} tabletop racing games in your terminal", n),
            style::kDim);

    const int mw = std::min(68, w - 2);  // the longest label and description whole at 80 columns
    menu_ = Rect{(w - mw) / 2, flag_y + 3, mw, static_cast<int>(rows_.size())};
    draw_menu(c, menu_, rows_, selected_);
    draw_help_line(c, 1, h - 1, w - 20,
                   pick_items(help_line(Context::Menu, c.unicode()), {"move", "choose", "keys"}));
    draw_settings_notice(c, ctx_);
    if (!ctx_.player_name.empty()) c.text(1, 0, "Playing as " + ctx_.player_name, style::kDim);
    const std::string version = "racetable " RACETABLE_VERSION;
    c.text(w - 1 - utf8_length(version), h - 1, version, style::kDim);
  }

  Nav activate(int row) {
    switch (row) {
      case 0: return Nav::push(make_game_list_screen(ctx_, false));
      case 1: return Nav::push(make_resume_screen(ctx_));
      case 2:
        if (!ctx_.shared) return Nav::stay();  // a shell without the table server (tests)
        return Nav::push(ctx_.shared->tables_page(ctx_));
      case 3: return Nav::push(make_game_list_screen(ctx_, true));
      case 4: return Nav::push(make_replay_list_screen(ctx_));
      case 5: return Nav::push(make_stats_screen(ctx_));
      case kLearnRow: return Nav::push(make_learn_screen(ctx_));
      case kKeysRow: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      default: return running_tables().empty() ? Nav::exit(0) : ask_quit();
    }
  }

  // The tables this shell hosts whose server still runs.
  std::vector<AppContext::HostedTable> running_tables() const {
    std::vector<AppContext::HostedTable> out;
    for (const auto& t : ctx_.hosted)
      if (t.pid > 0 && ::kill(t.pid, 0) == 0) out.push_back(t);
    return out;
  }

  // Esc, Backspace and q ask first (backing out of menus walked out of the
  // program); a host is asked what becomes of the tables it serves.
  Nav ask_quit() {
    const auto tables = running_tables();
    std::vector<Choice> choices;
    std::vector<std::string> message;
    if (tables.empty()) {
      message.push_back("Leave racetable?");
      choices.push_back(Choice{"Quit", U'q', [] { return Nav::exit(0); }});
    } else {
      std::string names;
      for (const auto& t : tables) names += (names.empty() ? "'" : ", '") + t.name + "'";
      message.push_back(fmt::format("You host {} {}: {} waiting for you there.",
                                    tables.size() == 1 ? "table" : "tables", names,
                                    tables.size() == 1 ? "its players may be" : "their players may be"));
      choices.push_back(Choice{"Quit and close my tables (the games are saved)", U'c', [tables] {
                                 for (const auto& t : tables) ::kill(t.pid, SIGTERM);
                                 return Nav::exit(0);
                               }});
      choices.push_back(Choice{"Quit, leave them open: a computer plays my seat while I am away", U'l',
                               [] { return Nav::exit(0); }});
    }
    choices.push_back(Choice{"Stay", U'n', [] { return Nav::pop(); }});
    return Nav::push(make_confirm_screen("Quit?", std::move(message), std::move(choices)));
  }

  Nav on_key(const Key& key, Millis) override {
    const int n = std::ssize(rows_);
    if (key.type == KeyType::Click && menu_.contains(key.x, key.y)) return activate(key.y - menu_.y);
    if (const int d = key.digit_index(); d >= 0 && d < n) return activate(d);
    const Cmd cmd = command(Context::Menu, key);
    if (move_highlight(cmd, selected_, n)) return Nav::stay();
    switch (cmd) {
      case Cmd::Select: return activate(selected_);
      case Cmd::Help: return activate(kKeysRow);
      case Cmd::Back: return ask_quit();
      default: break;
    }
    return Nav::stay();
  }

  void resume(Millis) override { refresh_saves(); }
  std::string stats_tag() const override { return "title"; }

 private:
  AppContext& ctx_;
  std::vector<MenuRow> rows_;
  Rect menu_;
  int selected_ = 0;
  int saves_ = 0;
};

}  // namespace

std::unique_ptr<Screen> make_title_screen(AppContext& ctx) {
  return std::make_unique<TitleScreen>(ctx);
}

}  // namespace rt::shell
