// The shell's pages, made by these functions so pages can open each other
// without knowing each other's classes.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/setup.h"
#include "tui/shell/screen.h"
#include "tui/shell/widgets.h"

namespace rt::shell {

class GameSession;
class PlayTable;

std::unique_ptr<Screen> make_title_screen(AppContext& ctx);
// The list of games; `demo`: choosing one starts a demo instead of seating.
std::unique_ptr<Screen> make_game_list_screen(AppContext& ctx, bool demo);
// The list of games for hosting a shared table (seat 2 starts as a remote player).
std::unique_ptr<Screen> make_host_game_list_screen(AppContext& ctx);
// Seats for a game (players, human or computer, names), prefilled from `request`.
std::unique_ptr<Screen> make_seats_screen(AppContext& ctx, setup::TableRequest request);
// Variants, options and the seed; then the game starts.
std::unique_ptr<Screen> make_options_screen(AppContext& ctx, setup::TableRequest request);
// The Host page: a table with players at other terminals, its name, who may
// come and watch, a move clock (tui/shell/host_rows.h); it hosts through
// AppContext::shared.
std::unique_ptr<Screen> make_host_screen(AppContext& ctx, setup::TableRequest request);
// "Table NAME is open. Its join code: CODE", then `table` (the host's seat).
std::unique_ptr<Screen> make_hosted_code_screen(const std::string& table_name, const std::string& code,
                                                std::unique_ptr<Screen> table);
std::unique_ptr<Screen> make_play_screen(AppContext& ctx, std::unique_ptr<GameSession> session);
// The same game page over any table (a shared one: client/remote_table.h).
std::unique_ptr<Screen> make_table_screen(AppContext& ctx, std::unique_ptr<PlayTable> table);
std::unique_ptr<Screen> make_resume_screen(AppContext& ctx);
// The Learn page: every game, its lesson or what to do while it has none.
std::unique_ptr<Screen> make_learn_screen(AppContext& ctx);
// A game's guided first game (core/lesson.h); throws UserError without one.
std::unique_ptr<Screen> make_lesson_screen(AppContext& ctx, const std::string& game_id);

// A demo game of computers, started at once.
std::unique_ptr<GameSession> make_demo_session(AppContext& ctx, const std::string& game_id,
                                               const std::string& seed_text);

// Scrolling text pages. `closer` also closes the page (the key that opened it).
struct ReaderLine {
  StyledText text;
  int hang = 0;           // indent of wrapped continuation lines
  bool balanced = false;  // no last line of one word (no_widow)
};
std::unique_ptr<Screen> make_reader_screen(std::string title, std::vector<ReaderLine> lines, char32_t closer,
                                           bool start_at_end = false);
std::vector<ReaderLine> keys_document(bool unicode);
// The rules summary, variants and options of a game; throws UserError.
std::vector<ReaderLine> rules_document(const AppContext& ctx, const std::string& game_id);
// Every log line this table shows; talk says who said it ("» ana: hi").
std::vector<ReaderLine> log_document(const PlayTable& table, bool unicode = true);

// A question over the page below, with choices picked by arrows + Enter or
// their hotkey. Esc picks the last choice (the harmless one).
struct Choice {
  std::string label;
  char32_t hotkey;
  std::function<Nav()> pick;
};
std::unique_ptr<Screen> make_confirm_screen(std::string title, std::vector<std::string> message,
                                            std::vector<Choice> choices);

}  // namespace rt::shell
