// The Tables page of a shell run by `serve --ssh`: the server's tables (their
// game, seats and who sits there, watchers, who may come), to sit at a free
// seat, go back to one's own after a drop (the same key), or watch; and the
// SharedTables the shell is given there.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "app/ssh_tables.h"
#include "net/lobby.h"
#include "net/seat_names.h"
#include "net/table_broker.h"
#include "tui/shell/keys.h"
#include "tui/shell/screens.h"
#include "tui/shell/widgets.h"

namespace rt::app {
namespace {

using net::json;
using net::printable;
using shell::Nav;

std::string text_of(const json& j, const char* field, std::size_t max = 40) {
  const auto it = j.find(field);
  return it != j.end() && it->is_string() ? printable(it->get<std::string>(), max) : std::string();
}

std::string seat_state(const json& seat) {
  // A name that says "(computer)" already is followed by the level alone.
  if (!seat.value("human", false))
    return net::unmarked_name(text_of(seat, "name", 80)) != text_of(seat, "name", 80)
               ? text_of(seat, "level")
               : fmt::format("computer, {}", text_of(seat, "level"));
  if (!seat.value("claimed", false)) return "free";
  const std::string who = seat.value("mine", false) ? "you" : text_of(seat, "user", 20);
  if (seat.value("stand_in", false)) return who + ", away: a computer stands in";
  if (!seat.value("connected", false)) return who + ", away";
  return who;
}

std::string access_words(const std::string& access) {
  if (access == "code") return "players with its join code";
  if (access == "named") return "invited players";
  return "anyone";
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

class SshTablesPage final : public shell::Screen {
 public:
  SshTablesPage(shell::AppContext& ctx, net::TablesLink& link) : ctx_(ctx), link_(link) { refresh(); }

  void refresh() {
    try {
      const json answer = link_.ask(json{{"type", "list"}});
      tables_ = answer.value("tables", json::array());
      if (!tables_.is_array()) tables_ = json::array();
      const auto more = answer.find("more");
      more_ = more != answer.end() && more->is_number_integer() ? std::clamp(more->get<int>(), 0, 100000) : 0;
      error_.clear();
    } catch (const UserError& e) {
      tables_ = json::array();
      more_ = 0;
      error_ = e.what();
    }
    rows_.clear();
    rows_.push_back(shell::MenuRow{"Host a new table", "a game with players at other terminals", true});
    for (const json& t : tables_) {
      int free = 0, players = 0;
      for (const json& s : t.value("seats", json::array())) {
        if (!s.value("human", false)) continue;
        (s.value("claimed", false) ? players : free) += 1;
      }
      rows_.push_back(shell::MenuRow{
          fmt::format("{}: {}", text_of(t, "table", 32), text_of(t, "game_name")),
          // The access first: at 80 columns the end of the line is cut.
          fmt::format("{}{} · host {} · {} free · {} playing · {} watching", text_of(t, "phase"),
                      t.value("access", "") == "code"    ? " · join code"
                      : t.value("access", "") == "named" ? " · invited"
                                                         : "",
                      text_of(t, "host", 20), free, players, t.value("watchers", 0)),
          true});
    }
    selected_ = std::clamp(selected_, 0, static_cast<int>(rows_.size()) - 1);
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    c.fill(0, 0, w, 1, U' ', shell::style::kBar);
    c.text(1, 0, "Tables: games on this server", shell::style::kBarBold);
    const int list_h = std::max(1, h - 12);
    menu_ = shell::Rect{2, 2, w - 4, std::min(list_h, static_cast<int>(rows_.size()))};
    shell::draw_menu(c, menu_, rows_, selected_);
    int y = menu_.bottom() + 1;
    if (more_ > 0)
      c.text(4, y++, fmt::format("and {} more tables the list has no room for", more_), shell::style::kDim,
             w - 6);
    if (tables_.empty() && error_.empty())
      c.text(4, y++, "No tables yet. Host one, or ask a friend on this server to.", shell::style::kDim,
             w - 6);
    if (selected_ > 0) {
      const json& t = tables_[static_cast<std::size_t>(selected_ - 1)];
      const json seats = t.value("seats", json::array());
      for (std::size_t p = 0; p < seats.size() && y < h - 3; ++p)
        c.text(4, y++,
               fmt::format("seat {}: {} ({})", p + 1, text_of(seats[p], "name", 20), seat_state(seats[p])),
               shell::style::kNormal, w - 6);
      if (const std::string deal = net::listed_deal(t); !deal.empty())
        for (const auto& line : shell::wrap(deal, w - 6))
          if (y < h - 3) c.text(4, y++, line, shell::style::kDim);
    }
    for (const std::string* said : {&error_, &refused_})
      for (const auto& line : shell::wrap(*said, w - 6))
        if (y < h - 2) c.text(4, y++, line, shell::style::kWarn);
    c.text(2, h - 2, "Enter: sit down, go back to your seat, or watch.", shell::style::kDim, w - 4);
    shell::draw_help_line(c, 1, h - 1, w - 2,
                          shell::pick_items(shell::help_line(shell::Context::Menu, c.unicode()),
                                            {"move", "choose", "back", "keys"}));
  }

  Nav choose(int row) {
    error_.clear();
    refused_.clear();
    if (row == 0) return Nav::push(shell::make_host_game_list_screen(ctx_));
    const json t = tables_[static_cast<std::size_t>(row - 1)];
    const std::string name = t.value("table", "");
    const bool needs_code = t.value("access", "") == "code" && !t.contains("join_code");
    const std::string code = t.value("join_code", "");
    std::vector<shell::Choice> choices;
    char32_t key = U'1';
    const json seats = t.value("seats", json::array());
    for (std::size_t p = 0; p < seats.size(); ++p) {
      const json& s = seats[p];
      if (!s.value("human", false)) continue;
      const bool free = !s.value("claimed", false);
      const bool mine = s.value("mine", false) && !s.value("connected", false);
      if (!free && !mine) continue;
      const int seat = static_cast<int>(p) + 1;
      choices.push_back(shell::Choice{
          fmt::format("{} seat {} ({})", free ? "Sit at" : "Back to your", seat, text_of(s, "name", 20)),
          key++, [this, name, seat, code, needs_code] { return join(name, seat, code, needs_code); }});
    }
    if (t.value("watch", true))
      choices.push_back(shell::Choice{
          "Watch", U'w', [this, name, code, needs_code] { return join(name, 0, code, needs_code); }});
    choices.push_back(shell::Choice{"Back", U'b', [] { return Nav::pop(); }});
    std::vector<std::string> message{fmt::format("{}, hosted by {}; {} may sit down.",
                                                 text_of(t, "game_name"), text_of(t, "host", 20),
                                                 access_words(t.value("access", "")))};
    if (const int clock = t.value("move_time", 0); clock > 0)
      message.push_back(fmt::format("A clock of {} s a move; {}.", clock,
                                    t.value("watch", true) ? "others may watch" : "nobody watches"));
    else if (!t.value("watch", true))
      message.push_back("Nobody watches this table: its host chose so.");
    if (const int bank = t.value("game_time", 0); bank > 0)
      message.push_back(fmt::format("A game clock of {} min for each player's moves.", bank));
    if (const std::string deal = net::listed_deal_sentence(t); !deal.empty()) message.push_back(deal);
    if (t.value("you_host", false) && !code.empty())
      message.push_back(fmt::format("Its join code: {} (tell it to your players)", printable(code, 64)));
    return Nav::push(shell::make_confirm_screen(fmt::format("Table {}", printable(name, 32)),
                                                std::move(message), std::move(choices)));
  }

  Nav join(const std::string& name, int seat, const std::string& code, bool needs_code) {
    if (needs_code)
      return Nav::replace(std::make_unique<CodeScreen>(
          printable(name, 32),
          [this, name, seat](const std::string& typed) { return sit(name, seat, typed); }));
    return sit(name, seat, code);
  }

  Nav sit(const std::string& name, int seat, const std::string& code) {
    std::string error;
    auto screen = sit_at_ssh_table(ctx_, link_, name, seat, code, error);
    if (!screen) {
      refused_ = printable(error, 200);
      return Nav::pop();
    }
    return Nav::reset(std::move(screen));
  }

  Nav on_key(const shell::Key& key, Millis) override {
    const int n = static_cast<int>(rows_.size());
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
    next_refresh_ = now + 2000;
    refresh();
    return true;
  }
  Millis wake_at(Millis) const override { return next_refresh_; }
  void resume(Millis now) override { next_refresh_ = now; }
  std::string stats_tag() const override { return "tables"; }

 private:
  shell::AppContext& ctx_;
  net::TablesLink& link_;
  json tables_ = json::array();
  int more_ = 0;  // tables the list had no room for
  std::vector<shell::MenuRow> rows_;
  shell::Rect menu_;
  int selected_ = 0;
  std::string error_;    // the list's: cleared when it is read again
  std::string refused_;  // why the last sit-down failed: kept until the next choice
  Millis next_refresh_ = 0;
};

class SshTables final : public shell::SharedTables {
 public:
  explicit SshTables(int fd) : link_(fd) {}
  std::unique_ptr<shell::Screen> tables_page(shell::AppContext& ctx) const override {
    return make_ssh_tables_page(ctx, link_);
  }
  std::unique_ptr<shell::Screen> host_table(shell::AppContext& ctx, const setup::TableRequest& request,
                                            const shell::HostChoices& choices,
                                            std::string& error) const override {
    return host_ssh_table(ctx, link_, request, choices, error);
  }
  shell::HostPlace host_place() const override {
    shell::HostPlace place;
    place.open_words = "anyone on this server";
    place.max_invited = net::kMaxNamedPlayers;
    return place;
  }
  std::string host_problem(const shell::HostChoices& choices) const override {
    return ssh_host_problem(choices);
  }
  // A game played in this session lives in this session's process, which
  // the server's other players cannot reach: a game for watchers is hosted
  // as one of the server's tables (Tables, Host a new table: Watchers).
  std::vector<shell::WatchOffer> watch_offers() const override { return {}; }
  net::TablesLink& link() const { return link_; }
  std::unique_ptr<shell::Watchers> open_watchers(const shell::AppContext&, const Table&,
                                                 const shell::WatchOffer&,
                                                 std::function<Millis()>) const override {
    throw UserError(
        "on this server, others watch the server's tables: host one (Tables, Host a new table) and let "
        "others watch there");
  }

 private:
  mutable net::TablesLink link_;
};

}  // namespace

std::unique_ptr<shell::Screen> make_ssh_tables_page(shell::AppContext& ctx, net::TablesLink& link) {
  return std::make_unique<SshTablesPage>(ctx, link);
}

std::function<std::unique_ptr<shell::PlayTable>()> ssh_watch_opener(const shell::SharedTables& tables,
                                                                    std::string table, bool unicode,
                                                                    std::string player_name) {
  const auto* ssh = dynamic_cast<const SshTables*>(&tables);
  if (!ssh) return {};
  return [ssh, table = std::move(table), unicode, player_name = std::move(player_name)] {
    shell::AppContext ctx;
    ctx.unicode = unicode;
    ctx.player_name = player_name;
    return connect_ssh_table(ctx, ssh->link(), table, 0, "");
  };
}

std::unique_ptr<shell::SharedTables> make_ssh_tables(int fd) {
  return std::make_unique<SshTables>(fd);
}

}  // namespace rt::app
