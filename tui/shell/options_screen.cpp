// The last step before play: the game's variants and options, and the seed.
#include <algorithm>

#include <fmt/format.h>

#include "core/index_array.h"
#include "games/registry.h"
#include "tui/shell/saves.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"
#include "tui/shell/settings.h"

namespace rt::shell {
namespace {

class OptionsScreen final : public Screen {
 public:
  OptionsScreen(AppContext& ctx, setup::TableRequest req) : ctx_(ctx), req_(std::move(req)) {
    // The variants and options last played, unless the command named its own.
    if (ctx_.settings) ctx_.settings->fill_variants(req_);
    const GameInfo& info = builtin_registry().get(req_.game).info;
    // Ticked on screen, so the player sees (and may change) what one human gets.
    const std::vector<std::string> ticked =
        setup::with_seat_defaults(info, req_.variants, setup::human_seats(req_) + remote_seats());
    for (const auto& v : info.variants)
      variants_.push_back(VariantChoice{&v, std::find(ticked.begin(), ticked.end(), v.name) != ticked.end()});
    for (const auto& p : info.params) {
      std::string value;
      for (const auto& kv : req_.options)
        if (kv.rfind(p.name + "=", 0) == 0) value = kv.substr(p.name.size() + 1);
      params_.push_back(ParamChoice{&p, value});
    }
    seed_ = req_.seed_text;
    // The pace given on the command line, or the one remembered for this
    // game (relaxed for a first game of it: settings.h).
    pace_ = ContestPace::Normal;
    const std::string pace_word = !req_.contest_pace.empty() ? req_.contest_pace
                                  : ctx_.settings            ? ctx_.settings->contest_pace_for(req_.game)
                                                             : std::string();
    if (const std::optional<ContestPace> p = parse_contest_pace(pace_word)) pace_ = *p;
    forced_ = ctx_.settings && ctx_.settings->settings().play_forced;
    selected_ = start_row();  // Enter starts at once; the settings are above
  }

  const GameInfo& info() const { return builtin_registry().get(req_.game).info; }
  int remote_seats() const { return std::ranges::count(req_.seats, "remote"); }
  int variant_rows() const { return variants_.size(); }
  int param_rows() const { return params_.size(); }
  int pace_row() const { return variant_rows() + param_rows(); }
  int forced_row() const { return pace_row() + 1; }
  int seed_row() const { return forced_row() + 1; }
  int start_row() const { return seed_row() + 1; }

  void draw(Canvas& c, Millis) override {
    c.clear();
    const GameInfo& gi = info();
    // The page is laid out whole on a tall canvas (every summary wrapped,
    // never cut), then the part around the highlighted row is shown.
    Canvas page(c.width(), kPageRows, c.unicode());
    row_y_.assign(start_row() + 1, -1);
    row_end_.assign(start_row() + 1, -1);
    int y = 0;
    if (gi.variants.empty() && gi.params.empty()) {
      y += column(page, 4, y, fmt::format("{} has no variants: it is played by the rulebook.", gi.name)) + 1;
    }
    if (!gi.variants.empty()) y = draw_variants(page, y);
    if (!gi.params.empty()) y = draw_params(page, y);
    y = draw_settings(page, y);
    y = draw_seed_and_start(page, y);
    show_page(c, page, y);
  }

  // The highlight's marker beside selectable row `row`, on the page's row y.
  void marker(Canvas& page, int row, int y) const {
    page.text(2, y, row == selected_ ? (page.unicode() ? "▶" : ">") : " ", style::kAccent);
  }

  // Wrapped text in a column from x to the right edge; returns the rows used.
  static int column(Canvas& page, int x, int at, const std::string& text) {
    int rows = 0;
    for (const auto& line : wrap(text, std::max(10, page.width() - x - 1)))
      page.text(x, at + rows++, line, style::kDim);
    return std::max(1, rows);
  }

