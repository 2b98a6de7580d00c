// The game screen: the board drawn by the game's view, a panel per player,
// the prompt with its options (or the keys of a timed contest), the recent
// log and a line of key help. Hot-seat passing and the end of the game are
// shown here too. Internal to the shell; other pages use make_play_screen.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/index_array.h"
#include "core/per_player.h"
#include "tui/shell/layout.h"
#include "tui/shell/play_table.h"
#include "tui/shell/screens.h"
#include "tui/shell/session.h"  // session(): the local game behind the screen
#include "tui/shell/shared_tables.h"
#include "tui/shell/talk_input.h"
#include "tui/shell/turn_recap.h"

namespace rt::shell {

// Text as a canvas of that kind draws it: on ASCII, each non-ASCII code
// point with a known stand-in becomes the stand-in (several columns for
// some), so wrapping counts the columns the text really takes.
std::string canvas_form(std::string_view utf8, bool unicode);
// A game's legend (Presenter::legend) as the lines of a reader page, under a
// title; empty for an empty legend.
std::vector<ReaderLine> legend_document(const std::string& legend, bool unicode);

class PlayScreen final : public Screen {
 public:
  PlayScreen(AppContext& ctx, std::unique_ptr<PlayTable> table);
  ~PlayScreen() override;  // closes the table to watchers, if open

  void draw(Canvas& canvas, Millis now) override;
  Nav on_key(const Key& key, Millis now) override;
  bool tick(Millis now) override;
  Millis wake_at(Millis now) const override;
  void pause(Millis now) override;
  void resume(Millis now) override;
  std::string on_exit() override;
  std::string saved_line(std::string line) const;
  bool unsaved() const override;
  std::string stats_tag() const override;
  int wake_fd() const override;
  bool background(Millis now) override;
  bool goes_on_hidden() const override { return remote_ != nullptr; }
  CursorAt text_cursor() const override;

  PlayTable& table() { return *t_; }
  // The local game behind this screen (tests; a shared table has none).
  GameSession& session();
  // Test hooks: what the prompt offers and where.
  const std::vector<Action>& options() const { return q_.actions; }
  int cursor() const { return cursor_; }
  const std::vector<std::string>& option_labels() const { return q_.labels; }
  // Where the last frame drew the options, and which option each row shows.
  const Rect& options_rect() const { return options_rect_; }
  const std::vector<int>& option_rows() const { return option_at_row_; }
  // Replaces the pace hint under the table's activity() ("": the usual one;
  // the replay viewer: whose view it is).
  void set_watch_hint(std::string hint) { watch_hint_ = std::move(hint); }
  // Open to watchers (play_watch.cpp): nullptr when not.
  const Watchers* watchers() const { return watch_.get(); }
  // The speed came from an earlier game (remembered): the header says so for
  // the first seconds, rather than only drawing the bar.
  void say_speed_at_start() { speed_said_until_ = 0; }

 private:
  // The decision on screen: the human asked, or the one human in a contest.
  PlayerId deciding() const;
  // Whether the game gives the arrow keys a meaning in p's decision now.
  bool arrows_to_game(PlayerId p) const;
  // An arrow key given to the game; false if the key is not an arrow the game takes.
  bool on_arrow(PlayerId p, const Key& key, Millis now);
  void refresh_options();
  // A person's choice at this keyboard: the recap of what it did to them
  // starts (turn_recap.h); `played` names a forced move played for them.
  void chose(PlayerId seat, Action action, Millis now, std::string played = {});
  // Plays the forced move on screen when the setting says so; true if it did.
  bool play_forced_moves(Millis now);
  void flash(std::string text, Millis now, Millis for_ms = 1800);

  Nav on_key_over(const Key& key, Millis now);
  Nav on_key_demo(const Key& key, Millis now);
  Nav on_key_lost(const Key& key);
  bool on_key_contest(const Key& key, Millis now);
  Nav common_command(Cmd cmd, Millis now);
  void act_in_contest(PlayerId seat, Action action, Millis now);
  Nav ask_quit();
  Nav leave_dialog();
  bool take_notices(Millis now);
  std::unique_ptr<Screen> make_not_saved_dialog();

