// The Tables page, one for both backends: the tables this player may reach
// (their game, seats and who sits there, watchers, who may come), to sit at
// a free seat, go back to one's own after a drop, or watch.
#include "client/tables_page.h"

#include <algorithm>
#include <functional>
#include <memory>

#include <fmt/format.h>

#include "net/seat_names.h"
#include "tui/shell/keys.h"
#include "tui/shell/screens.h"
#include "tui/shell/widgets.h"

namespace rt::client {
namespace {

using shell::Nav;

std::string seat_state(const net::ListedSeat& seat) {
  // A name that says "(computer)" already is followed by the level alone.
  if (!seat.human)
    return net::unmarked_name(seat.name) != seat.name
               ? printable(seat.level, 40)
               : fmt::format("computer, {}", printable(seat.level, 40));
  if (!seat.claimed) return "free";
  const std::string who = seat.mine ? "you" : printable(seat.user, 20);
  if (seat.stand_in) return who + ", away: a computer stands in";
  if (!seat.connected) return who + ", away";
  return who;
}

// The join code of a table, typed (shown as typed: it is no password).
class CodeScreen final : public shell::Screen {
 public:
  CodeScreen(std::string table, std::function<Nav(const std::string&)> done)
      : table_(std::move(table)), done_(std::move(done)) {}
  void draw(Canvas& c, Millis) override {
    c.clear();
    c.fill(0, 0, c.width(), 1, U' ', shell::style::kBar);
    c.text(1, 0, fmt::format("Table {}: join code", table_), shell::style::kBarBold);
    c.text(2, 2, "This table needs its join code: ask its host, then type it.", shell::style::kNormal,
           c.width() - 4);
    c.text(2, 4, "Code: " + code_, shell::style::kNormal, c.width() - 4);
    c.text(2, c.height() - 1, "Enter: join   Esc: back", shell::style::kDim, c.width() - 4);
  }
  shell::CursorAt text_cursor() const override { return {8 + static_cast<int>(code_.size()), 4}; }
  Nav on_key(const shell::Key& key, Millis) override {
    if (key.type == shell::KeyType::Escape) return Nav::pop();
    if (key.type == shell::KeyType::Enter) return code_.empty() ? Nav::stay() : done_(code_);
    if (key.type == shell::KeyType::Backspace) {
      if (!code_.empty()) code_.pop_back();
      return Nav::stay();
    }
    if (key.type == shell::KeyType::Char && key.ch > U' ' && key.ch < 0x7f && code_.size() < 64)
      code_ += static_cast<char>(key.ch);
    return Nav::stay();
  }

 private:
  std::string table_;
  std::function<Nav(const std::string&)> done_;
  std::string code_;
};

class TablesPage final : public shell::Screen {
 public:
  TablesPage(shell::AppContext& ctx, std::shared_ptr<Tables> tables)
      : ctx_(ctx), owned_(std::move(tables)), tables_(*owned_), words_(tables_.words()) {
    refresh();
  }