  // Each panel draws from the page's row y and returns the row after it.
  int draw_variants(Canvas& page, int y) {
    const bool uni = page.unicode();
    page.text(4, y++, "Variants", style::kTitle);
    int name_w = 0;
    for (const auto& v : info().variants) name_w = std::max(name_w, utf8_length(v.name));
    const int summary_x = 4 + 4 + name_w + 2;
    for (int i = 0; i < variant_rows(); ++i) {
      const VariantChoice& v = variants_[i];
      row_y_[i] = y;
      marker(page, i, y);
      const std::string box = v.on ? (uni ? "[✓]" : "[x]") : "[ ]";
      page.text(4, y, box + " " + v.variant->name, i == selected_ ? style::kSelected : style::kNormal);
      y += column(page, summary_x, y, v.variant->summary);
      row_end_[i] = y;
    }
    return y + 1;
  }

  int draw_params(Canvas& page, int y) {
    page.text(4, y++, "Options (empty: the default)", style::kTitle);
    for (int i = 0; i < param_rows(); ++i) {
      const ParamChoice& p = params_[i];
      const int row = variant_rows() + i;
      row_y_[row] = y;
      marker(page, row, y);
      page.text(4, y, p.param->name, row == selected_ ? style::kSelected : style::kNormal);
      if (editing_ && row == selected_)
        field_.draw(page, 20, y, 16);
      else
        page.text(20, y, p.value.empty() ? "-" : p.value, style::kNormal, 17);
      y += column(page, 38, y, p.param->summary);
      row_end_[row] = y;
    }
    return y + 1;
  }

  // Two settings a line each; what one does is said only while it is
  // highlighted, so the page keeps the game's variants in view.
  int draw_settings(Canvas& page, int y) {
    const ContestPaceInfo& pace = contest_pace_info(pace_);
    row_y_[pace_row()] = y;
    marker(page, pace_row(), y);
    page.text(4, y, "Pace", pace_row() == selected_ ? style::kSelected : style::kNormal);
    page.text(20, y, std::string(pace.name) + " (computers in timed contests)", style::kNormal);
    y += 1;
    if (selected_ == pace_row())
      y += column(page, 20, y,
                  fmt::format("Computers in timed contests: {}. Enter picks another ({}).", pace.summary,
                              setup::contest_pace_words()));
    row_end_[pace_row()] = y;
    // A shell setting, not the table's: kept for every game (settings.h).
    row_y_[forced_row()] = y;
    marker(page, forced_row(), y);
    page.text(4, y, "Forced moves", forced_row() == selected_ ? style::kSelected : style::kNormal);
    page.text(20, y, forced_ ? "played for you" : "asked", style::kNormal);
    y += 1;
    if (selected_ == forced_row())
      y += column(page, 20, y,
                  "When your only move is forced (one option, such as a pass), play it without a key and "
                  "show what happened. Enter changes it.");
    row_end_[forced_row()] = y;
    return y;
  }

  // The seed, the start row and, below it, what went wrong.
  int draw_seed_and_start(Canvas& page, int y) {
    const bool uni = page.unicode();
    row_y_[seed_row()] = y;
    marker(page, seed_row(), y);
    page.text(4, y, "Seed", seed_row() == selected_ ? style::kSelected : style::kNormal);
    if (editing_ && seed_row() == selected_)
      field_.draw(page, 20, y, 20);
    else
      page.text(20, y, seed_.empty() ? (remote_seats() > 0 ? "(drawn by the table)" : "(a new one)") : seed_,
                seed_.empty() ? style::kDim : style::kNormal);
    y += 1;
    y += column(page, 20, y,
                remote_seats() > 0
                    ? "The table draws a seed nobody knows and shows every player its commitment (SHA-256), "
                      "revealed at the end. A seed typed here is shown to every player before they sit."
                    : "The same seed deals the same cards and dice: note it to play a game again.");
    row_end_[seed_row()] = y;
    y += 1;
    row_y_[start_row()] = y;
    marker(page, start_row(), y);
    page.text(4, y, uni ? "Start the game ▸" : "Start the game >",
              start_row() == selected_ ? style::kSelected : style::kBold);
    row_end_[start_row()] = ++y;
    y += 1;
    const int w = page.width();
    if (!notice_.empty())
      for (const auto& line : wrap(notice_, w - 6)) page.text(4, y++, line, style::kWarn);
    if (!error_.empty())
      for (const auto& line : wrap(error_, w - 6)) page.text(4, y++, line, style::kWarn);
    return y;
  }