  // Talk at a shared table (play_talk.cpp): a key for the talk line or a
  // nudge (true: taken); talk and nudges that came, for a screen without
  // a log pane and for the bell (true: the screen changed).
  bool on_key_talk(const Key& key, Millis now);
  bool take_talk(Millis now);
  // u: takes back the person's last move (play_undo.cpp).
  Nav take_back(Millis now);
  // Whether u would take a move back now (the help line names it then),
  // asked of the table once per question.
  bool undo_offered() const;
  // h: asks the table for a hint on the person's move (play_hint.cpp); the
  // hint shows above the question until the question changes.
  // Moves the highlight to the move of a hint newly on screen (play_screen.cpp).
  void highlight_hint();
  Nav ask_hint(Millis now);
  // Whether h would give a hint now (the help line names it then).
  bool hint_offered() const;

  // Letting others watch a local game (play_watch.cpp).
  Nav watch_page(Millis now);
  // Opens the game to watchers; a failure is flashed and logged, one line.
  void open_to_watchers(const WatchOffer& offer, Millis now);
  void stop_watchers(const std::string& why);
  // Feeds the game's new steps to the watchers' copy and serves their
  // sockets; true when what this screen shows changed (who watches).
  bool serve_watchers(Millis now);
  Millis watcher_wake_at(Millis now) const;
  // "w" on a game that cannot be opened to watchers: why, or "".
  std::string cannot_share() const;

  // Drawing (play_draw.cpp).
  struct PromptView {
    std::vector<StyledText> head;
    std::vector<StyledText> options;
    int cursor = -1;
    std::vector<StyledText> foot;
    int head_min = 1;  // rows of head kept when the options are many
    // The head is what happened, newest last (a turn's or a contest's result):
    // short of rows, its oldest lines give way, not its last.
    bool head_newest_last = false;
    std::vector<int> head_starts;          // where each of those lines starts in head
    std::vector<std::size_t> foot_starts;  // where each hint of the foot starts: drawn whole or not at all
  };
  PromptView build_prompt(int width, bool unicode, Millis now) const;
  struct PromptLines;  // a PromptView as it is written (play_draw.cpp)
  void prompt_options(PromptLines& out) const;
  void prompt_arrows(PromptLines& out) const;
  void prompt_computers(PromptLines& out, Millis now) const;
  void prompt_contest(PromptLines& out) const;  // GET READY and the contest itself
  int measure_board(int width, int max_rows, bool unicode, Millis now) const;
  void draw_header(Canvas& c, const Rect& r) const;
  void draw_strip(Canvas& c, const Rect& r) const;
  void draw_players(Canvas& c, const Rect& r) const;
  void draw_board(Canvas& c, const Rect& r, Millis now) const;
  void draw_rule(Canvas& c, const GameLayout& l) const;
  void draw_prompt(Canvas& c, const Rect& r, const PromptView& p);
  // Columns an option's text gets in a prompt r_w wide (after the marker,
  // before the scroll arrows' column).
  static int option_text_width(int r_w) { return r_w - 5; }
  static IndexVector<int, std::vector<StyledText>> wrap_options(const PromptView& p, int width);
  // Rows a prompt r_w wide needs to show the question and every option whole.
  static int prompt_rows_needed(const PromptView& p, int r_w);
  // Under options that do not all fit: how many more, and the keys that show them (play_fit.cpp).
  void draw_more_options(Canvas& c, const Rect& r, int above, int below) const;
  // The foot's hints that fit whole; returns the row after the last drawn.
  static int draw_foot(Canvas& c, const Rect& r, const PromptView& p);
  // The key help as drawn: "?" names the legend, the arrows the options
  // out of sight.
  std::vector<HelpItem> named_help(std::vector<HelpItem> items, int width) const;
  // A seat's lines under its name in the Players panel ("computer, normal ·
  // Peter Perfect, 4th of 6"), wrapped at words to `width` (play_fit.cpp).
  static std::vector<std::string> seat_about(const SeatPanel& seat, int width, bool unicode);
  // Rows the Players panel needs at `width` (its frame included).
  int players_panel_rows(int width, bool unicode) const;
  // Where the newest log lines go when the decision took the log's place
  // (the prompt's rows it left), or an empty rect.
  Rect spare_log_rect(const GameLayout& l) const;
  // The newest log lines since this person last decided that fit in `width`.
  std::string recap(int width, bool unicode) const;
  // The rule above a full-width decision: the recap, then "l: the log".
  void draw_recap(Canvas& c, int y, int x, int right) const;
  // The option a click lands on, or -1.
  int option_at(const Key& key) const;
  void draw_log(Canvas& c, const Rect& r);
  void draw_pass(Canvas& c, const Rect& body) const;
  void draw_over(Canvas& c) const;
  void draw_lost(Canvas& c) const;
  std::vector<HelpItem> help_items(bool unicode) const;
  // The "?" page: the board's symbols, then the keys (play_legend.cpp).
  std::string board_legend() const;
  std::unique_ptr<Screen> keys_and_legend_page() const;
  std::string status() const;
  std::string seat_name(PlayerId p) const;

