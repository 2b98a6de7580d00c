// Where each part of the game screen goes, as a pure function of the window
// size and what the parts need. Never cached across frames: a resize simply
// gives a new layout.
#pragma once

#include "tui/shell/widgets.h"

namespace rt::shell {

inline constexpr int kMinWidth = 80;
inline constexpr int kMinHeight = 24;

inline bool fits_minimum(int cols, int rows) {
  return cols >= kMinWidth && rows >= kMinHeight;
}

struct GameLayoutNeeds {
  int board_rows = 12;  // rows the game's view uses (its content height)
  int prompt_rows = 6;  // the prompt, its options and a spare line
  int players = 4;
  int players_rows = 0;      // wide windows: rows the Players panel needs (0: two a player)
  int prompt_width = 0;      // columns the longest option wants (narrow windows)
  bool full_prompt = false;  // narrow windows: the prompt takes the full width, no log
};

struct GameLayout {
  Rect header;         // one row: game, whose turn, seed, speed
  Rect strip;          // one row of player panels (narrow windows; may be empty)
  Rect board;          // the game's view
  Rect players;        // a panel per player (wide windows; may be empty)
  Rect prompt;         // the question, its options, contest keys
  Rect log;            // the recent events
  int rule_y = 0;      // the horizontal rule above the prompt (and log)
  int divider_x = -1;  // the vertical rule between prompt and log, or beside the sidebar
  bool wide = false;
  Rect help;  // one row of key help
};

// The window must be at least kMinWidth x kMinHeight.
GameLayout layout_game(int cols, int rows, const GameLayoutNeeds& needs);

// Rows the board may use at most in this window (before measuring the view).
int max_board_rows(int cols, int rows);
// Columns the board gets in this window (the sidebar takes some when wide).
int board_columns(int cols);

}  // namespace rt::shell