  // Rows 2 .. h-2 show the page (laid out down to row y), scrolled so the highlighted row is whole.
  void show_page(Canvas& c, const Canvas& page, int y) {
    const int w = c.width();
    const int h = c.height();
    const bool uni = c.unicode();
    const int view_h = std::max(1, h - 3);
    const int sel_top = row_y_[selected_];
    // On the start row, what went wrong (below it) is part of it.
    const int sel_end =
        selected_ == start_row() ? std::max(sel_top + 1, y) : std::max(sel_top + 1, row_end_[selected_]);
    if (sel_end - scroll_ > view_h) scroll_ = sel_end - view_h;
    if (sel_top < scroll_) scroll_ = sel_top;
    scroll_ = std::clamp(scroll_, 0, std::max(0, y - view_h));
    if (sel_top < scroll_) scroll_ = sel_top;  // the highlight wins over the end of the page
    Canvas shown(w, view_h, uni);
    shown.blit(page, 0, -scroll_);
    c.blit(shown, 0, 2);
    c.fill(0, 0, w, 1, U' ', style::kBar);
    c.text(1, 0, fmt::format("{}: variants and seed, computers' pace", info().name), style::kBarBold);
    if (scroll_ > 0) c.text(w - 12, 1, uni ? "▲ more above" : "^ more above", style::kDim);
    if (y - scroll_ > view_h) c.text(w - 12, h - 2, uni ? "▼ more below" : "v more below", style::kDim);
    draw_help_line(c, 1, h - 1, w - 2,
                   pick_items(help_line(Context::Menu, uni), {"move", "choose", "tick", "back", "keys"}));
  }

  Nav start() {
    setup::TableRequest req = req_;
    req.variants.clear();
    req.options.clear();
    const GameInfo& gi = info();
    for (const VariantChoice& v : variants_)
      if (v.on) req.variants.push_back(v.variant->name);
    for (const ParamChoice& p : params_)
      if (!p.value.empty()) req.options.push_back(p.param->name + "=" + p.value);
    // A shared table draws its own seed (core/deal.h): only a typed one goes, openly.
    req.seed_text = !seed_.empty()       ? seed_
                    : remote_seats() > 0 ? std::string()
                                         : std::to_string(ctx_.fresh_seed());
    req.contest_pace = std::string(contest_pace_name(pace_));
    // Remembered for next time (not the seed: a new game wants a new one).
    // A failed write is said here once; Enter again starts anyway.
    if (ctx_.settings && !settings_said_) {
      setup::TableRequest kept = req;
      kept.seed_text.clear();
      if (const std::string problem = ctx_.settings->remember_table(kept); !problem.empty()) {
        settings_said_ = true;
        notice_ = problem + ". Enter starts the game anyway.";
        return Nav::stay();
      }
    }
    // Players at other terminals: a shared table, set up on the Host page.
    if (remote_seats() > 0) return Nav::push(make_host_screen(ctx_, req));
    std::unique_ptr<Table> table;
    try {
      table = setup::make_table(req, 1);
    } catch (const UserError& e) {
      error_ = e.what();
      return Nav::stay();
    }
    std::string path;
    try {
      setup::ensure_dir(ctx_.state_dir);
      path = new_save_path(ctx_.state_dir, gi.id, ctx_.wall_clock());
    } catch (const UserError&) {
      path.clear();  // the game can still be played; the play screen says it is not saved
    }
    SessionOptions so;
    so.save_path = path;
    so.speed = start_speed(ctx_.settings);
    auto session = std::make_unique<GameSession>(std::move(table), std::vector<Event>{}, so);
    return Nav::reset(make_play_screen(ctx_, std::move(session)));
  }

  void next_pace() {
    const auto paces = contest_paces();
    for (std::size_t i = 0; i < paces.size(); ++i)
      if (paces[i].pace == pace_) {
        pace_ = paces[(i + 1) % paces.size()].pace;
        return;
      }
  }