  void refresh() {
    list_ = tables_.list();
    rows_.clear();
    rows_.push_back(shell::MenuRow{"Host a new table", "a game with players at other terminals", true});
    for (const TableRow& r : list_.rows) {
      if (!r.listing) {
        rows_.push_back(shell::MenuRow{printable(r.name, 32), r.note, false});
        continue;
      }
      const net::TableListing& t = *r.listing;
      rows_.push_back(shell::MenuRow{
          fmt::format("{}: {}", printable(t.table, 32), printable(t.game_name, 40)),
          // Who may come first: at 80 columns the end of the line is cut.
          fmt::format("{}{} · host {} · {} free · {} playing · {} watching", printable(t.phase, 40),
                      t.wants_code()                         ? " · join code"
                      : t.access == net::ListedAccess::Named ? " · invited"
                                                             : "",
                      printable(t.host, 20), t.free_seats(), t.players(), t.watchers),
          true});
    }
    selected_ = std::clamp<int>(selected_, 0, std::ssize(rows_) - 1);
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.fill(0, 0, w, 1, U' ', shell::style::kBar);
    c.text(1, 0, words_.title, shell::style::kBarBold);
    const int list_h = std::max(1, h - 12);
    menu_ = shell::Rect{2, 2, w - 4, std::min(list_h, static_cast<int>(rows_.size()))};
    shell::draw_menu(c, menu_, rows_, selected_);
    int y = menu_.bottom() + 1;
    if (list_.more > 0)
      c.text(4, y++, fmt::format("and {} more tables the list has no room for", list_.more),
             shell::style::kDim, w - 6);
    if (list_.rows.empty() && list_.error.empty()) c.text(4, y++, words_.none, shell::style::kDim, w - 6);
    if (list_.stopped > 0)
      c.text(4, y++,
             fmt::format("{} more {} not running (the server stopped, no save): not listed.", list_.stopped,
                         list_.stopped == 1 ? "table is" : "tables are"),
             shell::style::kDim, w - 6);
    if (list_.not_asked > 0)
      c.text(4, y++,
             fmt::format("{} more {} of other users not asked: too slow to answer.", list_.not_asked,
                         list_.not_asked == 1 ? "table" : "tables"),
             shell::style::kDim, w - 6);
    // The highlighted table's seats, in full.
    if (selected_ > 0) {
      const TableRow& r = list_.rows[static_cast<std::size_t>(selected_ - 1)];
      if (r.listing && r.listing->seats) {
        const std::vector<net::ListedSeat>& seats = *r.listing->seats;
        for (std::size_t p = 0; p < seats.size() && y < h - 3; ++p)
          c.text(4, y++,
                 fmt::format("seat {}: {} ({})", p + 1, printable(seats[p].name, 20), seat_state(seats[p])),
                 shell::style::kNormal, w - 6);
        if (const std::string deal = net::deal_text(r.listing->deal); !deal.empty())
          for (const auto& line : shell::wrap(deal, w - 6))
            if (y < h - 3) c.text(4, y++, line, shell::style::kDim);
      } else {
        for (const auto& line : shell::wrap(r.detail, w - 8))
          if (y < h - 3) c.text(4, y++, line, shell::style::kDim);
      }
    }
    for (const std::string* said : {&list_.error, &refused_})
      for (const auto& line : shell::wrap(*said, w - 6))
        if (y < h - 2) c.text(4, y++, line, shell::style::kWarn);
    for (const auto& line : shell::wrap(said_, w - 6))
      if (y < h - 2) c.text(4, y++, line, shell::style::kNormal);
    c.text(2, h - 2, "Enter: sit down, go back to your seat, or watch.", shell::style::kDim, w - 4);
    shell::draw_help_line(c, 1, h - 1, w - 2,
                          shell::pick_items(shell::help_line(shell::Context::Menu, c.unicode()),
                                            {"move", "choose", "back", "keys"}));
  }

  Nav choose(int row) {
    refused_.clear();
    said_.clear();
    if (row == 0) return Nav::push(shell::make_host_game_list_screen(ctx_));
    const TableRow r = list_.rows[static_cast<std::size_t>(row - 1)];
    if (!r.listing || !r.listing->seats) return Nav::stay();
    const net::TableListing& t = *r.listing;
    const bool needs_code = t.wants_code() && t.join_code.empty();
    if (needs_code) {
      if (std::string elsewhere = tables_.code_elsewhere(r); !elsewhere.empty()) {
        refused_ = std::move(elsewhere);
        return Nav::stay();
      }
    }
    SitAt at{t.table, r.where, 0, t.join_code};
    std::vector<shell::Choice> choices;
    char32_t key = U'1';
    const std::vector<net::ListedSeat>& seats = *t.seats;
    for (std::size_t p = 0; p < seats.size(); ++p) {
      const net::ListedSeat& s = seats[p];
      if (!s.human) continue;
      const bool free = !s.claimed;
      const bool mine = s.mine && !s.connected;
      if (!free && !mine) continue;
      at.seat = static_cast<int>(p) + 1;
      choices.push_back(shell::Choice{
          fmt::format("{} seat {} ({})", free ? "Sit at" : "Back to your", at.seat, printable(s.name, 20)),
          key++, [this, at, needs_code] { return join(at, needs_code); }});
    }
    at.seat = 0;
    if (t.watch)
      choices.push_back(
          shell::Choice{"Watch", U'w', [this, at, needs_code] { return join(at, needs_code); }});
    if (t.you_host) {
      // The host may free the seat of a player who is away (`host --resume
      // --free-seat` at a local table): anyone may take it then.
      std::vector<shell::Choice> frees;
      for (std::size_t p = 0; p < seats.size(); ++p) {
        const net::ListedSeat& s = seats[p];
        if (!s.human || !s.claimed || s.connected || s.mine) continue;
        const int seat = static_cast<int>(p) + 1;
        frees.push_back(shell::Choice{
            fmt::format("Free seat {} ({}, {}'s)", seat, printable(s.name, 20), printable(s.user, 20)),
            seat < 10 ? U'0' + static_cast<char32_t>(seat) : U'\0',
            [this, table = t.table, seat] { return free_seat(table, seat); }});
      }
      if (!frees.empty()) {
        frees.push_back(shell::Choice{"Back", U'b', [] { return Nav::pop(); }});
        choices.push_back(shell::Choice{
            "Free the seat of a player who is away", U'f', [table = t.table, frees] {
              return Nav::replace(shell::make_confirm_screen(
                  fmt::format("Table {}: free a seat", printable(table, 32)),
                  {"A freed seat is nobody's: anyone may sit there, and until someone does a computer "
                   "plays it.",
                   "Its player, back, takes a free seat like anyone else."},
                  frees));
            }});
      }
    }
    choices.push_back(shell::Choice{"Back", U'b', [] { return Nav::pop(); }});
    return Nav::push(shell::make_confirm_screen(fmt::format("Table {}", printable(t.table, 32)),
                                                tables_.describe(t), std::move(choices)));
  }

