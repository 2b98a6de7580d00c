// Who plays: how many, and for each seat a name and human or computer
// (with a level).
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/index_array.h"
#include "games/registry.h"
#include "tui/shell/screens.h"
#include "tui/shell/settings.h"

namespace rt::shell {
namespace {

// Seat kinds in the order ←/→ cycles through them; the text forms are what
// setup::make_table reads, and "remote": a person at another terminal, which
// makes the game a shared table (SharedTables::host_table).
const IndexVector<int, std::string> kKinds{"human", "remote", "easy", "normal", "hard", "expert", "random"};

std::string kind_label(const std::string& kind) {
  if (kind == "human") return "Human";
  if (kind == "remote") return "Human at another terminal";
  if (kind == "random") return "Computer, random (any legal move)";
  return "Computer, " + kind;
}

const char* const kNames[] = {"Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"};

class SeatsScreen final : public Screen {
 public:
  SeatsScreen(AppContext& ctx, setup::TableRequest req) : ctx_(ctx), req_(std::move(req)) {
    // The seats and names last played, unless the command named its own.
    if (ctx_.settings) ctx_.settings->fill_seats(req_);
    const GameInfo& info = builtin_registry().get(req_.game).info;
    min_ = info.min_players;
    max_ = info.max_players;
    int players = req_.players ? req_.players : !req_.seats.empty() ? std::ssize(req_.seats) : 4;
    players = std::clamp(players, min_, max_);
    for (int p = 0; p < max_; ++p) {
      SeatChoice s;
      // The player's own name first; a computer never takes it.
      const std::string usual = kNames[p % 8] == ctx_.player_name ? kNames[0] : kNames[p % 8];
      s.name = p < std::ssize(req_.names)            ? req_.names[static_cast<std::size_t>(p)]
               : p == 0 && !ctx_.player_name.empty() ? ctx_.player_name
                                                     : usual;
      std::string kind = p < std::ssize(req_.seats) ? req_.seats[static_cast<std::size_t>(p)]
                         : p == 0                   ? "human"
                                                    : "normal";
      const auto it = std::find(kKinds.begin(), kKinds.end(), kind);
      s.kind = it == kKinds.end() ? 3 : it - kKinds.begin();
      seats_.push_back(s);
    }
    players_ = players;
  }

  int rows() const { return players_ + 2; }  // players, seats, continue

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const GameInfo& info = builtin_registry().get(req_.game).info;
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, fmt::format("{}: who is playing?", info.name), style::kBarBold);
    const bool uni = c.unicode();
    const std::string lt = uni ? "◀" : "<";
    const std::string gt = uni ? "▶" : ">";
    top_ = 2;
    int y = top_;
    auto marker = [&](int row) { c.text(2, y, row == selected_ ? (uni ? "▶" : ">") : " ", style::kAccent); };
    marker(0);
    c.text(4, y, "Players", selected_ == 0 ? style::kBold : style::kNormal);
    c.text(16, y, fmt::format("{} {} {}", lt, players_, gt),
           selected_ == 0 ? style::kSelected : style::kNormal);
    c.text(26, y, fmt::format("({} to {})", min_, max_), style::kDim);
    y += 2;
    for (int p = 0; p < players_; ++p, ++y) {
      const int row = p + 1;
      const SeatChoice& s = seats_[p];
      marker(row);
      c.text(4, y, fmt::format("Seat {}", p + 1), style::kDim);
      if (editing_ && row == selected_) {
        field_.draw(c, 12, y, 18);
      } else {
        c.text(12, y, ellipsize(s.name, 18, uni), row == selected_ ? style::kBold : style::kNormal);
      }
      const std::string kind = fmt::format("{} {} {}", lt, kind_label(kKinds[s.kind]), gt);
      c.text(32, y, kind, row == selected_ && !editing_ ? style::kSelected : style::kNormal, w - 33);
    }
    ++y;
    marker(players_ + 1);
    c.text(4, y, uni ? "Continue ▸" : "Continue >",
           selected_ == players_ + 1 ? style::kSelected : style::kBold);
    continue_y_ = y;
    y += 2;
    std::string hint;
    if (editing_)
      hint = "Type the name, then Enter (Esc: keep the old name).";
    else if (selected_ == 0)
      hint = fmt::format("{}/{}: fewer or more players.  Enter: on to variants and the seed.",
                         uni ? "←" : "Left", uni ? "→" : "Right");
    else if (selected_ <= players_)
      hint = fmt::format("{}/{}: human or computer (and its level).  Enter: change the name.",
                         uni ? "←" : "Left", uni ? "→" : "Right");
    else
      hint = "Enter: on to variants and the seed.";
    c.text(4, y++, hint, style::kDim, w - 5);
    int humans = 0, remote = 0;
    for (int p = 0; p < players_; ++p) {
      humans += seats_[p].kind == 0;
      remote += seats_[p].kind == 1;
    }
    if (remote > 0)
      c.text(4, y++, "A shared table: the others join it from Tables on their title screen.", style::kDim,
             w - 5);
    else if (humans == 0)
      c.text(4, y++, "No humans: you will watch the computers play.", style::kDim, w - 5);
    else if (humans > 1 && info.secret_hands)
      c.text(4, y++,
             "Several humans share this keyboard: the screen hides each hand until its owner takes over.",
             style::kDim, w - 5);
    if (!error_.empty()) c.text(4, y + 1, error_, style::kWarn, w - 5);
    draw_settings_notice(c, ctx_);
    draw_help_line(c, 1, h - 1, w - 2,
                   pick_items(help_line(Context::Menu, uni), {"move", "change", "choose", "back", "keys"}));
  }