  Nav activate() {
    if (selected_ < variant_rows()) {
      VariantChoice& ticked = variants_[selected_];
      ticked.on = !ticked.on;
      // Ticking one variant of a group unticks the others.
      const std::string& group = ticked.variant->group;
      if (ticked.on && !group.empty())
        for (VariantChoice& v : variants_)
          if (&v != &ticked && v.variant->group == group) v.on = false;
    } else if (selected_ < pace_row()) {
      editing_ = true;
      field_ = TextField(params_[selected_ - variant_rows()].value, 30);
    } else if (selected_ == pace_row()) {
      next_pace();
    } else if (selected_ == forced_row()) {
      forced_ = !forced_;
      if (ctx_.settings) ctx_.settings->edit().play_forced = forced_;  // written when the game starts
    } else if (selected_ == seed_row()) {
      editing_ = true;
      field_ = TextField(seed_, 20, true);
    } else {
      return start();
    }
    return Nav::stay();
  }

  Nav on_key(const Key& key, Millis) override {
    if (editing_) {
      if (key.type == KeyType::Enter) {
        if (selected_ == seed_row())
          seed_ = field_.text();
        else
          params_[selected_ - variant_rows()].value = field_.text();
        editing_ = false;
        error_.clear();
      } else if (key.type == KeyType::Escape) {
        editing_ = false;
      } else {
        field_.on_key(key);
      }
      return Nav::stay();
    }
    if (key.type == KeyType::Click) {
      const int at = key.y - 2 + scroll_;  // the page's row under the click
      for (int r = 0; r <= start_row() && key.y >= 2; ++r)
        if (r < row_y_.size() && row_y_[r] <= at && at < row_end_[r]) {
          selected_ = r;
          return activate();
        }
      return Nav::stay();
    }
    const int n = start_row() + 1;
    switch (command(Context::Menu, key)) {
      case Cmd::Up: selected_ = (selected_ + n - 1) % n; break;
      case Cmd::Down: selected_ = (selected_ + 1) % n; break;
      case Cmd::Home: selected_ = 0; break;
      case Cmd::End: selected_ = n - 1; break;
      case Cmd::Toggle:
        if (selected_ < variant_rows() || selected_ == pace_row() || selected_ == forced_row())
          return activate();
        break;
      case Cmd::Select: return activate();
      case Cmd::Rules:
        return Nav::push(make_reader_screen(info().name + ": rules", rules_document(ctx_, req_.game), U'r'));
      case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(ctx_.unicode), U'?'));
      case Cmd::Back: return Nav::pop();
      default: break;
    }
    return Nav::stay();
  }

  CursorAt text_cursor() const override {
    if (!editing_) return {};
    // The field was drawn on the page, which shows from row 2 on, scrolled.
    return CursorAt{field_.cursor_x(), field_.cursor_y() + 2 - scroll_};
  }
  std::string stats_tag() const override { return "options"; }

 private:
  // The game's info outlives the page (the built-in registry).
  struct VariantChoice {
    const VariantInfo* variant;
    bool on;
  };
  struct ParamChoice {
    const ParamInfo* param;
    std::string value;  // empty: the game's default
  };

  AppContext& ctx_;
  setup::TableRequest req_;
  IndexVector<int, VariantChoice> variants_;
  IndexVector<int, ParamChoice> params_;
  std::string seed_;
  ContestPace pace_ = ContestPace::Normal;
  bool forced_ = true;  // play forced moves for me (settings.h)
  int selected_ = 0;
  bool editing_ = false;
  TextField field_;
  std::string error_;
  std::string notice_;  // why the settings could not be remembered
  bool settings_said_ = false;
  IndexVector<int, int> row_y_;    // the page's first row of each selectable row
  IndexVector<int, int> row_end_;  // and the row after its last
  int scroll_ = 0;                 // the page's first row on screen
  static constexpr int kPageRows = 200;
};

}  // namespace

std::unique_ptr<Screen> make_options_screen(AppContext& ctx, setup::TableRequest request) {
  return std::make_unique<OptionsScreen>(ctx, std::move(request));
}

}  // namespace rt::shell