  // No LocalControls: a shared table (or a replay, seen as one from
  // outside), whose pace and saves are not this screen's.
  bool shared() const { return local_ == nullptr; }
  bool demo() const { return local_ && local_->demo(); }
  // A local game over, saved: "Review this game" (v) is offered.
  bool can_review() const;
  // The same players again, when this game can say.
  std::optional<setup::TableRequest> same_players() const;
  // A shared table's loss: why, or "" (a local table is never lost); the
  // command that comes back to it, or "".
  std::string lost() const;
  std::string rejoin_hint() const;

  AppContext& ctx_;
  std::unique_ptr<PlayTable> t_;
  LocalControls* local_;         // the table's own pace and saves, if it is a local game
  RemoteLink* remote_;           // the table's connection, if it is a shared table
  SeatVector<SeatPanel> seats_;  // this frame's panels
  Question q_;                   // the question on screen
  PlayerId legal_for_ = kEveryone;
  std::uint64_t legal_at_ = static_cast<std::uint64_t>(-1);
  std::uint32_t legal_contest_ = kNoContest;  // the contest q_ was listed in
  int cursor_ = 0;
  bool hint_highlighted_ = false;  // the hint on screen has moved the highlight
  IndexVector<int, int> pages_;    // contest key pages per human rank
  int log_scroll_ = 0;             // wrapped lines up from the newest
  int log_max_scroll_ = 0;
  std::string flash_;
  Millis flash_until_ = 0;
  TurnRecap recap_;  // what the person's last decision did to them, for a moment
  std::string watch_hint_;
  Millis speed_said_until_ = -1;  // -1: not said; 0: to say from the first frame
  bool saying_speed_ = false;     // this frame's header says where the speed came from
  bool user_paused_ = false;      // demo: a key paused it
  bool was_over_ = false;
  std::string history_problem_;  // the game's end could not be added to history.jsonl: why
  std::string review_problem_;   // "Review this game" could not open: why
  Millis over_since_ = 0;
  // Where things were drawn, for the mouse.
  Rect options_rect_;
  std::vector<int> option_at_row_;  // the option drawn on each row of options_rect_
  int options_hidden_ = 0;          // options of the decision the last frame could not show
  int prompt_rows_used_ = 0;        // rows of the prompt the last frame filled
  mutable int has_legend_ = -1;     // the game has a legend (1), not (0), not asked yet (-1)
  Rect log_rect_;
  std::vector<PlayerId> actors_;  // who acts; kept through chance steps so markers do not flicker
  int board_rows_ = 0;            // high-water mark: the layout does not jump around
  int last_w_ = 0;
  int last_h_ = 0;
  TalkInput talk_;
  std::size_t talk_seen_ = 0;  // log entries looked at for talk to flash
  std::unique_ptr<Watchers> watch_;
  mutable std::uint64_t undo_asked_at_ = ~std::uint64_t{0};  // the revision undo_offered() last asked
  mutable bool undo_offered_ = false;
  int watchers_told_ = 0;  // the count the log last gave
  Millis last_now_ = 0;    // the watchers' copy's clock: the time of the last tick
};

}  // namespace rt::shell