  std::optional<std::string> problem() const {
    for (int p = 0; p < players_; ++p)
      for (int q = 0; q < p; ++q)
        if (seats_[p].name == seats_[q].name)
          return fmt::format("Seats {} and {} are both called {}: give them different names.", q + 1, p + 1,
                             seats_[p].name);
    return std::nullopt;
  }

  Nav go_on() {
    if (auto p = problem()) {
      error_ = *p;
      return Nav::stay();
    }
    setup::TableRequest req = req_;
    req.players = players_;
    req.seats.clear();
    req.names.clear();
    for (int p = 0; p < players_; ++p) {
      req.seats.push_back(kKinds[seats_[p].kind]);
      req.names.push_back(seats_[p].name);
    }
    return Nav::push(make_options_screen(ctx_, req));
  }

  void change(int delta) {
    if (selected_ == 0) {
      players_ = std::clamp(players_ + delta, min_, max_);
    } else if (selected_ <= players_) {
      int& kind = seats_[selected_ - 1].kind;
      kind = (kind + delta + kKinds.size()) % kKinds.size();
    }
  }

  Nav on_key(const Key& key, Millis) override {
    error_.clear();
    if (editing_) {
      if (key.type == KeyType::Enter) {
        std::string name = field_.text();
        while (!name.empty() && name.back() == ' ') name.pop_back();
        while (!name.empty() && name.front() == ' ') name.erase(name.begin());
        if (!name.empty()) seats_[selected_ - 1].name = name;
        editing_ = false;
      } else if (key.type == KeyType::Escape) {
        editing_ = false;
      } else {
        field_.on_key(key);
      }
      return Nav::stay();
    }
    if (key.type == KeyType::Click) {
      if (key.y == top_)
        selected_ = 0;
      else if (key.y >= top_ + 2 && key.y < top_ + 2 + players_)
        selected_ = key.y - top_ - 1;
      else if (key.y == continue_y_)
        return go_on();
      return Nav::stay();
    }
    const int n = rows();
    switch (command(Context::Menu, key)) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Home: selected_ = 0; break;
      case Cmd::End: selected_ = n - 1; break;
      case Cmd::Left: change(-1); break;
      case Cmd::Right: change(+1); break;
      case Cmd::Toggle: change(+1); break;
      case Cmd::Select:
        if (selected_ == 0 || selected_ > players_) return go_on();
        {
          editing_ = true;
          field_ = TextField(seats_[selected_ - 1].name, 16);
        }
        break;
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  CursorAt text_cursor() const override {
    return editing_ ? CursorAt{field_.cursor_x(), field_.cursor_y()} : CursorAt{};
  }
  std::string stats_tag() const override { return "seats"; }

 private:
  struct SeatChoice {
    std::string name;
    int kind = 0;
  };
  AppContext& ctx_;
  setup::TableRequest req_;
  int min_ = 2;
  int max_ = 6;
  int players_ = 4;
  IndexVector<PlayerId, SeatChoice> seats_;
  int selected_ = 0;
  bool editing_ = false;
  TextField field_;
  std::string error_;
  int top_ = 2;
  int continue_y_ = -1;
};

}  // namespace

std::unique_ptr<Screen> make_seats_screen(AppContext& ctx, setup::TableRequest request) {
  return std::make_unique<SeatsScreen>(ctx, std::move(request));
}

}  // namespace rt::shell