  Nav join(const SitAt& at, bool needs_code) {
    if (needs_code)
      return Nav::replace(
          std::make_unique<CodeScreen>(printable(at.table, 32), [this, at](const std::string& typed) {
            SitAt with = at;
            with.code = typed;
            return sit(with);
          }));
    return sit(at);
  }

  Nav free_seat(const std::string& table, int seat) {
    try {
      tables_.free_seat(table, seat);
      said_ = fmt::format("Seat {} of table {} is free now.", seat, printable(table, 32));
    } catch (const UserError& e) {
      refused_ = printable(e.what(), 200);
    }
    refresh();
    return Nav::pop();
  }

  Nav sit(const SitAt& at) {
    try {
      return Nav::reset(shell::make_table_screen(ctx_, tables_.sit(ctx_, at)));
    } catch (const UserError& e) {
      refused_ = printable(e.what(), 200);
      return Nav::pop();
    }
  }

  Nav on_key(const shell::Key& key, Millis) override {
    const int n = std::ssize(rows_);
    if (key.type == shell::KeyType::Click && menu_.contains(key.x, key.y)) {
      selected_ = std::clamp(shell::menu_scroll(n, menu_.h, selected_) + key.y - menu_.y, 0, n - 1);
      return choose(selected_);
    }
    const shell::Cmd cmd = shell::command(shell::Context::Menu, key);
    if (shell::move_highlight(cmd, selected_, n)) return Nav::stay();
    switch (cmd) {
      case shell::Cmd::Select: return choose(selected_);
      case shell::Cmd::Help:
        return Nav::push(shell::make_reader_screen("Keys", shell::keys_document(ctx_.unicode), U'?'));
      case shell::Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  bool tick(Millis now) override {
    if (now < next_refresh_) return false;
    next_refresh_ = now + words_.refresh_ms;
    refresh();
    return true;
  }
  Millis wake_at(Millis) const override { return next_refresh_; }
  void resume(Millis now) override { next_refresh_ = now; }
  std::string stats_tag() const override { return "tables"; }

 private:
  shell::AppContext& ctx_;
  std::shared_ptr<Tables> owned_;
  Tables& tables_;
  TablesWords words_;
  TableList list_;
  std::vector<shell::MenuRow> rows_;
  shell::Rect menu_;
  int selected_ = 0;
  std::string refused_;  // why the last choice failed: kept until the next one
  std::string said_;     // what the last choice did (a seat freed): kept until the next one
  Millis next_refresh_ = 0;
};

}  // namespace

std::unique_ptr<shell::Screen> make_tables_page(shell::AppContext& ctx, std::shared_ptr<Tables> tables) {
  return std::make_unique<TablesPage>(ctx, std::move(tables));
}

std::unique_ptr<shell::Screen> host_and_sit(shell::AppContext& ctx, Tables& tables,
                                            const setup::TableRequest& request,
                                            const shell::HostChoices& choices, std::string& error) {
  try {
    const SitAt at = tables.host(ctx, request, choices);
    auto screen = shell::make_table_screen(ctx, tables.sit(ctx, at));
    if (at.code.empty()) return screen;
    return shell::make_hosted_code_screen(printable(at.table, 32), printable(at.code, 64), std::move(screen));
  } catch (const UserError& e) {
    error = e.what();
    return nullptr;
  }
}

}  // namespace rt::client
