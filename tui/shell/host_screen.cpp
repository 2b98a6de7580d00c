// The Host page: the last step before a shared table opens (after the seats
// and the options). It asks what `racetable host` takes as flags: the
// table's name, who may come (open, a join code, named players), who may
// watch and whether watchers' talk reaches the players, and a move clock.
// Its rows are data (tui/shell/host_rows.h); what a place allows is
// SharedTables' word (a table on this machine, or on the SSH server).
#include <algorithm>

#include <fmt/format.h>

#include "games/registry.h"
#include "tui/shell/host_rows.h"
#include "tui/shell/keys.h"
#include "tui/shell/screens.h"
#include "tui/shell/widgets.h"

namespace rt::shell {
namespace {

constexpr int kLabelX = 4;
constexpr int kValueX = 22;
constexpr int kFirstRowY = 4;

class HostScreen final : public Screen {
 public:
  HostScreen(AppContext& ctx, setup::TableRequest req) : ctx_(ctx), req_(std::move(req)) {
    form_.game_id = req_.game;
    if (ctx_.shared) form_.place = ctx_.shared->host_place();
    selected_ = std::ssize(visible());  // Enter opens at once; the settings are above
  }

  std::vector<const HostRow*> visible() const {
    std::vector<const HostRow*> out;
    for (const HostRow& r : host_rows())
      if (r.shown(form_)) out.push_back(&r);
    return out;
  }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    const GameInfo& gi = builtin_registry().get(req_.game).info;
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, fmt::format("Host a table: {}", gi.name), style::kBarBold, w - 2);
    c.text(2, 2, "Players at other terminals find it on their Tables page.", style::kDim, w - 4);
    const auto rows = visible();
    int y = kFirstRowY;
    for (std::size_t i = 0; i < rows.size() && y < h - 6; ++i, ++y) {
      const bool sel = static_cast<int>(i) == selected_;
      c.text(2, y, sel ? (uni ? "▶" : ">") : " ", style::kAccent);
      c.text(kLabelX, y, rows[i]->label, sel ? style::kSelected : style::kNormal);
      if (editing_ && sel)
        field_.draw(c, kValueX, y, w - kValueX - 2);
      else
        c.text(kValueX, y, rows[i]->value(form_), style::kNormal, w - kValueX - 2);
    }
    ++y;
    open_y_ = y;
    const bool on_open = selected_ == std::ssize(rows);
    c.text(2, y, on_open ? (uni ? "▶" : ">") : " ", style::kAccent);
    c.text(kLabelX, y, uni ? "Open the table ▸" : "Open the table >",
           on_open ? style::kSelected : style::kBold);
    y += 2;
    const std::string about = on_open ? std::string("Enter opens the table and sits you down at your seat.")
                                      : rows[static_cast<std::size_t>(selected_)]->about(form_);
    for (const auto& line : wrap(about, w - 6))
      if (y < h - 2) c.text(kLabelX, y++, line, style::kDim);
    if (!error_.empty())
      for (const auto& line : wrap(error_, w - 6))
        if (y < h - 1) c.text(kLabelX, y++, line, style::kWarn);
    if (editing_)
      c.text(1, h - 1, "Enter: keep it   Esc: leave it as it was", style::kDim, w - 2);
    else
      draw_help_line(c, 1, h - 1, w - 2,
                     pick_items(help_line(Context::Menu, uni), {"move", "choose", "back", "keys"}));
  }

  Nav open() {
    if (!ctx_.shared) {
      error_ = "shared tables are not available here";
      return Nav::stay();
    }
    if (std::string why = ctx_.shared->host_problem(form_.choices); !why.empty()) {
      error_ = std::move(why);
      return Nav::stay();
    }
    std::string error = "the table did not open";
    auto screen = ctx_.shared->host_table(ctx_, req_, form_.choices, error);
    if (!screen) {
      error_ = error;
      return Nav::stay();
    }
    return Nav::reset(std::move(screen));
  }

  Nav activate() {
    const auto rows = visible();
    if (selected_ >= std::ssize(rows)) return open();
    const HostRow& row = *rows[static_cast<std::size_t>(selected_)];
    error_.clear();
    if (row.kind == HostRow::Kind::Cycle) {
      row.next(form_);
      selected_ = std::min<int>(selected_, std::ssize(visible()));
      return Nav::stay();
    }
    editing_ = true;
    field_ = TextField(*row.text(form_), row.max_chars);
    return Nav::stay();
  }

  void finish_edit() {
    const HostRow& row = *visible()[static_cast<std::size_t>(selected_)];
    *row.text(form_) = field_.text();
    if (row.typed) row.typed(form_);
    editing_ = false;
    // Said at once, not only when the table is opened.
    if (ctx_.shared) error_ = ctx_.shared->host_problem(form_.choices);
  }

  Nav on_key(const Key& key, Millis) override {
    if (editing_) {
      if (key.type == KeyType::Enter)
        finish_edit();
      else if (key.type == KeyType::Escape)
        editing_ = false;
      else
        field_.on_key(key);
      return Nav::stay();
    }
    const int n = std::ssize(visible()) + 1;
    if (key.type == KeyType::Click) {
      const int row = key.y == open_y_ ? n - 1 : key.y - kFirstRowY;
      if (row < 0 || row >= n || (row == n - 1 && key.y != open_y_)) return Nav::stay();
      selected_ = row;
      return activate();
    }
    switch (command(Context::Menu, key)) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Home: selected_ = 0; break;
      case Cmd::End: selected_ = n - 1; break;
      case Cmd::Toggle:
        if (selected_ < n - 1 && visible()[static_cast<std::size_t>(selected_)]->kind == HostRow::Kind::Cycle)
          return activate();
        break;
      case Cmd::Select: return activate();
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  CursorAt text_cursor() const override {
    if (!editing_) return {};
    return CursorAt{field_.cursor_x(), field_.cursor_y()};
  }
  std::string stats_tag() const override { return "host"; }

 private:
  AppContext& ctx_;
  setup::TableRequest req_;
  HostForm form_;
  int selected_ = 0;
  bool editing_ = false;
  TextField field_;
  std::string error_;
  int open_y_ = -1;
};

// The join code, told to the host before they sit down.
Nav sit_after_notice(std::shared_ptr<std::unique_ptr<Screen>> table) {
  return Nav::reset(std::move(*table));
}

}  // namespace

std::unique_ptr<Screen> make_host_screen(AppContext& ctx, setup::TableRequest request) {
  return std::make_unique<HostScreen>(ctx, std::move(request));
}

std::unique_ptr<Screen> make_hosted_code_screen(const std::string& table_name, const std::string& code,
                                                std::unique_ptr<Screen> table) {
  auto held = std::make_shared<std::unique_ptr<Screen>>(std::move(table));
  return make_confirm_screen(
      fmt::format("Table {} is open", table_name),
      {fmt::format("Its join code: {}", code),
       "Tell it to your players: they give it to sit down or watch. Nobody else is shown it: note it now."},
      {Choice{"Sit down at your seat", U's', [held] { return sit_after_notice(held); }}});
}

}  // namespace rt::shell
