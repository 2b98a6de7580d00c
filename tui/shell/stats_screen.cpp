// The Stats page: games, wins and average place per game, per computer
// level and against each named player, from history.jsonl; the last games
// open in the replay viewer ("watch replay").
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/index_array.h"
#include "tui/shell/no_paths.h"
#include "tui/shell/replay_model.h"
#include "tui/shell/replay_screens.h"
#include "tui/shell/screens.h"
#include "tui/shell/stats_report.h"

namespace rt::shell {
namespace {

class StatsScreen final : public Screen {
 public:
  explicit StatsScreen(AppContext& ctx) : ctx_(ctx) { reload(); }

  void reload() {
    read_ = read_history(ctx_.state_dir);
    std::set<std::string> names;
    for (const HistoryRecord& r : read_.records) names.insert(r.game_name);
    games_ = IndexVector<int, std::string>(std::vector<std::string>(names.begin(), names.end()));
    filter_ = std::clamp(filter_, -1, games_.size() - 1);
    build();
  }

  void build() {
    stats_ = history_stats(read_.records, filter_ < 0 ? std::string() : games_[filter_], 20);
    lines_.clear();
    picks_.clear();
    auto line = [&](std::string text, Style s = {}, int record = -1) {
      lines_.push_back(Line{std::move(text), s, record});
      if (record >= 0) picks_.push_back(lines_.size() - 1);
    };
    if (!read_.error.empty())
      line(shown_text(ctx_, "Cannot read your history: " + read_.error), style::kWarn);
    if (stats_.all.games == 0 && stats_.last.empty()) {
      line("No finished games yet.", style::kBold);
      if (ctx_.no_commands) {
        line("Each game you finish here or at a shared table is counted here.", style::kDim);
      } else {
        line("Each game you finish (here or at a shared table you host) is counted in", style::kDim);
        line(history_path(ctx_.state_dir), style::kDim);
      }
    } else {
      line(fmt::format("Your games: {}   won: {}   average place: {}", stats_.all.games, stats_.all.wins,
                       average_text(stats_.all)),
           style::kBold);
      auto table = [&](const std::string& title, const std::map<std::string, Tally>& tallies) {
        const auto rows = stats_rows(tallies);
        if (rows.empty()) return;
        line("");
        line(fmt::format("{:<36}{:>7}{:>7}{:>11}", title, "games", "wins", "avg place"), style::kAccent);
        for (const StatsRow& r : rows)
          line(fmt::format("  {:<34}{:>7}{:>7}{:>11}", r.label, r.tally.games, r.tally.wins,
                           average_text(r.tally)));
      };
      table("By game", stats_.per_game);
      table("Against computers, by level", stats_.per_level);
      table("Against other players", stats_.per_opponent);
      if (stats_.hinted.games > 0) {
        line("");
        line(hinted_text(stats_.hinted), style::kAccent);
      }
      line("");
      line("Last games (Enter: watch replay)", style::kAccent);
      for (std::size_t i = 0; i < stats_.last.size(); ++i) {
        const HistoryRecord& r = stats_.last[i];
        // "(hints)" by the game's name: the end of a long line is cut.
        line(fmt::format("{}  {}{}: {}", short_date(r), r.game_name, r.hinted() ? " (hints)" : "",
                         seats_summary(r)),
             {}, static_cast<int>(i));
      }
    }
    if (stats_.without_you > 0)
      line(fmt::format("{} game{} with no seat of yours are not counted.", stats_.without_you,
                       stats_.without_you == 1 ? "" : "s"),
           style::kDim);
    if (read_.skipped > 0)
      line(fmt::format("{} damaged line{} of history.jsonl skipped.", read_.skipped,
                       read_.skipped == 1 ? "" : "s"),
           style::kWarn);
    if (read_.cut) line("history.jsonl is over 16 MiB: only its end was read.", style::kWarn);
    selected_ = std::clamp(selected_, 0, std::max(0, picks_.size() - 1));
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, "Stats", style::kBarBold);
    const std::string which = filter_ < 0 ? std::string("all games") : games_[filter_];
    const std::string right = fmt::format("{} {} {}", uni ? "←" : "<", which, uni ? "→" : ">");
    c.text(w - 1 - utf8_length(right), 0, right, style::kBar);
    const int rows = h - 3;
    const int n = lines_.size();
    if (!picks_.empty()) {
      const int want = picks_[selected_];
      if (want < top_) top_ = want;
      if (want >= top_ + rows) top_ = want - rows + 1;
    }
    top_ = std::clamp(top_, 0, std::max(0, n - rows));
    for (int i = 0; i < rows && top_ + i < n; ++i) {
      const Line& l = lines_[top_ + i];
      const bool sel = l.record >= 0 && !picks_.empty() && picks_[selected_] == top_ + i;
      if (l.record >= 0) c.text(1, 2 + i, sel ? (uni ? "▶" : ">") : " ", style::kAccent);
      c.text(3, 2 + i, ellipsize(l.text, w - 4, uni), sel ? style::kSelected : l.style);
    }
    if (!error_.empty()) c.text(2, h - 2, error_, style::kWarn, w - 3);
    draw_help_line(c, 1, h - 1, w - 2,
                   {HelpItem{uni ? "↑↓" : "Up/Dn", "last games"}, HelpItem{"Enter", "watch replay"},
                    HelpItem{uni ? "←→" : "Left/Right", "game"}, HelpItem{"Esc", "back"}});
  }

  Nav open() {
    if (picks_.empty()) return Nav::stay();
    const HistoryRecord& r = stats_.last[static_cast<std::size_t>(lines_[picks_[selected_]].record)];
    if (r.save.empty()) {
      error_ = "That game has no save file to watch.";
      return Nav::stay();
    }
    try {
      std::shared_ptr<const ReplayModel> model = ReplayModel::load(r.save, ctx_.data);
      PlayerId you = kEveryone;
      for (std::size_t p = 0; p < r.seats.size() && you == kEveryone; ++p)
        if (r.seats[p].you) you = static_cast<PlayerId>(p);
      return Nav::push(make_replay_screen(ctx_, std::move(model), you));
    } catch (const std::exception& e) {
      error_ = shown_text(ctx_, e.what());
      return Nav::stay();
    }
  }

  Nav on_key(const Key& key, Millis) override {
    error_.clear();
    const int n = picks_.size();
    const int games = games_.size();
    switch (command(Context::Menu, key)) {
      case Cmd::Up:
        if (n) selected_ = (selected_ + n - 1) % n;
        break;
      case Cmd::Down:
        if (n) selected_ = (selected_ + 1) % n;
        break;
      case Cmd::Left:
        filter_ = filter_ < 0 ? games - 1 : filter_ - 1;
        build();
        break;
      case Cmd::Right:
        filter_ = filter_ + 1 >= games ? -1 : filter_ + 1;
        build();
        break;
      case Cmd::Select: return open();
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  std::string stats_tag() const override { return "stats"; }

 private:
  struct Line {
    std::string text;
    Style style;
    int record = -1;  // index into stats_.last, or -1
  };
  AppContext& ctx_;
  HistoryRead read_;
  HistoryStats stats_;
  IndexVector<int, std::string> games_;
  int filter_ = -1;  // -1: every game
  IndexVector<int, Line> lines_;
  IndexVector<int, int> picks_;  // lines that are games to watch
  int selected_ = 0;
  int top_ = 0;
  std::string error_;
};

}  // namespace

std::unique_ptr<Screen> make_stats_screen(AppContext& ctx) {
  return std::make_unique<StatsScreen>(ctx);
}

}  // namespace rt::shell
